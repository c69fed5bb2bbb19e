/**
 * Every JSON Schema 2020-12 keyword, at the root, on a field and in a multi-select's `items`: the kit
 * gives the verdict the SDK servers give (1.x `AjvJsonSchemaValidator`, the draft-07 Ajv; 2.x's, which
 * picks Ajv2020 by `$schema`: the class the Node server uses by default), or it refuses the form, or it
 * names the keyword's path in a warning before the person types. Both servers' own validation code runs
 * here, as `elicitInput` calls it on an accepted answer: a verdict of `false` or a throw is the -32602
 * (-32603) the tool call fails with.
 */
import { AjvJsonSchemaValidator as V1Validator } from '@modelcontextprotocol/sdk/validation/ajv';
import { AjvJsonSchemaValidator as V2Validator } from '@modelcontextprotocol/server/validators/ajv';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';

import {
  createElicitationFormModel,
  loadPatternEngine,
  loadSchemaValidator,
  parseRequestedSchema,
  submitDraft,
  validateElicitContent,
  type RequestedSchema,
} from '../../src/core/index.js';
import { joinPath } from '../../src/shared/path.js';

/** An untrusted schema, typed as the API takes it. */
function untrusted(value: unknown): RequestedSchema {
  return value as RequestedSchema;
}

interface Server {
  name: string;
  /** The validator a long-lived server holds. */
  shared: V1Validator | V2Validator;
  /** A new one: Ajv keeps each schema with an `$id` or anchor by that name, and a second schema of that name meets the first. */
  fresh(): V1Validator | V2Validator;
}

const V1: Server = { name: 'sdk 1.32', shared: new V1Validator(), fresh: () => new V1Validator() };
const V2: Server = { name: 'server 2.4', shared: new V2Validator(), fresh: () => new V2Validator() };
const SERVERS = [V1, V2];

/** What the server's `elicitInput` does with an accepted answer: `true` when it passes the answer on. */
function serverAccepts(server: Server, schema: unknown, content: unknown): boolean {
  const text = JSON.stringify(schema);
  const validator = /"\$(?:id|anchor|dynamicAnchor)"/.test(text) ? server.fresh() : server.shared;
  try {
    return validator.getValidator(JSON.parse(text) as never)(content).valid;
  } catch {
    return false; // the schema does not compile: every accepted answer fails the call
  }
}

beforeAll(async () => {
  // Patterns are checked by the linear-time engine; until it loads the kit refuses them (pattern-pending).
  // Keywords core does not read are checked by the complete validator; until it loads, schema-pending.
  await Promise.all([loadPatternEngine(), loadSchemaValidator()]);
});

