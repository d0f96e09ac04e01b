/** `npm run shots:draw`: writes every product shot in every language into public/demo/shots. */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { drawAll } from "./index";

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), "../../public");

let bytes = 0;
const all = drawAll();
for (const drawn of all) {
  const file = join(PUBLIC, drawn.path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, drawn.svg);
  bytes = Math.max(bytes, Buffer.byteLength(drawn.svg));
}
console.log(`${all.length} shots written; the largest is ${(bytes / 1024).toFixed(1)} KB`);
