/**
 * `compileToolSchema`: a tool's `inputSchema` / `outputSchema` (SEP-2106) compiled safely with Ajv:
 * dialects, references kept inside the document, limits, caches. The rules and their reasons are in
 * `src/tools/README.md`.
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

/** One problem found in a value: where (a JSON Pointer) and what. */
export interface SchemaIssue {
  /** RFC 6901 JSON Pointer into the value (`''` = the value itself); a missing or extra property points at it. */
  pointer: string;
  /** Ajv's message (`must be string`, `must have required property 'id'`), or the kit's for a limit. */
  message: string;
  /**
   * The keyword that failed (`type`, `required`, …), or the kit's own: `$limit` (a limit stopped the check),
   * `$pattern-engine` (not loaded yet), `$exception` (the validator threw, e.g. a stack exhausted).
   */
  keyword: string;
}

/** Bounds on a schema and on each validation; missing ones take `DEFAULT_SCHEMA_LIMITS` (README, "Limits"). */
export interface SchemaLimits {
  /** Deepest nesting of objects and arrays anywhere in the document (root = 1), data values included. */
  maxDepth?: number;
  /** Most schemas in one document, booleans included, each place counted. */
  maxSubschemas?: number;
  /** Opt-in time budget of one validation, in ms, checked at checkpoints (default none: see the README). */
  timeBudgetMs?: number;
  /** Longest string (UTF-16 code units) a pattern runs on; a longer one stops the validation with `$limit`. */
  maxPatternInputLength?: number;
  /** Longest `pattern` (or `patternProperties` key), in UTF-16 code units. */
  maxPatternLength?: number;
}

/** The default limits; why each value, in `src/tools/README.md`. */
export const DEFAULT_SCHEMA_LIMITS: Readonly<Required<SchemaLimits>> = Object.freeze({
  maxDepth: 64,
  maxSubschemas: 10_000,
  timeBudgetMs: Infinity,
  maxPatternInputLength: 10_000,
  maxPatternLength: 4_096,
});

/** Why a schema cannot be compiled. */
export type ToolSchemaErrorCode = 'dialect' | 'remote-ref' | 'invalid-id' | 'limit' | 'invalid-schema';

/** A refused schema: the reason's code and a message a person can act on. */
export interface ToolSchemaError {
  code: ToolSchemaErrorCode;
  message: string;
}

/** A compiled schema. */
export interface CompiledToolSchema {
  ok: true;
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
  compile(schema: unknown, limits?: SchemaLimits): CompileToolSchemaResult;
  readonly stats: ToolSchemaCompilerStats;
  /** Forgets the caches and Ajv instances, whose generated code holds values: memory back for long-lived hosts. */
  clear(): void;
}

type AjvInstance = Ajv | Ajv2019 | Ajv2020;

interface Run {
  limits: Required<SchemaLimits>;
  started: number;
  value: unknown;
}

class LimitStop extends Error {
  constructor(readonly issue: (value: unknown) => SchemaIssue) {
    super('limit reached');
  }
}

// ajv-formats is CommonJS: under Node's ESM loader the default import is `module.exports`, whose
// `default` is the plugin itself (bundlers give the same object).
const addFormats = addFormatsModule.default;

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

const PROPERTY_PARAMS: Readonly<Record<string, string>> = {
  propertyNames: 'propertyName',
  required: 'missingProperty',
  dependentRequired: 'missingProperty',
  dependencies: 'missingProperty',
  additionalProperties: 'additionalProperty',
  unevaluatedProperties: 'unevaluatedProperty',
};

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

function fromAjvError(error: unknown): ToolSchemaError {
  const message = error instanceof Error ? error.message : String(error);
  if (
    error instanceof Error &&
    'missingRef' in error &&
    typeof error.missingRef === 'string' &&
    !error.missingRef.startsWith('#')
  ) {
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
 * Creates a compiler with its own caches and one Ajv per dialect (held here, not in module state, so
 * hosts and tests can hold separate ones). Ajv's `$id` registry is emptied after each compile, or one
 * server's `$id` would resolve another's reference.
 */
export function createToolSchemaCompiler(options: ToolSchemaCompilerOptions = {}): ToolSchemaCompiler {
  const clock = options.clock ?? (() => performance.now());
  const cacheSize = options.cacheSize ?? 256;
  const instances = new Map<ToolSchemaDialect, AjvInstance>();
  const cache = {
    byIdentity: new WeakMap<object, Map<string, CompileToolSchemaResult>>(),
    byText: new Map<string, CompileToolSchemaResult>(),
  };
  const counters = { compiles: 0 };
  const state: { run?: Run } = {};

  const checkTime = (run: Run): void => {
    const elapsed = clock() - run.started;
    if (elapsed <= run.limits.timeBudgetMs) return;
    throw new LimitStop(() => ({
      pointer: '',
      keyword: '$limit',
      message: `Validation stopped after ${Math.round(elapsed)} ms, over timeBudgetMs (${run.limits.timeBudgetMs}); the value is not fully checked.`,
    }));
  };

  // Every pattern Ajv compiles goes through this: the host's RegExp only reads it, the linear engine
  // matches (README, "How patterns are matched"). Ajv shares compiled patterns between schemas by
  // `toString()`, so the wrapper holds no per-schema state: limits come from the run.
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

  // Ajv's `uniqueItems` compares every pair by deep equality (5 billion comparisons for 100,000 items).
  // Keyed by canonical JSON it is linear with the same verdict (key order ignored, 1 and 1.0 equal), and a checkpoint.
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
    // strict: false: tool schemas in the wild carry unknown keywords; logger: false: ignored formats stay off
    // the host's console.
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
      cache.byText.delete(textKey);
      cache.byText.set(textKey, cached);
      return cached;
    }
    // A copy: later changes to the caller's object cannot reach the validator; `$schema` spelled as Ajv registered it.
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
      cache.byIdentity = new WeakMap();
    },
  };
}

/**
 * The pattern engine of the Ajv inside rjsf's validator (`oneOf` option and `if`/`then` picking in
 * `ToolCallForm`): linear too, without limits, since it only decides what is drawn. Internal to the kit.
 */
export const formRegExp = Object.assign(
  (pattern: string, flags: string): PatternMatcher => linearRegExp(pattern, flags),
  { code: 'kitFormRegExp' },
);

/** The compiler behind `compileToolSchema`; each dialect's Ajv is built on its first schema. */
const defaultCompiler = createToolSchemaCompiler();

/**
 * Compiles a tool `inputSchema` or `outputSchema` (SEP-2106): `{ ok: true, dialect, validate }`, or
 * `{ ok: false, error }`. Cached by identity and canonical JSON: treat a compiled schema object as
 * immutable. Throws only when `limits` has a wrong type.
 */
export function compileToolSchema(schema: unknown, limits?: SchemaLimits): CompileToolSchemaResult {
  return defaultCompiler.compile(schema, limits);
}
