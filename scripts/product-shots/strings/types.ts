import type { en } from "./en";

/** The labels one language gives the shots. */
export type Strings = typeof en;
