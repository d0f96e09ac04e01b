import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The site's stylesheet (app/styles/app.css), its `@import`s of its parts inlined in order. */
export const STYLESHEET = join(dirname(fileURLToPath(import.meta.url)), "../app/styles/app.css");

/** A stylesheet with its relative `@import "./…";` lines replaced by the files they name. */
export function readStylesheet(path: string = STYLESHEET): string {
  return readFileSync(path, "utf8").replace(/^@import "(\.[^"]+)";$/gm, (_, file: string) =>
    readStylesheet(join(dirname(path), file)),
  );
}
