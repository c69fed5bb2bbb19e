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
const WORD: CharSet = normalize([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
]);
// ECMA-262 WhiteSpace and LineTerminator code points, what `\s` matches.
const SPACE: CharSet = normalize([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
// `.` without the `s` flag: anything but a line terminator.
const DOT: CharSet = complement(
  normalize([
    [0x0a, 0x0a],
    [0x0d, 0x0d],
    [0x2028, 0x2029],
  ]),
);

type Node =
  | { kind: 'chars'; set: CharSet }
  | { kind: 'group'; alternatives: Node[][] }
  | { kind: 'look'; alternatives: Node[][] }
  | { kind: 'assertion' }
  | { kind: 'backreference' }
  | { kind: 'repeat'; node: Node; min: number; max: number };

/** Ends the reading or the analysis of a pattern early, with the verdict that says why. */
class Stop extends Error {
  constructor(readonly risk: 'too-deep' | 'too-complex') {
    super(risk);
  }
}

/**
 * Elementary steps the analysis of one pattern may take. A pattern that needs more (hundreds of
 * similar alternatives inside a repeated group) is reported as too complex rather than analysed for
 * seconds; ordinary patterns take a few thousand.
 */
const ANALYSIS_STEPS = 500_000;

const SIMPLE_QUANTIFIERS: Readonly<Record<string, readonly [number, number]>> = {
  '*': [0, Infinity],
  '+': [1, Infinity],
  '?': [0, 1],
};

/** `\d`, `\w`, `\s` and their complements `\D`, `\W`, `\S`. */
const CLASS_ESCAPES: Readonly<Record<string, CharSet>> = {
  d: DIGIT,
  D: complement(DIGIT),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};

/**
 * Reads one pattern into its alternatives, by recursive descent; the recursion depth is bounded by
 * `maxNesting` (deeper groups throw `Stop('too-deep')`). A pattern it cannot read throws a `SyntaxError`.
 */
function parse(pattern: string, maxNesting: number): Node[][] {
  const chars = Array.from(pattern);
  let index = 0;
  let depth = 0;

  const fail = (): never => {
    throw new SyntaxError('the pattern cannot be read');
  };
  const peek = (offset = 0): string | undefined => chars[index + offset];
  const next = (): string => chars[index++] ?? fail();
  /** Reads up to and including `end`. */
  const skipPast = (end: string): void => {
    while (next() !== end);
  };

  function disjunction(): Node[][] {
    const alternatives: Node[][] = [alternative()];
    while (peek() === '|') {
      index++;
      alternatives.push(alternative());
    }
    return alternatives;
  }

  function alternative(): Node[] {
    const terms: Node[] = [];
    while (index < chars.length && peek() !== '|' && peek() !== ')') terms.push(term());
    return terms;
  }

  function term(): Node {
    const node = atom();
    const times = quantifier();
    if (!times) return node;
    if (peek() === '?') index++; // lazy: same set of matches, same ambiguity
    return { kind: 'repeat', node, min: times[0], max: times[1] };
  }

  function quantifier(): readonly [number, number] | undefined {
    const ch = peek();
    const simple = SIMPLE_QUANTIFIERS[ch ?? ''];
    if (simple) {
      index++;
      return simple;
    }
    if (ch !== '{') return undefined;
    const match = /^\{(\d+)(,(\d*))?\}/.exec(chars.slice(index, index + 40).join(''));
    if (!match) return undefined;
    index += match[0].length;
    const min = Number(match[1]);
    return [min, match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3])];
  }

  function atom(): Node {
    const ch = next();
    switch (ch) {
      case '^':
      case '$':
        return { kind: 'assertion' };
      case '.':
        return { kind: 'chars', set: DOT };
      case '[':
        return { kind: 'chars', set: characterClass() };
      case '(':
        return group();
      case '\\':
        return atomEscape();
      case '*':
      case '+':
      case '?':
        return fail();
      default:
        return { kind: 'chars', set: single(ch.codePointAt(0) as number) };
    }
  }

  function group(): Node {
    if (++depth > maxNesting) throw new Stop('too-deep');
    let look = false;
    if (peek() === '?') {
      const kind = peek(1);
      const behind = kind === '<' && (peek(2) === '=' || peek(2) === '!');
      if (kind === ':') {
        index += 2;
      } else if (kind === '=' || kind === '!' || behind) {
        index += behind ? 3 : 2;
        look = true;
      } else if (kind === '<') {
        skipPast('>'); // a named group `(?<name>…)`
      } else {
        fail();
      }
    }
    const alternatives = disjunction();
    if (next() !== ')') fail();
    depth--;
    return { kind: look ? 'look' : 'group', alternatives };
  }

  function atomEscape(): Node {
    const ch = peek();
    if (ch === 'b' || ch === 'B') {
      index++;
      return { kind: 'assertion' };
    }
    if (ch !== undefined && /[1-9]/.test(ch)) {
      while (/[0-9]/.test(peek() ?? '')) index++;
      return { kind: 'backreference' };
    }
    if (ch === 'k' && peek(1) === '<') {
      skipPast('>');
      return { kind: 'backreference' };
    }
    return { kind: 'chars', set: escapeSet() };
  }

  /** After a `\`: a class escape (`\d`, `\p{…}`) or a character escape, as a set. */
  function escapeSet(): CharSet {
    const ch = next();
    const named = CLASS_ESCAPES[ch];
    if (named) return named;
    // `\t` `\n` `\v` `\f` `\r` are the code points 9 to 13.
    const control = 'tnvfr'.indexOf(ch);
    if (control >= 0) return single(0x09 + control);
    switch (ch) {
      case 'p':
      case 'P':
        // Unicode properties are not modelled: assume they may overlap anything.
        if (peek() === '{') skipPast('}');
        return ANY;
      case '0':
        return single(0);
      case 'c':
        return single((next().codePointAt(0) as number) % 32);
      case 'x':
        return single(hex(2));
      case 'u':
        if (peek() === '{') {
          const start = ++index;
          skipPast('}');
          return single(Number.parseInt(chars.slice(start, index - 1).join(''), 16) || 0);
        }
        return single(hex(4));
      default:
        return single(ch.codePointAt(0) as number);
    }
  }

  function hex(length: number): number {
    let digits = '';
    for (let i = 0; i < length; i++) digits += next();
    const value = Number.parseInt(digits, 16);
    return Number.isNaN(value) ? fail() : value;
  }

  function characterClass(): CharSet {
    const negated = peek() === '^';
    if (negated) index++;
    const parts: CharSet[] = [];
    while (peek() !== ']') {
      const from = classAtom();
      if (peek() === '-' && peek(1) !== ']' && peek(1) !== undefined) {
        index++;
        const to = classAtom();
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
    index++;
    const set = union(...parts);
    return negated ? complement(set) : set;
  }

  function classAtom(): CharSet {
    const ch = next();
    if (ch !== '\\') return single(ch.codePointAt(0) as number);
    // Inside a class `\b` is a backspace and `\-` a hyphen.
    if (peek() === 'b' || peek() === '-') return single(next() === 'b' ? 0x08 : 0x2d);
    return escapeSet();
  }

  const alternatives = disjunction();
  if (index < chars.length) fail(); // an unbalanced `)`
  return alternatives;
}

/**
 * Groups that may repeat more than this many times are analysed. Below it, even a group whose every
 * round can split its text two or three ways multiplies the work by a small constant (3^8 = 6,561),
 * and patterns such as Zod's IPv4 `(?:25[0-5]|…|[0-9])\.){3}` or IPv6 `([0-9a-f]{1,4}:){1,7}` stay
 * untouched.
 */
const MANY_REPEATS = 8;

type Repeat = Extract<Node, { kind: 'repeat' }>;

/** A group that may repeat many times can split a long string in many ways: its body is analysed. */
function repeatsMany(node: Node): node is Repeat {
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

/** Whether a step at one of `indexes` (the end of the alternative reads nothing) can read a character of `follow`. */
function goesOnWith(steps: readonly Step[], indexes: readonly number[], follow: CharSet): boolean {
  return indexes.some((index) => {
    const step = steps[index];
    return step !== undefined && intersects(step.set, follow);
  });
}

/** Where a part sits inside the analysed body: a place in a sequence, or inside a loop that may go round again. */
type Level = { kind: 'sequence'; terms: readonly Node[]; index: number } | { kind: 'loop'; body: Node };

/**
 * What stops or shares the text of a repeated part whose characters are `set`: a `fence` (a part
 * that must match and cannot start with one of those characters, so the repeated part must end
 * before it), a `partner` (another variable repetition that can take the same characters, so the
 * two can trade them), or neither.
 */
type Meeting = 'fence' | 'partner' | 'neither';

/**
 * Whether some group of `alternatives` that may repeat many times is ambiguous. The facts it reads
 * about nodes are memoised per node; every elementary step counts against `ANALYSIS_STEPS`, past
 * which it throws `Stop('too-complex')`.
 */
function hasAmbiguousRepeat(alternatives: readonly Node[][]): boolean {
  let steps = 0;

  /** Counts `count` steps of work. */
  function spend(count = 1): void {
    steps += count;
    if (steps > ANALYSIS_STEPS) throw new Stop('too-complex');
  }

  /** `compute`, remembered per node. */
  function perNode<T>(compute: (node: Node) => T): (node: Node) => T {
    const known = new Map<Node, T>();
    return (node) => {
      let value = known.get(node);
      if (value === undefined) {
        value = compute(node);
        known.set(node, value);
      }
      return value;
    };
  }

  /** Whether `node` can match the empty string. */
  const nullable: (node: Node) => boolean = perNode((node) => {
    switch (node.kind) {
      case 'chars':
        return false;
      case 'group':
        return node.alternatives.some((terms) => terms.every((term) => nullable(term)));
      case 'repeat':
        return node.min === 0 || nullable(node.node);
      default:
        return true;
    }
  });

  /** The characters a match of a node can consume: all of them, or (`firstOnly`) those it can start with. */
  const consumes = (firstOnly: boolean): ((node: Node) => CharSet) => {
    const of: (node: Node) => CharSet = perNode((node) => {
      switch (node.kind) {
        case 'chars':
          return node.set;
        case 'group':
          return firstOnly
            ? union(...node.alternatives.map((terms) => firstOf(terms, 0).set))
            : union(...node.alternatives.flat().map((term) => of(term)));
        case 'repeat':
          return node.max === 0 ? EMPTY : of(node.node);
        case 'backreference':
          return ANY;
        default:
          return EMPTY;
      }
    });
    return of;
  };
  /** Every character a node can consume. */
  const chars = consumes(false);
  /** The characters a match of a node can start with. */
  const first = consumes(true);

  /** First characters of `terms[from…]`, and whether that whole suffix can be empty. */
  function firstOf(terms: readonly Node[], from: number): { set: CharSet; nullable: boolean } {
    const sets: CharSet[] = [];
    let i = from;
    for (; i < terms.length; i++) {
      const term = terms[i] as Node;
      spend();
      sets.push(first(term));
      if (!nullable(term)) break;
    }
    return { set: union(...sets), nullable: i === terms.length };
  }

  /**
   * Whether two flat alternatives can split the same text differently: both match a common non-empty
   * text, or one matches a common prefix where the other goes on with a character that could also
   * come right after the group (`follow`), as `(?:a|ab)b?` does with "ab". A walk over pairs of positions.
   */
  function flatConflict(a: readonly Step[], b: readonly Step[], follow: CharSet): boolean {
    const seen = new Set<string>();
    const pending: [number, number, boolean][] = [[0, 0, false]];
    while (pending.length > 0) {
      const [i, j, readSome] = pending.pop() as [number, number, boolean];
      const fromA = skipOptional(a, i);
      const fromB = skipOptional(b, j);
      spend(fromA.length * fromB.length);
      if (readSome) {
        const aEnds = fromA.includes(a.length);
        const bEnds = fromB.includes(b.length);
        if (aEnds && (bEnds || goesOnWith(b, fromB, follow))) return true;
        if (bEnds && goesOnWith(a, fromA, follow)) return true;
      }
      for (const x of fromA) {
        for (const y of fromB) {
          const stepA = a[x];
          const stepB = b[y];
          if (!stepA || !stepB || !intersects(stepA.set, stepB.set)) continue;
          // A step taken any number of times may be taken again.
          const next: [number, number, boolean] = [
            stepA.times === 'any' ? x : x + 1,
            stepB.times === 'any' ? y : y + 1,
            true,
          ];
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
  function hasOverlappingAlternatives(group: readonly Node[][], follow: CharSet): boolean {
    const starts = group.map((terms) => firstOf(terms, 0));
    const flat = group.map((terms) => flatten(terms));
    for (let i = 0; i < starts.length; i++) {
      for (let j = i + 1; j < starts.length; j++) {
        const a = starts[i] as { set: CharSet; nullable: boolean };
        const b = starts[j] as { set: CharSet; nullable: boolean };
        if (a.nullable || b.nullable) return true;
        if (!intersects(a.set, b.set)) continue;
        const flatA = flat[i];
        const flatB = flat[j];
        spend();
        if (!flatA || !flatB || flatConflict(flatA, flatB, follow)) return true;
      }
    }
    return false;
  }

  /** True when `node` holds a part repeated a variable number of times that can consume a character of `set`. */
  function hasVariableRepeatOver(node: Node, set: CharSet): boolean {
    spend();
    switch (node.kind) {
      case 'repeat':
        if (node.max > node.min && intersects(chars(node.node), set)) return true;
        return hasVariableRepeatOver(node.node, set);
      case 'group':
        return node.alternatives.some((terms) => terms.some((term) => hasVariableRepeatOver(term, set)));
      default:
        return false;
    }
  }

  function meet(term: Node, set: CharSet): Meeting {
    if (!nullable(term) && !intersects(first(term), set)) return 'fence';
    return hasVariableRepeatOver(term, set) ? 'partner' : 'neither';
  }

  /**
   * Follows every way the match can go on after the variable repetition `part` (the rest of its
   * sequence, the rest of each enclosing sequence, another round of each enclosing loop, and finally
   * the next iteration of the analysed repeat) and reports whether some way meets a partner before a
   * fence. Leaving the analysed repeat is not followed: what comes after it can only add polynomial
   * work.
   */
  function meetsPartner(part: Repeat, path: readonly Level[], body: Node): boolean {
    const set = chars(part.node);
    if (set.length === 0) return false;
    for (let i = path.length - 1; i >= 0; i--) {
      const level = path[i] as Level;
      spend();
      if (level.kind === 'sequence') {
        for (let t = level.index + 1; t < level.terms.length; t++) {
          const found = meet(level.terms[t] as Node, set);
          if (found !== 'neither') return found === 'partner';
        }
      } else if (meet(level.body, set) === 'partner') {
        // Another round of the enclosing loop; leaving it instead is followed by the next level up.
        return true;
      }
    }
    return meet(body, set) !== 'fence';
  }

  /**
   * The characters that can come right after the part at `path` inside the analysed body: the rest of
   * each enclosing sequence while it can be empty, another round of each enclosing loop, and the
   * body's next iteration. (Leaving the analysed repeat is not followed, as in `meetsPartner`.)
   */
  function followOf(path: readonly Level[], body: Node): CharSet {
    const sets: CharSet[] = [];
    for (let i = path.length - 1; i >= 0; i--) {
      const level = path[i] as Level;
      if (level.kind === 'sequence') {
        const after = firstOf(level.terms, level.index + 1);
        sets.push(after.set);
        if (!after.nullable) return union(...sets);
      } else {
        sets.push(first(level.body));
      }
    }
    sets.push(first(body));
    return union(...sets);
  }

  function isAmbiguousRepeat(repeat: Repeat): boolean {
    const visit = (node: Node, path: readonly Level[]): boolean => {
      spend(path.length + 1);
      switch (node.kind) {
        case 'group':
          if (hasOverlappingAlternatives(node.alternatives, followOf(path, repeat.node))) return true;
          return node.alternatives.some((terms) =>
            terms.some((term, index) => visit(term, [...path, { kind: 'sequence', terms, index }])),
          );
        case 'repeat':
          if (node.max > node.min && meetsPartner(node, path, repeat.node)) return true;
          return visit(node.node, node.max > 1 ? [...path, { kind: 'loop', body: node.node }] : path);
        default:
          // Characters, assertions, back-references; lookarounds consume nothing, so they share no text.
          return false;
      }
    };
    return visit(repeat.node, []);
  }

  const pending: Node[] = alternatives.flat();
  while (pending.length > 0) {
    const node = pending.pop() as Node;
    spend();
    if (repeatsMany(node) && isAmbiguousRepeat(node)) return true;
    if (node.kind === 'group' || node.kind === 'look') pending.push(...node.alternatives.flat());
    else if (node.kind === 'repeat') pending.push(node.node);
  }
  return false;
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
    alternatives = parse(pattern, maxNesting);
  } catch (error) {
    return error instanceof Stop ? error.risk : 'unparsed';
  }
  try {
    return hasAmbiguousRepeat(alternatives) ? 'ambiguous' : 'safe';
  } catch (error) {
    if (error instanceof Stop) return error.risk;
    throw error;
  }
}
