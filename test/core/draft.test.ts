import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { initialDraft, submitDraft } from '../../src/core/draft.js';
import { localDateTimeToRfc3339 } from '../../src/shared/date-time.js';
import type { RequestedSchema } from '../../src/core/types.js';
import { loadPatternEngine } from '../../src/shared/pattern-engine.js';

const original = process.env.TZ;
afterEach(() => {
  process.env.TZ = original;
});

describe('given a schema with defaults (SEP-1034)', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string', default: 'Ada' },
      age: { type: 'integer', default: 0 },
      subscribe: { type: 'boolean', default: false },
      color: { type: 'string', enum: ['red', 'green'], default: 'green' },
      tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, default: ['c', 'a'] },
      note: { type: 'string' },
      count: { type: 'number' },
      agree: { type: 'boolean' },
    },
  } as const satisfies RequestedSchema;

  test('initialDraft pre-fills the defaults, including 0 and false, and invents nothing', () => {
    expect(initialDraft(schema)).toStrictEqual({
      name: 'Ada',
      age: 0,
      subscribe: false,
      color: 'green',
      tags: ['c', 'a'],
    });
  });

  test('initialDraft copies array defaults, so editing the draft cannot change the schema', () => {
    const draft = initialDraft(schema);
    (draft.tags as string[]).push('b');
    expect(initialDraft(schema).tags).toEqual(['c', 'a']);
  });

  test('submitting the untouched defaults sends them, with the multi-select in option order', () => {
    expect(submitDraft(schema, initialDraft(schema))).toStrictEqual({
      ok: true,
      result: {
        action: 'accept',
        content: { name: 'Ada', age: 0, subscribe: false, color: 'green', tags: ['a', 'c'] },
      },
    });
  });

  test('an invalid default is not pre-filled', () => {
    expect(
      initialDraft({ type: 'object', properties: { n: { type: 'integer', minimum: 5, default: 2 } } }),
    ).toStrictEqual({});
  });

  test('a refused schema starts empty', () => {
    expect(initialDraft({ type: 'object', properties: { x: { type: 'object' } } } as never)).toStrictEqual({});
  });
});

describe('given empty and falsy answers', () => {
  const schema = {
    type: 'object',
    properties: {
      text: { type: 'string' },
      number: { type: 'number' },
      flag: { type: 'boolean' },
      pick: { type: 'string', enum: ['0', '1'] },
      many: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
    },
  } as const satisfies RequestedSchema;

  test('empty optional fields are omitted, never sent as "" or 0', () => {
    expect(submitDraft(schema, { text: '', number: '   ', pick: '', many: [] })).toStrictEqual({
      ok: true,
      result: { action: 'accept', content: {} },
    });
  });

  test('0, false and "0" are answers', () => {
    expect(submitDraft(schema, { text: '0', number: 0, flag: false, pick: '0' })).toStrictEqual({
      ok: true,
      result: { action: 'accept', content: { text: '0', number: 0, flag: false, pick: '0' } },
    });
  });

  test('null in a draft counts as empty', () => {
    expect(submitDraft(schema, { text: null, number: null } as never)).toStrictEqual({
      ok: true,
      result: { action: 'accept', content: {} },
    });
  });
});

describe('given required fields', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      agree: { type: 'boolean' },
      topics: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      seats: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1 },
    },
    required: ['name', 'agree', 'topics', 'seats'],
  } as const satisfies RequestedSchema;

  test('an untouched required boolean is answered false; an untouched multi-select is [] (then minItems applies)', () => {
    expect(submitDraft(schema, { name: 'x' })).toStrictEqual({
      ok: false,
      errors: [{ field: 'seats', code: 'min-items', message: 'Choose at least 1 option.' }],
    });
    expect(submitDraft(schema, { name: 'x', seats: ['b'] })).toStrictEqual({
      ok: true,
      result: { action: 'accept', content: { name: 'x', agree: false, topics: [], seats: ['b'] } },
    });
  });

  test('a required text left empty is an error, one per field, in property order', () => {
    expect(submitDraft(schema, { name: '', seats: [] })).toStrictEqual({
      ok: false,
      errors: [
        { field: 'name', code: 'required', message: 'This field is required.' },
        { field: 'seats', code: 'min-items', message: 'Choose at least 1 option.' },
      ],
    });
  });
});