describe('given the cases the outside test found', () => {
  const size = (extra: Record<string, unknown>) =>
    untrusted({ type: 'object', properties: { size: { type: 'string', enum: ['S', 'XL'], ...extra } } });

  test('minLength 2 on a single select: "S" is not offered, and choosing it is refused, as both servers refuse it', () => {
    const schema = size({ minLength: 2 });
    expect(parseRequestedSchema(schema)).toEqual({
      ok: true,
      fields: [
        {
          key: 'size',
          label: 'size',
          required: false,
          kind: 'single-select',
          variant: 'untitled',
          spelling: 'enum',
          options: [{ value: 'XL', label: 'XL' }],
        },
      ],
      warnings: [
        {
          path: 'properties.size.enum[0]',
          code: 'option-unacceptable',
          severity: 'warning',
          message: 'The option "S" is not offered, as the server would refuse it: Enter at least 2 characters.',
        },
      ],
    });
    expect(submitDraft(schema, { size: 'S' })).toEqual({
      ok: false,
      errors: [{ field: 'size', code: 'option', message: '"S" is not one of the options.' }],
    });
    expect(submitDraft(schema, { size: 'XL' })).toEqual({
      ok: true,
      result: { action: 'accept', content: { size: 'XL' } },
    });
    expect(
      SERVERS.map((server) => [
        serverAccepts(server, schema, { size: 'S' }),
        serverAccepts(server, schema, { size: 'XL' }),
      ]),
    ).toEqual([
      [false, true],
      [false, true],
    ]);
  });

  test.each([
    [
      'maxLength on a titled single select',
      {
        type: 'object',
        properties: {
          size: {
            type: 'string',
            maxLength: 1,
            oneOf: [
              { const: 'S', title: 'Small' },
              { const: 'XL', title: 'Huge' },
            ],
          },
        },
      },
      'properties.size.oneOf[1]',
      'The option "XL" is not offered, as the server would refuse it: Enter at most 1 character.',
      { size: 'XL' },
    ],
    [
      'format on a single select',
      { type: 'object', properties: { to: { type: 'string', enum: ['ann@example.com', 'nobody'], format: 'email' } } },
      'properties.to.enum[1]',
      'The option "nobody" is not offered, as the server would refuse it: Enter an email address such as name@example.com.',
      { to: 'nobody' },
    ],
    [
      'minLength inside a multi-select’s items',
      {
        type: 'object',
        properties: { tags: { type: 'array', items: { type: 'string', enum: ['a', 'bb'], minLength: 2 } } },
      },
      'properties.tags.items.enum[0]',
      'The option "a" is not offered, as the server would refuse it: Enter at least 2 characters.',
      { tags: ['a'] },
    ],
    [
      'format inside a titled multi-select’s items',
      {
        type: 'object',
        properties: {
          day: {
            type: 'array',
            items: {
              format: 'date',
              anyOf: [
                { const: '2026-03-01', title: 'Sunday' },
                { const: 'soon', title: 'Soon' },
              ],
            },
          },
        },
      },
      'properties.day.items.anyOf[1]',
      'The option "soon" is not offered, as the server would refuse it: Enter a real date as YYYY-MM-DD.',
      { day: ['soon'] },
    ],
  ])('%s: the option the servers refuse is named and not offered', (_name, raw, path, message, answer) => {
    const schema = untrusted(raw);
    const parsed = parseRequestedSchema(schema);
    expect(parsed.ok && parsed.warnings).toEqual([{ path, code: 'option-unacceptable', severity: 'warning', message }]);
    const [key] = Object.keys(answer);
    expect(submitDraft(schema, answer).ok).toBe(false);
    expect(validateElicitContent(schema, answer).map((error) => [error.field, error.code])).toEqual([[key, 'option']]);
    expect(SERVERS.map((server) => serverAccepts(server, schema, answer))).toEqual([false, false]);
  });

  test('no option fits: the form is refused', () => {
    expect(parseRequestedSchema(size({ minLength: 3 }))).toEqual({
      ok: false,
      problems: [
        {
          path: 'properties.size.enum[0]',
          code: 'option-unacceptable',
          severity: 'warning',
          message: 'The option "S" is not offered, as the server would refuse it: Enter at least 3 characters.',
        },
        {
          path: 'properties.size.enum[1]',
          code: 'option-unacceptable',
          severity: 'warning',
          message: 'The option "XL" is not offered, as the server would refuse it: Enter at least 3 characters.',
        },
        {
          path: 'properties.size.enum',
          code: 'options-invalid',
          severity: 'error',
          message: "No option fits this field's rules, so no choice could be accepted.",
        },
      ],
    });
  });

  test('pattern on a single select and in items: the chosen option is checked on Accept, as the servers check it', () => {
    const schema = untrusted({
      type: 'object',
      properties: {
        size: { type: 'string', enum: ['S', 'XL'], pattern: '^X' },
        tags: { type: 'array', items: { type: 'string', enum: ['ab', 'b'], pattern: '^a' } },
      },
    });
    const message = 'The server does not accept this option.';
    expect(submitDraft(schema, { size: 'S', tags: ['ab', 'b'] })).toEqual({
      ok: false,
      errors: [
        { field: 'size', code: 'pattern', message },
        { field: 'tags', code: 'pattern', message },
      ],
    });
    const good = { size: 'XL', tags: ['ab'] };
    expect(submitDraft(schema, good)).toEqual({ ok: true, result: { action: 'accept', content: good } });
    expect(
      SERVERS.map((server) => [serverAccepts(server, schema, { size: 'S' }), serverAccepts(server, schema, good)]),
    ).toEqual([
      [false, true],
      [false, true],
    ]);
  });

  test('minProperties 1 with nothing filled: Accept is refused with a form-wide error, not sent as {}', () => {
    const schema = untrusted({ type: 'object', properties: { note: { type: 'string' } }, minProperties: 1 });
    const error = { field: '', code: 'min-properties', message: 'Answer at least 1 question.' };
    expect(submitDraft(schema, {})).toEqual({ ok: false, errors: [error] });
    expect(validateElicitContent(schema, {})).toEqual([error]);
    expect(SERVERS.map((server) => serverAccepts(server, schema, {}))).toEqual([false, false]);
    expect(submitDraft(schema, { note: 'hi' })).toEqual({
      ok: true,
      result: { action: 'accept', content: { note: 'hi' } },
    });
  });

  test('maxProperties 1: two answers are refused with a form-wide error', () => {
    const schema = untrusted({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      maxProperties: 1,
    });
    const error = { field: '', code: 'max-properties', message: 'Answer at most 1 question; leave the others empty.' };
    expect(submitDraft(schema, { a: 'x', b: 'y' })).toEqual({ ok: false, errors: [error] });
    expect(validateElicitContent(schema, { a: 'x', b: 'y' })).toEqual([error]);
    expect(SERVERS.map((server) => serverAccepts(server, schema, { a: 'x', b: 'y' }))).toEqual([false, false]);
  });

  test('the form model shows the form-wide error after Accept and clears it once an answer is given', () => {
    const model = createElicitationFormModel({
      message: 'Anything to add?',
      requestedSchema: { type: 'object', properties: { note: { type: 'string' } }, minProperties: 1 },
    });
    expect(model.submit().ok).toBe(false);
    expect(model.getSnapshot().errors).toEqual([
      { field: '', code: 'min-properties', message: 'Answer at least 1 question.' },
    ]);
    model.setValue('note', 'hi');
    expect(model.getSnapshot().errors).toEqual([]);
  });

  test.each([
    [
      'minProperties 2 with one field',
      { minProperties: 2 },
      'minProperties',
      'minProperties 2 is more than the 1 fields, so no answer fits.',
    ],
    [
      'maxProperties 0 with a required field',
      { maxProperties: 0, required: ['note'] },
      'maxProperties',
      'maxProperties 0 is less than the 1 required fields, so no answer fits.',
    ],
  ])('%s: refused, no answer could pass', (_name, root, path, message) => {
    const parsed = parseRequestedSchema({ type: 'object', properties: { note: { type: 'string' } }, ...root });
    expect(parsed).toEqual({ ok: false, problems: [{ path, code: 'bounds-conflict', severity: 'error', message }] });
  });

  const UNCHECKED = 'is not part of MCP elicitation; the kit does not check it, so the server may refuse an answer.';

  test.each([
    ['allOf', { allOf: [{ required: ['note'] }] }],
    ['not', { not: { required: ['note'] } }],
    ['if', { if: { required: ['note'] }, then: { required: ['more'] } }],
    ['dependentRequired', { dependentRequired: { note: ['more'] } }],
    ['dependencies', { dependencies: { note: ['more'] } }],
    ['propertyNames', { propertyNames: { maxLength: 3 } }],
    ['$ref', { $ref: '#/$defs/base', $defs: { base: { required: ['note'] } } }],
    ['patternProperties', { patternProperties: { '^n': { minLength: 5 } } }],
    ['unevaluatedProperties', { unevaluatedProperties: false }],
  ])('root %s is named in a warning before the person types', (keyword, root) => {
    const parsed = parseRequestedSchema({
      type: 'object',
      properties: { note: { type: 'string' }, more: { type: 'string' } },
      ...root,
    });
    expect(parsed.ok && parsed.warnings.filter((warning) => warning.path === keyword)).toEqual([
      { path: keyword, code: 'keyword-unchecked', severity: 'warning', message: `${keyword} ${UNCHECKED}` },
    ]);
  });

  test('a keyword inside items or inside a titled option is named with its path', () => {
    const parsed = parseRequestedSchema({
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'], not: { const: 'a' } } },
        size: { type: 'string', oneOf: [{ const: 'S', title: 'Small', minLength: 2 }] },
      },
    });
    expect(parsed.ok && parsed.warnings.map((warning) => [warning.path, warning.code])).toEqual([
      ['properties.tags.items.not', 'keyword-unchecked'],
      ['properties.size.oneOf[0].minLength', 'keyword-unchecked'],
    ]);
  });

  test('a $schema the 2.x server does not know is named: that server fails every answer to it', () => {
    const schema = untrusted({
      $schema: 'https://example.com/my-dialect',
      type: 'object',
      properties: { note: { type: 'string' } },
    });
    const parsed = parseRequestedSchema(schema);
    expect(parsed.ok && parsed.warnings).toEqual([
      {
        path: '$schema',
        code: 'keyword-unchecked',
        severity: 'warning',
        message: `$schema ${UNCHECKED}`,
      },
    ]);
    expect(serverAccepts(V2, schema, { note: 'x' })).toBe(false);
  });
});

