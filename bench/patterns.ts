/**
 * The polynomial-pattern cases of `npm run bench` (hostile servers, finding 1): each shape the
 * outside test found, on the text it froze the tab with, and the worst shape found since for RE2's
 * lazy DFA. Each is measured against a baseline in the same run: the same text against `^\d+$`, a
 * pattern any engine judges at once. Both fail on the text, so both end in the same error.
 */

/** One case: a pattern and the text it is judged on. */
export interface PatternCase {
  name: string;
  pattern: string;
  text: string;
}

/** The baseline pattern: a plain character class, failing on every case's text. */
export const BASELINE_PATTERN = '^\\d+$';

/** 10,000 letters a and b, fixed (a seeded generator), with a `b` where the worst shape needs an `a`. */
function worstText(): string {
  let seed = 1;
  const letters = Array.from({ length: 10_000 }, () => {
    seed = (seed * 16_807) % 2_147_483_647;
    return seed % 2 === 0 ? 'a' : 'b';
  });
  letters[10_000 - 21] = 'b';
  return letters.join('');
}

/** The cases, in the order the tables list them. */
export function patternCases(): PatternCase[] {
  return [
    { name: 'a*a*a*a*a*b, 100 a', pattern: 'a*a*a*a*a*b', text: 'a'.repeat(100) },
    { name: '.*.*.*=, 1,000 x', pattern: '.*.*.*=', text: 'x'.repeat(1_000) },
    { name: 'a*a*b, 9,999 a', pattern: 'a*a*b', text: 'a'.repeat(9_999) },
    { name: '(.*a){3}x, 1,000 a', pattern: '(.*a){3}x', text: 'a'.repeat(1_000) },
    { name: '^(a|b)*(a|b)*(a|b)*c$, 1,000 a/b', pattern: '^(a|b)*(a|b)*(a|b)*c$', text: 'ab'.repeat(500) },
    { name: '(a|b)*a(a|b){20}$, 10,000 a/b (RE2 worst)', pattern: '(a|b)*a(a|b){20}$', text: worstText() },
  ];
}

/**
 * `pattern` with the same language but a text of its own, so each run reads, compiles and matches
 * it afresh as a new server's pattern would be: one or more of an empty class never matches.
 */
export function freshPattern(pattern: string, run: number): string {
  return `(?:${pattern})|[]{${run + 1}}`;
}
