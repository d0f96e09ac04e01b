/**
 * Just enough of PNG to read the screenshots browsers take (8-bit RGB or RGBA, not interlaced):
 * the engines suite measures drawn pixels without an image library.
 */
import { inflateSync } from "node:zlib";

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, four bytes a pixel, row after row. */
  data: Uint8Array;
}

const SIGNATURE = "89504e470d0a1a0a";

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

export function decodePng(png: Buffer): Pixels {
  if (png.subarray(0, 8).toString("hex") !== SIGNATURE) throw new Error("not a PNG");
  let width = 0;
  let height = 0;
  let channels = 0;
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) {
        throw new Error(
          `unsupported PNG (depth ${depth}, colour ${colour}, interlace ${interlace})`,
        );
      }
      channels = colour === 6 ? 4 : 3;
    } else if (type === "IDAT") chunks.push(body);
    else if (type === "IEND") break;
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x += 1) {
      const left = x >= channels ? rows[y * stride + x - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? rows[(y - 1) * stride + x - channels]! : 0;
      const value = line[x]!;
      const predicted =
        filter === 0
          ? 0
          : filter === 1
            ? left
            : filter === 2
              ? up
              : filter === 3
                ? (left + up) >> 1
                : paeth(left, up, upLeft);
      rows[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let i = 0, o = 0; i < rows.length; i += channels, o += 4) {
    data[o] = rows[i]!;
    data[o + 1] = rows[i + 1]!;
    data[o + 2] = rows[i + 2]!;
    data[o + 3] = channels === 4 ? rows[i + 3]! : 255;
  }
  return { width, height, data };
}

/**
 * The share of a region's pixels (in image pixels) that differ clearly from its top-left pixel,
 * the background the region sits on: a line icon inks well under half its box, a filled shape
 * most of it.
 */
export function inkedShare(
  image: Pixels,
  region: { x: number; y: number; width: number; height: number },
): number {
  const x0 = Math.max(0, Math.round(region.x));
  const y0 = Math.max(0, Math.round(region.y));
  const x1 = Math.min(image.width, Math.round(region.x + region.width));
  const y1 = Math.min(image.height, Math.round(region.y + region.height));
  if (x1 <= x0 || y1 <= y0) return 0;
  const at = (x: number, y: number) => (y * image.width + x) * 4;
  const base = at(x0, y0);
  const [r0, g0, b0] = [image.data[base]!, image.data[base + 1]!, image.data[base + 2]!];
  let inked = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const p = at(x, y);
      const distance =
        Math.abs(image.data[p]! - r0) +
        Math.abs(image.data[p + 1]! - g0) +
        Math.abs(image.data[p + 2]! - b0);
      if (distance > 60) inked += 1;
    }
  }
  return inked / ((x1 - x0) * (y1 - y0));
}
