import { LAZY_IMAGE, throttle } from "~/blocks/images";

type Callback = () => void;

const waiting = new Map<Element, Callback>();
let observer: IntersectionObserver | null = null;
let listening = false;

function margin(): number {
  return Math.round(window.innerHeight * LAZY_IMAGE.preloadViewports);
}

function fire(el: Element) {
  const cb = waiting.get(el);
  waiting.delete(el);
  observer?.unobserve(el);
  cb?.();
}

const checkAll = throttle(() => {
  const limit = window.innerHeight + margin();
  for (const el of waiting.keys()) {
    const rect = el.getBoundingClientRect();
    if (rect.top < limit && rect.bottom > -margin()) fire(el);
  }
}, LAZY_IMAGE.throttleMs);

/**
 * Calls `onNear` once when `el` comes within 1.3 viewport heights of the screen: through an
 * IntersectionObserver when the browser has one, else through a throttled scroll listener.
 * Returns a function that stops watching.
 */
export function whenNearViewport(el: Element, onNear: Callback): () => void {
  waiting.set(el, onNear);
  if (typeof IntersectionObserver === "function") {
    observer ??= new IntersectionObserver(
      (entries) => entries.forEach((e) => e.isIntersecting && fire(e.target)),
      { rootMargin: `${margin()}px 0px` },
    );
    observer.observe(el);
  } else {
    if (!listening) {
      listening = true;
      window.addEventListener("scroll", checkAll, { passive: true });
      window.addEventListener("resize", checkAll, { passive: true });
    }
    checkAll();
  }
  return () => {
    waiting.delete(el);
    observer?.unobserve(el);
  };
}
