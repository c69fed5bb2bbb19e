/**
 * Hostile `requestedSchema`s and answers, in Node: each ends in a verdict with an exact code and
 * message, never an exception, and never in work that grows faster than the input. "No hang" is
 * shown by structure, not by a clock: the parser does not descend into what it refuses (one problem
 * for 10,000 levels), a catastrophic pattern is matched by the linear-time engine (patterns*.test.ts
 * has one test per shape found), and a long text is refused before a pattern runs on it. Durations
 * are printed for the record, never asserted.
 */
import { beforeAll, describe, expect, test } from 'vitest';

import {
  initialDraft,
  loadPatternEngine,
  parseRequestedSchema,
  submitDraft,
  toRjsf,
  validateElicitContent,
  type RequestedSchema,
} from '../../src/core/index.js';

/** An untrusted schema, typed as the API takes it: the point is that it does not conform. */
function untrusted(value: unknown): RequestedSchema {
  return value as RequestedSchema;
}

/** `{ type: 'object', properties: { [key]: property } }`. */
function one(key: string, property: unknown): RequestedSchema {
  return untrusted(JSON.parse(JSON.stringify({ type: 'object', properties: { [key]: property } })));
}

/** The problems of a refused schema as `[path, code]`, or `ok` with the field count. */
function verdict(schema: unknown): string[][] | { ok: number } {
  const parsed = parseRequestedSchema(schema);
  return parsed.ok
    ? { ok: parsed.fields.length }
    : parsed.problems.map((problem) => [problem.path, problem.code, problem.message]);
}

function timed<T>(label: string, run: () => T): T {
  const started = performance.now();
  const result = run();
  console.log(`[hostile] ${label}: ${(performance.now() - started).toFixed(1)} ms`);
  return result;
}

const MEGABYTE = 'x'.repeat(1024 * 1024);

