import { de } from "./de";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { jp } from "./jp";
import { ru } from "./ru";
import { tr } from "./tr";
import { ua } from "./ua";
import { zh } from "./zh";
import type { Strings } from "./types";

/** Each language's labels, keyed by the site's language codes. */
export const TABLES = { en, de, fr, es, ru, ua, tr, jp, zh } satisfies Record<string, Strings>;