describe('given the 13 schemas whose answers the servers refused while the kit only warned', () => {
  const text = { type: 'string' };
  const notes = (root: Record<string, unknown>) =>
    untrusted({ type: 'object', properties: { note: text, more: text }, ...root });
  const one = (key: string, property: Record<string, unknown>, root: Record<string, unknown> = {}) =>
    untrusted({ type: 'object', properties: { [key]: property }, ...root });
  const REQUIRED = { code: 'required', message: 'This field is required.' };
  const LEAVE_EMPTY = {
    code: 'rule',
    message: 'The server does not accept an answer to this question; leave it empty.',
  };
  const NOT_HERE = { code: 'rule', message: 'The server does not accept this value here.' };

  // [name, schema, a draft the kit used to send, the errors now, a draft that is fixed]; every server refuses
  // what the kit used to send, but 1.x (draft-07) for dependentRequired, which 2.x (2020-12) checks.
  test.each<[string, RequestedSchema, Record<string, unknown>, unknown[], Record<string, unknown>]>([
    ['allOf', notes({ allOf: [{ required: ['note'] }] }), {}, [{ field: 'note', ...REQUIRED }], { note: 'hi' }],
    [
      'not',
      one('user', { type: 'string', not: { const: 'admin' } }),
      { user: 'admin' },
      [{ field: 'user', code: 'rule', message: 'The server does not accept this answer.' }],
      { user: 'ada' },
    ],
    [
      'if / then',
      notes({ if: { required: ['note'] }, then: { required: ['more'] } }),
      { note: 'hi' },
      [{ field: 'more', ...REQUIRED }],
      { note: 'hi', more: 'yes' },
    ],
    [
      '$ref',
      notes({ $ref: '#/$defs/base', $defs: { base: { required: ['note'] } } }),
      { more: 'x' },
      [{ field: 'note', ...REQUIRED }],
      { note: 'hi' },
    ],
    [
      'propertyNames',
      notes({ propertyNames: { maxLength: 3 } }),
      { note: 'hi' },
      [{ field: 'note', ...LEAVE_EMPTY }],
      {},
    ],
    [
      'dependentRequired',
      notes({ dependentRequired: { note: ['more'] } }),
      { note: 'hi' },
      [{ field: 'more', ...REQUIRED }],
      { note: 'hi', more: 'yes' },
    ],
    [
      'dependencies (names)',
      notes({ dependencies: { note: ['more'] } }),
      { note: 'hi' },
      [{ field: 'more', ...REQUIRED }],
      { more: 'yes' },
    ],
    [
      'dependencies (schema)',
      notes({ dependencies: { note: { required: ['more'] } } }),
      { note: 'hi' },
      [{ field: 'more', ...REQUIRED }],
      { note: 'hi', more: 'yes' },
    ],
    [
      'const',
      one('code', { type: 'string', const: 'yes' }),
      { code: 'no' },
      [{ field: 'code', ...NOT_HERE }],
      { code: 'yes' },
    ],
    [
      'exclusiveMaximum',
      one('count', { type: 'number', exclusiveMaximum: 10 }),
      { count: 10 },
      [{ field: 'count', code: 'maximum', message: 'Enter less than 10.' }],
      { count: 9.5 },
    ],
    [
      'exclusiveMinimum',
      one('count', { type: 'number', exclusiveMinimum: 0 }),
      { count: '0' },
      [{ field: 'count', code: 'minimum', message: 'Enter more than 0.' }],
      { count: '0.5' },
    ],
    [
      'multipleOf',
      one('count', { type: 'integer', multipleOf: 5 }),
      { count: 7 },
      [{ field: 'count', code: 'rule', message: 'Enter a multiple of 5.' }],
      { count: 15 },
    ],
    [
      'const: true on a boolean',
      one('agree', { type: 'boolean', const: true }, { required: ['agree'] }),
      {},
      [{ field: 'agree', ...NOT_HERE }],
      { agree: true },
    ],
  ])(
    '%s: the answer both servers refuse is not sent; the error is at its field; the fixed one is sent',
    (name, schema, wrong, errors, fixed) => {
      // The kit used to send this: both servers refuse it.
      const content = (draft: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(draft).map(([key, value]) => [
            key,
            typeof value === 'string' && key === 'count' ? Number(value) : value,
          ]),
        );
      const refusedBefore = schema.required?.includes('agree') ? { agree: false } : content(wrong);
      expect(SERVERS.map((server) => serverAccepts(server, schema, refusedBefore))).toEqual([
        name === 'dependentRequired',
        false,
      ]);
      expect(submitDraft(schema, wrong as never)).toEqual({ ok: false, errors });
      expect(validateElicitContent(schema, refusedBefore)).toEqual(errors);
      const sent = submitDraft(schema, fixed as never);
      expect(sent).toEqual({ ok: true, result: { action: 'accept', content: content(fixed) } });
      expect(SERVERS.map((server) => serverAccepts(server, schema, content(fixed)))).toEqual([true, true]);
    },
  );
});

