import { describe, expect, it } from "vitest";
import { gridColumns } from "~/blocks/grid-columns";

/** Rows of a grid with `count` items at `columns` columns, e.g. [3, 2]. */
const rows = (count: number, columns: number) =>
  Array.from({ length: Math.ceil(count / columns) }, (_, i) =>
    Math.min(columns, count - i * columns),
  );

describe("gridColumns: no card alone on a row", () => {
  it.each([
    // [items, preferred, wide, medium]
    [1, 3, 3, 3],
    [2, 3, 3, 3],
    [3, 3, 3, 3],
    [4, 3, 4, 2],
    [5, 3, 3, 3],
    [6, 3, 3, 3],
    [7, 3, 4, 4],
    [8, 3, 4, 2],
    [9, 3, 3, 3],
    [10, 3, 4, 2],
    [4, 4, 4, 2],
    [5, 4, 3, 3],
    [6, 4, 3, 3],
    [8, 4, 4, 2],
    [9, 4, 3, 3],
    [3, 2, 3, 3],
    [4, 2, 2, 2],
    [5, 2, 3, 3],
  ])("%i items, %i preferred → %i columns (%i on a tablet)", (count, preferred, wide, medium) => {
    expect(gridColumns(count, preferred)).toEqual({ wide, medium });
  });

  it("leaves no lone card for any count up to 12 at any preference", () => {
    for (const preferred of [2, 3, 4]) {
      for (let count = 2; count <= 12; count += 1) {
        const { wide, medium } = gridColumns(count, preferred);
        expect(rows(count, wide).at(-1), `${count} at ${preferred}`).not.toBe(1);
        expect(rows(count, medium).at(-1), `${count} at ${preferred}, tablet`).not.toBe(1);
      }
    }
  });
});
