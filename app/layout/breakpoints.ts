/** SPEC §9: mobile up to 767 px (the header menu collapses under 768 px); footer accordions under 800 px. */
export const MOBILE_MAX_WIDTH = 767;
/**
 * The header's menu folds behind its toggle up to this width (issue 41, over SPEC §9's 767 px):
 * the nine languages' links, search and account need about 1,150 px on one line.
 */
export const HEADER_MENU_MAX_WIDTH = 1179;
export const FOOTER_ACCORDION_MAX_WIDTH = 799;
export const HEADER_HEIGHT_PX = 78;
