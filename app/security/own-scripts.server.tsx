import { RemixServer } from "@remix-run/react";
import {
  cloneElement,
  createElement,
  Fragment,
  isValidElement,
  Suspense,
  useContext,
  type ReactElement,
  type ReactNode,
} from "react";
import { hashSource } from "./inline-hashes";
import { OwnScriptsContext, type NoteScripts } from "./own-scripts";

type Component = (props: object) => ReactNode;

interface ElementProps {
  children?: ReactNode;
  src?: unknown;
  dangerouslySetInnerHTML?: { __html?: unknown };
}

function isFunctionComponent(type: unknown): type is Component {
  return (
    typeof type === "function" &&
    !(type.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent
  );
}

/**
 * What a writer returned, its inline scripts' texts added to `texts`: a `<script>` with text and
 * no `src` is one; fragments and Suspense boundaries are read through; a component among them
 * (Remix's data stream renders itself chunk by chunk) is noted when it renders. Anything else —
 * the app under Remix's context provider, links — is left as it is and never read.
 */
function noted(node: ReactNode, texts: Set<string>): ReactNode {
  if (Array.isArray(node)) return node.map((child: ReactNode) => noted(child, texts));
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<ElementProps>;
  const { type, props } = element;
  if (type === "script") {
    const { __html: text } = props.dangerouslySetInnerHTML ?? {};
    if (props.src === undefined && typeof text === "string") texts.add(text);
    return element;
  }
  if (type === Fragment || type === Suspense) {
    const children = noted(props.children, texts);
    return Array.isArray(children)
      ? cloneElement(element, undefined, ...(children as ReactNode[]))
      : cloneElement(element, undefined, children);
  }
  if (isFunctionComponent(type)) {
    return createElement(Noted, { key: element.key, render: type, props, texts });
  }
  return element;
}

/** Renders a writer's component, its output noted. */
function Noted({ render, props, texts }: { render: Component; props: object; texts: Set<string> }) {
  return noted(render(props), texts);
}

/** The inline scripts the site's writers wrote into one document. */
export interface OwnScriptNotes {
  /** Given to `OwnScriptsContext` for the render. */
  note: NoteScripts;
  /** `'sha256-…'` of each noted script, each once, in the order written. */
  hashes(): string[];
}

export function ownScriptNotes(): OwnScriptNotes {
  const texts = new Set<string>();
  return {
    note: (written) => noted(written, texts),
    hashes: () => [...texts].map(hashSource),
  };
}

/**
 * `<RemixServer>` with its loader data stream's scripts noted (the app it renders is not read:
 * it sits under Remix's context provider, and its scripts are noted by `NotedScripts`).
 */
export function NotedRemixServer(props: Parameters<typeof RemixServer>[0]) {
  const note = useContext(OwnScriptsContext);
  // Called as a function, so its output can be read (it uses no hooks).
  // oxlint-disable-next-line react/capitalized-calls
  const written = RemixServer(props);
  return note ? note(written) : written;
}
