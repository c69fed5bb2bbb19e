/**
 * Where a server's `pattern` is run: a linear-time engine (RE2, through `re2js`), loaded only when a
 * schema has a pattern, so a host whose forms have none never downloads it.
 *
 * A backtracking engine (V8's, which `new RegExp` and Ajv use) takes polynomial or exponential time
 * on patterns such as `a*a*a*b`, `.*.*=` or `(a+)+$`, and a regex call cannot be interrupted from
 * JavaScript: one Accept could freeze the tab for seconds. RE2 matches in time linear in the text
 * (times the pattern's size), whatever the pattern.
 *
 * The functions that use it stay synchronous (`submitDraft`, `validateElicitContent`, a compiled
 * tool schema's `validate`): they read the engine if it is loaded, and until then refuse a patterned
 * value clearly (`patternCheck` says `pending`), never pass it. `loadPatternEngine()` loads it; the
 * queue, `ElicitationForm` and `ToolCallForm` await it before a patterned form can be answered.
 *
 * Each pattern is read as ECMA-262 with the `u` flag (as JSON Schema and Ajv read it) and rewritten
 * into RE2 syntax with the same verdict on every text (`pattern-linear.ts`); a pattern that cannot be
 * rewritten so (lookaround, back-references, modifiers, too large for RE2) is `server-only`: the kit
 * does not run it on the person's text and says the server will check it.
 */

/** Why the kit does not run a pattern itself; the server still checks it. */
export type ServerOnlyReason =
  /** `(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`: not regular, RE2 has none. */
  | 'lookaround'
  /** `\1`, `\k<name>`: not regular. */
  | 'backreference'
  /** `(?i:…)` and other ES2025 modifiers. */
  | 'modifiers'
  /** Over RE2's limits (a count above 1,000, nesting, program size). */
  | 'too-large'
  /** The ECMAScript parser did not read it (a syntax newer than the parser's). */
  | 'unreadable';

/** What the kit can do with one pattern now. */
export type PatternCheck =
  | { kind: 'pending' }
  | {
      kind: 'linear';
      /** Whether `text` matches, in time linear in its length; call it on texts of up to `longest` code units. */
      test(text: string): boolean;
      /**
       * The longest text (UTF-16 code units) the kit matches against this pattern: 10,000 for
       * patterns of up to 200 RE2 instructions, less for larger ones, so that the length times the
       * pattern's size (what a match costs at worst) stays bounded.
       */
      longest: number;
    }
  | { kind: 'server-only'; reason: ServerOnlyReason };

/** Whether the kit checks a pattern itself: not yet (engine not loaded), in linear time, or leaves it to the server. */
export type PatternSupport = PatternCheck['kind'];

/** What the lazily loaded module provides. */
export interface LoadedPatternEngine {
  /** The check of one pattern (already known to compile as a `u` RegExp); never throws. */
  check(pattern: string): Exclude<PatternCheck, { kind: 'pending' }>;
}

const PENDING: PatternCheck = Object.freeze({ kind: 'pending' });

// Held at module level on purpose, as the module cache holds the code it came from: once loaded,
// every form, queue and compiler of the page uses the same engine. It only ever goes from "not
// loaded" to "loaded"; a failed load is forgotten so that a later call tries again.
const engine: { loaded?: LoadedPatternEngine; loading?: Promise<void> } = {};

/**
 * Loads the linear-time pattern engine (about 60 kB gzipped, fetched once). Resolves when patterns
 * can be checked; rejects when the code could not be loaded (a later call tries again). The kit's
 * queue and forms call it themselves when a schema has a pattern; a host that validates on its own
 * (`submitDraft`, `validateElicitContent`, `compileToolSchema(…).validate`) awaits it first.
 */
export function loadPatternEngine(): Promise<void> {
  if (engine.loaded) return Promise.resolve();
  engine.loading ??= import('./pattern-linear.js').then(
    (module) => {
      engine.loaded = module.createLinearEngine();
    },
    (error: unknown) => {
      engine.loading = undefined;
      throw error;
    },
  );
  return engine.loading;
}

/** Whether `loadPatternEngine()` has finished: patterns are then checked synchronously. */
export function isPatternEngineLoaded(): boolean {
  return engine.loaded !== undefined;
}

/** What the kit can do with `pattern` now (a pattern that compiles as a `u` RegExp). Never throws. */
export function patternCheck(pattern: string): PatternCheck {
  return engine.loaded ? engine.loaded.check(pattern) : PENDING;
}

/**
 * Whether the kit checks `pattern` itself: `pending` until `loadPatternEngine()` has finished,
 * `linear` when it runs it in linear time, `server-only` when it cannot (lookaround,
 * back-references…) and leaves it to the server. Forms show a note on a `server-only` field.
 */
export function patternSupport(pattern: string): PatternSupport {
  return patternCheck(pattern).kind;
}

/** What Ajv's `code.regExp` option asks of a compiled pattern. */
export interface PatternMatcher {
  test(text: string): boolean;
  toString(): string;
}

/**
 * A `RegExp`-like object for the Ajv of a form (rjsf's validator, which picks `oneOf` options and
 * `if`/`then` branches with it): compiled by the host's RegExp, which reports a syntax error as Ajv
 * does, and never run by it; texts are matched by the linear engine. A `server-only` pattern counts
 * as matching (the server checks it); before the engine is loaded, or past the text length the
 * pattern is matched on, nothing matches: these checks only decide what a form draws.
 */
export function linearRegExp(pattern: string, flags: string): PatternMatcher {
  new RegExp(pattern, flags);
  return {
    test(text) {
      const check = patternCheck(pattern);
      if (check.kind === 'linear') return text.length <= check.longest && check.test(text);
      return check.kind === 'server-only';
    },
    toString: () => `/${pattern}/${flags}`,
  };
}