describe('given number and integer fields', () => {
  const schema = {
    type: 'object',
    properties: {
      n: { type: 'number', minimum: -1.5, maximum: 10 },
      i: { type: 'integer' },
    },
  } as const satisfies RequestedSchema;

  test.each([
    [
      { n: '4.25', i: '42' },
      { n: 4.25, i: 42 },
    ],
    [
      { n: ' -1.5 ', i: '-0' },
      { n: -1.5, i: -0 },
    ],
    [
      { n: '1e1', i: '+7' },
      { n: 10, i: 7 },
    ],
    [
      { n: 3, i: 5 },
      { n: 3, i: 5 },
    ],
  ])('text %j becomes numbers %j', (draft, content) => {
    expect(submitDraft(schema, draft)).toStrictEqual({ ok: true, result: { action: 'accept', content } });
  });

  test.each([
    [{ n: 'abc' }, 'n', 'not-a-number', 'Enter a number.'],
    [{ n: '1,5' }, 'n', 'not-a-number', 'Enter a number.'],
    [{ n: '0x10' }, 'n', 'not-a-number', 'Enter a number.'],
    [{ n: 'Infinity' }, 'n', 'not-a-number', 'Enter a number.'],
    [{ n: '11' }, 'n', 'maximum', 'Enter 10 or less.'],
    [{ n: '-2' }, 'n', 'minimum', 'Enter -1.5 or more.'],
    [{ i: '4.5' }, 'i', 'integer', 'Enter a whole number.'],
    [{ i: true }, 'i', 'type', 'Enter a number.'],
  ])('%j is refused: %s %s', (draft, field, code, message) => {
    expect(submitDraft(schema, draft as never)).toStrictEqual({ ok: false, errors: [{ field, code, message }] });
  });
});

describe('given multi-selects', () => {
  const schema = {
    type: 'object',
    properties: {
      tags: {
        type: 'array',
        items: {
          anyOf: [
            { const: 'a', title: 'A' },
            { const: 'b', title: 'B' },
            { const: 'c', title: 'C' },
          ],
        },
        maxItems: 2,
      },
    },
  } as const satisfies RequestedSchema;

  test('values leave in option order, not click order', () => {
    expect(submitDraft(schema, { tags: ['c', 'a'] })).toStrictEqual({
      ok: true,
      result: { action: 'accept', content: { tags: ['a', 'c'] } },
    });
  });

  test.each([
    [['a', 'a'], 'duplicate', '"a" is chosen twice.'],
    [['a', 'z'], 'option', '"z" is not one of the options.'],
    [['a', 'b', 'c'], 'max-items', 'Choose at most 2 options.'],
    ['a', 'type', 'Choose from the options.'],
  ])('%j is refused with %s', (tags, code, message) => {
    expect(submitDraft(schema, { tags } as never)).toStrictEqual({
      ok: false,
      errors: [{ field: 'tags', code, message }],
    });
  });
});

describe('given keys that are special in JavaScript', () => {
  const schema = JSON.parse(
    '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"number"},"a.b":{"type":"boolean"},"toString":{"type":"string"}},"required":["constructor"]}',
  ) as RequestedSchema;

  test('__proto__ and constructor are ordinary keys; nothing is read from the prototype', () => {
    const draft = JSON.parse('{"__proto__":"x","constructor":"3","a.b":true,"toString":"t"}') as Record<string, string>;
    const outcome = submitDraft(schema, draft);
    expect(outcome.ok).toBe(true);
    const content = outcome.ok ? outcome.result.content : {};
    expect(JSON.stringify(content)).toBe('{"__proto__":"x","constructor":3,"a.b":true,"toString":"t"}');
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
  });

  test('a missing constructor is reported missing, not read from Object.prototype', () => {
    expect(submitDraft(schema, { toString: 't' })).toStrictEqual({
      ok: false,
      errors: [{ field: 'constructor', code: 'required', message: 'This field is required.' }],
    });
  });

  test('an optional toString must be answered, because the SDK server would read it from the prototype', () => {
    expect(submitDraft(schema, { constructor: 1 })).toStrictEqual({
      ok: false,
      errors: [{ field: 'toString', code: 'required', message: 'This field is required.' }],
    });
  });

  test('keys not in the schema are dropped', () => {
    expect(submitDraft(schema, { constructor: 1, toString: 't', extra: 'x', other: [1] } as never)).toStrictEqual({
      ok: true,
      result: { action: 'accept', content: { constructor: 1, toString: 't' } },
    });
  });
});

