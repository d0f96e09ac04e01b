import type { ImageDescriptor } from "~/upstream/coms.schemas";

export interface DisplaySize {
  width: number;
  height: number;
}

/**
 * The size an image is shown at (SPEC §3): its natural size, or half of it when a webp version
 * exists (those are exported at double density).
 */
export function displaySize(image: ImageDescriptor): DisplaySize | undefined {
  if (!image.size) return undefined;
  const factor = image.webp ? 0.5 : 1;
  return {
    width: Math.round(image.size.width * factor),
    height: Math.round(image.size.height * factor),
  };
}

/** A vertical image is never drawn taller than this (CSS px). */
export const VERTICAL_MAX_HEIGHT = 640;

/**
 * The inline style that gives an image its box before it loads: the aspect ratio, and for a
 * vertical image a width capped so its height stays within VERTICAL_MAX_HEIGHT.
 */
export function boxStyle(size: DisplaySize): { aspectRatio: string; maxWidth?: string } {
  const aspectRatio = `${size.width} / ${size.height}`;
  if (size.width >= size.height) return { aspectRatio };
  const width = Math.round((VERTICAL_MAX_HEIGHT * size.width) / size.height);
  return { aspectRatio, maxWidth: `min(100%, ${width}px)` };
}

/** A preview the site draws: a site path, an https URL or a small inline raster, nothing else. */
const PREVIEW =
  /^(\/(?!\/)[^\s"'()\\]*|https:\/\/[^\s"'()\\]+|data:image\/(?:png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+=*)$/;
/** Longer previews are not drawn: a preview is a thumbnail, not a second image. */
export const PREVIEW_MAX_LENGTH = 4096;

/**
 * The image descriptor's `preview` (SPEC §3) drawn behind the image while it loads — a small
 * blurred thumbnail in place of an empty box — or nothing when there is none or it is not a URL
 * the site may put in a style (quotes, parentheses, backslashes, other schemes are refused, so
 * upstream text can never close the `url()`). Content gives previews for opaque images only: a
 * transparent image would let it show through.
 */
export function previewStyle(preview: string | undefined): { backgroundImage: string } | null {
  if (!preview || preview.length > PREVIEW_MAX_LENGTH || !PREVIEW.test(preview)) return null;
  return { backgroundImage: `url("${preview}")` };
}

/** An image is vertical when it is narrower than it is tall. */
export function isVertical(image: ImageDescriptor): boolean {
  return Boolean(image.size && image.size.width < image.size.height);
}

export const LAZY_IMAGE = {
  /** How many loaded sources are remembered (shown at once on later renders). */
  cacheSize: 200,
  attempts: 3,
  throttleMs: 200,
  /** Images start loading when they are this many viewport heights away. */
  preloadViewports: 1.3,
  errorSrc: "/images/image-error.svg",
} as const;

/** A bounded set that forgets the least recently added source first. */
export class SourceCache {
  private readonly items = new Set<string>();
  constructor(private readonly max: number = LAZY_IMAGE.cacheSize) {}

  has(src: string): boolean {
    return this.items.has(src);
  }

  add(src: string): void {
    this.items.delete(src);
    this.items.add(src);
    while (this.items.size > this.max) {
      const oldest = this.items.values().next().value;
      if (oldest === undefined) break;
      this.items.delete(oldest);
    }
  }

  get size(): number {
    return this.items.size;
  }
}

/** Calls `fn` at most once every `ms`, running a trailing call after a burst. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    const now = Date.now();
    const wait = last + ms - now;
    if (wait <= 0) {
      last = now;
      fn(...args);
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        fn(...args);
      }, wait);
    }
  };
}

/** Loads `src`, retrying up to `attempts` times in all. */
export function loadWithRetry(
  src: string,
  attempts: number = LAZY_IMAGE.attempts,
  create: () => HTMLImageElement = () => new Image(),
): Promise<void> {
  return new Promise((resolve, reject) => {
    let tried = 0;
    const attempt = () => {
      tried += 1;
      const img = create();
      img.onload = () => resolve();
      img.onerror = () =>
        tried < attempts ? attempt() : reject(new Error(`Image failed: ${src}`));
      img.src = src;
    };
    attempt();
  });
}
