import { describe, expect, it } from "vitest";
import { getT } from "~/i18n/i18n.server";
import type { LangCode } from "~/i18n/languages";
import { statusText, subscriptionStatus, type SubscriptionStatus } from "~/account/status";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Unix seconds of a UTC time written as ISO text. */
const sec = (iso: string) => Date.parse(iso) / 1000;
const ms = (iso: string) => Date.parse(iso);

const NOW = "2026-01-31T12:00:00Z";
const CREATED = sec("2025-01-01T00:00:00Z");

function status(expiredIso: string, nowIso = NOW): SubscriptionStatus {
  return subscriptionStatus({ createdtime: CREATED, expiredtime: sec(expiredIso) }, ms(nowIso));
}

function remaining(...parts: [string, number][]): SubscriptionStatus {
  return {
    kind: "remaining",
    parts: parts.map(([unit, count]) => ({ unit, count })),
  } as SubscriptionStatus;
}

const EXPIRED: SubscriptionStatus = { kind: "expired" };
const LIFETIME: SubscriptionStatus = { kind: "lifetime" };

describe("subscriptionStatus (SPEC §4)", () => {
  it.each<[string, string, SubscriptionStatus, string?]>([
    ["exactly 0 left", "2026-01-31T12:00:00Z", EXPIRED],
    ["1 s past the end", "2026-01-31T11:59:59Z", EXPIRED],
    ["long past", "2020-01-01T00:00:00Z", EXPIRED],
    ["1 s left: at least 1 hour", "2026-01-31T12:00:01Z", remaining(["hour", 1])],
    ["30 minutes left: 1 hour", "2026-01-31T12:30:00Z", remaining(["hour", 1])],
    ["59 min 59 s left: 1 hour", "2026-01-31T12:59:59Z", remaining(["hour", 1])],
    ["exactly 1 hour", "2026-01-31T13:00:00Z", remaining(["hour", 1])],
    ["1 h 59 min: whole hours", "2026-01-31T13:59:00Z", remaining(["hour", 1])],
    ["5 hours", "2026-01-31T17:00:00Z", remaining(["hour", 5])],
    ["23 h 59 min", "2026-02-01T11:59:00Z", remaining(["hour", 23])],
    ["exactly 1 day", "2026-02-01T12:00:00Z", remaining(["day", 1])],
    ["1 day 0 h 10 min: the zero unit is left out", "2026-02-01T12:10:00Z", remaining(["day", 1])],
    ["3 days 4 hours", "2026-02-03T16:00:00Z", remaining(["day", 3], ["hour", 4])],
    ["27 days 23 hours", "2026-02-28T11:00:00Z", remaining(["day", 27], ["hour", 23])],
    // 31 January + 1 month is the last day of February.
    ["Jan 31 + 1 month = Feb 28", "2026-02-28T12:00:00Z", remaining(["month", 1])],
    ["1 month, hours only below it", "2026-02-28T20:00:00Z", remaining(["month", 1])],
    ["1 month 1 day", "2026-03-01T12:00:00Z", remaining(["month", 1], ["day", 1])],
    ["Jan 31 + 2 months = Mar 31", "2026-03-31T12:00:00Z", remaining(["month", 2])],
    ["Jan 31 + 3 months = Apr 30", "2026-04-30T12:00:00Z", remaining(["month", 3])],
    [
      "leap year: Jan 31 + 1 month = Feb 29",
      "2028-02-29T12:00:00Z",
      remaining(["month", 1]),
      "2028-01-31T12:00:00Z",
    ],
    ["11 months 30 days", "2026-12-30T12:00:00Z", remaining(["month", 10], ["day", 30])],
    ["exactly 1 year", "2027-01-31T12:00:00Z", remaining(["year", 1])],
    ["1 year 2 months", "2027-03-31T12:00:00Z", remaining(["year", 1], ["month", 2])],
    [
      "1 year 2 months 5 days: top two",
      "2027-04-05T12:00:00Z",
      remaining(["year", 1], ["month", 2]),
    ],
    ["1 year 0 months 20 days", "2027-02-20T12:00:00Z", remaining(["year", 1])],
    ["49 years 11 months", "2075-12-31T12:00:00Z", remaining(["year", 49], ["month", 11])],
    ["50 years exactly: not yet lifetime", "2076-01-31T12:00:00Z", remaining(["year", 50])],
    ["50 years + 1 s", "2076-01-31T12:00:01Z", LIFETIME],
    ["50 years + 1 day", "2076-02-01T12:00:00Z", LIFETIME],
    ["100 years", "2126-01-31T12:00:00Z", LIFETIME],
    [
      "29 Feb + 50 years = 28 Feb",
      "2078-02-28T12:00:00Z",
      remaining(["year", 50]),
      "2028-02-29T12:00:00Z",
    ],
    ["29 Feb + 50 years + 1 day", "2078-03-01T12:00:00Z", LIFETIME, "2028-02-29T12:00:00Z"],
  ])("%s", (_name, expired, expected, nowIso) => {
    expect(status(expired, nowIso)).toEqual(expected);
  });

  it("is expired when created = expired, even with time left", () => {
    const at = sec("2026-06-01T00:00:00Z");
    expect(subscriptionStatus({ createdtime: at, expiredtime: at }, ms(NOW))).toEqual(EXPIRED);
  });

  it("counts milliseconds of now: half a second left is 1 hour, half a second over is expired", () => {
    const end = sec("2026-01-31T12:00:00Z");
    const info = { createdtime: CREATED, expiredtime: end };
    expect(subscriptionStatus(info, end * 1000 - 500)).toEqual(remaining(["hour", 1]));
    expect(subscriptionStatus(info, end * 1000 + 500)).toEqual(EXPIRED);
  });

  it.each([
    ["a non-number expiry", { createdtime: CREATED, expiredtime: Number.NaN }],
    ["an infinite expiry", { createdtime: CREATED, expiredtime: Number.POSITIVE_INFINITY }],
  ])("treats %s as expired", (_name, info) => {
    expect(subscriptionStatus(info, ms(NOW))).toEqual(EXPIRED);
  });

  it("reads a far-future expiry (beyond JS dates) as lifetime", () => {
    expect(subscriptionStatus({ createdtime: CREATED, expiredtime: 1e13 }, ms(NOW))).toEqual(
      LIFETIME,
    );
  });

  it("stays cheap near the lifetime edge (months are counted one by one, 600 at most)", () => {
    const started = performance.now();
    for (let i = 0; i < 1000; i += 1) status("2075-12-31T12:00:00Z");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("counts calendar months from now, not 30-day blocks", () => {
    const now = ms("2026-03-15T00:00:00Z");
    const at = (offset: number) => (now + offset) / 1000;
    expect(subscriptionStatus({ createdtime: CREATED, expiredtime: at(DAY + HOUR) }, now)).toEqual(
      remaining(["day", 1], ["hour", 1]),
    );
    expect(
      subscriptionStatus({ createdtime: CREATED, expiredtime: sec("2026-04-15T00:00:00Z") }, now),
    ).toEqual(remaining(["month", 1]));
    expect(
      subscriptionStatus({ createdtime: CREATED, expiredtime: sec("2026-04-14T23:00:00Z") }, now),
    ).toEqual(remaining(["day", 30], ["hour", 23]));
  });
});

describe("statusText", () => {
  const text = (s: SubscriptionStatus, lang: LangCode | "fa") =>
    statusText(s, lang, lang === "fa" ? (key) => key : (key) => getT(lang)(key));

  it.each<[LangCode, SubscriptionStatus, string]>([
    ["en", EXPIRED, "Your subscription has expired"],
    ["en", LIFETIME, "Lifetime"],
    ["en", remaining(["year", 1], ["month", 2]), "1 year, 2 months left"],
    ["en", remaining(["day", 3], ["hour", 4]), "3 days, 4 hours left"],
    ["en", remaining(["hour", 1]), "1 hour left"],
    ["de", EXPIRED, "Ihr Abonnement ist abgelaufen"],
    ["de", LIFETIME, "Lebenslang"],
    ["de", remaining(["year", 2], ["month", 1]), "Noch 2 Jahre, 1 Monat"],
    ["de", remaining(["day", 1], ["hour", 5]), "Noch 1 Tag, 5 Stunden"],
    ["ru", EXPIRED, "Срок действия вашей подписки истёк"],
    ["ru", remaining(["year", 1]), "Осталось: 1 год"],
    ["ru", remaining(["year", 2]), "Осталось: 2 года"],
    ["ru", remaining(["year", 5]), "Осталось: 5 лет"],
    ["ru", remaining(["year", 21], ["month", 11]), "Осталось: 21 год 11 месяцев"],
    ["ru", remaining(["day", 22], ["hour", 1]), "Осталось: 22 дня 1 час"],
    ["ua", remaining(["year", 2], ["month", 5]), "Залишилося: 2 роки і 5 місяців"],
    ["jp", LIFETIME, "無期限"],
    ["jp", remaining(["year", 1], ["month", 2]), "残り1 年 2 か月"],
    ["jp", remaining(["hour", 3]), "残り3 時間"],
    ["zh", EXPIRED, "您的订阅已过期"],
    ["zh", remaining(["month", 2], ["day", 3]), "剩余2个月3天"],
    ["zh", remaining(["day", 1], ["hour", 4]), "剩余1天4小时"],
    ["fr", remaining(["month", 1], ["day", 2]), "Temps restant : 1 mois et 2 jours"],
    ["es", remaining(["year", 1]), "Tiempo restante: 1 año"],
    ["tr", remaining(["day", 3], ["hour", 4]), "3 gün 4 saat kaldı"],
  ])("%s: %j", (lang, s, expected) => {
    expect(text(s, lang).replace(/[\u00a0\u202f]/g, " ")).toBe(expected);
  });

  it("accepts a BCP 47 tag that is not a site language, and falls back to English otherwise", () => {
    const t = (key: string) => (key === "account.status.remaining" ? "{{time}}" : key);
    expect(statusText(remaining(["year", 2]), "fa", t)).toBe("۲ سال");
    expect(statusText(remaining(["year", 2]), "not a tag!", t)).toBe("2 years");
  });

  it("puts the time into the template once, whatever the time contains", () => {
    const t = () => "[{{time}}]";
    expect(statusText(remaining(["hour", 2]), "en", t)).toBe("[2 hours]");
  });
});
