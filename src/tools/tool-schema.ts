/**
 * `compileToolSchema`: a tool's `inputSchema` / `outputSchema` (SEP-2106) compiled safely with Ajv.
 *
 * - Dialect from `$schema`: 2020-12 when absent, also 2019-09 and draft-07 (spellings in
 *   `SCHEMA_DIALECT_URIS`); anything else is a `dialect` error.
 * - References stay inside the document: `#/…` pointers, `#anchor`s, and URIs that resolve (against
 *   the `$id`s in force) to the root or to an `$id` embedded in the same document. Any other `$ref`,
 *   `$dynamicRef` or `$recursiveRef` (http, https, file, urn, a relative file name, even the
 *   meta-schema's own URI) is a `remote-ref` error found before Ajv runs. Ajv is never given a
 *   `loadSchema`, so it could not fetch anyway. Recursive references work.
 * - Limits (`SchemaLimits`, defaults in `DEFAULT_SCHEMA_LIMITS`) bound the schema before compiling
 *   and the work of each validation; see `SchemaLimits` for what each one does and does not bound.
 * - Compiled results are cached by object identity and by canonical JSON text, per limits.
 */
import { Ajv, type ErrorObject, type SchemaValidateFunction, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

import { rewriteConstUnions } from './const-union.js';
import { CANONICAL_DIALECT_URIS, type ToolSchemaDialect } from './dialects.js';
import { canonicalJson, findString, hasOwn, isRecord, joinPointer } from './json.js';
import { quote, readDialect, scanSchema } from './scan.js';
import { linearRegExp, patternCheck, type PatternMatcher } from '../shared/pattern-engine.js';

/** One problem found in a value: where (JSON Pointer into the value, `''` = the value itself) and what. */
export interface SchemaIssue {
  /** RFC 6901 JSON Pointer into the validated value. A missing or extra property points at that property. */
  pointer: string;
  /** Ajv's message (`must be string`, `must have required property 'id'`), or the kit's for a limit. */
  message: string;
  /**
   * The JSON Schema keyword that failed (`type`, `required`, `pattern`, …), or `$limit` when a kit
   * limit stopped the check, `$pattern-engine` when a pattern could not be matched because the
   * pattern engine is not loaded yet (`loadPatternEngine()`), or `$exception` when the validator
   * itself threw (for example, a value nested so deeply that a recursive schema exhausts the stack).
   */
  keyword: string;
}

/**
 * Bounds on a schema and on each validation. Every field is optional; missing ones take
 * `DEFAULT_SCHEMA_LIMITS`. A schema over a limit is refused with a `limit` error naming it.
 */
export interface SchemaLimits {
  /**
   * Deepest nesting of objects and arrays anywhere in the schema document, the root being level 1
   * (`{"properties":{"a":{"type":"string"}}}` is 3). Counting every level, not just subschemas,
   * also bounds `const`/`enum`/`default` values, so nothing downstream (Ajv's compiler, its code
   * generator, deep equality) recurses deeper than this.
   */
  maxDepth?: number;
  /** Most schemas in one document: the root, every subschema, booleans included, each place counted. */
  maxSubschemas?: number;
  /**
   * Time budget of one validation, in milliseconds. Ajv cannot be interrupted, so it is enforced at
   * checkpoints: before each `pattern` test and every 1,024 `uniqueItems` elements (a validation past
   * the budget stops there, with a `$limit` issue), and once more at the end (a validation that
   * finished past the budget gets a `$limit` issue too, so slow never passes for fine). It does not
   * cut short a single pattern match (linear in the string, bounded by `maxPatternInputLength`), a
   * `format` check (ajv-formats' own, not checkpoints), or a stretch of Ajv's generated code between
   * checkpoints (linear in the size of the value).
   */
  timeBudgetMs?: number;
  /**
   * Longest string (in UTF-16 code units) a `pattern`, `patternProperties` or `propertyNames` pattern
   * is run on. A longer one is not matched: the validation stops with a `$limit` issue at that
   * string. Patterns run in linear time, but in the string's length times the pattern's size: this
   * bounds the product.
   */
  maxPatternInputLength?: number;
  /**
   * Longest `pattern` (or `patternProperties` key), in UTF-16 code units. Bounds the work of reading
   * and compiling it; real patterns, such as Zod's IPv6 one (about 700), are far shorter.
   */
  maxPatternLength?: number;
}

/**
 * The defaults, and why:
 * - `maxDepth: 64`: tool schemas nest a handful of levels (each object property is two: `properties`,
 *   then the name); 64 leaves room for ~30 nested objects and keeps every recursive consumer far from
 *   the stack limit.
 * - `maxSubschemas: 10,000`: a large real schema has hundreds; compiling 10,000 stays well under a
 *   second, 100,000 would not.
 * - `timeBudgetMs: 100`: the point where a person notices a delay (RAIL's response budget); it
 *   leaves room for multi-megabyte results on slow machines.
 * - `maxPatternInputLength: 10,000`: longer than any identifier, name, address or sentence a pattern
 *   usually checks; short enough that a linear-time match stays well under the time budget.
 * - `maxPatternLength: 4,096`: several times the longest patterns generators write.
 */
export const DEFAULT_SCHEMA_LIMITS: Readonly<Required<SchemaLimits>> = Object.freeze({
  maxDepth: 64,
  maxSubschemas: 10_000,
  timeBudgetMs: 100,
  maxPatternInputLength: 10_000,
  maxPatternLength: 4_096,
});

/** Why a schema cannot be compiled. */
export type ToolSchemaErrorCode = 'dialect' | 'remote-ref' | 'invalid-id' | 'limit' | 'invalid-schema';

/** A refused schema: the reason's code and a message a person can act on. */
export interface ToolSchemaError {
  /** `dialect`, `remote-ref`, `invalid-id`, `limit`, or `invalid-schema` (Ajv's own refusal). */
  code: ToolSchemaErrorCode;
  /** Names the offending `$schema`, reference, `$id`, limit (with its value) or Ajv's message. */
  message: string;
}

/** A compiled schema. */
export interface CompiledToolSchema {
  ok: true;
  /** The dialect the schema was compiled as. */
  dialect: ToolSchemaDialect;
  /** The issues of `value` against the schema; `[]` means it conforms. Never throws. */
  validate(value: unknown): SchemaIssue[];
}

/** What `compileToolSchema` returns. */
export type CompileToolSchemaResult = CompiledToolSchema | { ok: false; error: ToolSchemaError };

/** Counters of a compiler, for tests and diagnostics. */
export interface ToolSchemaCompilerStats {
  /** How many times Ajv compiled a schema (cache hits and refusals before Ajv do not count). */
  readonly compiles: number;
}

/** Options of `createToolSchemaCompiler`. */
export interface ToolSchemaCompilerOptions {
  /** Milliseconds from an arbitrary origin, for the time budget. Default: `performance.now()`. */
  clock?: () => number;
  /** How many compiled schemas the text cache keeps (least recently used go first). Default 256. */
  cacheSize?: number;
}

/** A compiler with its own Ajv instances and caches. */
export interface ToolSchemaCompiler {
  /** Same contract as `compileToolSchema`. */
  compile(schema: unknown, limits?: SchemaLimits): CompileToolSchemaResult;
  /** Live counters. */
  readonly stats: ToolSchemaCompilerStats;
  /**
   * Forgets every cached result and the Ajv instances (rebuilt on next use). Each instance keeps the
   * values its generated code refers to, so a host that compiles schemas from many servers over a
   * long time can call this to give that memory back.
   */
  clear(): void;
}

type AjvInstance = Ajv | Ajv2019 | Ajv2020;

/** A validation in progress, read by the pattern and `uniqueItems` checkpoints. */
interface Run {
  limits: Required<SchemaLimits>;
  started: number;
  value: unknown;
}

/** Thrown from a checkpoint to stop Ajv; caught by `validate`. */
class LimitStop extends Error {
  constructor(readonly issue: (value: unknown) => SchemaIssue) {
    super('limit reached');
  }
}

// ajv-formats is CommonJS: under Node's ESM loader the default import is `module.exports`, whose
// `default` is the plugin itself (bundlers give the same object).
const addFormats = addFormatsModule.default;

/** `limits` filled with the defaults; a value of the wrong type throws (a programming error). */
function resolveLimits(limits: SchemaLimits | undefined): Required<SchemaLimits> {
  const resolved: Record<string, number> = { ...DEFAULT_SCHEMA_LIMITS };
  for (const name of Object.keys(DEFAULT_SCHEMA_LIMITS) as (keyof SchemaLimits)[]) {
    const value = limits?.[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !(value >= 0)) {
      throw new TypeError(`limits.${name} must be a number >= 0; got ${String(value)}.`);
    }
    resolved[name] = value;
  }
  return resolved as Required<SchemaLimits>;
}

/** The parameter of an Ajv error that names the property it is about, by keyword. */
const PROPERTY_PARAMS: Readonly<Record<string, string>> = {
  propertyNames: 'propertyName',
  required: 'missingProperty',
  dependentRequired: 'missingProperty',
  dependencies: 'missingProperty',
  additionalProperties: 'additionalProperty',
  unevaluatedProperties: 'unevaluatedProperty',
};

/** Ajv's errors as issues: JSON Pointers into the value, a missing or extra property named in the pointer. */
function toIssues(errors: readonly ErrorObject[]): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const param = hasOwn(PROPERTY_PARAMS, error.keyword) ? PROPERTY_PARAMS[error.keyword] : undefined;
    const property: unknown =
      error.propertyName !== undefined ? error.propertyName : param && (error.params as Record<string, unknown>)[param];
    const pointer = typeof property === 'string' ? joinPointer(error.instancePath, property) : error.instancePath;
    const message = error.message ?? `must pass "${error.keyword}" keyword validation`;
    const key = `${pointer}\u0000${error.keyword}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ pointer, message, keyword: error.keyword });
  }
  return issues;
}

/** Ajv's compile failure as a `ToolSchemaError`. */
function fromAjvError(error: unknown): ToolSchemaError {
  const message = error instanceof Error ? error.message : String(error);
  if (
    error instanceof Error &&
    'missingRef' in error &&
    typeof error.missingRef === 'string' &&
    !error.missingRef.startsWith('#')
  ) {
    // The scan refuses such references first; this is a second line should Ajv see one anyway.
    return {
      code: 'remote-ref',
      message: `$ref ${quote(error.missingRef)} points outside this schema. Only references inside the schema (such as "#/$defs/Name" or "#name") are followed, and nothing is ever fetched.`,
    };
  }
  // Ajv lists one line per failed meta-schema branch, often the same line many times.
  const invalid = /^schema is invalid: (.*)$/s.exec(message);
  if (invalid)
    return {
      code: 'invalid-schema',
      message: `schema is invalid: ${[...new Set((invalid[1] as string).split(', '))].join(', ')}`,
    };
  return { code: 'invalid-schema', message };
}

/**
 * Creates a compiler with its own caches and (lazily) one Ajv instance per dialect. The state lives
 * in this closure rather than in module variables so that hosts and tests can hold separate
 * compilers (separate caches, separate counters, an injected clock) and drop one by dropping it.
 *
 * One Ajv instance serves every schema of its dialect. Ajv keeps every `$id` it has seen in a
 * registry shared by later compiles, which would let one server's schema resolve a reference to
 * another's; so after each compile the registry is emptied with `removeSchema()` (meta-schemas stay),
 * and each compiled validator keeps what it resolved.
 */
export function createToolSchemaCompiler(options: ToolSchemaCompilerOptions = {}): ToolSchemaCompiler {
  const clock = options.clock ?? (() => performance.now());
  const cacheSize = options.cacheSize ?? 256;
  const instances = new Map<ToolSchemaDialect, AjvInstance>();
  // By object identity (then by limits), and by limits plus canonical JSON text (LRU, bounded).
  const cache = {
    byIdentity: new WeakMap<object, Map<string, CompileToolSchemaResult>>(),
    byText: new Map<string, CompileToolSchemaResult>(),
  };
  const counters = { compiles: 0 };
  const state: { run?: Run } = {};

  /** Stops the validation in progress when it has used up its time. */
  const checkTime = (run: Run): void => {
    const elapsed = clock() - run.started;
    if (elapsed <= run.limits.timeBudgetMs) return;
    throw new LimitStop(() => ({
      pointer: '',
      keyword: '$limit',
      message: `Validation stopped after ${Math.round(elapsed)} ms, over timeBudgetMs (${run.limits.timeBudgetMs}); the value is not fully checked.`,
    }));
  };

  // Ajv compiles every `pattern` (and `patternProperties` key, and `propertyNames` pattern) through
  // this engine: the host's RegExp only reads it (a syntax error is Ajv's `invalid-schema`) and the
  // linear-time engine matches (`pattern-engine.ts`). Until that engine is loaded a match stops the
  // validation with a `$pattern-engine` issue rather than pass; a pattern it leaves to the server
  // (lookaround, back-references) counts as matching. Its `test` is a checkpoint. Ajv shares compiled
  // patterns between schemas of an instance by `toString()`, so the wrapper holds no per-schema
  // state: limits come from the run.
  const regExp = Object.assign(
    (pattern: string, flags: string) => {
      const native = new RegExp(pattern, flags);
      // Read now when the engine is loaded, so the validation's time budget does not pay for it.
      patternCheck(pattern);
      const stop = (text: string, message: string, keyword = '$limit'): never => {
        throw new LimitStop((value) => ({ pointer: findString(value, text) ?? '', keyword, message }));
      };
      return {
        test(text: string): boolean {
          const run = state.run;
          // Outside a validation only Ajv's own meta-schemas match (`$anchor`, `$id` while compiling):
          // their few patterns are linear in any engine, and need none loaded.
          if (!run) return native.test(text);
          const max = run.limits.maxPatternInputLength;
          if (text.length > max) {
            stop(
              text,
              `Not matched against pattern ${quote(pattern)}: the string has ${text.length} characters, over maxPatternInputLength (${max}).`,
            );
          }
          checkTime(run);
          const check = patternCheck(pattern);
          switch (check.kind) {
            case 'pending':
              return stop(
                text,
                `Not matched against pattern ${quote(pattern)}: the pattern engine is not loaded yet (await loadPatternEngine()).`,
                '$pattern-engine',
              );
            case 'server-only':
              return true;
            case 'linear':
              if (text.length > check.longest) {
                stop(
                  text,
                  `Not matched against pattern ${quote(pattern)}: the string has ${text.length} characters, over the ${check.longest} a pattern this large is matched on.`,
                );
              }
              return check.test(text);
            default:
              return check satisfies never;
          }
        },
        toString: () => `/${pattern}/${flags}`,
      };
    },
    { code: 'kitRegExp' },
  );

  // Unless the items are declared primitive, Ajv's `uniqueItems` compares every pair with a deep
  // equality: quadratic, 5 billion comparisons for 100,000 elements. This one keys each element by
  // its canonical JSON: linear, same verdict (JSON equality ignores key order; 1 and 1.0 are the same
  // number), and a checkpoint of the time budget.
  const uniqueItems: SchemaValidateFunction = (schema: unknown, data: unknown): boolean => {
    uniqueItems.errors = [];
    if (schema !== true || !Array.isArray(data)) return true;
    const seen = new Map<string, number>();
    for (let index = 0; index < data.length; index++) {
      if (index % 1024 === 0 && state.run) checkTime(state.run);
      const key = canonicalJson(data[index]);
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        uniqueItems.errors = [
          {
            keyword: 'uniqueItems',
            message: `must NOT have duplicate items (items ## ${earlier} and ${index} are identical)`,
            params: { i: index, j: earlier },
          },
        ];
        return false;
      }
      seen.set(key, index);
    }
    return true;
  };

  const ajvFor = (dialect: ToolSchemaDialect): AjvInstance => {
    const existing = instances.get(dialect);
    if (existing) return existing;
    // strict: false because tool schemas in the wild carry unknown keywords (`x-…`, `example`, …);
    // logger: false so that ignored unknown formats do not write to the host's console.
    const settings = { allErrors: true, strict: false, logger: false as const, code: { regExp } };
    const ajv =
      dialect === '2020-12' ? new Ajv2020(settings) : dialect === '2019-09' ? new Ajv2019(settings) : new Ajv(settings);
    addFormats(ajv);
    ajv.removeKeyword('uniqueItems');
    ajv.addKeyword({
      keyword: 'uniqueItems',
      type: 'array',
      schemaType: 'boolean',
      errors: true,
      validate: uniqueItems,
    });
    instances.set(dialect, ajv);
    return ajv;
  };

  const validatorOf =
    (validate: ValidateFunction, limits: Required<SchemaLimits>) =>
    (value: unknown): SchemaIssue[] => {
      const run: Run = { limits, started: clock(), value };
      const outer = state.run;
      state.run = run;
      let issues: SchemaIssue[];
      try {
        issues = validate(value) ? [] : toIssues(validate.errors ?? []);
      } catch (error) {
        if (error instanceof LimitStop) return [error.issue(value)];
        const message = error instanceof Error ? error.message : String(error);
        return [{ pointer: '', keyword: '$exception', message: `The validator failed on this value: ${message}` }];
      } finally {
        state.run = outer;
      }
      const elapsed = clock() - run.started;
      if (elapsed > limits.timeBudgetMs) {
        issues.push({
          pointer: '',
          keyword: '$limit',
          message: `Validation took ${Math.round(elapsed)} ms, over timeBudgetMs (${limits.timeBudgetMs}).`,
        });
      }
      return issues;
    };

  const compileFresh = (
    schema: unknown,
    limits: Required<SchemaLimits>,
    limitsKey: string,
  ): CompileToolSchemaResult => {
    const dialect = readDialect(schema);
    if (typeof dialect !== 'string') return { ok: false, error: dialect };
    const ajv = ajvFor(dialect);
    const scanned = scanSchema(schema, dialect, limits, ajv.opts.uriResolver);
    if ('code' in scanned) return { ok: false, error: scanned };
    const text = canonicalJson(schema);
    const textKey = `${limitsKey}\n${text}`;
    const cached = cache.byText.get(textKey);
    if (cached) {
      // Least recently used goes first: re-insert at the end.
      cache.byText.delete(textKey);
      cache.byText.set(textKey, cached);
      return cached;
    }
    // Ajv gets a copy: later changes to the caller's object cannot reach the compiled validator, and
    // the root `$schema` is spelled as Ajv registered the meta-schema.
    const copy: unknown = JSON.parse(text);
    if (isRecord(copy) && typeof copy.$schema === 'string') copy.$schema = CANONICAL_DIALECT_URIS[dialect];
    let result: CompileToolSchemaResult;
    counters.compiles++;
    try {
      result = { ok: true, dialect, validate: validatorOf(ajv.compile(copy as object | boolean), limits) };
    } catch (error) {
      result = { ok: false, error: fromAjvError(error) };
    } finally {
      ajv.removeSchema();
    }
    cache.byText.set(textKey, result);
    if (cache.byText.size > cacheSize) cache.byText.delete(cache.byText.keys().next().value as string);
    return result;
  };

  return {
    compile(schema: unknown, limits?: SchemaLimits): CompileToolSchemaResult {
      const resolved = resolveLimits(limits);
      const limitsKey = canonicalJson(resolved);
      const identity = typeof schema === 'object' && schema !== null ? schema : undefined;
      const known = identity && cache.byIdentity.get(identity)?.get(limitsKey);
      if (known) return known;
      // Titled options (a oneOf/anyOf of consts) are compiled as an enum: same verdict, and Ajv
      // overflows its stack on a few thousand branches (const-union.ts).
      const result = compileFresh(rewriteConstUnions(schema), resolved, limitsKey);
      if (identity) {
        const perLimits = cache.byIdentity.get(identity) ?? new Map<string, CompileToolSchemaResult>();
        perLimits.set(limitsKey, result);
        cache.byIdentity.set(identity, perLimits);
      }
      return result;
    },
    stats: {
      get compiles() {
        return counters.compiles;
      },
    },
    clear(): void {
      instances.clear();
      cache.byText.clear();
      // A WeakMap cannot be emptied: a new one replaces it.
      cache.byIdentity = new WeakMap();
    },
  };
}

