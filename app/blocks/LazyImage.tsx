import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { ImageDescriptor } from "~/upstream/coms.schemas";
import {
  boxStyle,
  displaySize,
  isVertical,
  LAZY_IMAGE,
  loadWithRetry,
  previewStyle,
  SourceCache,
} from "./images";

const loaded = new SourceCache();
let hydrated = false;

type Status = "native" | "waiting" | "loaded" | "error";

interface Props {
  image: ImageDescriptor;
  className?: string;
  /** Above-the-fold images load at once with high priority. */
  eager?: boolean;
  sizes?: string;
}

/**
 * An image that never shifts the layout (width and height always set). The server renders a
 * native `loading="lazy"` image, which is all a visitor without JS gets; after hydration, images
 * rendered by client navigation load when near the viewport, retry up to 3 times and fall back to
 * an error placeholder.
 */
export function LazyImage({ image, className, eager, sizes }: Props) {
  const { t } = useTranslation();
  const src = image.src;
  const [status, setStatus] = useState<Status>(() =>
    !hydrated || eager || loaded.has(src) ? "native" : "waiting",
  );
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    hydrated = true;
  }, []);

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const settle = (ok: boolean) => {
    if (ok) loaded.add(src);
    if (mounted.current) setStatus(ok ? "loaded" : "error");
  };
  /** A native image failed: try the remaining attempts before giving up. */
  const retryNative = () =>
    void loadWithRetry(src, LAZY_IMAGE.attempts - 1).then(
      () => settle(true),
      () => settle(false),
    );

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (status === "native") {
      // An image that failed before hydration fired its error event before React listened.
      if (el.complete && el.naturalWidth === 0) retryNative();
      else if (el.complete) loaded.add(src);
      return;
    }
    if (status !== "waiting") return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./lazy-observer.client").then(({ whenNearViewport }) => {
      if (cancelled) return;
      stop = whenNearViewport(el, () => {
        void loadWithRetry(src).then(
          () => settle(true),
          () => settle(false),
        );
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [src, status]);

  const size = displaySize(image);
  // The preview stands in until the image is there (with JS, it goes once the image loaded).
  const preview = status === "loaded" ? null : previewStyle(image.preview);
  const style = size || preview ? { ...(size ? boxStyle(size) : {}), ...preview } : undefined;
  const classes = [
    className,
    isVertical(image) ? "is-vertical" : "",
    status === "error" ? "is-broken" : "",
    preview ? "has-preview" : "",
  ]
    .filter(Boolean)
    .join(" ");

  if (status === "error") {
    return (
      <img
        className={classes}
        src={LAZY_IMAGE.errorSrc}
        alt={image.description || t("content.imageError")}
        width={size?.width}
        height={size?.height}
        style={size ? boxStyle(size) : undefined}
      />
    );
  }

  const img = (
    <img
      ref={ref}
      className={classes || undefined}
      src={status === "waiting" ? undefined : src}
      data-src={status === "waiting" ? src : undefined}
      alt={image.description ?? ""}
      width={size?.width}
      height={size?.height}
      style={style}
      loading={eager ? "eager" : "lazy"}
      // Lower-case: React 18 knows no `fetchPriority` prop and warns about it.
      {...{ fetchpriority: eager ? "high" : undefined }}
      decoding="async"
      sizes={sizes}
      onLoad={() => {
        loaded.add(src);
        if (preview && mounted.current) setStatus("loaded");
      }}
      onError={status === "native" ? retryNative : undefined}
    />
  );
  if (!image.webp || status === "waiting") return img;
  return (
    <picture>
      <source type="image/webp" srcSet={image.webp} />
      {img}
    </picture>
  );
}
