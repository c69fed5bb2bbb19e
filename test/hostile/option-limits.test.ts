/**
 * Finding 5 (adversarial review): a server could send selects of any length, and 1,000 selects of
 * 1,000 options kept the page busy for seconds. Core now bounds options per select (`MAX_OPTIONS`)
 * and in the whole form (`MAX_TOTAL_OPTIONS`), refusing beyond either with a stable code and a
 * message, before any option is read. Up to the limits everything parses and validates.
 */
import { describe, expect, test } from 'vitest';

import {
  parseRequestedSchema,
  submitDraft,
  validateElicitContent,
  type RequestedSchema,
} from '../../src/core/index.js';
import { MAX_OPTIONS, MAX_TOTAL_OPTIONS } from '../../src/shared/limits.js';

function untrusted(value: unknown): RequestedSchema {
  return value as RequestedSchema;
}

/** `count` distinct option values `v0`, `v1`, … */
function values(count: number, prefix = 'v'): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix}${index}`);
}

/** The problems of a refused schema as `[path, code, message]`, or `ok` with the field count. */
function verdict(schema: unknown): string[][] | { ok: number } {
  const parsed = parseRequestedSchema(schema);
  return parsed.ok
    ? { ok: parsed.fields.length }
    : parsed.problems.map((problem) => [problem.path, problem.code, problem.message]);
}

/** An array of `count` entries whose every entry throws when read: proof that a check never reads an option. */
function unreadableOptions(count: number): unknown[] {
  const list: unknown[] = new Array<unknown>(count);
  for (let index = 0; index < count; index++) {
    Object.defineProperty(list, index, {
      enumerable: true,
      get(): never {
        throw new Error(`option ${index} was read`);
      },
    });
  }
  return list;
}

describe('given the limits', () => {
  test('they are 100,000 options per select and 200,000 in a form', () => {
    expect([MAX_OPTIONS, MAX_TOTAL_OPTIONS]).toEqual([100_000, 200_000]);
  });
});

describe('given one select at and over MAX_OPTIONS', () => {
  test.each([
    ['an untitled single select', (list: unknown[]) => ({ type: 'string', enum: list }), 'properties.pick.enum'],
    [
      'a titled single select (oneOf)',
      (list: unknown[]) => ({ type: 'string', oneOf: list.map((value) => ({ const: value, title: String(value) })) }),
      'properties.pick.oneOf',
    ],
    [
      'a titled single select (anyOf)',
      (list: unknown[]) => ({ type: 'string', anyOf: list.map((value) => ({ const: value, title: String(value) })) }),
      'properties.pick.anyOf',
    ],
    [
      'an untitled multi-select',
      (list: unknown[]) => ({ type: 'array', items: { type: 'string', enum: list } }),
      'properties.pick.items.enum',
    ],
    [
      'a titled multi-select (items.anyOf)',
      (list: unknown[]) => ({
        type: 'array',
        items: { anyOf: list.map((value) => ({ const: value, title: String(value) })) },
      }),
      'properties.pick.items.anyOf',
    ],
    [
      'a titled multi-select (items.oneOf)',
      (list: unknown[]) => ({
        type: 'array',
        items: { oneOf: list.map((value) => ({ const: value, title: String(value) })) },
      }),
      'properties.pick.items.oneOf',
    ],
  ])('%s: 100,000 options parse; 100,001 are refused with the path of the list', (_name, build, path) => {
    const allowed = parseRequestedSchema({ type: 'object', properties: { pick: build(values(100_000)) } });
    const field = allowed.ok ? allowed.fields[0] : undefined;
    expect(field !== undefined && 'options' in field ? field.options.length : 'refused').toBe(100_000);
    expect(verdict({ type: 'object', properties: { pick: build(values(100_001)) } })).toEqual([
      [path, 'too-many-options', 'The field lists 100001 options, more than the 100000 a field may have.'],
    ]);
  });

  test('an over-long list is refused before any of its options is read', () => {
    const schema = { type: 'object', properties: { pick: { type: 'string', enum: unreadableOptions(100_001) } } };
    expect(verdict(schema)).toEqual([
      [
        'properties.pick.enum',
        'too-many-options',
        'The field lists 100001 options, more than the 100000 a field may have.',
      ],
    ]);
  });

  test('no answer conforms to a refused select, and submitting says to decline or cancel', () => {
    const schema = untrusted({ type: 'object', properties: { pick: { type: 'string', enum: values(100_001) } } });
    expect(validateElicitContent(schema, { pick: 'v1' })).toEqual([
      {
        field: '',
        code: 'schema',
        message:
          'The requested schema is refused, so no answer can conform: The field lists 100001 options, more than the 100000 a field may have.',
      },
    ]);
    expect(submitDraft(schema, { pick: 'v1' })).toEqual({
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

describe('given many selects: MAX_TOTAL_OPTIONS', () => {
  // A million unreadable options are built first: seconds on 2 busy cores.
  test('1,000 multi-selects of 1,000 options each are refused, before any option is read', { timeout: 60_000 }, () => {
    const schema = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 1000 }, (_, index) => [
          `f${index}`,
          { type: 'array', items: { type: 'string', enum: unreadableOptions(1000) } },
        ]),
      ),
    };
    expect(verdict(schema)).toEqual([
      [
        'properties',
        'too-many-options-total',
        'The form lists 1000000 options in all, more than the 200000 a form may have.',
      ],
    ]);
  });

  test('two selects of 100,000 options (200,000 in all) parse; one option more is refused', { timeout: 30_000 }, () => {
    const two = (extra: number) => ({
      type: 'object',
      properties: {
        a: { type: 'string', enum: values(100_000, 'a') },
        b: { type: 'array', items: { anyOf: values(100_000 - 1 + extra, 'b').map((value) => ({ const: value })) } },
        c: { type: 'string', enum: ['only'] },
      },
    });
    expect(verdict(two(0))).toEqual({ ok: 3 });
    expect(verdict(two(1))).toEqual([
      [
        'properties',
        'too-many-options-total',
        'The form lists 200001 options in all, more than the 200000 a form may have.',
      ],
    ]);
  });

  test('a select over the limit in a form over the total is named, as is the total', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string', enum: values(150_000) }, b: { type: 'string', enum: values(60_000) } },
    };
    expect(verdict(schema)).toEqual([
      [
        'properties.a.enum',
        'too-many-options',
        'The field lists 150000 options, more than the 100000 a field may have.',
      ],
      [
        'properties',
        'too-many-options-total',
        'The form lists 210000 options in all, more than the 200000 a form may have.',
      ],
    ]);
  });

  test('a property that spells its options twice counts its longest list once (and is refused as ambiguous)', () => {
    const list = values(100_000);
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string', enum: list, oneOf: list.map((value) => ({ const: value })) },
        b: { type: 'string', enum: list },
      },
    };
    expect(verdict(schema)).toEqual([
      [
        'properties.a',
        'options-ambiguous',
        'Options are listed in more than one way (enum, oneOf, anyOf): which one the server checks is unknown.',
      ],
    ]);
  });

  test('text fields and non-array option keywords count nothing', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string', enum: values(100_000) },
        b: { type: 'string', enum: values(100_000, 'b') },
        c: { type: 'string', title: 'Notes' },
        d: { type: 'string', enum: 'not a list' },
      },
    };
    expect(verdict(schema)).toEqual([
      ['properties.d.enum', 'options-invalid', 'Options must be a non-empty list, not the text "not a list".'],
    ]);
  });
});