describe('given nesting and arrays of objects', () => {
  test.each([
    [
      'an object property',
      one('address', { type: 'object', properties: { street: { type: 'string' } } }),
      [['properties.address.type', 'nested-object', 'Elicitation forms are flat: a property cannot be an object.']],
    ],
    [
      'an array of objects',
      one('people', { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } }),
      [
        [
          'properties.people.items',
          'array-items',
          'items must be text options: { enum } or { anyOf: [{ const, title }] }.',
        ],
      ],
    ],
    [
      'an array of arrays',
      one('grid', { type: 'array', items: { type: 'array', items: { type: 'string', enum: ['a'] } } }),
      [
        [
          'properties.grid.items',
          'array-items',
          'items must be text options: { enum } or { anyOf: [{ const, title }] }.',
        ],
      ],
    ],
    [
      'an array without items',
      one('tags', { type: 'array' }),
      [
        [
          'properties.tags.items',
          'array-items',
          'items must be text options: { enum } or { anyOf: [{ const, title }] }.',
        ],
      ],
    ],
    ['a root that is an array', [], [['', 'not-object', 'The requested schema must be an object, not an array.']]],
    [
      'a root of type array',
      { type: 'array', properties: {} },
      [['type', 'root-type', 'The requested schema must have type "object", not the text "array".']],
    ],
    [
      'a property that is null',
      { type: 'object', properties: { a: null } },
      [['properties.a', 'not-object', 'A property must be a schema object, not null.']],
    ],
    [
      'a list of types',
      one('a', { type: ['string', 'null'] }),
      [['properties.a.type', 'type-unknown', 'type must be string, number, integer, boolean or array, not an array.']],
    ],
  ])('%s is refused with one exact problem', (_name, schema, problems) => {
    expect(verdict(schema)).toEqual(problems);
  });

  test('10,000 levels of nested objects give one problem: the parser never descends into a refused property', () => {
    let inner: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 10_000; level++) inner = { type: 'object', properties: { a: inner } };
    const result = timed('10,000 nested objects', () => verdict({ type: 'object', properties: { a: inner } }));
    expect(result).toEqual([
      ['properties.a.type', 'nested-object', 'Elicitation forms are flat: a property cannot be an object.'],
    ]);
  });

  test('10,000 levels of anyOf composition in a select: one problem at the first level', () => {
    let inner: Record<string, unknown> = { const: 'x', title: 'X' };
    for (let level = 0; level < 10_000; level++) inner = { anyOf: [inner] };
    const result = timed('10,000-level anyOf', () =>
      verdict({ type: 'object', properties: { a: { type: 'string', anyOf: [inner] } } }),
    );
    expect(result).toEqual([
      ['properties.a.anyOf[0]', 'options-invalid', 'Options must be { const, title }, not an object.'],
    ]);
  });

  test('10,000 levels of allOf in a text field: kept with one warning, never walked', () => {
    let inner: Record<string, unknown> = { minLength: 1 };
    for (let level = 0; level < 10_000; level++) inner = { allOf: [inner] };
    const parsed = parseRequestedSchema({ type: 'object', properties: { a: { type: 'string', allOf: [inner] } } });
    expect(parsed).toEqual({
      ok: true,
      fields: [{ key: 'a', label: 'a', required: false, kind: 'text', secret: false }],
      warnings: [
        {
          path: 'properties.a.allOf',
          code: 'keyword-unchecked',
          severity: 'warning',
          message:
            'allOf is not part of MCP elicitation; the kit does not check it, so the server may refuse an answer.',
        },
      ],
    });
  });

  test('a schema that contains itself (a cycle) is read without recursion', () => {
    const property: Record<string, unknown> = { type: 'string' };
    property.self = property;
    const schema = { type: 'object', properties: { a: property } };
    const parsed = parseRequestedSchema(schema);
    expect(parsed.ok && parsed.warnings.map((problem) => [problem.path, problem.code])).toEqual([
      ['properties.a.self', 'keyword-unchecked'],
    ]);
  });

  test('a Proxy whose every read throws is "unreadable", not an exception', () => {
    const trap = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
        ownKeys: () => {
          throw new Error('boom');
        },
      },
    );
    expect(verdict(trap)).toEqual([['', 'unreadable', 'The requested schema could not be read (boom).']]);
  });

  test('a getter that throws on properties is "unreadable"', () => {
    const schema = {
      type: 'object',
      get properties(): unknown {
        throw new TypeError('no');
      },
    };
    expect(verdict(schema)).toEqual([['', 'unreadable', 'The requested schema could not be read (no).']]);
  });
});

describe('given 100,000 options', () => {
  const values = Array.from({ length: 100_000 }, (_, index) => `v${index}`);
  const titled = values.map((value) => ({ const: value, title: `Option ${value}` }));

  test.each([
    ['an untitled multi-select', one('many', { type: 'array', items: { type: 'string', enum: values } })],
    ['a titled multi-select', one('many', { type: 'array', items: { anyOf: titled } })],
    ['an untitled single-select', one('many', { type: 'string', enum: values })],
    ['a titled single-select (oneOf)', one('many', { type: 'string', oneOf: titled })],
    [
      'a legacy enumNames select',
      one('many', { type: 'string', enum: values, enumNames: values.map((value) => `Name ${value}`) }),
    ],
  ])('%s parses, and rjsf gets one enum (not 100,000 branches)', (name, schema) => {
    const parsed = timed(`parse ${name}`, () => parseRequestedSchema(schema));
    expect(parsed.ok && parsed.fields[0]?.kind !== 'text' && parsed.fields[0]?.kind).toBe(
      name.includes('multi') ? 'multi-select' : 'single-select',
    );
    const rjsf = toRjsf(schema);
    const property = rjsf.schema.properties?.many as Record<string, unknown>;
    const options = (
      name.includes('multi') ? (property.items as Record<string, unknown>).enum : property.enum
    ) as string[];
    expect(options).toHaveLength(100_000);
    expect(Object.keys(property).filter((keyword) => keyword === 'anyOf' || keyword === 'oneOf')).toEqual([]);
  });

  test('choosing all 100,000 conforms, in option order; one unknown value is named', () => {
    const schema = one('many', { type: 'array', items: { anyOf: titled } });
    expect(timed('validate 100,000 chosen', () => validateElicitContent(schema, { many: values }))).toEqual([]);
    expect(validateElicitContent(schema, { many: [...values, 'v100000'] })).toEqual([
      { field: 'many', code: 'option', message: '"v100000" is not one of the options.' },
    ]);
    expect(submitDraft(schema, { many: ['v99999', 'v0'] })).toEqual({
      ok: true,
      result: { action: 'accept', content: { many: ['v0', 'v99999'] } },
    });
  });

  test('a duplicate among 100,000 is reported once, with its index', () => {
    // 100,000 entries in all: one more would be refused as too many options before any is read.
    const duplicated = [...values.slice(0, 99_999), 'v5'];
    expect(verdict(one('many', { type: 'string', enum: duplicated }))).toEqual([
      ['properties.many.enum[99999]', 'duplicate-value', 'The value "v5" appears twice.'],
    ]);
  });
});

