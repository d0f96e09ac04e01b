import type { TFunction } from "~/i18n/translate";
import type { Block } from "~/content/types";

/**
 * The success page after a free trial started (the order has a trial's end, nothing was paid):
 * its hero, written for a payment ("Once it is paid, a receipt…"), says instead that the trial
 * runs and nothing is charged — in the page's content language, as the rest of its article. The
 * page's other blocks (what to do next) hold for a trial as well.
 */
export function withTrialHero(blocks: Block[], t: TFunction, trialDays: number | null): Block[] {
  let done = false;
  return blocks.map((block) => {
    if (done || block.name !== "hero") return block;
    done = true;
    return {
      ...block,
      data: {
        ...block.data,
        badge: t("redeem.trial.heroBadge"),
        subtitle: trialDays
          ? t("redeem.trial.heroSubtitle", { count: trialDays })
          : t("redeem.trial.heroSubtitleNoDays"),
      },
    };
  });
}
