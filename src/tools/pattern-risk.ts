/**
 * Finds the `pattern` shapes that make a backtracking regular-expression engine (V8's, which Ajv
 * uses) take exponential time: a group repeated without bound whose inside can split the same text
 * in more than one way. The classic cases are `(a+)+`, `(a|a)*`, `(\w+\s?)*` and `(.*,)+`; on a
 * string that almost matches, the engine tries every split before failing. A single regex call cannot
 * be interrupted from JavaScript, so the kit refuses such patterns before compiling.
 *
 * This is a heuristic, not a proof. It reads the pattern (ECMA-262 syntax with the `u` flag, as Ajv
 * compiles it) and looks inside every group that may repeat more than eight times:
 * - two alternatives of a group in there that can split the same text differently make it ambiguous
 *   (`(a|a)+`, `((?:a|a)b)+`, `(\d|\w)+`, `(?:(?:a|ab)b?)+`); for alternatives made of single and
 *   repeated characters this is decided exactly, for others sharing a first character counts as a yes;
 * - a part in there that repeats a variable number of times (`x*`, `x+`, `x?`, `x{1,3}`) is ambiguous
 *   when, going on from it (through the rest of the group, another round of any enclosing loop, and
 *   the group's own next iteration), the match meets another variable repetition that can take the
 *   same characters before it meets a "fence": a part that must match and cannot start with one of
 *   them. So `(a+)+`, `(a+a)+`, `(\w+\s?)*`, `(.*,)+` and `(\s*,\s*)*` are ambiguous, while
 *   `([a-z0-9]+-)*`, Zod's e-mail pattern `([A-Za-z0-9][A-Za-z0-9\-]*\.)+` and the host-name labels
 *   `(?:\.[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)*` are not.
 * Shapes that are only polynomial (`\d*\d*x`, `\s+$`) are not flagged; the kit bounds those by the
 * length of the strings it lets a pattern see.
 */

/** Sorted, non-overlapping, inclusive code-point ranges. */
type CharSet = readonly (readonly [number, number])[];

const MAX_CODE_POINT = 0x10ffff;
const EMPTY: CharSet = [];
const ANY: CharSet = [[0, MAX_CODE_POINT]];

function normalize(ranges: (readonly [number, number])[]): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function union(...sets: CharSet[]): CharSet {
  return normalize(sets.flat());
}

function complement(set: CharSet): CharSet {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

function intersects(a: CharSet, b: CharSet): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [aLo, aHi] = a[i] as readonly [number, number];
    const [bLo, bHi] = b[j] as readonly [number, number];
    if (aHi < bLo) i++;
    else if (bHi < aLo) j++;
    else return true;
  }
  return false;
}

function single(codePoint: number): CharSet {
  return [[codePoint, codePoint]];
}

const DIGIT: CharSet = [[0x30, 0x39]];
const WORD: CharSet = normalize([[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]]);
// ECMA-262 WhiteSpace and LineTerminator code points, what `\s` matches.
const SPACE: CharSet = normalize([
  [0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a],
  [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff],
]);
// `.` without the `s` flag: anything but a line terminator.
const DOT: CharSet = complement(normalize([[0x0a, 0x0a], [0x0d, 0x0d], [0x2028, 0x2029]]));

type Node =
  | { kind: 'chars'; set: CharSet }
  | { kind: 'group'; alternatives: Node[][] }
  | { kind: 'look'; alternatives: Node[][] }
  | { kind: 'assertion' }
  | { kind: 'backreference' }
  | { kind: 'repeat'; node: Node; min: number; max: number };

class PatternSyntaxError extends Error {}
class PatternTooDeep extends Error {}
class PatternTooComplex extends Error {}

/**
 * Elementary steps the analysis of one pattern may take. A pattern that needs more (hundreds of
 * similar alternatives inside a repeated group) is reported as too complex rather than analysed for
 * seconds; ordinary patterns take a few thousand.
 */
const ANALYSIS_STEPS = 500_000;

/** A recursive-descent reader of one pattern; recursion depth is bounded by `maxNesting`. */
class Parser {
  private readonly chars: string[];
  private index = 0;
  private depth = 0;

