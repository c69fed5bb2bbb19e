/** Limits both the elicitation core and the tool forms apply to what a server sends. */

/**
 * The most fields a form may have. Real elicitations ask for a handful; a requested schema with
 * more properties than this is refused (Decline and Cancel remain), so a hostile one cannot stall
 * the page drawing fields nobody could fill in. Refused before any property is read.
 */
export const MAX_FIELDS = 1000;

/**
 * The most options one select may list (`enum`, `oneOf`, `anyOf`, or the same under `items`).
 * A list this long is still drawn without stalling the page (the list widgets draw only the rows
 * in view, and a filter box finds the rest); a longer one is refused before any option is read.
 */
export const MAX_OPTIONS = 100_000;

/**
 * The most options a whole form may list, over all its selects. Reading, checking and holding the
 * options grows with their number; this bounds it (1,000 selects of 1,000 options are refused), and
 * is refused before any option is read.
 */
export const MAX_TOTAL_OPTIONS = 200_000;
