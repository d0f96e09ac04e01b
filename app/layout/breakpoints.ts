/**
 * The header's menu folds behind its toggle up to this width (issue 41, over SPEC §9's 767 px):
 * the nine languages' links, search and account need about 1,150 px on one line. The other
 * breakpoints (SPEC §9: mobile up to 767 px, footer accordions under 800 px) live in app.css only.
 */
export const HEADER_MENU_MAX_WIDTH = 1179;