  constructor(
    pattern: string,
    private readonly maxNesting: number,
  ) {
    this.chars = Array.from(pattern);
  }

  parse(): Node[][] {
    const alternatives = this.disjunction();
    if (this.index < this.chars.length) throw new PatternSyntaxError('unbalanced )');
    return alternatives;
  }

  private peek(offset = 0): string | undefined {
    return this.chars[this.index + offset];
  }

  private next(): string {
    const ch = this.chars[this.index++];
    if (ch === undefined) throw new PatternSyntaxError('unexpected end');
    return ch;
  }

  private disjunction(): Node[][] {
    const alternatives: Node[][] = [this.alternative()];
    while (this.peek() === '|') {
      this.index++;
      alternatives.push(this.alternative());
    }
    return alternatives;
  }

  private alternative(): Node[] {
    const terms: Node[] = [];
    while (this.index < this.chars.length && this.peek() !== '|' && this.peek() !== ')') {
      terms.push(this.term());
    }
    return terms;
  }

  private term(): Node {
    const atom = this.atom();
    const quantifier = this.quantifier();
    if (!quantifier) return atom;
    if (this.peek() === '?') this.index++; // lazy: same set of matches, same ambiguity
    return { kind: 'repeat', node: atom, min: quantifier[0], max: quantifier[1] };
  }

  private quantifier(): [number, number] | undefined {
    const ch = this.peek();
    const simple: Record<string, [number, number]> = { '*': [0, Infinity], '+': [1, Infinity], '?': [0, 1] };
    if (ch !== undefined && ch in simple) {
      this.index++;
      return simple[ch];
    }
    if (ch !== '{') return undefined;
    const rest = this.chars.slice(this.index, this.index + 40).join('');
    const match = /^\{(\d+)(,(\d*))?\}/.exec(rest);
    if (!match) return undefined;
    this.index += Array.from(match[0]).length;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
    return [min, max];
  }

  private atom(): Node {
    const ch = this.next();
    switch (ch) {
      case '^':
      case '$':
        return { kind: 'assertion' };
      case '.':
        return { kind: 'chars', set: DOT };
      case '[':
        return { kind: 'chars', set: this.characterClass() };
      case '(':
        return this.group();
      case '\\':
        return this.atomEscape();
      case '*':
      case '+':
      case '?':
        throw new PatternSyntaxError('nothing to repeat');
      default:
        return { kind: 'chars', set: single(ch.codePointAt(0) as number) };
    }
  }

  private group(): Node {
    this.depth++;
    if (this.depth > this.maxNesting) throw new PatternTooDeep();
    let look = false;
    if (this.peek() === '?') {
      const kind = this.peek(1);
      if (kind === ':') {
        this.index += 2;
      } else if (kind === '=' || kind === '!') {
        this.index += 2;
        look = true;
      } else if (kind === '<' && (this.peek(2) === '=' || this.peek(2) === '!')) {
        this.index += 3;
        look = true;
      } else if (kind === '<') {
        // Named group `(?<name>…)`.
        while (this.next() !== '>');
      } else {
        throw new PatternSyntaxError('unknown group');
      }
    }
    const alternatives = this.disjunction();
    if (this.next() !== ')') throw new PatternSyntaxError('unterminated group');
    this.depth--;
    return look ? { kind: 'look', alternatives } : { kind: 'group', alternatives };
  }

  private atomEscape(): Node {
    const ch = this.peek();
    if (ch === 'b' || ch === 'B') {
      this.index++;
      return { kind: 'assertion' };
    }
    if (ch !== undefined && /[1-9]/.test(ch)) {
      while (/[0-9]/.test(this.peek() ?? '')) this.index++;
      return { kind: 'backreference' };
    }
    if (ch === 'k' && this.peek(1) === '<') {
      while (this.next() !== '>');
      return { kind: 'backreference' };
    }
    return { kind: 'chars', set: this.escapeSet() };
  }

