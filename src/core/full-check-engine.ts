/**
 * The complete JSON Schema check of an answer, loaded on demand (`loadSchemaValidator`) for schemas with
 * keywords core does not read itself (`allOf`, `not`, `if`/`then`, `$ref`, `const`, `multipleOf`, …).
 * `@cfworker/json-schema` interprets the schema (no code generation: it runs under a CSP without
 * `unsafe-eval`); the answer must pass every reading the SDK servers make of it: draft-07 (SDK 1.x reads
 * every schema so) and the dialect its `$schema` names (2020-12 when none; SDK 2.x picks its engine so).
 *
 * Patterns and formats are never run by the library: its `RegExp` backtracks. An answer holds few texts,
 * so each `pattern` and `format` is decided here for those texts only (patterns on the linear-time engine,
 * formats as the servers' `ajv-formats` decide them) and replaced by `not: { enum: [texts that fail] }`.
 */
import { dereference, validate, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { fullFormats } from 'ajv-formats/dist/formats.js';

import type { MESSAGES } from '../shared/messages.js';
import type { patternCheck } from '../shared/pattern-engine.js';
import type { FieldError } from './problems.js';
import type { ElicitContent } from './types.js';

/**
 * What the check uses of the kit, handed in by `full-check.ts`: this chunk imports none of the kit's
 * modules, so a bundler splits out no chunk shared with the entry.
 */
export interface WholeCheckParts {
  patternCheck: typeof patternCheck;
  messages: typeof MESSAGES;
}

/** What the whole check says: errors (`[]` = conforms), or that it waits for the pattern engine. */
export type WholeVerdict = { kind: 'checked'; errors: FieldError[] } | { kind: 'pattern-pending' };

/** At most this many schema objects are read: a larger schema is refused, not walked. */
const MAX_NODES = 10_000;
/** At most this deep: deeper nesting is refused before the library's recursion could overflow. */
const MAX_DEPTH = 64;
/** At most this many `$ref` resolutions per reading: references that fan out exponentially are stopped. */
const MAX_REFS = 10_000;
/** As core's `MAX_PATTERN_INPUT_LENGTH`: longer texts are not matched (they count as failing). */
const MAX_PATTERN_INPUT = 10_000;

/** Keywords 2019-09 and 2020-12 added: the draft-07 reading (SDK 1.x's Ajv, `strict: false`) ignores them. */
const LATER_KEYWORDS = new Set([
  'dependentRequired',
  'dependentSchemas',
  'prefixItems',
  'unevaluatedItems',
  'unevaluatedProperties',
  'minContains',
  'maxContains',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
]);

/** Keywords whose value is data, never a schema: copied as they are. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'required', 'dependentRequired', 'type']);

class Unusable extends Error {}

interface Texts {
  strings: string[];
  numbers: number[];
}

/** A format as `ajv-formats` defines it: a test, or `{ validate }` with the type of value it applies to. */
type FormatRule = RegExp | ((value: string | number) => boolean);
type FormatDefinition = FormatRule | { type?: string; validate: FormatRule };

/** Whether `value` passes the named format as `ajv-formats` (the servers' formats) decides; `undefined` when unknown there. */
function passesFormat(name: string, value: string | number): boolean | undefined {
  if (!Object.hasOwn(fullFormats, name)) return undefined;
  const definition = (fullFormats as Record<string, unknown>)[name] as FormatDefinition;
  const numeric = typeof definition === 'object' && !(definition instanceof RegExp) && definition.type === 'number';
  // A format applies to one type of value; other values pass it.
  if (numeric !== (typeof value === 'number')) return true;
  const rule = typeof definition === 'object' && !(definition instanceof RegExp) ? definition.validate : definition;
  return rule instanceof RegExp ? rule.test(String(value)) : rule(value);
}

function passesPattern(parts: WholeCheckParts, pattern: string, text: string): boolean {
  const check = parts.patternCheck(pattern);
  if (check.kind === 'pending') throw new PatternPending();
  if (check.kind === 'server-only') return true; // left to the server, as on a field
  if (text.length > Math.min(MAX_PATTERN_INPUT, check.longest)) return false;
  return check.test(text);
}

class PatternPending extends Error {}

/** A regular expression matching exactly `keys` (each literal), linear to run; unique by `salt`. */
function literalAlternation(keys: string[], salt: number): string {
  const escaped = keys.map((key) => key.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'));
  const body = escaped.length === 0 ? '[^\\s\\S]' : `^(?:${escaped.join('|')})$`;
  return body + '(?:)'.repeat(salt);
}

/**
 * A copy of `schema` for the library, read as `draft`: patterns and formats decided for the answer's
 * texts, titled option lists as enums (same verdict, one comparison), later keywords dropped for draft-07.
 */
function prepare(
  parts: WholeCheckParts,
  schema: unknown,
  texts: Texts,
  draft: SchemaDraft,
  refs: Record<string, unknown>[],
): unknown {
  let nodes = 0;
  const walk = (node: unknown, depth: number): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, depth));
    if (typeof node !== 'object' || node === null) return node;
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) throw new Unusable('too-large');
    const source = node as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    const failing: Array<string | number> = [];
    for (const key of Object.keys(source)) {
      const value = source[key];
      if (draft === '7' && LATER_KEYWORDS.has(key)) continue;
      if (DATA_KEYWORDS.has(key)) {
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      } else if (key === 'pattern' && typeof value === 'string') {
        for (const text of texts.strings) if (!passesPattern(parts, value, text)) failing.push(text);
      } else if (key === 'pattern') {
        throw new Unusable('pattern');
      } else if (key === 'format' && typeof value === 'string') {
        for (const item of [...texts.strings, ...texts.numbers])
          if (passesFormat(value, item) === false) failing.push(item);
      } else if (key === 'patternProperties' && typeof value === 'object' && value !== null) {
        const map: Record<string, unknown> = {};
        Object.keys(value).forEach((pattern, salt) => {
          const matching = texts.strings.filter((text) => passesPattern(parts, pattern, text));
          map[literalAlternation(matching, salt)] = walk((value as Record<string, unknown>)[pattern], depth + 1);
        });
        out[key] = map;
      } else if (key === '$dynamicRef' && typeof value === 'string') {
        // One schema resource, as an elicitation schema is: a dynamic reference resolves as a plain one.
        out.$ref ??= value;
      } else if (key === '$dynamicAnchor' && typeof value === 'string') {
        out.$anchor ??= value;
      } else {
        Object.defineProperty(out, key, {
          value: walk(value, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    if (typeof out.$ref === 'string') refs.push(out);
    if (failing.length > 0) {
      const allOf: unknown[] = Array.isArray(out.allOf) ? (out.allOf as unknown[]) : [];
      out.allOf = [...allOf, { not: { enum: failing } }];
    }
    return out;
  };
  return walk(schema, 0);
}

/** The readings an SDK server may make of `schema`; `undefined` when a server knows none (2.x fails every answer). */
function readings(schema: Record<string, unknown>): SchemaDraft[] | undefined {
  const declared = schema.$schema;
  if (declared === undefined) return ['7', '2020-12'];
  if (typeof declared !== 'string') return undefined;
  const name = declared.replace(/^https?:\/\/json-schema\.org\//, '').replace(/#$/, '');
  if (name === 'draft/2020-12/schema') return ['7', '2020-12'];
  if (name === 'draft/2019-09/schema') return ['7', '2019-09'];
  if (name === 'draft-07/schema' || name === 'draft-06/schema') return ['7'];
  return undefined;
}

function collect(content: ElicitContent): Texts {
  const strings = new Set<string>(Object.keys(content));
  const numbers = new Set<number>();
  for (const value of Object.values(content)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') strings.add(item);
      else if (typeof item === 'number') numbers.add(item);
    }
  }
  return { strings: [...strings], numbers: [...numbers] };
}

/**
 * The library's table of schemas by URI (it marks `schema`, the kit's own copy), stopping after `MAX_REFS`
 * look-ups. Every `$ref` must resolve, even one no answer reaches: the servers' Ajv compiles the whole
 * schema first, and an unresolved reference fails every answer.
 */
function boundedLookup(schema: Schema, refs: Record<string, unknown>[]): Record<string, Schema | boolean> {
  const table = dereference(schema);
  for (const owner of refs) {
    const uri = (owner as { __absolute_ref__?: string }).__absolute_ref__ ?? owner.$ref;
    if (typeof uri !== 'string' || !Object.hasOwn(table, uri)) throw new Unusable('ref');
  }
  let used = 0;
  return new Proxy(table, {
    get(target, key) {
      if (++used > MAX_REFS) throw new Unusable('too-many-refs');
      return Reflect.get(target, key) as unknown;
    },
  });
}

const WRAPPERS = new Set([
  '$ref',
  '$recursiveRef',
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'dependentSchemas',
  'propertyNames',
]);

/** The number at the end of one of the library's messages ("… equal to 3."). */
function lastNumber(text: string): number | undefined {
  const match = /(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\)?\.$/i.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** The key a `required`-like message names: `… does not have "key".` or `… required property "key".`. */
function missingKey(text: string): string | undefined {
  return /does not have (?:required property )?"([\s\S]*)"\.$/.exec(text)?.[1];
}

function firstSegment(location: string): string | undefined {
  if (!location.startsWith('#/')) return undefined;
  const segment = location.slice(2).split('/')[0] ?? '';
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
}

const REFUSED = 'The server does not accept this answer.';

/** The person's words for one leaf error of the library. */
function messageOf(MESSAGES: WholeCheckParts['messages'], unit: OutputUnit): Pick<FieldError, 'code' | 'message'> {
  const bound = lastNumber(unit.error);
  switch (unit.keyword) {
    case 'exclusiveMaximum':
      return { code: 'maximum', message: bound === undefined ? REFUSED : `Enter less than ${bound}.` };
    case 'exclusiveMinimum':
      return { code: 'minimum', message: bound === undefined ? REFUSED : `Enter more than ${bound}.` };
    case 'maximum':
      return { code: 'maximum', message: bound === undefined ? REFUSED : MESSAGES.maximum(bound) };
    case 'minimum':
      return { code: 'minimum', message: bound === undefined ? REFUSED : MESSAGES.minimum(bound) };
    case 'multipleOf':
      return { code: 'rule', message: bound === undefined ? REFUSED : `Enter a multiple of ${bound}.` };
    case 'minLength':
      return { code: 'min-length', message: bound === undefined ? REFUSED : MESSAGES.minLength(bound) };
    case 'maxLength':
      return { code: 'max-length', message: bound === undefined ? REFUSED : MESSAGES.maxLength(bound) };
    case 'minItems':
      return { code: 'min-items', message: bound === undefined ? REFUSED : MESSAGES.minOptions(bound) };
    case 'maxItems':
      return { code: 'max-items', message: bound === undefined ? REFUSED : MESSAGES.maxOptions(bound) };
    case 'const':
    case 'enum':
      return { code: 'rule', message: 'The server does not accept this value here.' };
    default:
      return { code: 'rule', message: REFUSED };
  }
}

/** The library's errors as the kit's: one per field (the first), then form-wide ones (field `""`). */
function toFieldErrors(
  MESSAGES: WholeCheckParts['messages'],
  units: OutputUnit[],
  fields: ReadonlySet<string>,
): FieldError[] {
  const byField = new Map<string, FieldError>();
  const formWide: FieldError[] = [];
  const add = (error: FieldError) => {
    if (error.field === '') {
      if (!formWide.some((known) => known.message === error.message)) formWide.push(error);
    } else if (!byField.has(error.field)) byField.set(error.field, error);
  };
  let names = false;
  for (const unit of units) {
    if (unit.keyword === 'propertyNames') names = true;
    if (WRAPPERS.has(unit.keyword)) continue;
    const key = firstSegment(unit.instanceLocation);
    if (names && key !== undefined && unit.keywordLocation.includes('/propertyNames')) {
      add({
        field: key,
        code: 'rule',
        message: 'The server does not accept an answer to this question; leave it empty.',
      });
      continue;
    }
    if (
      key === undefined &&
      (unit.keyword === 'required' || unit.keyword === 'dependentRequired' || unit.keyword === 'dependencies')
    ) {
      const missing = missingKey(unit.error);
      if (missing !== undefined && fields.has(missing)) {
        add({ field: missing, code: 'required', message: MESSAGES.required });
        continue;
      }
      // `dependencies` with a schema wraps that schema's own errors, which follow.
      if (missing === undefined && unit.keyword === 'dependencies') continue;
    }
    if (key === undefined && unit.keyword === 'minProperties') {
      const count = lastNumber(unit.error.replace(/ properties\.$/, '.'));
      add({ field: '', code: 'min-properties', message: count === undefined ? REFUSED : MESSAGES.minAnswers(count) });
      continue;
    }
    if (key !== undefined && unit.keyword === 'false') {
      add({
        field: key,
        code: 'unexpected',
        message: 'The server does not accept an answer to this question; leave it empty.',
      });
      continue;
    }
    const field = key !== undefined && fields.has(key) ? key : '';
    const words = messageOf(MESSAGES, unit);
    add({
      field,
      ...(field === '' && words.message === REFUSED
        ? { code: 'rule', message: 'The server does not accept this combination of answers.' }
        : words),
    });
  }
  const errors = [...byField.values(), ...formWide];
  return errors.length > 0
    ? errors
    : [{ field: '', code: 'rule', message: 'The server does not accept this combination of answers.' }];
}

/** Why the server can check no answer against the schema. */
function unusable(reason: string): FieldError[] {
  return [
    {
      field: '',
      code: 'schema',
      message: `The server cannot check any answer against this schema (${reason}); decline or cancel instead.`,
    },
  ];
}

/**
 * The whole check of `content` (already passing core's own checks) against `schema`, as every reading an
 * SDK server may make of it. Never throws.
 */
export function checkWhole(
  schema: Record<string, unknown>,
  content: ElicitContent,
  fields: ReadonlySet<string>,
  parts: WholeCheckParts,
): WholeVerdict {
  const drafts = readings(schema);
  if (drafts === undefined)
    return { kind: 'checked', errors: unusable('its $schema names a dialect the servers do not know') };
  const texts = collect(content);
  try {
    for (const draft of drafts) {
      const refs: Record<string, unknown>[] = [];
      const prepared = prepare(parts, schema, texts, draft, refs) as Schema;
      const result = validate(content, prepared, draft, boundedLookup(prepared, refs), false);
      if (!result.valid) return { kind: 'checked', errors: toFieldErrors(parts.messages, result.errors, fields) };
    }
    return { kind: 'checked', errors: [] };
  } catch (error) {
    if (error instanceof PatternPending) return { kind: 'pattern-pending' };
    if (error instanceof Unusable)
      return {
        kind: 'checked',
        errors: unusable(
          error.message === 'pattern'
            ? 'a pattern is not text'
            : error.message === 'ref'
              ? 'a $ref points nowhere'
              : 'it is too large or refers to itself too often to be checked',
        ),
      };
    if (error instanceof RangeError) return { kind: 'checked', errors: unusable('it refers to itself without end') };
    return {
      kind: 'checked',
      errors: unusable(/\$ref/.test(String(error)) ? 'a $ref points nowhere' : 'it cannot be read'),
    };
  }
}
