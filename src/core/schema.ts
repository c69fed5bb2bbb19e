/**
 * `parseRequestedSchema`: reads an untrusted `requestedSchema` into `Field`s and reports every problem
 * with a path; never throws. What makes an answer impossible or ambiguous refuses the form; what only
 * loses a convenience (a bad `default`: SEP-1034 lets clients ignore defaults) is a warning.
 */
import type { Field, MultiSelectField, Option, OptionSpelling, SingleSelectField } from './fields.js';
import { STRING_FORMATS } from '../shared/formats.js';
import { defined, hasOwn, isRecord, joinPath, ownValue, quoteShort } from '../shared/path.js';
import { WARNING_PROBLEM_CODES, type SchemaProblem, type SchemaProblemCode } from './problems.js';
import type { StringFormat } from './types.js';
import { MAX_FIELDS, MAX_OPTIONS, MAX_TOTAL_OPTIONS } from '../shared/limits.js';
import { checkValue } from './value.js';
import { isSecretProperty } from './secrets.js';
import { finders, finish, indexInSteps, STEP } from './option-index.js';
import { FILE_KEYWORD, isFilePlacement, readFileDescriptor } from './files.js';

/** Longest `pattern` the kit checks; longer ones are ignored with a warning (the tools' `maxPatternLength`). */
const MAX_PATTERN_LENGTH = 4_096;
/** Longest `examples` text shown beside a pattern error. */
const MAX_EXAMPLE_LENGTH = 100;

/** The outcome of `parseRequestedSchema`. */
export type ParseResult =
  | {
      ok: true;
      /** One field per property, in `properties` order. */
      fields: Field[];
      /** Problems that were ignored to keep the form usable. */
      warnings: SchemaProblem[];
      /** The root's `minProperties`: the answer must hold at least this many fields. */
      minProperties?: number;
      /** The root's `maxProperties`: the answer may hold at most this many fields. */
      maxProperties?: number;
    }
  | {
      ok: false;
      /** Every problem found, errors and warnings. At least one has severity `error`. */
      problems: SchemaProblem[];
    };

const WARNINGS: ReadonlySet<SchemaProblemCode> = new Set(WARNING_PROBLEM_CODES);

/**
 * Keywords that never change the server's verdict, wherever they stand: 2020-12's meta-data and content
 * vocabularies (annotations only, Ajv checks neither), definitions that nothing references without a
 * `$ref` (which is warned), and `type`, which each level reads itself.
 */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'default',
  'type',
  '$comment',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$id',
  '$schema',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  '$defs',
  'definitions',
]);

/** Where a property may list options: `enum`, `oneOf`, `anyOf`, each also under `items`. */
const OPTION_KEYWORDS = ['enum', 'oneOf', 'anyOf'] as const;

/** What a text field, a single select and a multi-select's `items` check on their text (`readTextRules`). */
const TEXT_RULES = ['minLength', 'maxLength', 'format', 'pattern'] as const;

const NUMBER_RULES: ReadonlySet<string> = new Set(['minimum', 'maximum']);

const KNOWN_BY_TYPE: Record<string, ReadonlySet<string>> = {
  string: new Set([...TEXT_RULES, 'enum', 'enumNames', 'oneOf', 'anyOf']),
  number: NUMBER_RULES,
  integer: NUMBER_RULES,
  boolean: new Set(),
  array: new Set(['items', 'minItems', 'maxItems', 'uniqueItems']),
};

/** What the kit checks in a multi-select's `items`. */
const KNOWN_IN_ITEMS: ReadonlySet<string> = new Set([...TEXT_RULES, 'enum', 'oneOf', 'anyOf']);

/** What the kit checks in one titled option `{ const, title }`. */
const KNOWN_IN_OPTION: ReadonlySet<string> = new Set(['const']);

/** What the kit checks at the root (`additionalProperties` only as `true`, `false` or `{}`: see `parse`). */
const KNOWN_AT_ROOT: ReadonlySet<string> = new Set([
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'maxProperties',
]);

/**
 * The dialects the SDK servers' validators know (2.x picks its engine by `$schema` and fails every answer
 * to a schema that names another; 1.x reads all with one engine).
 */
