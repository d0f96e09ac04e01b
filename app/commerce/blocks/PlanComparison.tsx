import { Link } from "@remix-run/react";
import { useId } from "react";
import { localizePath } from "~/i18n/paths";
import { useTranslation } from "~/i18n/react";
import { useSiteData } from "~/root-data";
import { Icon } from "~/blocks/Icon";
import type { BlockProps } from "~/blocks/define";
import type { PlanComparisonData } from "./pricing.block";

type Cell = boolean | string;

function CellContent({ cell }: { cell: Cell }) {
  const { t } = useTranslation();
  if (cell === true) {
    return (
      <>
        <Icon name="check" size={20} className="plan-comparison__yes" />
        <span className="sr-only">{t("commerce.compare.included")}</span>
      </>
    );
  }
  if (cell === false) {
    return (
      <>
        <span className="plan-comparison__no" aria-hidden="true">
          –
        </span>
        <span className="sr-only">{t("commerce.compare.notIncluded")}</span>
      </>
    );
  }
  return <span className="plan-comparison__value">{cell}</span>;
}

/**
 * Plans compared feature by feature (pricing): one table, the plans' names, prices and a link to
 * each checkout in its head, a body per group of rows with the group's heading. Every cell says
 * in words what its tick or dash shows. Wider than a phone, the table scrolls sideways inside its
 * own frame (a focusable region), the feature names staying in view; on wider screens its head
 * stays in view while the rows scroll by.
 */
export function PlanComparisonBlock({ data }: BlockProps<PlanComparisonData>) {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  const titleId = useId();
  const columns = data.columns;
  const checkout = localizePath("/order/checkout", lang);
  return (
    <section id={data.id} className="plan-comparison container" aria-labelledby={titleId}>
      <h2 id={titleId}>{data.title ?? t("commerce.compare.title")}</h2>
      {data.subtitle ? <p className="plan-comparison__subtitle">{data.subtitle}</p> : null}
      {/* A frame that scrolls sideways must be reachable by keyboard to be scrolled (WCAG 2.1.1). */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="plan-comparison__frame" role="region" aria-labelledby={titleId} tabIndex={0}>
        <table className="plan-comparison__table">
          <thead>
            <tr>
              <td className="plan-comparison__corner">
                <span className="sr-only">{t("commerce.compare.features")}</span>
              </td>
              {columns.map((column, index) => (
                <th key={index} scope="col" className="plan-comparison__plan">
                  <span className="plan-comparison__name">{column.title}</span>
                  {column.price ? (
                    <span className="plan-comparison__price">
                      {t(column.price.key, column.price.values)}
                    </span>
                  ) : null}
                  {column.planId !== null ? (
                    <Link
                      to={`${checkout}?plan=${column.planId}`}
                      className="btn btn--primary-outlined btn--sm"
                      aria-label={`${t("commerce.pricing.choose")}: ${column.title}`}
                    >
                      {t("commerce.pricing.choose")}
                    </Link>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          {data.groups.map((group, groupIndex) => (
            <tbody key={groupIndex}>
              <tr className="plan-comparison__group">
                <th scope="colgroup" colSpan={columns.length + 1}>
                  {group.title}
                </th>
              </tr>
              {group.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  <th scope="row">{row.label}</th>
                  {row.cells.map((cell, cellIndex) => (
                    <td key={cellIndex}>
                      <CellContent cell={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}
