/**
 * The social card's design: the brand's mark, the page's section, title and summary, the site's
 * host and the stored-password row, laid out for satori (flex boxes, inline SVG) at 1200×630.
 */
import { getLanguage } from "~/i18n/languages";
import type { CardBrand, CardText } from "./card.server";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** How wide a text runs, roughly: CJK characters count twice (for the title's size). */
function visualLength(text: string): number {
  let n = 0;
  for (const char of text) n += (char.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1;
  return n;
}

function titleSize(title: string): number {
  const length = visualLength(title);
  if (length <= 34) return 76;
  if (length <= 60) return 64;
  if (length <= 90) return 54;
  return 46;
}

const COLORS = {
  deep: "#0b3558",
  dark: "#0a6aab",
  brand: "#0f87d7",
  soft: "#e8f3fc",
  mist: "#b9dcf5",
};

function Shield({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32">
      <path
        d="M16 2l12 4.5v9c0 7-5.1 12.6-12 14.5C9.1 28.1 4 22.5 4 15.5v-9L16 2z"
        fill={COLORS.brand}
      />
      <circle cx="16" cy="13.5" r="3.5" fill="#fff" />
      <path d="M14.4 15.5h3.2l1 7h-5.2z" fill="#fff" />
    </svg>
  );
}

/** The stored-password row at the card's foot: the product's own motif, never a screenshot. */
function VaultRow() {
  return (
    <div
      style={{
        display: "flex",
        alignItems: "center",
        gap: 18,
        padding: "16px 24px",
        borderRadius: 18,
        background: "rgba(255,255,255,0.1)",
        border: "2px solid rgba(255,255,255,0.18)",
      }}
    >
      <div style={{ display: "flex", gap: 10 }}>
        {Array.from({ length: 8 }, (_, i) => (
          <div
            key={i}
            style={{ width: 14, height: 14, borderRadius: 7, background: COLORS.soft }}
          />
        ))}
      </div>
      <div
        style={{
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          width: 36,
          height: 36,
          borderRadius: 18,
          background: "#12b76a",
        }}
      >
        <svg width="20" height="20" viewBox="0 0 20 20">
          <path
            d="M4 10.5l4 4 8-9"
            fill="none"
            stroke="#fff"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
    </div>
  );
}

export function Card({ text, brand }: { text: CardText; brand: CardBrand }) {
  const iso = getLanguage(text.lang).iso;
  return (
    <div
      lang={iso}
      style={{
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        boxSizing: "border-box",
        display: "flex",
        flexDirection: "column",
        paddingTop: 60,
        paddingRight: 80,
        paddingBottom: 52,
        paddingLeft: 80,
        color: "#fff",
        fontFamily: "Inter",
        backgroundColor: COLORS.deep,
        borderBottom: `14px solid ${COLORS.brand}`,
        position: "relative",
      }}
    >
      <div
        style={{
          position: "absolute",
          right: -90,
          top: -60,
          display: "flex",
          opacity: 0.07,
        }}
      >
        <svg width="520" height="520" viewBox="0 0 32 32">
          <path
            d="M16 2l12 4.5v9c0 7-5.1 12.6-12 14.5C9.1 28.1 4 22.5 4 15.5v-9L16 2z"
            fill="#fff"
          />
        </svg>
      </div>
      <div style={{ display: "flex", alignItems: "center", gap: 18 }}>
        <Shield size={56} />
        <div style={{ display: "flex", fontSize: 36, fontWeight: 700, letterSpacing: -0.5 }}>
          {brand.name}
        </div>
      </div>
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          justifyContent: "center",
          flexGrow: 1,
          paddingRight: 40,
        }}
      >
        {text.kicker ? (
          <div
            style={{
              display: "flex",
              fontSize: 28,
              fontWeight: 700,
              color: COLORS.mist,
              marginBottom: 18,
            }}
          >
            {text.kicker}
          </div>
        ) : null}
        <div
          style={{
            display: "block",
            fontSize: titleSize(text.title),
            fontWeight: 700,
            lineHeight: 1.15,
            letterSpacing: -1,
            lineClamp: 3,
          }}
        >
          {text.title}
        </div>
        {text.description ? (
          <div
            style={{
              display: "block",
              marginTop: 22,
              fontSize: 28,
              fontWeight: 400,
              lineHeight: 1.4,
              color: COLORS.soft,
              lineClamp: 2,
            }}
          >
            {text.description}
          </div>
        ) : null}
      </div>
      <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
        <div style={{ display: "flex", fontSize: 28, fontWeight: 400, color: COLORS.mist }}>
          {brand.host}
        </div>
        <VaultRow />
      </div>
    </div>
  );
}
