/** SPEC §9: mobile up to 767 px (the header menu collapses under 768 px); footer accordions under 800 px. */
export const MOBILE_MAX_WIDTH = 767;
export const FOOTER_ACCORDION_MAX_WIDTH = 799;
export const HEADER_HEIGHT_PX = 78;