describe('given 100,000 fields', () => {
  const wide = untrusted({
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: 100_000 }, (_, index) => [
        `f${index}`,
        { type: 'string', title: '<img src=x onerror=alert(1)>' },
      ]),
    ),
  });

  test('the form is refused with a message, before any field is read; no answer conforms, and submitting says to decline or cancel', () => {
    expect(timed('parse 100,000 fields', () => verdict(wide))).toEqual([
      ['properties', 'too-many-fields', 'The form has 100000 fields, more than the 1000 a form may have.'],
    ]);
    expect(validateElicitContent(wide, {})).toEqual([
      {
        field: '',
        code: 'schema',
        message:
          'The requested schema is refused, so no answer can conform: The form has 100000 fields, more than the 1000 a form may have.',
      },
    ]);
    expect(submitDraft(wide, {})).toEqual({
      ok: false,
      errors: [
        {
          field: '',
          code: 'schema',
          message: 'The requested schema is refused, so no answer can conform; decline or cancel instead.',
        },
      ],
    });
  });
});

describe('given 1 MB strings', () => {
  test('a 1 MB message, title, description and default are kept as text', () => {
    const schema = one('note', { type: 'string', title: MEGABYTE, description: MEGABYTE, default: MEGABYTE });
    const parsed = parseRequestedSchema(schema);
    expect(parsed.ok && parsed.fields[0]?.label.length).toBe(1024 * 1024);
    expect(initialDraft(schema)).toEqual({ note: MEGABYTE });
  });

  test('a 1 MB answer over maxLength gets the bound, not the text, in its message', () => {
    expect(validateElicitContent(one('note', { type: 'string', maxLength: 10 }), { note: MEGABYTE })).toEqual([
      { field: 'note', code: 'max-length', message: 'Enter at most 10 characters.' },
    ]);
  });

  test('a 1 MB answer to a select is quoted in 60 characters, not echoed whole', () => {
    expect(validateElicitContent(one('pick', { type: 'string', enum: ['a'] }), { pick: MEGABYTE })).toEqual([
      { field: 'pick', code: 'option', message: `"${'x'.repeat(60)}…" is not one of the options.` },
    ]);
  });

  test('a 1 MB type name is quoted in 40 characters in the problem', () => {
    expect(verdict(one('a', { type: MEGABYTE }))).toEqual([
      [
        'properties.a.type',
        'type-unknown',
        `type must be string, number, integer, boolean or array, not the text "${'x'.repeat(40)}…".`,
      ],
    ]);
  });

  test('a 1 MB format name is quoted in 60 characters in the problem', () => {
    expect(verdict(one('a', { type: 'string', format: MEGABYTE }))).toEqual([
      [
        'properties.a.format',
        'format-unknown',
        `format "${'x'.repeat(60)}…" is not one the spec allows (email, uri, date, date-time).`,
      ],
    ]);
  });

  test('a 1 MB duplicate value is quoted in 60 characters', () => {
    expect(verdict(one('a', { type: 'string', enum: [MEGABYTE, MEGABYTE] }))).toEqual([
      ['properties.a.enum[1]', 'duplicate-value', `The value "${'x'.repeat(60)}…" appears twice.`],
    ]);
  });

  test('a 1 MB unexpected key is quoted in 60 characters', () => {
    const schema = untrusted({ type: 'object', properties: {}, additionalProperties: false });
    expect(validateElicitContent(schema, { [MEGABYTE]: 1 })).toEqual([
      { field: MEGABYTE, code: 'unexpected', message: `"${'x'.repeat(60)}…" is not a field of this form.` },
    ]);
  });

  test('a 1 MB key is a field like any other', () => {
    const schema = one(MEGABYTE, { type: 'boolean' });
    expect(submitDraft(schema, { [MEGABYTE]: true })).toEqual({
      ok: true,
      result: { action: 'accept', content: { [MEGABYTE]: true } },
    });
  });
});

