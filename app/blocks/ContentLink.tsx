import { Link } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { useSiteData } from "~/root-data";
import { classifyLink, scrollToId } from "~/blocks/links";

interface Props {
  href: string | undefined;
  isblank?: boolean;
  className?: string;
  children: ReactNode;
  "aria-label"?: string;
}

/** Renders a link from content data the way SPEC §2 says (see classifyLink). */
export function ContentLink({ href, isblank, className, children, ...aria }: Props) {
  const { t } = useTranslation();
  const { lang, brand } = useSiteData();
  const target = classifyLink(href, { lang, providerApiPrefix: `/api/${brand.provider}` }, isblank);

  switch (target.kind) {
    case "internal":
      return (
        <Link
          to={target.to}
          className={className}
          prefetch="intent"
          {...(target.newTab ? { target: "_blank", rel: "noopener" } : {})}
          {...aria}
        >
          {children}
        </Link>
      );
    case "external":
      return (
        <a
          href={target.href}
          className={className}
          {...(target.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          {...aria}
        >
          {children}
          {target.newTab ? <span className="sr-only"> {t("content.opensInNewTab")}</span> : null}
        </a>
      );
    case "scroll":
      return (
        <a
          href={target.href}
          className={className}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            if (scrollToId(target.id)) event.preventDefault();
          }}
          {...aria}
        >
          {children}
        </a>
      );
    default:
      return <span className={className}>{children}</span>;
  }
}