describe('given date-time answers', () => {
  const schema = {
    type: 'object',
    properties: { when: { type: 'string', format: 'date-time' }, day: { type: 'string', format: 'date' } },
  } as const satisfies RequestedSchema;

  test('a local time gets the offset of Asia/Kolkata (the project zone), +05:30', () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(-330);
    expect(submitDraft(schema, { when: '2026-03-01T09:30' })).toStrictEqual({
      ok: true,
      result: { action: 'accept', content: { when: '2026-03-01T09:30:00+05:30' } },
    });
  });

  test('a full RFC 3339 answer is kept verbatim', () => {
    expect(submitDraft(schema, { when: '2026-03-01T09:30:00.5Z' })).toStrictEqual({
      ok: true,
      result: { action: 'accept', content: { when: '2026-03-01T09:30:00.5Z' } },
    });
  });

  test.each([
    ['Europe/Berlin', '2026-01-15T10:00', '2026-01-15T10:00:00+01:00'],
    ['Europe/Berlin', '2026-07-15T10:00:30', '2026-07-15T10:00:30+02:00'],
    ['America/New_York', '2026-11-01T01:30', '2026-11-01T01:30:00-04:00'],
    ['America/St_Johns', '2026-01-15T08:00', '2026-01-15T08:00:00-03:30'],
    ['UTC', '0099-12-31T23:59', '0099-12-31T23:59:00+00:00'],
  ])('in %s, %s becomes %s', (zone, local, expected) => {
    process.env.TZ = zone;
    expect(localDateTimeToRfc3339(local)).toBe(expected);
  });

  test('a local time skipped by a DST change is an error, not silently moved', () => {
    process.env.TZ = 'Europe/Berlin';
    expect(submitDraft(schema, { when: '2026-03-29T02:30' })).toStrictEqual({
      ok: false,
      errors: [
        {
          field: 'when',
          code: 'nonexistent-time',
          message: 'This time does not exist in your time zone (the clocks skip it); choose another.',
        },
      ],
    });
  });

  test.each(['2026-02-30T10:00', '2026-03-01T25:00', '2026-03-01T09:61'])(
    '%s is not a real local date-time',
    (when) => {
      expect(submitDraft(schema, { when })).toStrictEqual({
        ok: false,
        errors: [{ field: 'when', code: 'format', message: 'Enter a real date and time.' }],
      });
    },
  );

  test('text of another shape is checked as RFC 3339 and refused', () => {
    expect(submitDraft(schema, { when: 'tomorrow 9am' })).toStrictEqual({
      ok: false,
      errors: [
        {
          field: 'when',
          code: 'format',
          message: 'Enter a date and time with its time zone offset, such as 2026-05-01T14:30:00+02:00.',
        },
      ],
    });
  });

  test('a date is sent as YYYY-MM-DD and checked against the calendar', () => {
    expect(submitDraft(schema, { day: '2024-02-29' })).toStrictEqual({
      ok: true,
      result: { action: 'accept', content: { day: '2024-02-29' } },
    });
    expect(submitDraft(schema, { day: '2023-02-29' })).toStrictEqual({
      ok: false,
      errors: [{ field: 'day', code: 'format', message: 'Enter a real date as YYYY-MM-DD.' }],
    });
  });
});

describe('given input that is not a draft', () => {
  const schema = {
    type: 'object',
    properties: { a: { type: 'string' } },
    required: ['a'],
  } as const satisfies RequestedSchema;

  test.each([null, undefined, 'text', 42, [['a', 'x']]])('%j is read as an empty draft', (draft) => {
    expect(submitDraft(schema, draft as never)).toStrictEqual({
      ok: false,
      errors: [{ field: 'a', code: 'required', message: 'This field is required.' }],
    });
  });

  test('a refused schema cannot be submitted', () => {
    expect(submitDraft({ type: 'object', properties: { a: { type: 'null' } } } as never, {})).toStrictEqual({
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

describe('given a text that does not fit the pattern', () => {
  beforeAll(() => loadPatternEngine());
  const answer = (property: Record<string, unknown>, code: string) =>
    submitDraft({ type: 'object', properties: { code: { type: 'string', ...property } } } as RequestedSchema, { code });
  const noMatch = 'The text does not have the form the server asks for.';

  test('the error says the field description and the first example that fits', () => {
    expect(
      answer(
        { pattern: '^[A-Z]{3}-\\d{2}$', description: 'Three capitals, a dash, two digits.', examples: [7, 'ABC-12'] },
        'abc',
      ),
    ).toEqual({
      ok: false,
      errors: [
        {
          field: 'code',
          code: 'pattern',
          message: `${noMatch} Three capitals, a dash, two digits. For example: ABC-12`,
        },
      ],
    });
  });

  test('without a description or example, only the rule; an example that does not fit is not shown', () => {
    expect(answer({ pattern: '^\\d+$' }, 'x')).toEqual({
      ok: false,
      errors: [{ field: 'code', code: 'pattern', message: noMatch }],
    });
    expect(answer({ pattern: '^\\d+$', examples: ['twelve'] }, 'x')).toEqual({
      ok: false,
      errors: [{ field: 'code', code: 'pattern', message: noMatch }],
    });
  });
});