  /** After a `\`: a class escape (`\d`, `\p{…}`) or a character escape, as a set. */
  private escapeSet(): CharSet {
    const ch = this.next();
    switch (ch) {
      case 'd':
        return DIGIT;
      case 'D':
        return complement(DIGIT);
      case 'w':
        return WORD;
      case 'W':
        return complement(WORD);
      case 's':
        return SPACE;
      case 'S':
        return complement(SPACE);
      case 'p':
      case 'P':
        // Unicode properties are not modelled: assume they may overlap anything.
        if (this.peek() === '{') while (this.next() !== '}');
        return ANY;
      case 't':
        return single(0x09);
      case 'n':
        return single(0x0a);
      case 'v':
        return single(0x0b);
      case 'f':
        return single(0x0c);
      case 'r':
        return single(0x0d);
      case '0':
        return single(0);
      case 'c':
        return single((this.next().codePointAt(0) as number) % 32);
      case 'x':
        return single(this.hex(2));
      case 'u':
        if (this.peek() === '{') {
          this.index++;
          let digits = '';
          while (this.peek() !== '}') digits += this.next();
          this.index++;
          return single(Number.parseInt(digits, 16) || 0);
        }
        return single(this.hex(4));
      default:
        return single(ch.codePointAt(0) as number);
    }
  }

  private hex(length: number): number {
    let digits = '';
    for (let i = 0; i < length; i++) digits += this.next();
    const value = Number.parseInt(digits, 16);
    if (Number.isNaN(value)) throw new PatternSyntaxError('bad hex escape');
    return value;
  }

  private characterClass(): CharSet {
    const negated = this.peek() === '^';
    if (negated) this.index++;
    const parts: CharSet[] = [];
    while (this.peek() !== ']') {
      const from = this.classAtom();
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.index++;
        const to = this.classAtom();
        const lo = from[0];
        const hi = to[0];
        // A range between two single characters; anything else (`[\d-z]`) is the union of its parts.
        if (from.length === 1 && to.length === 1 && lo && hi && lo[0] === lo[1] && hi[0] === hi[1] && lo[0] <= hi[0]) {
          parts.push([[lo[0], hi[0]]]);
        } else {
          parts.push(from, single(0x2d), to);
        }
      } else {
        parts.push(from);
      }
    }
    this.index++;
    const set = union(...parts);
    return negated ? complement(set) : set;
  }

  private classAtom(): CharSet {
    const ch = this.next();
    if (ch !== '\\') return single(ch.codePointAt(0) as number);
    // Inside a class `\b` is a backspace and `\-` a hyphen.
    if (this.peek() === 'b' || this.peek() === '-') return single(this.next() === 'b' ? 0x08 : 0x2d);
    return this.escapeSet();
  }
}

/** Set-valued facts about nodes, memoised per node, and the analysis' step budget. */
class Facts {
  private steps = 0;
  private readonly firstSets = new Map<Node, CharSet>();
  private readonly consumed = new Map<Node, CharSet>();
  private readonly empties = new Map<Node, boolean>();

  /** Counts `count` steps of work; throws `PatternTooComplex` past the budget. */
  spend(count = 1): void {
    this.steps += count;
    if (this.steps > ANALYSIS_STEPS) throw new PatternTooComplex();
  }

  /** Whether `node` can match the empty string. */
  nullable(node: Node): boolean {
    const known = this.empties.get(node);
    if (known !== undefined) return known;
    let value: boolean;
    switch (node.kind) {
      case 'chars':
        value = false;
        break;
      case 'group':
        value = node.alternatives.some((terms) => terms.every((term) => this.nullable(term)));
        break;
      case 'repeat':
        value = node.min === 0 || this.nullable(node.node);
        break;
      default:
        value = true;
    }
    this.empties.set(node, value);
    return value;
  }

  /** Every character `node` can consume. */
  chars(node: Node): CharSet {
    const known = this.consumed.get(node);
    if (known) return known;
    let value: CharSet;
    switch (node.kind) {
      case 'chars':
        value = node.set;
        break;
      case 'group':
        value = union(...node.alternatives.flat().map((term) => this.chars(term)));
        break;
      case 'repeat':
        value = node.max === 0 ? EMPTY : this.chars(node.node);
        break;
      case 'backreference':
        value = ANY;
        break;
      default:
        value = EMPTY;
    }
    this.consumed.set(node, value);
    return value;
  }

