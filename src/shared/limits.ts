/** Limits both the elicitation core and the tool forms apply to what a server sends. */

/** The most fields a form may have, refused before any property is read: a hostile schema cannot stall the page. */
export const MAX_FIELDS = 1000;

/** The most options one select may list: the list widgets draw only the rows in view, so this many still draw fast. */
export const MAX_OPTIONS = 100_000;

/** The most options over a whole form's selects: reading and holding options grows with their number. */
export const MAX_TOTAL_OPTIONS = 200_000;
