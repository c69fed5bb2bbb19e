/**
 * The lazily loaded half of the pattern engine (see `pattern-engine.ts`): reads a pattern as
 * ECMA-262 with the `u` flag (`@eslint-community/regexpp`), rewrites it into RE2 syntax with the
 * same verdict on every text, and compiles that with `re2js`, which matches in linear time.
 *
 * Same verdict, by construction rather than by RE2's own syntax:
 * - every character set (a literal, `.`, `\d`, `\w`, `\s`, `\p{…}`, `[…]`, `[^…]`, `[]`, `[^]`) is
 *   written as explicit code-point ranges, so RE2's own meaning of `.`, `\s`, classes or `\p{…}` never
 *   comes into play. `.` is anything but the four ECMAScript line terminators; `\d` and `\w` are
 *   ASCII (the `u` flag without `i`); `\s` and `\p{…}` are read from the host's own RegExp (see
 *   `hostSet`), so a Unicode version difference between RE2's tables and the browser cannot change a
 *   verdict;
 * - `^` and `$` are `\A` and `\z` (no `m` flag: the ends of the text), `\b` and `\B` RE2's ASCII word
 *   boundaries, which are ECMAScript's without `i`;
 * - groups become non-capturing and lazy quantifiers greedy: a test only asks whether some match
 *   exists, and without back-references or lookaround a backtracking search finds one exactly when
 *   the regular language allows it (ECMAScript's rule against empty loop iterations removes no
 *   end position either);
 * - lone surrogates: ECMAScript's `u` mode and re2js both read an unpaired surrogate as one code
 *   point.
 * Anything else (lookaround, back-references, modifiers, RE2's limits) is `server-only`.
 */
import { RegExpParser, type AST } from '@eslint-community/regexpp';
import { RE2JS } from 're2js';

import type { LoadedPatternEngine, PatternCheck, ServerOnlyReason } from './pattern-engine.js';

/** Sorted, disjoint, non-adjacent, inclusive code-point ranges. */
type Ranges = [number, number][];

const MAX_CODE_POINT = 0x10ffff;

/**
 * Matching costs up to the text's length times the program's size (RE2's NFA and bit-state
 * backtracker visit each instruction at most once per position). This bounds that product, so one
 * check is at most two million steps (measured at the bound: 35 ms on an idle 2-core EPYC, 100 ms
 * at a load average of 14): a pattern of up to 200 instructions (nearly all real ones) is matched on
 * texts of up to 10,000 code units, a larger one (Zod's IPv6 pattern has about 700) on
 * proportionally shorter texts.
 */
const WORK = 2_000_000;
/** The largest RE2 program the kit compiles (all parts of a pattern together). */
const MAX_PROGRAM_SIZE = 20_000;
/** `\B` in a translated source (not an escaped backslash before a `B`). */
const NON_BOUNDARY = /(?:^|[^\\])(?:\\\\)*\\B/;
/** A character outside the Basic Multilingual Plane. */
const ASTRAL = /[\u{10000}-\u{10FFFF}]/u;

/** Deepest group nesting translated (the rewriting recurses; RE2 itself stops at 1,000). */
const MAX_NESTING = 500;

/** How many patterns' checks are remembered (the oldest is forgotten first). */
const REMEMBERED = 512;

/** Ends a translation with the reason the pattern is left to the server. */
class ServerOnly extends Error {
  constructor(readonly reason: ServerOnlyReason) {
    super(reason);
  }
}

