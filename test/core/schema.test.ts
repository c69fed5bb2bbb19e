import { describe, expect, test } from 'vitest';
import { BLOCKING_PROBLEM_CODES, WARNING_PROBLEM_CODES } from '../../src/core/problems.js';
import { parseRequestedSchema } from '../../src/core/schema.js';

describe('given the five enum variants', () => {
  test('each is classified with its variant, spelling and labels', () => {
    const parsed = parseRequestedSchema({
      type: 'object',
      properties: {
        u: { type: 'string', enum: ['a', 'b'] },
        t: { type: 'string', oneOf: [{ const: 'a', title: 'Alpha' }] },
        ta: { type: 'string', anyOf: [{ const: 'a', title: 'Alpha' }] },
        l: { type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] },
        um: { type: 'array', items: { type: 'string', enum: ['a'] } },
        tm: { type: 'array', items: { anyOf: [{ const: 'a', title: 'Alpha' }] } },
        tmo: { type: 'array', items: { type: 'string', oneOf: [{ const: 'a', title: 'Alpha' }] } },
      },
    });
    expect(
      parsed.ok &&
        parsed.fields.map((f) => [f.key, f.kind, 'variant' in f && f.variant, 'spelling' in f && f.spelling]),
    ).toEqual([
      ['u', 'single-select', 'untitled', 'enum'],
      ['t', 'single-select', 'titled', 'oneOf'],
      ['ta', 'single-select', 'titled', 'anyOf'],
      ['l', 'single-select', 'legacy', 'enum'],
      ['um', 'multi-select', 'untitled', 'enum'],
      ['tm', 'multi-select', 'titled', 'anyOf'],
      ['tmo', 'multi-select', 'titled', 'oneOf'],
    ]);
    expect(parsed.ok && parsed.fields[3]).toEqual({
      key: 'l',
      label: 'l',
      required: false,
      kind: 'single-select',
      variant: 'legacy',
      spelling: 'enum',
      options: [
        { value: 'a', label: 'Alpha' },
        { value: 'b', label: 'Beta' },
      ],
    });
  });
});

describe('given problems, which refuse the form and which do not', () => {
  test('every code has exactly one severity', () => {
    const blocking = new Set<string>(BLOCKING_PROBLEM_CODES);
    expect(WARNING_PROBLEM_CODES.filter((code) => blocking.has(code))).toEqual([]);
  });

  test('a bad default is ignored with a warning, and the form stays usable (SEP-1034)', () => {
    expect(
      parseRequestedSchema({ type: 'object', properties: { c: { type: 'string', enum: ['a'], default: 'z' } } }),
    ).toEqual({
      ok: true,
      fields: [
        {
          key: 'c',
          label: 'c',
          required: false,
          kind: 'single-select',
          variant: 'untitled',
          spelling: 'enum',
          options: [{ value: 'a', label: 'a' }],
        },
      ],
      warnings: [
        {
          path: 'properties.c.default',
          code: 'default-invalid',
          severity: 'warning',
          message: 'The default is ignored: "z" is not one of the options.',
        },
      ],
    });
  });

  test('a mismatched enumNames refuses the form: a label could name the wrong value', () => {
    expect(
      parseRequestedSchema({
        type: 'object',
        properties: { c: { type: 'string', enum: ['a', 'b', 'c'], enumNames: ['A', 'B'] } },
      }),
    ).toEqual({
      ok: false,
      problems: [
        {
          path: 'properties.c.enumNames',
          code: 'enum-names-mismatch',
          severity: 'error',
          message: 'enumNames must list one text name per enum value.',
        },
      ],
    });
  });

  test('all problems are reported at once, not just the first', () => {
    const parsed = parseRequestedSchema({
      type: 'object',
      properties: {
        a: { type: 'object' },
        b: { type: 'number', minimum: 5, maximum: 1 },
        c: { type: 'string', format: 'time' },
      },
      required: ['a', 'zzz'],
    });
    expect(parsed.ok ? [] : parsed.problems.map((p) => `${p.path} ${p.code}`)).toEqual([
      'required[1] required-unknown',
      'properties.a.type nested-object',
      'properties.b.minimum bounds-conflict',
      'properties.c.format format-unknown',
    ]);
  });

  test('keys that are not identifiers are quoted in paths', () => {
    const parsed = parseRequestedSchema({
      type: 'object',
      properties: { 'first name': { type: 'string', enum: [1] } },
    });
    expect(parsed.ok ? [] : parsed.problems.map((p) => p.path)).toEqual(['properties["first name"].enum[0]']);
  });

  test('unknown keywords are kept with a warning; x-* and annotations pass silently; a compiling pattern is enforced', () => {
    const parsed = parseRequestedSchema({
      type: 'object',
      properties: {
        code: { type: 'string', pattern: '^[A-Z]{3}$', 'x-widget': 'fancy', $comment: 'c', examples: ['ABC'] },
        n: { type: 'integer', multipleOf: 5 },
      },
    });
    expect(parsed).toEqual({
      ok: true,
      fields: [
        {
          key: 'code',
          label: 'code',
          required: false,
          kind: 'text',
          secret: false,
          pattern: '^[A-Z]{3}$',
          example: 'ABC',
        },
        { key: 'n', label: 'n', required: false, kind: 'number', integer: true },
      ],
      warnings: [
        {
          path: 'properties.n.multipleOf',
          code: 'keyword-unchecked',
          severity: 'warning',
          message:
            'multipleOf is not part of MCP elicitation; the kit does not check it, so the server may refuse an answer.',
        },
      ],
    });
  });

  test('the content vocabulary and unreferenced definitions pass silently at every level: the servers do not check them', () => {
    const quiet = {
      contentMediaType: 'text/plain',
      contentEncoding: 'base64',
      contentSchema: {},
      $defs: {},
      definitions: {},
    };
    const parsed = parseRequestedSchema({
      type: 'object',
      ...quiet,
      properties: { tags: { type: 'array', ...quiet, items: { type: 'string', enum: ['a'], ...quiet } } },
    });
    expect(parsed.ok && parsed.warnings).toEqual([]);
  });

  test('an empty form is valid', () => {
    expect(parseRequestedSchema({ type: 'object', properties: {} })).toEqual({ ok: true, fields: [], warnings: [] });
  });

  test('a form may have 1,000 fields; one more refuses it, before any property is read', () => {
    const wide = (count: number, extra: Record<string, unknown> = {}) => ({
      type: 'object',
      properties: {
        ...Object.fromEntries(Array.from({ length: count }, (_, index) => [`f${index}`, { type: 'string' }])),
        ...extra,
      },
    });
    const allowed = parseRequestedSchema(wide(1000));
    expect(allowed.ok && [allowed.fields.length, allowed.fields[999]?.key]).toEqual([1000, 'f999']);
    // The 1,001st property is not even a schema: it is never read.
    expect(parseRequestedSchema(wide(1000, { bad: null }))).toEqual({
      ok: false,
      problems: [
        {
          path: 'properties',
          code: 'too-many-fields',
          severity: 'error',
          message: 'The form has 1001 fields, more than the 1000 a form may have.',
        },
      ],
    });
  });
});