  /** The characters a match of `node` can start with. */
  first(node: Node): CharSet {
    const known = this.firstSets.get(node);
    if (known) return known;
    let value: CharSet;
    switch (node.kind) {
      case 'chars':
        value = node.set;
        break;
      case 'group':
        value = union(...node.alternatives.map((terms) => this.firstOf(terms, 0).set));
        break;
      case 'repeat':
        value = node.max === 0 ? EMPTY : this.first(node.node);
        break;
      case 'backreference':
        value = ANY;
        break;
      default:
        value = EMPTY;
    }
    this.firstSets.set(node, value);
    return value;
  }

  /** First characters of `terms[from…]`, and whether that whole suffix can be empty. */
  firstOf(terms: readonly Node[], from: number): { set: CharSet; nullable: boolean } {
    const sets: CharSet[] = [];
    for (let i = from; i < terms.length; i++) {
      const term = terms[i] as Node;
      this.spend();
      sets.push(this.first(term));
      if (!this.nullable(term)) return { set: union(...sets), nullable: false };
    }
    return { set: union(...sets), nullable: true };
  }
}

/**
 * Groups that may repeat more than this many times are analysed. Below it, even a group whose every
 * round can split its text two or three ways multiplies the work by a small constant (3^8 = 6,561),
 * and patterns such as Zod's IPv4 `(?:25[0-5]|…|[0-9])\.){3}` or IPv6 `([0-9a-f]{1,4}:){1,7}` stay
 * untouched.
 */
const MANY_REPEATS = 8;

/** A group that may repeat many times can split a long string in many ways: its body is analysed. */
function repeatsMany(node: Node): node is Extract<Node, { kind: 'repeat' }> {
  return node.kind === 'repeat' && node.max > MANY_REPEATS && node.node.kind !== 'chars';
}

/** One step of a flat alternative: a character set taken once, optionally, or any number of times. */
interface Step {
  set: CharSet;
  times: 'one' | 'optional' | 'any';
}

/** Bounded repetitions up to this count are spelled out; longer ones are read as unbounded. */
const SPELLED_OUT = 16;

/**
 * An alternative made only of single characters and repeated single characters (`0`, `[1-9]\d*`,
 * `\d*[a-z-][0-9a-z-]*`) as steps; `undefined` for anything with groups, lookarounds or
 * back-references. Assertions match no text and are left out.
 */
function flatten(terms: readonly Node[]): Step[] | undefined {
  const steps: Step[] = [];
  for (const term of terms) {
    if (term.kind === 'assertion') continue;
    if (term.kind === 'chars') {
      steps.push({ set: term.set, times: 'one' });
    } else if (term.kind === 'repeat' && term.node.kind === 'chars') {
      const { set } = term.node;
      const fixed = Math.min(term.min, SPELLED_OUT);
      for (let i = 0; i < fixed; i++) steps.push({ set, times: 'one' });
      if (term.max === Infinity || term.max > SPELLED_OUT) steps.push({ set, times: 'any' });
      else for (let i = fixed; i < term.max; i++) steps.push({ set, times: 'optional' });
    } else {
      return undefined;
    }
  }
  return steps;
}

/** The step indexes reachable from `index` without reading a character. */
function skipOptional(steps: readonly Step[], index: number): number[] {
  const reachable = [index];
  for (let i = index; i < steps.length && (steps[i] as Step).times !== 'one'; i++) reachable.push(i + 1);
  return reachable;
}

/** The character sets the steps at `indexes` read (the end of the alternative reads none). */
function nextSets(steps: readonly Step[], indexes: readonly number[]): CharSet[] {
  return indexes.flatMap((index) => {
    const step = steps[index];
    return step ? [step.set] : [];
  });
}

/**
 * Whether two flat alternatives can split the same text differently: both match a common non-empty
 * text, or one matches a common prefix where the other goes on with a character that could also
 * come right after the group (`follow`), as `(?:a|ab)b?` does with "ab". A walk over pairs of positions.
 */