// ---------------------------------------------------------------------------------------------------
// The differential property test.

type Level = 'root' | 'field' | 'items';
const LEVELS: readonly Level[] = ['root', 'field', 'items'];

/** Subschemas a keyword may hold: each constrains some value of the form, or nothing. */
const SUBSCHEMA = fc.constantFrom<unknown>(
  {},
  true,
  false,
  { minLength: 2 },
  { maxLength: 1 },
  { const: 'S' },
  { enum: ['S', 'a'] },
  { pattern: '^[a-z]+$' },
  { format: 'email' },
  { minimum: 1 },
  { type: 'string' },
  { type: 'integer' },
  { required: ['name'] },
  { properties: { name: { minLength: 3 } } },
  { minItems: 1 },
  { contains: { const: 'a' } },
  { minProperties: 2 },
  { not: { const: 'XL' } },
);

/** The whole 2020-12 vocabulary (core, applicator, unevaluated, validation, format, content, meta-data) and draft-07's `dependencies`, each with plausible values. */
const VOCABULARY: Record<string, fc.Arbitrary<unknown>> = {
  // core
  $id: fc.nat(1_000_000).map((n) => `https://example.com/schemas/${n}`),
  $schema: fc.constantFrom(
    'https://json-schema.org/draft/2020-12/schema',
    'http://json-schema.org/draft-07/schema#',
    'https://json-schema.org/draft/2019-09/schema',
    'https://example.com/my-dialect',
  ),
  $ref: fc.constantFrom('#/$defs/rule', '#', '#/properties/name', '#/$defs/missing'),
  $anchor: fc.constantFrom('here', 'field-rule'),
  $dynamicRef: fc.constantFrom('#here', '#/$defs/rule'),
  $dynamicAnchor: fc.constantFrom('here'),
  $vocabulary: fc.constant({ 'https://json-schema.org/draft/2020-12/vocab/core': true }),
  $comment: fc.constant('a note'),
  $defs: SUBSCHEMA.map((rule) => ({ rule })),
  definitions: SUBSCHEMA.map((rule) => ({ rule })),
  // applicator
  prefixItems: fc.array(SUBSCHEMA, { minLength: 1, maxLength: 2 }),
  items: SUBSCHEMA,
  contains: SUBSCHEMA,
  additionalProperties: fc.oneof(fc.boolean(), SUBSCHEMA),
  properties: SUBSCHEMA.map((rule) => ({ name: rule })),
  patternProperties: SUBSCHEMA.map((rule) => ({ '^n': rule })),
  dependentSchemas: SUBSCHEMA.map((rule) => ({ name: rule })),
  propertyNames: fc.constantFrom({ maxLength: 4 }, { pattern: '^[a-z]+$' }, {}),
  if: SUBSCHEMA,
  then: SUBSCHEMA,
  else: SUBSCHEMA,
  allOf: fc.array(SUBSCHEMA, { minLength: 1, maxLength: 2 }),
  anyOf: fc.array(SUBSCHEMA, { minLength: 1, maxLength: 2 }),
  oneOf: fc.array(SUBSCHEMA, { minLength: 1, maxLength: 2 }),
  not: SUBSCHEMA,
  // unevaluated
  unevaluatedItems: fc.oneof(fc.boolean(), SUBSCHEMA),
  unevaluatedProperties: fc.oneof(fc.boolean(), SUBSCHEMA),
  // validation
  type: fc.constantFrom('string', 'number', 'integer', 'boolean', 'array', 'object', 'null'),
  const: fc.constantFrom<unknown>('S', 'a', 1, true),
  enum: fc.constantFrom<unknown>(['S', 'XL'], ['a', 'bb'], [1, 2]),
  multipleOf: fc.constantFrom(2, 0.5),
  maximum: fc.constantFrom(0, 3),
  exclusiveMaximum: fc.constantFrom(0, 3),
  minimum: fc.constantFrom(1, 3),
  exclusiveMinimum: fc.constantFrom(0, 2),
  maxLength: fc.constantFrom(1, 2),
  minLength: fc.constantFrom(2, 3),
  pattern: fc.constantFrom('^[a-z]+$', '^S', 'b', '^.{2,}$'),
  maxItems: fc.constantFrom(0, 1),
  minItems: fc.constantFrom(1, 2),
  uniqueItems: fc.boolean(),
  maxContains: fc.constantFrom(0, 1),
  minContains: fc.constantFrom(0, 2),
  maxProperties: fc.constantFrom(0, 1, 2),
  minProperties: fc.constantFrom(1, 2, 3),
  required: fc.constantFrom(['name'], ['size', 'count']),
  dependentRequired: fc.constant({ name: ['size'] }),
  dependencies: fc.constantFrom<unknown>({ name: ['size'] }, { name: { required: ['count'] } }),
  // format
  format: fc.constantFrom('email', 'date', 'uri', 'date-time', 'uuid', 'ipv4'),
  // content
  contentEncoding: fc.constant('base64'),
  contentMediaType: fc.constant('application/json'),
  contentSchema: SUBSCHEMA,
  // meta-data
  title: fc.constant('A title'),
  description: fc.constant('Some words.'),
  default: fc.constantFrom<unknown>('S', 1, true, ['a']),
  deprecated: fc.boolean(),
  readOnly: fc.boolean(),
  writeOnly: fc.boolean(),
  examples: fc.constant(['S']),
};
const KEYWORDS = Object.keys(VOCABULARY);