const KNOWN_DIALECT = /^https?:\/\/json-schema\.org\/(?:draft\/2020-12|draft\/2019-09|draft-0[67])\/schema#?$/;

class Problems {
  readonly list: SchemaProblem[] = [];
  add(path: string, code: SchemaProblemCode, message: string): void {
    this.list.push({ path, message, code, severity: WARNINGS.has(code) ? 'warning' : 'error' });
  }
  /** Whether an error was found (since the `from`th problem). */
  blocking(from = 0): boolean {
    return this.list.slice(from).some((problem) => problem.severity === 'error');
  }
}

function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  // A symbol or a function is never from JSON: only a host's own object holds one.
  return typeof value === 'number' || typeof value === 'boolean' ? `${typeof value} ${value}` : `a ${typeof value}`;
}

/**
 * Reads a bound: a non-negative integer for a `whole` count (`minLength`, `maxItems`, …), else a
 * finite number (`minimum`, `maximum`); `undefined` when absent or bad.
 */
function readBound(
  schema: Record<string, unknown>,
  keyword: string,
  path: string,
  problems: Problems,
  whole: boolean,
): number | undefined {
  if (!hasOwn(schema, keyword)) return undefined;
  const value = schema[keyword];
  if (typeof value === 'number' && (whole ? Number.isInteger(value) && value >= 0 : Number.isFinite(value)))
    return value;
  problems.add(
    joinPath(path, keyword),
    'bound-invalid',
    `${keyword} must be ${whole ? 'a whole number of 0 or more' : 'a number'}, not ${describeJson(value)}.`,
  );
  return undefined;
}

/** Reads a lower and an upper bound (see `readBound`); a lower one above the upper one leaves nothing that fits. */
function readBounds(
  schema: Record<string, unknown>,
  [low, high]: readonly [string, string],
  path: string,
  problems: Problems,
  whole: boolean,
): [number | undefined, number | undefined] {
  const lowValue = readBound(schema, low, path, problems, whole);
  const highValue = readBound(schema, high, path, problems, whole);
  if (lowValue !== undefined && highValue !== undefined && lowValue > highValue) {
    problems.add(
      joinPath(path, low),
      'bounds-conflict',
      `${low} ${lowValue} is more than ${high} ${highValue}, so nothing fits.`,
    );
  }
  return [lowValue, highValue];
}

function readAnnotations(
  key: string,
  schema: Record<string, unknown>,
  path: string,
  problems: Problems,
): { label: string; description?: string } {
  const out: { label: string; description?: string } = { label: key };
  for (const keyword of ['title', 'description'] as const) {
    if (!hasOwn(schema, keyword)) continue;
    const value = schema[keyword];
    if (typeof value === 'string') out[keyword === 'title' ? 'label' : keyword] = value;
    else
      problems.add(
        joinPath(path, keyword),
        'annotation-invalid',
        `${keyword} must be text, not ${describeJson(value)}; it is ignored.`,
      );
  }
  return out;
}

/** The end of every `keyword-unchecked` message. */
const UNCHECKED = 'is not part of MCP elicitation; the kit does not check it, so the server may refuse an answer.';

/**
 * Warns about every keyword of `schema` that may constrain the answer and that the kit does not check
 * (`known`); `unread` are annotations or known keywords whose value here is one the kit does not read.
 */
function warnUnchecked(
  schema: Record<string, unknown>,
  known: ReadonlySet<string> | undefined,
  path: string,
  problems: Problems,
  unread: readonly string[] = [],
): void {
  for (const keyword of Object.keys(schema)) {
    if (!unread.includes(keyword) && (ANNOTATIONS.has(keyword) || known?.has(keyword) || keyword.startsWith('x-')))
      continue;
    problems.add(joinPath(path, keyword), 'keyword-unchecked', `${keyword} ${UNCHECKED}`);
  }
}

