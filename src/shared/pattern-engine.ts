/**
 * Where a server's `pattern` is run: a linear-time engine (RE2), loaded only when a schema has one; until
 * then a patterned value is refused (`pending`), never passed. Why and how: `src/shared/README.md`.
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
      /** The longest text (UTF-16 code units) matched: 10,000, less for patterns over 200 RE2 instructions. */
      longest: number;
    }
  | { kind: 'server-only'; reason: ServerOnlyReason };

/** Whether the kit checks a pattern itself: not yet (engine not loaded), in linear time, or leaves it to the server. */
export type PatternSupport = PatternCheck['kind'];

export interface LoadedPatternEngine {
  check(pattern: string): Exclude<PatternCheck, { kind: 'pending' }>;
}

const PENDING: PatternCheck = Object.freeze({ kind: 'pending' });

// Module-level on purpose: every form, queue and compiler of the page shares one engine. A failed load
// is forgotten so that a later call tries again.
const engine: { loaded?: LoadedPatternEngine; loading?: Promise<void> } = {};

/**
 * Loads the linear-time pattern engine (about 60 kB gzipped, fetched once); rejects when it could not
 * be loaded (a later call tries again). A host that validates on its own (`submitDraft`,
 * `validateElicitContent`, `compileToolSchema(…).validate`) awaits it first.
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

export function patternCheck(pattern: string): PatternCheck {
  return engine.loaded ? engine.loaded.check(pattern) : PENDING;
}

/**
 * Whether the kit checks `pattern` itself: `pending` until the engine is loaded, `linear`, or
 * `server-only` (lookaround, back-references…), which forms note on the field.
 */
export function patternSupport(pattern: string): PatternSupport {
  return patternCheck(pattern).kind;
}

export interface PatternMatcher {
  test(text: string): boolean;
  toString(): string;
}

/**
 * A `RegExp`-like object for a form's Ajv (rjsf's validator): the host's RegExp only reports syntax
 * errors; texts are matched by the linear engine. `server-only` counts as matching; pending or too long
 * matches nothing: these checks only decide what a form draws.
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