describe('given hostile input', () => {
  test('a throwing getter is reported, not thrown', () => {
    const schema = {
      type: 'object',
      get properties(): never {
        throw new Error('boom');
      },
    };
    expect(parseRequestedSchema(schema)).toEqual({
      ok: false,
      problems: [
        { path: '', code: 'unreadable', severity: 'error', message: 'The requested schema could not be read (boom).' },
      ],
    });
  });

  test('a revoked Proxy is reported, not thrown', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const parsed = parseRequestedSchema(proxy);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.problems[0]?.code).toBe('unreadable');
  });

  test('a __proto__ property does not pollute anything', () => {
    const parsed = parseRequestedSchema(
      JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","default":"x"}}}'),
    );
    expect(parsed).toEqual({
      ok: true,
      fields: [{ key: '__proto__', label: '__proto__', required: false, kind: 'text', secret: false, default: 'x' }],
      warnings: [],
    });
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  test('an optional constructor is asked for as required, because the SDK server reads it from the prototype', () => {
    const parsed = parseRequestedSchema(
      JSON.parse('{"type":"object","properties":{"constructor":{"type":"boolean"},"__proto__":{"type":"boolean"}}}'),
    );
    expect(parsed).toEqual({
      ok: true,
      fields: [
        { key: 'constructor', label: 'constructor', required: true, kind: 'boolean' },
        { key: '__proto__', label: '__proto__', required: false, kind: 'boolean' },
      ],
      warnings: [
        {
          path: 'properties.constructor',
          code: 'inherited-key',
          severity: 'warning',
          message: `"constructor" must be answered: the server's validator reads an absent one from Object.prototype.`,
        },
      ],
    });
  });

  test('50,000 options parse without recursion', () => {
    const options = Array.from({ length: 50_000 }, (_, i) => ({ const: `v${i}`, title: `Option ${i}` }));
    const parsed = parseRequestedSchema({
      type: 'object',
      properties: { big: { type: 'array', items: { anyOf: options } } },
    });
    expect(parsed.ok && parsed.fields[0]?.kind === 'multi-select' && parsed.fields[0].options.length).toBe(50_000);
  });
});