/**
 * The pattern engine of the Ajv inside rjsf's validator, which `ToolCallForm` uses to pick the
 * `oneOf`/`anyOf` option and the `if`/`then` branch data fits: the same linear-time matching, so a
 * hostile pattern cannot freeze a render either. No limits or budget: those checks only decide what
 * is drawn, the verdict is `compileToolSchema`'s. Before the engine is loaded nothing matches (the
 * form waits for it anyway). Internal to the kit.
 */
export const formRegExp = Object.assign(
  (pattern: string, flags: string): PatternMatcher => linearRegExp(pattern, flags),
  { code: 'kitFormRegExp' },
);

/**
 * The compiler behind `compileToolSchema`. Creating it builds only empty caches; each dialect's Ajv
 * instance is built on the first schema of that dialect.
 */
const defaultCompiler = createToolSchemaCompiler();

/**
 * Compiles a tool `inputSchema` or `outputSchema` (SEP-2106). Returns `{ ok: true, dialect, validate }`,
 * or `{ ok: false, error: { code, message } }` with code `dialect`, `remote-ref`, `invalid-id`,
 * `limit` or `invalid-schema`. Results are cached (by identity and by canonical JSON, per limits), so
 * treat a schema object as immutable once compiled. Throws only when `limits` has a wrong type.
 */
export function compileToolSchema(schema: unknown, limits?: SchemaLimits): CompileToolSchemaResult {
  return defaultCompiler.compile(schema, limits);
}
