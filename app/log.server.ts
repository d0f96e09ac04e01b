import { getConfig } from "~/config.server";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

function write(level: Level, message: string, detail?: unknown) {
  if (LEVELS[level] < LEVELS[getConfig().logLevel]) return;
  const reason = detail instanceof Error ? detail.message : detail;
  const line = reason === undefined ? message : `${message}: ${String(reason)}`;
  (level === "error" ? console.error : level === "warn" ? console.warn : console.log)(
    `[${level}] ${line}`,
  );
}

/** Server log honouring LOG_LEVEL; messages never include secrets or visitor tokens. */
export const log = {
  debug: (message: string, detail?: unknown) => write("debug", message, detail),
  info: (message: string, detail?: unknown) => write("info", message, detail),
  warn: (message: string, detail?: unknown) => write("warn", message, detail),
  error: (message: string, detail?: unknown) => write("error", message, detail),
};