function flatConflict(facts: Facts, a: readonly Step[], b: readonly Step[], follow: CharSet): boolean {
  const seen = new Set<string>();
  const pending: [number, number, boolean][] = [[0, 0, false]];
  while (pending.length > 0) {
    const [i, j, readSome] = pending.pop() as [number, number, boolean];
    const fromA = skipOptional(a, i);
    const fromB = skipOptional(b, j);
    facts.spend(fromA.length * fromB.length);
    if (readSome) {
      const aEnds = fromA.includes(a.length);
      const bEnds = fromB.includes(b.length);
      if (aEnds && bEnds) return true;
      if (aEnds && nextSets(b, fromB).some((set) => intersects(set, follow))) return true;
      if (bEnds && nextSets(a, fromA).some((set) => intersects(set, follow))) return true;
    }
    for (const x of fromA) {
      for (const y of fromB) {
        const stepA = a[x];
        const stepB = b[y];
        if (!stepA || !stepB || !intersects(stepA.set, stepB.set)) continue;
        // A step taken any number of times may be taken again.
        const next: [number, number, boolean] = [stepA.times === 'any' ? x : x + 1, stepB.times === 'any' ? y : y + 1, true];
        const key = `${next[0]},${next[1]}`;
        if (!seen.has(key)) {
          seen.add(key);
          pending.push(next);
        }
      }
    }
  }
  return false;
}

/**
 * Two alternatives that can split the same text differently make a repeated group ambiguous
 * (`(a|a)*`, `(\d|\w)+`, `(?:(?:a|ab)b?)+`). For flat alternatives that is decided exactly (see
 * `flatConflict`); otherwise sharing a first character (or matching nothing) counts, to be safe. So
 * the semantic-version pattern's `(?:\.(?:0|[1-9]\d*|\d*[a-z-][0-9a-z-]*))*` passes: its
 * alternatives share first characters, but never a text, and none goes on with a `.`.
 */
function hasOverlappingAlternatives(facts: Facts, group: Extract<Node, { kind: 'group' }>, follow: CharSet): boolean {
  const starts = group.alternatives.map((terms) => facts.firstOf(terms, 0));
  const flat = group.alternatives.map(flatten);
  for (let i = 0; i < starts.length; i++) {
    for (let j = i + 1; j < starts.length; j++) {
      const a = starts[i] as { set: CharSet; nullable: boolean };
      const b = starts[j] as { set: CharSet; nullable: boolean };
      if (a.nullable || b.nullable) return true;
      if (!intersects(a.set, b.set)) continue;
      const flatA = flat[i];
      const flatB = flat[j];
      facts.spend();
      if (!flatA || !flatB || flatConflict(facts, flatA, flatB, follow)) return true;
    }
  }
  return false;
}

/** True when `node` holds a part repeated a variable number of times that can consume a character of `set`. */
function hasVariableRepeatOver(facts: Facts, node: Node, set: CharSet): boolean {
  facts.spend();
  switch (node.kind) {
    case 'repeat':
      if (node.max > node.min && intersects(facts.chars(node.node), set)) return true;
      return hasVariableRepeatOver(facts, node.node, set);
    case 'group':
      return node.alternatives.some((terms) => terms.some((term) => hasVariableRepeatOver(facts, term, set)));
    default:
      return false;
  }
}

/**
 * What stops or shares the text of a repeated part whose characters are `set`: a `fence` (a part
 * that must match and cannot start with one of those characters, so the repeated part must end
 * before it), a `partner` (another variable repetition that can take the same characters, so the
 * two can trade them), or neither.
 */
type Meeting = 'fence' | 'partner' | 'neither';

function meet(facts: Facts, term: Node, set: CharSet): Meeting {
  if (!facts.nullable(term) && !intersects(facts.first(term), set)) return 'fence';
  return hasVariableRepeatOver(facts, term, set) ? 'partner' : 'neither';
}

function meetSequence(facts: Facts, terms: readonly Node[], from: number, set: CharSet): Meeting {
  for (let i = from; i < terms.length; i++) {
    const found = meet(facts, terms[i] as Node, set);
    if (found !== 'neither') return found;
  }
  return 'neither';
}

/** Where a part sits inside the analysed body: a place in a sequence, or inside a loop that may go round again. */
type Level = { kind: 'sequence'; terms: readonly Node[]; index: number } | { kind: 'loop'; body: Node };

