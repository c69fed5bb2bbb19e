/**
 * Text a server sent that the kit shows as a name (server name and id, a host name). Characters that
 * are invisible, or that reorder the text around them (a right-to-left override turns
 * `GitHub \u202E(buhtig :DI)` into "GitHub (ID: github)"), are written out as `<U+202E>`, so the
 * person reads what was sent. React-free: the views and the label strings use it alike.
 */

/**
 * Controls (Cc), the bidirectional controls (U+061C, U+200E/F, U+202A–202E, U+2066–2069), every
 * default-ignorable character (zero-width space and joiners, U+2060–2064, U+FEFF, soft hyphen,
 * Hangul fillers, tags …) and the line and paragraph separators. Not variation selectors: they only
 * pick a glyph (❤️) and move nothing.
 */
const HIDDEN =
  /(?![\uFE00-\uFE0F\u{E0100}-\u{E01EF}])[\p{Cc}\p{Bidi_Control}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u;

/** `HIDDEN` as a separator that `split` keeps. */
const HIDDEN_PARTS = /* @__PURE__ */ new RegExp(`(${HIDDEN.source})`, 'u');

/** `U+202E` for the character `char`. */
export function codePointName(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Whether `text` holds a character that is invisible or reorders text. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text);
}

/**
 * `text` cut around its hidden characters: plain runs at even indexes, one hidden character at each
 * odd index (`"a\u202Eb"` → `["a", "\u202E", "b"]`). For views that style the escapes.
 */
export function splitHidden(text: string): string[] {
  return text.split(HIDDEN_PARTS);
}

/** `text` with every hidden character written out: `GitHub <U+202E>(buhtig :DI)`. */
export function revealHidden(text: string): string {
  return splitHidden(text)
    .map((part, index) => (index % 2 === 1 ? `<${codePointName(part)}>` : part))
    .join('');
}

/**
 * `text` revealed and set between FIRST STRONG ISOLATE (U+2068; LEFT-TO-RIGHT ISOLATE U+2066 with
 * `ltr`, for host names, which read left to right) and POP DIRECTIONAL ISOLATE (U+2069): inside a
 * sentence ("Cancel all from …") it then orders itself apart, as in its own `<bdi>`, and
 * right-to-left letters in it cannot move the words around it. Printable ASCII is returned as it is:
 * it holds no right-to-left letter, so there is nothing to isolate.
 */
export function isolateText(text: string, direction: 'auto' | 'ltr' = 'auto'): string {
  if (/^[\u0020-\u007e]*$/.test(text)) return text;
  return `${direction === 'ltr' ? '\u2066' : '\u2068'}${revealHidden(text)}\u2069`;
}
