/**
 * Which option titles a person cannot tell apart: the same text once hidden characters are dropped, spaces
 * of every kind made one, and each character replaced by its UTS #39 prototype where that is one ASCII
 * letter or digit (`Yеs` with a Cyrillic `е` reads as `Yes`; `Ye\u200Bs` too).
 */
import { ASCII_CONFUSABLES } from './confusables.js';
import { hasHiddenCharacters, splitHidden } from './visible-text.js';

/** Character → the ASCII letter or digit it looks like (UTS #39 confusables.txt). */
const PROTOTYPES = /* @__PURE__ */ (() => {
  const table = new Map<string, string>();
  for (const group of ASCII_CONFUSABLES.split(' ')) {
    let codePoint = 0;
    for (const step of group.slice(1).split(',')) {
      codePoint += parseInt(step, 36);
      table.set(String.fromCodePoint(codePoint), group[0] ?? '');
    }
  }
  return table;
})();

/** ASCII characters whose UTS #39 prototype is another: `0` → `O`, `1`, `I`, `|` → `l`, `m` → `rn`. */
const ASCII_PROTOTYPES: Record<string, string> = { 0: 'O', 1: 'l', I: 'l', '|': 'l', m: 'rn' };

/** The text as it looks: equal keys, titles a person cannot tell apart. */
export function lookalikeKey(title: string): string {
  const plain = /^[\u0020-\u007e]*$/.test(title)
    ? title
    : splitHidden(title)
        .filter((_, index) => index % 2 === 0)
        .join('')
        .normalize('NFKC')
        .replace(/[^\s]/gu, (char) => PROTOTYPES.get(char) ?? char);
  return plain
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[01I|m]/g, (char) => ASCII_PROTOTYPES[char] ?? char);
}

/**
 * For each title, whether the person needs more than it to tell its option apart: another title looks the
 * same, or it holds hidden characters (a right-to-left override can make `cba` read `abc`).
 */
export function lookalikeOptions(titles: readonly string[]): boolean[] {
  const keys = titles.map(lookalikeKey);
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return titles.map((title, index) => (counts.get(keys[index] ?? '') ?? 0) > 1 || hasHiddenCharacters(title));
}

/**
 * `lookalikeOptions` of option lists judged ahead, by the very list they were judged for: a form of 10,000
 * options or more is read over several tasks (`prepareOptions`), and its titles are compared there too.
 */
export const judgedAhead = new WeakMap<object, boolean[]>();

/** `lookalikeOptions` of a list's titles, as judged ahead when the reading did. */
export function lookalikesOf(options: readonly { label: unknown }[]): boolean[] {
  return judgedAhead.get(options) ?? lookalikeOptions(options.map((option) => String(option.label)));
}