describe('given a catastrophic pattern', () => {
  beforeAll(async () => {
    await loadPatternEngine();
  });

  test.each([
    ['^(a+)+$', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'],
    ['^(a|a)*$', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'],
    ['^(\\w+\\s?)*$', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'],
    ['^(.*,)+$', ',,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,!'],
  ])('%s is kept and checked in linear time, so a 10,000-character answer is judged at once', (pattern, answer) => {
    // The old hand-written analysis left these to the server (a warning): now the engine runs them.
    const schema = one('code', { type: 'string', pattern });
    expect(parseRequestedSchema(schema)).toEqual({
      ok: true,
      fields: [{ key: 'code', label: 'code', required: false, kind: 'text', secret: false, pattern }],
      warnings: [],
    });
    const long = `${answer.slice(0, 1).repeat(9_999)}!`;
    expect(timed(`validate against ${pattern}`, () => validateElicitContent(schema, { code: long }))).toEqual([
      { field: 'code', code: 'pattern', message: 'The text does not have the form the server asks for.' },
    ]);
    expect(validateElicitContent(schema, { code: answer.slice(0, 10) })).toEqual([]);
  });

  test('a polynomial pattern (\\s+$) never sees more than 10,000 characters', () => {
    const schema = one('text', { type: 'string', pattern: '\\s+$' });
    expect(parseRequestedSchema(schema).ok && validateElicitContent(schema, { text: ' ' })).toEqual([]);
    expect(
      timed('1 MB against \\s+$', () => validateElicitContent(schema, { text: `${' '.repeat(1024 * 1024)}!` })),
    ).toEqual([
      {
        field: 'text',
        code: 'pattern',
        message: "Text over 10000 characters cannot be checked against the server's pattern.",
      },
    ]);
  });

  test('a pattern longer than 4,096 characters is not checked', () => {
    const schema = one('text', { type: 'string', pattern: 'a'.repeat(5000) });
    const parsed = parseRequestedSchema(schema);
    expect(parsed.ok && parsed.warnings.map((problem) => problem.message)).toEqual([
      'pattern is longer than 4096 characters; the kit does not check it.',
    ]);
  });

  test('a pattern that does not compile is not checked', () => {
    const parsed = parseRequestedSchema(one('text', { type: 'string', pattern: '(' }));
    expect(parsed.ok && parsed.warnings.map((problem) => [problem.code, problem.message])).toEqual([
      ['pattern-invalid', 'pattern is not a valid regular expression; the kit does not check it.'],
    ]);
  });

  test('a safe pattern is still enforced', () => {
    const schema = one('zip', { type: 'string', pattern: '^[0-9]{5}$' });
    expect(validateElicitContent(schema, { zip: '1234' })).toEqual([
      { field: 'zip', code: 'pattern', message: 'The text does not have the form the server asks for.' },
    ]);
    expect(validateElicitContent(schema, { zip: '12345' })).toEqual([]);
  });
});

describe('given __proto__, constructor and prototype keys', () => {
  test('a __proto__ property (from JSON) is a field; its answer is an own key; Object.prototype is untouched', () => {
    const schema = untrusted(
      JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}'),
    );
    const parsed = parseRequestedSchema(schema);
    expect(parsed.ok && parsed.fields.map((field) => [field.key, field.required])).toEqual([['__proto__', true]]);
    expect(toRjsf(schema).formKeys).toEqual(['field_0']);
    const draft: Record<string, string> = {};
    Object.defineProperty(draft, '__proto__', {
      value: 'polluted?',
      enumerable: true,
      writable: true,
      configurable: true,
    });
    const submitted = submitDraft(schema, draft);
    expect(submitted.ok && Object.getOwnPropertyDescriptor(submitted.result.content, '__proto__')?.value).toBe(
      'polluted?',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(submitted.ok && submitted.result.content)).toBe(Object.prototype);
  });

  test('content with a JSON __proto__ object does not pollute and is an unexpected key when the schema is closed', () => {
    const schema = untrusted({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false });
    const content: unknown = JSON.parse('{"a":"x","__proto__":{"polluted":true}}');
    expect(validateElicitContent(schema, content)).toEqual([
      { field: '__proto__', code: 'unexpected', message: '"__proto__" is not a field of this form.' },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('an optional constructor is asked as required, with a warning', () => {
    const parsed = parseRequestedSchema(one('constructor', { type: 'string' }));
    expect(parsed.ok && parsed.warnings.map((problem) => [problem.path, problem.code, problem.message])).toEqual([
      [
        'properties.constructor',
        'inherited-key',
        '"constructor" must be answered: the server\'s validator reads an absent one from Object.prototype.',
      ],
    ]);
    expect(validateElicitContent(one('constructor', { type: 'string' }), {})).toEqual([
      { field: 'constructor', code: 'required', message: 'This field is required.' },
    ]);
  });

  test('prototype is a plain field with its own rjsf name', () => {
    const schema = one('prototype', { type: 'string' });
    expect(toRjsf(schema).formKeys).toEqual(['prototype']);
    expect(submitDraft(schema, { prototype: 'p' })).toEqual({
      ok: true,
      result: { action: 'accept', content: { prototype: 'p' } },
    });
  });

  test.each(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'])(
    'the option value %s is an option like any other',
    (value) => {
      const schema = one('pick', { type: 'array', items: { type: 'string', enum: [value, 'other'] } });
      expect(submitDraft(schema, { pick: [value] })).toEqual({
        ok: true,
        result: { action: 'accept', content: { pick: [value] } },
      });
      expect(validateElicitContent(schema, { pick: ['valueOf'] })).toEqual([
        { field: 'pick', code: 'option', message: '"valueOf" is not one of the options.' },
      ]);
    },
  );

  test('required naming __proto__ without such a property is refused', () => {
    expect(verdict(JSON.parse('{"type":"object","properties":{},"required":["__proto__"]}'))).toEqual([
      ['required[0]', 'required-unknown', 'required names "__proto__", which is not a property, so no answer fits.'],
    ]);
  });
});

describe('given HTML and script in every text slot', () => {
  const html = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';

  test('titles, descriptions, option labels and enumNames stay the exact text (core never escapes or parses)', () => {
    const schema = untrusted({
      type: 'object',
      title: html,
      description: html,
      properties: {
        text: { type: 'string', title: html, description: html, default: html },
        titled: { type: 'string', oneOf: [{ const: html, title: html }] },
        legacy: { type: 'string', enum: ['a'], enumNames: [html] },
        multi: { type: 'array', items: { anyOf: [{ const: 'b', title: html }] } },
      },
    });
    const parsed = parseRequestedSchema(schema);
    expect(
      parsed.ok &&
        parsed.fields.map((field) => [
          field.label,
          field.description,
          field.kind === 'single-select' || field.kind === 'multi-select'
            ? field.options.map((option) => option.label)
            : [],
        ]),
    ).toEqual([
      [html, html, []],
      ['titled', undefined, [html]],
      ['legacy', undefined, [html]],
      ['multi', undefined, [html]],
    ]);
    expect(initialDraft(schema)).toEqual({ text: html });
    expect(submitDraft(schema, { titled: html })).toEqual({
      ok: true,
      result: { action: 'accept', content: { titled: html } },
    });
  });

  test('a property key of HTML gets a stand-in rjsf name and its exact key in the answer', () => {
    const schema = one(html, { type: 'string' });
    expect(toRjsf(schema).formKeys).toEqual(['field_0']);
    expect(submitDraft(schema, { [html]: 'v' })).toEqual({
      ok: true,
      result: { action: 'accept', content: { [html]: 'v' } },
    });
  });
});

describe('given right-to-left and zero-width characters', () => {
  test.each([
    ['a right-to-left override', '\u202Egnp.exe'],
    ['Arabic and Hebrew', 'نعم / כן'],
    ['zero-width joiners and spaces', 'Ye\u200Bs\u200D'],
    ['a byte-order mark', '\uFEFFOK'],
    ['isolates', '\u2067abc\u2069'],
  ])('%s in a label is kept exactly', (_name, label) => {
    const parsed = parseRequestedSchema(one('pick', { type: 'string', oneOf: [{ const: 'a', title: label }] }));
    expect(parsed.ok && parsed.fields[0]?.kind === 'single-select' && parsed.fields[0].options).toEqual([
      { value: 'a', label },
    ]);
  });

  test('values that differ only by a zero-width space are two distinct options, each answered exactly', () => {
    const schema = one('pick', { type: 'string', enum: ['yes', 'yes\u200B'] });
    expect(submitDraft(schema, { pick: 'yes\u200B' })).toEqual({
      ok: true,
      result: { action: 'accept', content: { pick: 'yes\u200B' } },
    });
    expect(validateElicitContent(schema, { pick: 'ye\u200Bs' })).toEqual([
      { field: 'pick', code: 'option', message: '"ye\u200bs" is not one of the options.' },
    ]);
  });
});

describe('given non-string and duplicate consts', () => {
  test.each([
    [1, 'number 1'],
    [true, 'boolean true'],
    [null, 'null'],
    [{}, 'an object'],
    [[], 'an array'],
  ])('a const of %j is refused', (value, described) => {
    expect(verdict(one('pick', { type: 'string', oneOf: [{ const: value, title: 'T' }] }))).toEqual([
      ['properties.pick.oneOf[0].const', 'option-not-string', `Options must be text, not ${described}.`],
    ]);
  });

  test('a missing const is refused', () => {
    expect(verdict(one('pick', { type: 'string', oneOf: [{ title: 'T' }] }))).toEqual([
      ['properties.pick.oneOf[0]', 'options-invalid', 'Options must be { const, title }, not an object.'],
    ]);
  });

  test('duplicate consts in a titled multi-select are refused at the second', () => {
    expect(
      verdict(
        one('pick', {
          type: 'array',
          items: {
            anyOf: [
              { const: 'a', title: 'A' },
              { const: 'a', title: 'Also A' },
            ],
          },
        }),
      ),
    ).toEqual([['properties.pick.items.anyOf[1].const', 'duplicate-value', 'The value "a" appears twice.']]);
  });

  test('a non-string enum value in a multi-select is refused', () => {
    expect(verdict(one('pick', { type: 'array', items: { type: 'string', enum: ['a', 2] } }))).toEqual([
      ['properties.pick.items.enum[1]', 'option-not-string', 'Options must be text, not number 2.'],
    ]);
  });

  test('enum and oneOf together are ambiguous', () => {
    expect(verdict(one('pick', { type: 'string', enum: ['a'], oneOf: [{ const: 'a', title: 'A' }] }))).toEqual([
      [
        'properties.pick',
        'options-ambiguous',
        'Options are listed in more than one way (enum, oneOf, anyOf): which one the server checks is unknown.',
      ],
    ]);
  });
});

describe('given conflicting bounds', () => {
  test.each([
    [
      { type: 'number', minimum: 10, maximum: 1 },
      'properties.f.minimum',
      'minimum 10 is more than maximum 1, so nothing fits.',
    ],
    [
      { type: 'integer', minimum: 0.5, maximum: -0.5 },
      'properties.f.minimum',
      'minimum 0.5 is more than maximum -0.5, so nothing fits.',
    ],
    [
      { type: 'string', minLength: 5, maxLength: 2 },
      'properties.f.minLength',
      'minLength 5 is more than maxLength 2, so nothing fits.',
    ],
    [
      { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 2, maxItems: 1 },
      'properties.f.minItems',
      'minItems 2 is more than maxItems 1, so nothing fits.',
    ],
    [
      { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 3 },
      'properties.f.minItems',
      'minItems 3 is more than the 2 options offered.',
    ],
  ])('%j is refused', (property, path, message) => {
    expect(verdict(one('f', property))).toEqual([[path, 'bounds-conflict', message]]);
  });

  test.each([
    [{ type: 'number', minimum: 'zero' }, 'properties.f.minimum', 'minimum must be a number, not the text "zero".'],
    [
      { type: 'string', maxLength: -1 },
      'properties.f.maxLength',
      'maxLength must be a whole number of 0 or more, not number -1.',
    ],
    [
      { type: 'string', minLength: 1.5 },
      'properties.f.minLength',
      'minLength must be a whole number of 0 or more, not number 1.5.',
    ],
  ])('a bad bound %j is refused', (property, path, message) => {
    expect(verdict(one('f', property))).toEqual([[path, 'bound-invalid', message]]);
  });

  test('submitting to a refused schema gives the schema error, never an exception', () => {
    const schema = one('f', { type: 'number', minimum: 10, maximum: 1 });
    expect(submitDraft(schema, { f: 5 })).toEqual({
      ok: false,
      errors: [
        {
          field: '',
          code: 'schema',
          message: 'The requested schema is refused, so no answer can conform; decline or cancel instead.',
        },
      ],
    });
    expect(validateElicitContent(schema, { f: 5 })).toEqual([
      {
        field: '',
        code: 'schema',
        message:
          'The requested schema is refused, so no answer can conform: minimum 10 is more than maximum 1, so nothing fits.',
      },
    ]);
  });
});

describe('given answers that are not JSON', () => {
  test.each([
    ['NaN', Number.NaN, 'not-a-number', 'Enter a finite number.'],
    ['Infinity', Number.POSITIVE_INFINITY, 'not-a-number', 'Enter a finite number.'],
    ['a string', '5', 'type', 'Enter a number.'],
    ['a bigint', BigInt(5), 'type', 'Enter a number.'],
    ['a function', () => 5, 'type', 'Enter a number.'],
  ])('%s for a number is a field error', (_name, value, code, message) => {
    expect(validateElicitContent(one('n', { type: 'number' }), { n: value })).toEqual([{ field: 'n', code, message }]);
  });

  test.each([
    ['null', null],
    ['an array', []],
    ['a string', 'content'],
  ])('content that is %s is a type error', (_name, content) => {
    expect(validateElicitContent(one('n', { type: 'number' }), content)).toEqual([
      { field: '', code: 'type', message: 'The answer must be an object.' },
    ]);
  });
});