const FIELD_KEYS = ['name', 'size', 'count', 'ratio', 'agree', 'tags'] as const;

/** A valid elicitation schema with one field of each kind (selects untitled or titled). */
const BASE = fc.record({
  titled: fc.boolean(),
  required: fc.subarray([...FIELD_KEYS]),
});

function baseSchema({ titled, required }: { titled: boolean; required: string[] }): Record<string, unknown> {
  const titledOptions = (values: string[]) => values.map((value) => ({ const: value, title: `T ${value}` }));
  return {
    type: 'object',
    properties: {
      name: { type: 'string' },
      size: titled
        ? { type: 'string', oneOf: titledOptions(['S', 'M', 'XL']) }
        : { type: 'string', enum: ['S', 'M', 'XL'] },
      count: { type: 'integer' },
      ratio: { type: 'number' },
      agree: { type: 'boolean' },
      tags: {
        type: 'array',
        items: titled
          ? { anyOf: titledOptions(['a', 'bb', 'ann@example.com']) }
          : { type: 'string', enum: ['a', 'bb', 'ann@example.com'] },
      },
    },
    required,
  };
}

interface Injection {
  keyword: string;
  level: Level;
  /** The field whose schema (`field`) or `items` (`items`) gets the keyword. */
  field: (typeof FIELD_KEYS)[number];
  value: unknown;
}

