/**
 * The lazily loaded half of the pattern engine: rewrites an ECMA-262 `u` pattern into RE2 syntax with
 * the same verdict on every text, and compiles it with `re2js`. Why each rewrite keeps the verdict,
 * and the cost bound: `src/shared/README.md`.
 */
import { RegExpParser, type AST } from '@eslint-community/regexpp';
import { RE2JS } from 're2js';

import type { LoadedPatternEngine, PatternCheck, ServerOnlyReason } from './pattern-engine.js';

/** Sorted, disjoint, non-adjacent, inclusive code-point ranges. */
type Ranges = [number, number][];

const MAX_CODE_POINT = 0x10ffff;

/** Text length × program size, bounded: at most two million steps per check (README, "Cost"). */
const WORK = 2_000_000;
const MAX_PROGRAM_SIZE = 20_000;

/** The rewriting recurses; RE2 itself stops at 1,000. */
const MAX_NESTING = 500;

const REMEMBERED = 512;

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

function codePoint(value: number): string {
  return `\\x{${value.toString(16)}}`;
}

function classOf(set: Ranges): string {
  if (set.length === 0) return `[^${codePoint(0)}-${codePoint(MAX_CODE_POINT)}]`;
  const only = set[0];
  if (set.length === 1 && only && only[0] === only[1]) return codePoint(only[0]);
  return `[${set.map(([lo, hi]) => (lo === hi ? codePoint(lo) : `${codePoint(lo)}-${codePoint(hi)}`)).join('')}]`;
}

/** Lone surrogates must not meet (a high one before a low one would pair): each half is a stretch of its own. */
const STRETCHES: readonly (readonly [number, number])[] = [
  [0, 0xd7ff],
  [0xd800, 0xdbff],
  [0xdc00, 0xdfff],
  [0xe000, MAX_CODE_POINT],
];

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
 * The code points `\s` or `\p{…}` match, as the host's own RegExp reads them, so the browser's Unicode
 * version decides. Searched by single-class RegExps, which cannot backtrack: one pass plus two searches per range.
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

export function createLinearEngine(): LoadedPatternEngine {
  const parser = new RegExpParser({ ecmaVersion: 2025 });
  const sets = new Map<string, Ranges>();
  const checks = new Map<string, Exclude<PatternCheck, { kind: 'pending' }>>();

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

  /** RE2 sources that must all match (`want: true`) or all not: one, or one per leading lookahead (README). */
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
    return {
      kind: 'linear',
      longest: Math.floor(WORK / Math.max(size, 200)),
      // `find()`, not `test()`: re2js's `test` takes a lazy DFA whose work the bound above does not cover (README).
      // V8 (the server's Ajv) also tries `\B` between the halves of a non-BMP character, even under `u`
      // (`/\B/u.test('a😀a')`); RE2 cannot. So the kit may refuse such a text the server would take, never
      // the other way round: every answer it sends, the server accepts.
      test: (text: string) => parts.every(({ compiled, want }) => compiled.matcher(text).find() === want),
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
