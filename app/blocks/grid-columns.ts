/**
 * How many columns a card grid gets for its number of items, so that no row holds a single
 * card alone: 4 items at 3 columns become 4 (2 + 2 on a tablet), 5 become 3 + 2 (the short row
 * centred by the CSS), 7 become 4 + 3. The content's column count is the preference.
 */
export interface GridColumns {
  /** Columns from 1000 px up. */
  wide: number;
  /** Columns from 768 to 1000 px (below that, one column). */
  medium: number;
}

const lonely = (count: number, columns: number) => count % columns === 1;

function wideColumns(count: number, preferred: number): number {
  if (count <= preferred) return preferred;
  // The preference and its neighbours from three up first; two only when nothing else fits.
  const near = [preferred, preferred + 1, preferred - 1].filter(
    (c) => c === preferred || (c >= 3 && c <= 4),
  );
  const rest = [2, 3, 4].filter((c) => !near.includes(c));
  return (
    near.find((c) => count % c === 0) ??
    near.find((c) => !lonely(count, c)) ??
    rest.find((c) => !lonely(count, c)) ??
    preferred
  );
}

export function gridColumns(count: number, preferred = 3): GridColumns {
  const wide = wideColumns(count, Math.min(4, Math.max(2, preferred)));
  // Four across folds to two on a tablet, unless that leaves one alone: then three (or four).
  const medium = wide === 4 ? ([2, 3].find((c) => !lonely(count, c)) ?? 4) : wide;
  return { wide, medium };
}

/** The attributes a `.grid` list carries (read by the grid rules in app.css). */
export function gridAttributes(count: number, preferred = 3) {
  const { wide, medium } = gridColumns(count, preferred);
  return {
    className: `grid grid--${wide}`,
    "data-count": count,
    "data-cols": wide,
    "data-cols-md": medium,
  };
}