const INJECTION: fc.Arbitrary<Injection> = fc
  .record({
    keyword: fc.constantFrom(...KEYWORDS),
    level: fc.constantFrom(...LEVELS),
    field: fc.constantFrom(...FIELD_KEYS),
  })
  .chain(({ keyword, level, field }) =>
    (VOCABULARY[keyword] as fc.Arbitrary<unknown>).map((value) => ({
      keyword,
      level,
      field: level === 'items' ? ('tags' as const) : field,
      value,
    })),
  );

/** Where the injected keyword stands, as the kit writes paths. */
function pathOf({ keyword, level, field }: Injection): string {
  if (level === 'root') return keyword;
  const fieldPath = joinPath('properties', field);
  return joinPath(level === 'items' ? joinPath(fieldPath, 'items') : fieldPath, keyword);
}

function inject(schema: Record<string, unknown>, injection: Injection): void {
  const properties = schema.properties as Record<string, Record<string, unknown>>;
  const owner =
    injection.level === 'root'
      ? schema
      : injection.level === 'field'
        ? properties[injection.field]
        : (properties.tags?.items as Record<string, unknown>);
  if (owner) owner[injection.keyword] = injection.value;
}

/** Values a person or a client could send per field: right ones, wrong ones, and missing ones. */
const TEXTS = ['', 'S', 'M', 'XL', 'a', 'bb', 'abc', 'Name', 'ann@example.com', '2026-03-01', 'https://x.y', '12'];
const ANSWER = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...TEXTS) },
  fc.constantFrom<unknown>(0, 1, 2, 2.5, -1, 10),
  fc.boolean(),
  // Distinct items: a chosen option twice is refused by the kit on purpose (checkValue's `duplicate`).
  { weight: 2, arbitrary: fc.subarray(['a', 'bb', 'ann@example.com', 'S']) },
);
const CONTENT = fc
  .tuple(fc.dictionary(fc.constantFrom(...FIELD_KEYS), ANSWER, { maxKeys: 6 }), fc.option(ANSWER, { nil: undefined }))
  .map(([answers, extra]) => (extra === undefined ? answers : { ...answers, extra }));