function normalize(ranges: readonly (readonly [number, number])[]): Ranges {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(set: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

const DIGIT: Ranges = [[0x30, 0x39]];
const WORD: Ranges = normalize([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
]);
// `.` without the `s` flag: anything but the line terminators LF, CR, LS and PS.
const DOT: Ranges = complement([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);

/** `\x{…}`: RE2's spelling of one code point, unambiguous inside and outside a class. */
function codePoint(value: number): string {
  return `\\x{${value.toString(16)}}`;
}

/** A set as an RE2 class of explicit ranges; the empty set as a class nothing matches. */
function classOf(set: Ranges): string {
  if (set.length === 0) return `[^${codePoint(0)}-${codePoint(MAX_CODE_POINT)}]`;
  const only = set[0];
  if (set.length === 1 && only && only[0] === only[1]) return codePoint(only[0]);
  return `[${set.map(([lo, hi]) => (lo === hi ? codePoint(lo) : `${codePoint(lo)}-${codePoint(hi)}`)).join('')}]`;
}

/**
 * The stretches of code points a host string can hold in order: lone surrogates must not meet (a
 * high one before a low one would pair), so each half of the surrogates is a stretch of its own.
 */
const STRETCHES: readonly (readonly [number, number])[] = [
  [0, 0xd7ff],
  [0xd800, 0xdbff],
  [0xdc00, 0xdfff],
  [0xe000, MAX_CODE_POINT],
];

/** The code points `lo`…`hi` as one string. */
function textOf(lo: number, hi: number): string {
  const chunks: string[] = [];
  const points: number[] = [];
  for (let value = lo; value <= hi; value++) {
    points.push(value);
    if (points.length === 4096) {
      chunks.push(String.fromCodePoint(...points));
      points.length = 0;
    }
  }
  chunks.push(String.fromCodePoint(...points));
  return chunks.join('');
}

/**
 * The code points a class escape (`\s`, `\p{…}`) matches, as the host's own RegExp reads it: the
 * exact ECMAScript answer of this browser or Node, whatever Unicode version it has. One sweep over
 * every code point in order: a search for the next member, then for the next non-member, each by a
 * native RegExp that is a single character class (it cannot backtrack), so the work is one pass
 * plus two searches per range.
 */
function hostSet(escape: string): Ranges {
  const member = new RegExp(`[${escape}]`, 'gu');
  const other = new RegExp(`[^${escape}]`, 'gu');
  const found: [number, number][] = [];
  for (const [start, end] of STRETCHES) {
    const text = textOf(start, end);
    // The code point at a string index of this stretch (two units each from U+10000 on).
    const bmpUnits = Math.max(0, Math.min(end, 0xffff) - start + 1);
    const at = (index: number): number =>
      index < bmpUnits ? start + index : 0x10000 + (index - bmpUnits) / 2 + Math.max(0, start - 0x10000);
    member.lastIndex = 0;
    for (let next = member.exec(text); next; next = member.exec(text)) {
      other.lastIndex = next.index;
      const stop = other.exec(text);
      const after = stop ? stop.index : text.length;
      found.push([at(next.index), after === text.length ? end : at(after) - 1]);
      if (!stop) break;
      member.lastIndex = after;
    }
  }
  return normalize(found);
}

/** Reads patterns and turns them into checks; remembers both the checks and the host's sets. */
export function createLinearEngine(): LoadedPatternEngine {
  const parser = new RegExpParser({ ecmaVersion: 2025 });
  const sets = new Map<string, Ranges>();
  const checks = new Map<string, Exclude<PatternCheck, { kind: 'pending' }>>();

  /** `\s` or one property (positive form), read from the host once. */
  const fromHost = (escape: string): Ranges => {
    let set = sets.get(escape);
    if (!set) {
      set = hostSet(escape);
      sets.set(escape, set);
    }
    return set;
  };

  function characterSet(node: AST.CharacterSet): Ranges {
    switch (node.kind) {
      case 'any':
        return DOT;
      case 'digit':
        return node.negate ? complement(DIGIT) : DIGIT;
      case 'word':
        return node.negate ? complement(WORD) : WORD;
      case 'space': {
        const set = fromHost('\\s');
        return node.negate ? complement(set) : set;
      }
      case 'property': {
        // Properties of strings exist only with the `v` flag, never read here.
        if (node.strings) throw new ServerOnly('unreadable');
        const set = fromHost(node.value === null ? `\\p{${node.key}}` : `\\p{${node.key}=${node.value}}`);
        return node.negate ? complement(set) : set;
      }
      default:
        return node satisfies never;
    }
  }

  function classSet(node: AST.CharacterClass): Ranges {
    const parts: Ranges = [];
    for (const element of node.elements) {
      switch (element.type) {
        case 'Character':
          parts.push([element.value, element.value]);
          break;
        case 'CharacterClassRange':
          parts.push([element.min.value, element.max.value]);
          break;
        case 'CharacterSet':
          parts.push(...characterSet(element));
          break;
        default:
          // `v`-flag set operations and string disjunctions: not part of `u` patterns.
          throw new ServerOnly('unreadable');
      }
    }
    const set = normalize(parts);
    return node.negate ? complement(set) : set;
  }

  function alternatives(list: readonly AST.Alternative[], depth: number): string {
    if (depth > MAX_NESTING) throw new ServerOnly('too-large');
    return list.map((alternative) => alternative.elements.map((element) => term(element, depth)).join('')).join('|');
  }

  function term(node: AST.Element, depth: number): string {
    switch (node.type) {
      case 'Character':
        return codePoint(node.value);
      case 'CharacterSet':
        return classOf(characterSet(node));
      case 'CharacterClass':
        return classOf(classSet(node));
      case 'ExpressionCharacterClass':
        throw new ServerOnly('unreadable');
      case 'Group':
        if (node.modifiers) throw new ServerOnly('modifiers');
        return `(?:${alternatives(node.alternatives, depth + 1)})`;
      case 'CapturingGroup':
        return `(?:${alternatives(node.alternatives, depth + 1)})`;
      case 'Backreference':
        throw new ServerOnly('backreference');
      case 'Assertion':
        switch (node.kind) {
          case 'start':
            return '\\A';
          case 'end':
            return '\\z';
          case 'word':
            return node.negate ? '\\B' : '\\b';
          default:
            throw new ServerOnly('lookaround');
        }
      case 'Quantifier': {
        // RE2 refuses counts above 1,000; an infinite maximum is `{n,}`.
        if (node.min > 1000 || (node.max !== Infinity && node.max > 1000)) throw new ServerOnly('too-large');
        const count =
          node.max === Infinity
            ? `{${node.min},}`
            : node.min === node.max
              ? `{${node.min}}`
              : `{${node.min},${node.max}}`;
        return `(?:${term(node.element, depth + 1)})${count}`;
      }
      default:
        return node satisfies never;
    }
  }

  /**
   * The pattern as RE2 sources that must all match (`want: true`) or all not match (`want: false`).
   * Usually one. A pattern that opens with `^` and lookaheads (`^(?=.*\d)(?!.*\s).{8,}$`, Zod's
   * host names) is several: anchored at the start, each lookahead is a test of the same text from
   * its beginning, and the rest one more, so the conjunction is the pattern's verdict.
   */
  function translate(pattern: string): { source: string; want: boolean }[] {
    const ast = parser.parsePattern(pattern, 0, pattern.length, { unicode: true });
    const [only] = ast.alternatives;
    const elements = ast.alternatives.length === 1 && only ? only.elements : [];
    const [first] = elements;
    let rest = 1;
    while (rest < elements.length) {
      const element = elements[rest];
      if (element?.type !== 'Assertion' || element.kind !== 'lookahead') break;
      rest++;
    }
    if (first?.type !== 'Assertion' || first.kind !== 'start' || rest === 1) {
      return [{ source: alternatives(ast.alternatives, 0), want: true }];
    }
    const parts = elements.slice(1, rest).map((element) => {
      const look = element as AST.LookaheadAssertion;
      return { source: `\\A(?:${alternatives(look.alternatives, 1)})`, want: !look.negate };
    });
    const main = elements
      .slice(rest)
      .map((element) => term(element, 0))
      .join('');
    return [...parts, { source: `\\A${main}`, want: true }];
  }

  function build(pattern: string): Exclude<PatternCheck, { kind: 'pending' }> {
    let sources: { source: string; want: boolean }[];
    try {
      sources = translate(pattern);
    } catch (error) {
      // A syntax newer than the parser's, or a stack too shallow for the pattern: the server decides.
      return { kind: 'server-only', reason: error instanceof ServerOnly ? error.reason : 'unreadable' };
    }
    let parts: { compiled: RE2JS; want: boolean }[];
    try {
      parts = sources.map(({ source, want }) => ({ compiled: RE2JS.compile(source), want }));
    } catch {
      // RE2's own limits: a product of nested counts above 1,000, nesting, size.
      return { kind: 'server-only', reason: 'too-large' };
    }
    const size = parts.reduce((sum, { compiled }) => sum + compiled.programSize(), 0);
    if (size > MAX_PROGRAM_SIZE) return { kind: 'server-only', reason: 'too-large' };
    // V8 (the server's RegExp under Node's Ajv) also tries `\B` between the two halves of a character
    // outside the BMP, even under `u`: `/\B/u.test('a😀a')` is true. RE2 cannot stand there, so such a
    // text counts as matching and the server decides, rather than refusing what the server accepts.
    const nonBoundary = sources.some(({ source }) => NON_BOUNDARY.test(source));
    return {
      kind: 'linear',
      longest: Math.floor(WORK / Math.max(size, 200)),
      // `matcher().find()` (NFA or bit-state backtracker), not `test()`: re2js's `test` takes its lazy
      // DFA, which can build a new state at every character (`(a|b)*a(a|b){20}$`: 100+ ms on 10,000
      // characters where `find` takes 10), and only the product above bounds the NFA's work.
      test: (text: string) =>
        (nonBoundary && ASTRAL.test(text)) ||
        parts.every(({ compiled, want }) => compiled.matcher(text).find() === want),
    };
  }

  return {
    check(pattern) {
      let check = checks.get(pattern);
      if (!check) {
        check = Object.freeze(build(pattern));
        checks.set(pattern, check);
        if (checks.size > REMEMBERED) checks.delete(checks.keys().next().value as string);
      }
      return check;
    },
  };
}