/**
 * Follows every way the match can go on after the variable repetition `part` (the rest of its
 * sequence, the rest of each enclosing sequence, another round of each enclosing loop, and finally
 * the next iteration of the analysed repeat) and reports whether some way meets a partner before a
 * fence. Leaving the analysed repeat is not followed: what comes after it can only add polynomial
 * work.
 */
function meetsPartner(facts: Facts, part: Extract<Node, { kind: 'repeat' }>, path: readonly Level[], body: Node): boolean {
  const set = facts.chars(part.node);
  if (set.length === 0) return false;
  for (let i = path.length - 1; i >= 0; i--) {
    const level = path[i] as Level;
    facts.spend();
    if (level.kind === 'sequence') {
      const found = meetSequence(facts, level.terms, level.index + 1, set);
      if (found === 'fence') return false;
      if (found === 'partner') return true;
    } else if (meet(facts, level.body, set) === 'partner') {
      // Another round of the enclosing loop; leaving it instead is followed by the next level up.
      return true;
    }
  }
  return meet(facts, body, set) !== 'fence';
}

/**
 * The characters that can come right after the part at `path` inside the analysed body: the rest of
 * each enclosing sequence while it can be empty, another round of each enclosing loop, and the
 * body's next iteration. (Leaving the analysed repeat is not followed, as in `meetsPartner`.)
 */
function followOf(facts: Facts, path: readonly Level[], body: Node): CharSet {
  const sets: CharSet[] = [];
  for (let i = path.length - 1; i >= 0; i--) {
    const level = path[i] as Level;
    if (level.kind === 'sequence') {
      const after = facts.firstOf(level.terms, level.index + 1);
      sets.push(after.set);
      if (!after.nullable) return union(...sets);
    } else {
      sets.push(facts.first(level.body));
    }
  }
  sets.push(facts.first(body));
  return union(...sets);
}

function isAmbiguousRepeat(facts: Facts, repeat: Extract<Node, { kind: 'repeat' }>): boolean {
  const visit = (node: Node, path: readonly Level[]): boolean => {
    facts.spend(path.length + 1);
    switch (node.kind) {
      case 'group':
        if (hasOverlappingAlternatives(facts, node, followOf(facts, path, repeat.node))) return true;
        return node.alternatives.some((terms) =>
          terms.some((term, index) => visit(term, [...path, { kind: 'sequence', terms, index }])),
        );
      case 'repeat':
        if (node.max > node.min && meetsPartner(facts, node, path, repeat.node)) return true;
        return visit(node.node, node.max > 1 ? [...path, { kind: 'loop', body: node.node }] : path);
      default:
        // Characters, assertions, back-references; lookarounds consume nothing, so they share no text.
        return false;
    }
  };
  return visit(repeat.node, []);
}

/** What the analysis found for one pattern. */
export type PatternRisk = 'safe' | 'ambiguous' | 'too-complex' | 'too-deep' | 'unparsed';

/**
 * Classifies `pattern`: `ambiguous` when it can backtrack exponentially (see the module comment),
 * `too-complex` when deciding that would take more than the analysis' step budget, `too-deep` when
 * its groups nest deeper than `maxNesting`, `unparsed` when it is not a valid pattern (Ajv then
 * reports the syntax error itself), `safe` otherwise.
 */
export function analyzePattern(pattern: string, maxNesting: number): PatternRisk {
  let alternatives: Node[][];
  try {
    alternatives = new Parser(pattern, maxNesting).parse();
  } catch (error) {
    if (error instanceof PatternTooDeep) return 'too-deep';
    return 'unparsed';
  }
  const facts = new Facts();
  const pending: Node[] = alternatives.flat();
  try {
    while (pending.length > 0) {
      const node = pending.pop() as Node;
      facts.spend();
      if (repeatsMany(node) && isAmbiguousRepeat(facts, node)) return 'ambiguous';
      if (node.kind === 'group' || node.kind === 'look') pending.push(...node.alternatives.flat());
      else if (node.kind === 'repeat') pending.push(node.node);
    }
  } catch (error) {
    if (error instanceof PatternTooComplex) return 'too-complex';
    throw error;
  }
  return 'safe';
}
