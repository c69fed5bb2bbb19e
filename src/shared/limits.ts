/** Limits both the elicitation core and the tool forms apply to what a server sends. */

/**
 * The most fields a form may have. Real elicitations ask for a handful; a requested schema with
 * more properties than this is refused (Decline and Cancel remain), so a hostile one cannot stall
 * the page drawing fields nobody could fill in. Refused before any property is read.
 */
export const MAX_FIELDS = 1000;