/** The rules a text value must follow: a text field's, a single select's, or a multi-select's `items`'. */
interface TextRules {
  format?: StringFormat;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

function readTextRules(schema: Record<string, unknown>, path: string, problems: Problems): TextRules {
  let format: StringFormat | undefined;
  if (hasOwn(schema, 'format')) {
    if (STRING_FORMATS.includes(schema.format as StringFormat)) format = schema.format as StringFormat;
    // Not a spec format, yet servers send it for secrets, and the SDK servers' `ajv-formats` passes any text as
    // `password`: read as a mark of a secret (`isSecretProperty`), never a check.
    else if (schema.format === 'password') format = undefined;
    else
      problems.add(
        joinPath(path, 'format'),
        'format-unknown',
        `format ${quoteShort(schema.format)} is not one the spec allows (email, uri, date, date-time).`,
      );
  }
  const [minLength, maxLength] = readBounds(schema, ['minLength', 'maxLength'], path, problems, true);
  let pattern: string | undefined;
  if (hasOwn(schema, 'pattern')) {
    try {
      if (typeof schema.pattern !== 'string') throw new TypeError('not text');
      // Compiled, never run: whether the text fits is the linear-time engine's question
      // (`checkValue`); this only asks whether the pattern is ECMAScript with the `u` flag.
      new RegExp(schema.pattern, 'u');
      if (schema.pattern.length <= MAX_PATTERN_LENGTH) pattern = schema.pattern;
      else
        problems.add(
          joinPath(path, 'pattern'),
          'pattern-invalid',
          `pattern is longer than ${MAX_PATTERN_LENGTH} characters; the kit does not check it.`,
        );
    } catch {
      problems.add(
        joinPath(path, 'pattern'),
        'pattern-invalid',
        'pattern is not a valid regular expression; the kit does not check it.',
      );
    }
  }
  return defined({ format, minLength, maxLength, pattern });
}

/**
 * The options that can pass `rules`: the server refuses any other, so it is not offered (one warning
 * each); when none is left the form is refused.
 */
function keepFitting<T extends { spelling: OptionSpelling; options: Option[] }>(
  listed: T,
  rules: TextRules,
  path: string,
  problems: Problems,
): T | undefined {
  // No rule on the text but a `pattern` (which waits for Accept): 100,000 options are not judged one by one.
  if (Object.keys(rules).every((rule) => rule === 'pattern')) return listed;
  // The rules as a text field's, judged as one.
  const asText: Field = { kind: 'text', key: '', label: '', required: true, secret: false, ...rules };
  const options = listed.options.filter((option, index) => {
    const broken = checkValue(asText, option.value, 'skip');
    if (broken === undefined) return true;
    problems.add(
      joinPath(joinPath(path, listed.spelling), index),
      'option-unacceptable',
      `The option ${quoteShort(option.value)} is not offered, as the server would refuse it: ${broken.message}`,
    );
    return false;
  });
  if (options.length > 0) return { ...listed, options };
  problems.add(
    joinPath(path, listed.spelling),
    'options-invalid',
    "No option fits this field's rules, so no choice could be accepted.",
  );
  return undefined;
}

/**
 * Reads an option list: a plain `enum` of distinct strings, or (`titled`) `[{ const, title }]`, the
 * titled spelling under `oneOf` or `anyOf`. An option without a text title shows its value.
 */
function readOptions(list: unknown, path: string, problems: Problems, titled: boolean): Option[] | undefined {
  const ahead = readAhead.get(list as object);
  if (ahead?.path !== path) return finish(optionsInSteps(list, path, problems, titled));
  readAhead.delete(list as object);
  for (const problem of ahead.problems) problems.list.push(problem);
  return ahead.options;
}

/** What `readAheadInSteps` read of a list, and where: taken by the parse that reads it next at that path. */
const readAhead = new WeakMap<object, { path: string; options: Option[] | undefined; problems: SchemaProblem[] }>();

/**
 * Reads `list` as `readOptions` would at `path`, pausing every `STEP` options, for the next parse; returns the
 * options the parse will take (`undefined` when it will refuse the list).
 */
export function* readAheadInSteps(
  list: unknown[],
  path: string,
  titled: boolean,
): Generator<void, Option[] | undefined> {
  const problems = new Problems();
  const options = yield* optionsInSteps(list, path, problems, titled);
  readAhead.set(list, { path, options, problems: problems.list });
  return options;
}

/** `readOptions`, pausing every `STEP` options. */
function* optionsInSteps(
  list: unknown,
  path: string,
  problems: Problems,
  titled: boolean,
): Generator<void, Option[] | undefined> {
  if (!Array.isArray(list) || list.length === 0) {
    problems.add(path, 'options-invalid', `Options must be a non-empty list, not ${describeJson(list)}.`);
    return undefined;
  }
  const options: Option[] = [];
  const isOption = (entry: unknown): entry is Record<string, unknown> => isRecord(entry) && hasOwn(entry, 'const');
  // Indexed before the loop: a value found at another place repeats an earlier one. When nothing is
  // wrong, list and options share indexes, so the index is kept for every later lookup.
  const find = yield* indexInSteps(list.length, (at): unknown => {
    const entry: unknown = list[at];
    return !titled ? entry : isOption(entry) ? entry.const : undefined;
  });
  let ok = true;
  // Paths are written only for a problem: a list of 5,000 good options needs none.
  const optionPath = (index: number) => joinPath(path, index);
  const valuePath = (index: number) => (titled ? joinPath(optionPath(index), 'const') : optionPath(index));
  // An indexed loop: it runs 100,000 times on a first mount, mostly before the JIT has compiled it, and
  // `entries()` would allocate two objects per option there.
  for (let at = 0; at < list.length; at++) {
    if (at % STEP === STEP - 1) yield;
    const entry: unknown = list[at];
    let value = entry;
    let title: unknown;
    if (titled) {
      if (!isOption(entry)) {
        problems.add(
          optionPath(at),
          'options-invalid',
          `Options must be { const, title }, not ${describeJson(entry)}.`,
        );
        ok = false;
        continue;
      }
      value = entry.const;
      title = entry.title;
      // `type` is read at every other level; in an option only "string" says nothing more.
      // Most options are just { const, title }: a list of 100,000 builds no path for them.
      for (const keyword in entry)
        if (keyword !== 'const' && keyword !== 'title') {
          warnUnchecked(entry, KNOWN_IN_OPTION, optionPath(at), problems, entry.type === 'string' ? [] : ['type']);
          break;
        }
    }
    if (typeof value !== 'string') {
      problems.add(valuePath(at), 'option-not-string', `Options must be text, not ${describeJson(value)}.`);
      ok = false;
    } else if (find(value) !== at) {
      problems.add(valuePath(at), 'duplicate-value', `The value ${quoteShort(value)} appears twice.`);
      ok = false;
    } else {
      if (titled && typeof title !== 'string') {
        problems.add(
          optionPath(at),
          'option-title-missing',
          `The option ${quoteShort(value)} has no text title; its value is shown instead.`,
        );
      }
      options.push({ value, label: typeof title === 'string' ? title : value });
    }
  }
  if (!ok) return undefined;
  finders.set(options, find);
  return options;
}

/** The options `owner` lists: `[{ const, title }]` under `oneOf` or `anyOf`, else `enum`; once ambiguity is ruled out. */
function readListedOptions(
  owner: Record<string, unknown>,
  path: string,
  problems: Problems,
): Pick<MultiSelectField, 'variant' | 'spelling' | 'options'> | undefined {
  const titledKey = (['oneOf', 'anyOf'] as const).find((keyword) => hasOwn(owner, keyword));
  const spelling = titledKey ?? 'enum';
  const options = readOptions(owner[spelling], joinPath(path, spelling), problems, titledKey !== undefined);
  return options && { variant: titledKey === undefined ? 'untitled' : 'titled', spelling, options };
}

/** Single select: `enum`, `enum` + `enumNames`, `oneOf` or `anyOf`. */
function readSingleSelect(
  schema: Record<string, unknown>,
  path: string,
  problems: Problems,
): Pick<SingleSelectField, 'variant' | 'spelling' | 'options'> | undefined {
  if (OPTION_KEYWORDS.filter((keyword) => hasOwn(schema, keyword)).length > 1) {
    problems.add(path, 'options-ambiguous', AMBIGUOUS);
    return undefined;
  }
  const listed = readListedOptions(schema, path, problems);
  // `enumNames` names an `enum` (the one spelling present here); beside `oneOf` or `anyOf` it is ignored.
  if (!hasOwn(schema, 'enum') || !hasOwn(schema, 'enumNames')) return listed;
  const options = listed?.options;
  const names = schema.enumNames;
  if (
    !Array.isArray(names) ||
    !names.every((name) => typeof name === 'string') ||
    (options !== undefined && names.length !== options.length)
  ) {
    problems.add(
      joinPath(path, 'enumNames'),
      'enum-names-mismatch',
      'enumNames must list one text name per enum value.',
    );
    return undefined;
  }
  if (!options) return undefined;
  // Named in place: the list, just built here, keeps the index parse made of it.
  options.forEach((option, i) => (option.label = names[i] as string));
  return { variant: 'legacy', spelling: 'enum', options };
}

/** Two spellings of one option list: which one the server checks is unknown. */
const AMBIGUOUS =
  'Options are listed in more than one way (enum, oneOf, anyOf): which one the server checks is unknown.';

/** What a multi-select's `items` must be. */
const ITEMS = 'items must be text options: { enum } or { anyOf: [{ const, title }] }.';

/** Multi select: `items.enum`, or `items.anyOf` / `items.oneOf` of `{ const, title }`. */
function readMultiSelect(
  schema: Record<string, unknown>,
  path: string,
  problems: Problems,
): Pick<MultiSelectField, 'variant' | 'spelling' | 'options' | 'pattern'> | undefined {
  const itemsPath = joinPath(path, 'items');
  const items = schema.items;
  if (!isRecord(items) || (hasOwn(items, 'type') && items.type !== 'string')) {
    problems.add(itemsPath, 'array-items', ITEMS);
    return undefined;
  }
  const spellings = OPTION_KEYWORDS.filter((keyword) => hasOwn(items, keyword)).length;
  if (spellings !== 1) {
    problems.add(itemsPath, spellings > 1 ? 'options-ambiguous' : 'array-items', spellings > 1 ? AMBIGUOUS : ITEMS);
    return undefined;
  }
  warnUnchecked(items, KNOWN_IN_ITEMS, itemsPath, problems);
  const rules = readTextRules(items, itemsPath, problems);
  const listed = readListedOptions(items, itemsPath, problems);
  const select = listed && keepFitting(listed, rules, itemsPath, problems);
  return select && { ...select, ...defined({ pattern: rules.pattern }) };
}

const PROPERTY_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array']);

function readField(key: string, schema: unknown, required: boolean, problems: Problems): Field | undefined {
  const path = joinPath('properties', key);
  if (!isRecord(schema)) {
    problems.add(path, 'not-object', `A property must be a schema object, not ${describeJson(schema)}.`);
    return undefined;
  }
  const type = schema.type;
  if (type === 'object') {
    problems.add(
      joinPath(path, 'type'),
      'nested-object',
      'Elicitation forms are flat: a property cannot be an object.',
    );
    return undefined;
  }
  if (typeof type !== 'string' || !PROPERTY_TYPES.has(type)) {
    problems.add(
      joinPath(path, 'type'),
      'type-unknown',
      `type must be string, number, integer, boolean or array, not ${describeJson(type)}.`,
    );
    return undefined;
  }
  const base = { key, ...readAnnotations(key, schema, path, problems), required };
  warnUnchecked(schema, KNOWN_BY_TYPE[type], path, problems);
  const before = problems.list.length;
  let field: Field | undefined;
  switch (type) {
    case 'string': {
      if (hasOwn(schema, 'enum') || hasOwn(schema, 'oneOf') || hasOwn(schema, 'anyOf')) {
        const rules = readTextRules(schema, path, problems);
        const listed = readSingleSelect(schema, path, problems);
        const select = listed && keepFitting(listed, rules, path, problems);
        field = select && { ...base, kind: 'single-select', ...select, ...defined({ pattern: rules.pattern }) };
        break;
      }
      const { format, minLength, maxLength, pattern } = readTextRules(schema, path, problems);
      // SEP-2356: only on a `format: "uri"` string is `x-mcp-file` a file field; elsewhere it is ignored.
      if (isFilePlacement(schema)) {
        const descriptor = readFileDescriptor(schema[FILE_KEYWORD], joinPath(path, FILE_KEYWORD), (at, message) =>
          problems.add(at, 'file-invalid', message),
        );
        field = descriptor && { ...base, kind: 'file', ...descriptor };
        break;
      }
      const example =
        pattern !== undefined && Array.isArray(schema.examples)
          ? (schema.examples as unknown[]).find(
              (item): item is string => typeof item === 'string' && item.length <= MAX_EXAMPLE_LENGTH,
            )
          : undefined;
      const secret = isSecretProperty(key, schema);
      field = { ...base, kind: 'text', secret, ...defined({ format, minLength, maxLength, pattern, example }) };
      break;
    }
    case 'number':
    case 'integer': {
      const [minimum, maximum] = readBounds(schema, ['minimum', 'maximum'], path, problems, false);
      field = { ...base, kind: 'number', integer: type === 'integer', ...defined({ minimum, maximum }) };
      break;
    }
    case 'boolean':
      field = { ...base, kind: 'boolean' };
      break;
    case 'array': {
      const select = readMultiSelect(schema, path, problems);
      const [minItems, maxItems] = readBounds(schema, ['minItems', 'maxItems'], path, problems, true);
      // Only when the two bounds agree: a conflict between them is reported once.
      if (
        minItems !== undefined &&
        select &&
        minItems > select.options.length &&
        !(minItems > (maxItems ?? Infinity))
      ) {
        problems.add(
          joinPath(path, 'minItems'),
          'bounds-conflict',
          `minItems ${minItems} is more than the ${select.options.length} options offered.`,
        );
      }
      field = select && { ...base, kind: 'multi-select', ...select, ...defined({ minItems, maxItems }) };
      break;
    }
  }
  if (!field || problems.blocking(before)) return undefined;
  // A secret's default is never shown (MCP 2025-11-25, "Elicitation" → "Security Considerations": no credentials
  // in form mode), nor sent unless the person types it: it is dropped, silently, as SEP-1034 allows.
  // A file's default is dropped too: SEP-2356 has the host send only a file the person chose.
  if (hasOwn(schema, 'default') && !(field.kind === 'text' && field.secret) && field.kind !== 'file') {
    // SEP-1034: an unusable default is ignored, not fatal. Its `pattern` is checked on Accept, so the
    // parse does not depend on whether the pattern engine has loaded.
    const issue = checkValue(field, schema.default, 'skip');
    if (issue === undefined) field.default = schema.default as never;
    else problems.add(joinPath(path, 'default'), 'default-invalid', `The default is ignored: ${issue.message}`);
  }
  return field;
}

/** Counts every list's options from array lengths alone, before any option is read; `Infinity` when it refused. */
function countOptions(properties: Record<string, unknown>, keys: string[], problems: Problems): number {
  let total = 0;
  let refused = false;
  for (const key of keys) {
    const property = properties[key];
    if (!isRecord(property)) continue;
    let longest = 0;
    for (const owner of [property, property.items]) {
      if (!isRecord(owner)) continue;
      for (const keyword of OPTION_KEYWORDS) {
        const list = ownValue(owner, keyword);
        if (!Array.isArray(list)) continue;
        longest = Math.max(longest, list.length);
        if (list.length > MAX_OPTIONS) {
          refused = true;
          const base = joinPath('properties', key);
          problems.add(
            joinPath(owner === property ? base : joinPath(base, 'items'), keyword),
            'too-many-options',
            `The field lists ${list.length} options, more than the ${MAX_OPTIONS} a field may have.`,
          );
        }
      }
    }
    // A property that spells its options twice is refused anyway; its longest list is what it would draw.
    total += longest;
  }
  if (total > MAX_TOTAL_OPTIONS) {
    refused = true;
    problems.add(
      'properties',
      'too-many-options-total',
      `The form lists ${total} options in all, more than the ${MAX_TOTAL_OPTIONS} a form may have.`,
    );
  }
  return refused ? Infinity : total;
}

/**
 * How many options the lists of a form request's schema hold, counted from their lengths (a list spelled
 * twice counts once); 0 for a schema already parsed, or one refused before any option is read.
 */
export function optionsToRead(request: unknown): number {
  const schema = isRecord(request) ? request.requestedSchema : undefined;
  const properties = isRecord(schema) && !cache.has(schema) ? schema.properties : undefined;
  if (!isRecord(properties)) return 0;
  const keys = Object.keys(properties);
  const total = keys.length > MAX_FIELDS ? Infinity : countOptions(properties, keys, new Problems());
  return total === Infinity ? 0 : total;
}

/** What `parse` reads: the fields and the root's bounds on how many of them an answer holds. */
interface ParsedForm {
  fields: Field[];
  minProperties?: number;
  maxProperties?: number;
}

/** Warns about each root keyword that may constrain the answer and that the kit does not check. */
function warnRootUnchecked(input: Record<string, unknown>, problems: Problems): void {
  const extra = input.additionalProperties;
  warnUnchecked(input, KNOWN_AT_ROOT, '', problems, [
    // A dialect the 2.x server does not know fails every answer there.
    typeof input.$schema === 'string' && KNOWN_DIALECT.test(input.$schema) ? '' : '$schema',
    // Only `true`, `false` and `{}` are read.
    typeof extra === 'boolean' || (isRecord(extra) && Object.keys(extra).length === 0) ? '' : 'additionalProperties',
  ]);
}

/** Refuses root bounds on the number of answers that no answer the kit builds can meet. */
function checkAnswerCount(form: ParsedForm, problems: Problems): void {
  const { fields, minProperties, maxProperties } = form;
  if (minProperties !== undefined && minProperties > fields.length && !(minProperties > (maxProperties ?? Infinity))) {
    problems.add(
      'minProperties',
      'bounds-conflict',
      `minProperties ${minProperties} is more than the ${fields.length} fields, so no answer fits.`,
    );
  }
  const required = fields.filter((field) => field.required).length;
  if (maxProperties !== undefined && maxProperties < required) {
    problems.add(
      'maxProperties',
      'bounds-conflict',
      `maxProperties ${maxProperties} is less than the ${required} required fields, so no answer fits.`,
    );
  }
}

function parse(input: unknown, problems: Problems): ParsedForm {
  if (!isRecord(input)) {
    problems.add('', 'not-object', `The requested schema must be an object, not ${describeJson(input)}.`);
    return { fields: [] };
  }
  if (input.type !== 'object') {
    problems.add('type', 'root-type', `The requested schema must have type "object", not ${describeJson(input.type)}.`);
  }
  const properties = input.properties;
  const keys = isRecord(properties) ? Object.keys(properties) : [];
  if (!isRecord(properties)) {
    problems.add(
      'properties',
      'properties-invalid',
      `properties must be an object of field schemas, not ${describeJson(properties)}.`,
    );
  } else if (keys.length > MAX_FIELDS) {
    problems.add(
      'properties',
      'too-many-fields',
      `The form has ${keys.length} fields, more than the ${MAX_FIELDS} a form may have.`,
    );
    return { fields: [] };
  }
  if (isRecord(properties) && countOptions(properties, keys, problems) === Infinity) return { fields: [] };
  warnRootUnchecked(input, problems);
  const [minProperties, maxProperties] = readBounds(input, ['minProperties', 'maxProperties'], '', problems, true);
  const required = new Set<string>();
  if (hasOwn(input, 'required')) {
    const list = input.required;
    if (!Array.isArray(list)) {
      problems.add('required', 'required-invalid', `required must list property names, not ${describeJson(list)}.`);
    } else {
      list.forEach((name: unknown, index) => {
        if (typeof name !== 'string') {
          problems.add(
            joinPath('required', index),
            'required-invalid',
            `required must list property names, not ${describeJson(name)}.`,
          );
        } else if (isRecord(properties) && !hasOwn(properties, name)) {
          problems.add(
            joinPath('required', index),
            'required-unknown',
            `required names ${quoteShort(name)}, which is not a property, so no answer fits.`,
          );
        } else {
          required.add(name);
        }
      });
    }
  }
  const fields: Field[] = [];
  if (isRecord(properties)) {
    for (const key of keys) {
      let isRequired = required.has(key);
      // Ajv (the SDK server's validator) tests `data.constructor !== undefined`, which an absent key
      // inherits from Object.prototype, so an answer without it is refused. `__proto__` is safe.
      if (!isRequired && key !== '__proto__' && key in Object.prototype && isRecord(properties[key])) {
        isRequired = true;
        problems.add(
          joinPath('properties', key),
          'inherited-key',
          `${quoteShort(key)} must be answered: the server's validator reads an absent one from Object.prototype.`,
        );
      }
      const field = readField(key, properties[key], isRequired, problems);
      if (field) fields.push(field);
    }
  }
  const form: ParsedForm = { fields, ...defined({ minProperties, maxProperties }) };
  checkAnswerCount(form, problems);
  return form;
}

/**
 * Reads an untrusted `requestedSchema` and classifies its properties. Never throws.
 * `ok: false` means the form cannot be shown: offer only Decline and Cancel, and show `problems`.
 */
export function parseRequestedSchema(input: unknown): ParseResult {
  const problems = new Problems();
  let form: ParsedForm | undefined;
  try {
    form = parse(input, problems);
  } catch (error) {
    problems.add(
      '',
      'unreadable',
      `The requested schema could not be read (${error instanceof Error ? error.message : 'unknown error'}).`,
    );
  }
  if (!form || problems.blocking()) return { ok: false, problems: problems.list };
  const { fields, ...counts } = form;
  return { ok: true, fields, warnings: problems.list, ...counts };
}

const cache = new WeakMap<object, ParseResult>();

/**
 * `parseRequestedSchema`, remembered per schema object. Schemas are treated as immutable once
 * handed to the kit (as the SDK hands them over), so repeated validation costs no parse.
 */
export function parseCached(schema: unknown): ParseResult {
  if (typeof schema !== 'object' || schema === null) return parseRequestedSchema(schema);
  let result = cache.get(schema);
  if (!result) {
    result = parseRequestedSchema(schema);
    cache.set(schema, result);
  }
  return result;
}

/** Every keyword core reads somewhere: a schema with no other (and no `x-*`) needs no complete check. */
const READ_ANYWHERE: ReadonlySet<string> = new Set([
  ...ANNOTATIONS,
  ...KNOWN_AT_ROOT,
  ...Object.values(KNOWN_BY_TYPE).flatMap((known) => [...known]),
  ...KNOWN_IN_ITEMS,
  ...KNOWN_IN_OPTION,
]);

/**
 * Whether a form request's schema may need the complete check (a keyword core does not read, anywhere it
 * reads keywords), read off the schema without parsing it: the queue loads the validator before admitting it.
 * Errs towards `true`; one pass over the keys, no option is judged.
 */
export function mayNeedWholeCheck(request: unknown): boolean {
  const schema = isRecord(request) ? request.requestedSchema : undefined;
  if (!isRecord(schema)) return false;
  const unread = (node: unknown): boolean => {
    if (!isRecord(node)) return false;
    for (const key in node) if (!READ_ANYWHERE.has(key) && !key.startsWith('x-')) return true;
    return false;
  };
  if (unread(schema) || !isRecord(schema.properties)) return unread(schema);
  for (const property of Object.values(schema.properties)) {
    if (!isRecord(property)) continue;
    for (const owner of [property, property.items]) {
      if (unread(owner)) return true;
      if (!isRecord(owner)) continue;
      for (const keyword of ['oneOf', 'anyOf'] as const) {
        const list = ownValue(owner, keyword);
        if (Array.isArray(list) && list.some(unread)) return true;
      }
    }
  }
  return false;
}

/** What `prepareOptions` (loaded on demand) shares with the parse, handed in by the kit. */
export const readAheadParts = { optionsToRead, readAheadInSteps, OPTION_KEYWORDS, isRecord, hasOwn, joinPath, STEP };