const CASE = fc.record({
  base: BASE,
  // Mostly one keyword, so that a warning for one never hides what another does.
  injections: fc.oneof(
    { weight: 3, arbitrary: fc.tuple(INJECTION) },
    { weight: 1, arbitrary: fc.tuple(INJECTION, INJECTION) },
  ) as fc.Arbitrary<Injection[]>,
  content: CONTENT,
});

describe('given generated schemas with every 2020-12 keyword at every level', () => {
  test(
    'the kit agrees with both servers, or refused the form; with a named keyword, what it passes both pass: zero silent mismatches',
    { timeout: 300_000 },
    () => {
      const seen = new Map<string, Set<Level>>(KEYWORDS.map((keyword) => [keyword, new Set<Level>()]));
      const silent: string[] = [];
      const outcome = { refused: 0, named: 0, compared: 0, namedPassed: 0 };
      fc.assert(
        fc.property(CASE, ({ base, injections, content }) => {
          const schema = baseSchema(base);
          for (const injection of injections) {
            inject(schema, injection);
            seen.get(injection.keyword)?.add(injection.level);
          }
          const parsed = parseRequestedSchema(schema);
          if (!parsed.ok) {
            outcome.refused++; // Decline and Cancel only, nothing is sent
            return;
          }
          const named = injections.some((injection) => {
            const path = pathOf(injection);
            return parsed.warnings.some(
              (warning) =>
                warning.path === path || warning.path.startsWith(`${path}.`) || warning.path.startsWith(`${path}[`),
            );
          });
          if (named) outcome.named++;
          else outcome.compared++;
          const requested = untrusted(schema);
          const submitted = submitDraft(requested, content as never);
          const kitContent = validateElicitContent(requested, content).length === 0;
          if (named && kitContent) outcome.namedPassed++;
          for (const server of SERVERS) {
            if (submitted.ok && !serverAccepts(server, schema, submitted.result.content)) {
              silent.push(
                `${server.name} refuses what submitDraft sent: ${JSON.stringify([schema, submitted.result.content])}`,
              );
            }
            // A named keyword is checked by the complete validator: what the kit passes, both servers pass
            // (the kit may be stricter, as with its date-times).
            if (
              named
                ? kitContent && !serverAccepts(server, schema, content)
                : kitContent !== serverAccepts(server, schema, content)
            ) {
              silent.push(
                `${server.name} says ${!kitContent}, validateElicitContent ${kitContent}: ${JSON.stringify([schema, content])}`,
              );
            }
          }
        }),
        { numRuns: 6_000, seed: 20261201 },
      );
      expect({ silent: silent.length, first: silent.slice(0, 5) }).toEqual({ silent: 0, first: [] });
      // A quarter of the cases reach the comparison: the generator does not hide behind refusals and warnings.
      expect(outcome.compared).toBeGreaterThan(1_000);
      // Named keywords are checked, not refused wholesale: answers to them that the kit passes are common.
      expect(outcome.namedPassed).toBeGreaterThan(100);
      // Each keyword appeared at each of the three levels.
      expect([...seen].filter(([, levels]) => levels.size < LEVELS.length).map(([keyword]) => keyword)).toEqual([]);
    },
  );
});
