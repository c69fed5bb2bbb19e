/**
 * Finding 6 (adversarial review): a tool schema with a titled `oneOf` of 3,000 `{ const, title }`
 * options (5,000 in Node) was refused as `invalid-schema: Maximum call stack size exceeded` (Ajv),
 * so ToolCallForm blamed a valid schema. The kit now compiles such a union as an `enum` of its
 * consts. Shown here: big titled unions compile and validate; the rewrite gives the same verdict as
 * the original schema on every generated input (fast-check, small option counts, checked by a plain
 * Ajv of each dialect); unions it cannot rewrite safely are left alone.
 */
import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import { rewriteConstUnions } from '../../src/tools/const-union.js';
import { createToolSchemaCompiler } from '../../src/tools/index.js';
import { rjsfToolSchema } from '../../src/tools/rjsf/index.js';

function timed<T>(label: string, run: () => T): T {
  const started = performance.now();
  const result = run();
  console.log(`[hostile] ${label}: ${(performance.now() - started).toFixed(1)} ms`);
  return result;
}

/** `count` titled options `v0` … as `{ const, title }`. */
function titled(count: number): { const: string; title: string }[] {
  return Array.from({ length: count }, (_, index) => ({ const: `v${index}`, title: `Option ${index}` }));
}

describe('given big titled unions in a tool schema', () => {
  test.each([3000, 5000, 100_000])(
    'a titled oneOf of %i options compiles, accepts an option and refuses anything else',
    (count) => {
      const compiler = createToolSchemaCompiler();
      const schema = {
        type: 'object',
        properties: { pick: { type: 'string', title: 'Pick', oneOf: titled(count) } },
        required: ['pick'],
      };
      // The verdict is the subject, not the time: no wall-clock budget, which a loaded machine could overrun.
      const unbudgeted = { timeBudgetMs: Number.POSITIVE_INFINITY };
      const compiled = timed(`compile a ${count}-option oneOf`, () => compiler.compile(schema, unbudgeted));
      if (!compiled.ok) throw new Error(compiled.error.message);
      expect(compiled.validate({ pick: `v${count - 1}` })).toEqual([]);
      expect(compiled.validate({ pick: `v${count}` })).toEqual([
        { pointer: '/pick', keyword: 'enum', message: 'must be equal to one of the allowed values' },
      ]);
      expect(compiler.stats.compiles).toBe(1);
    },
    30_000,
  );

  test('a titled multi-select (items.anyOf) of 100,000 options, nested under $defs and a $ref, in draft-07', () => {
    const compiled = createToolSchemaCompiler().compile({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      definitions: { Part: { anyOf: titled(100_000) } },
      properties: { parts: { type: 'array', uniqueItems: true, items: { $ref: '#/definitions/Part' } } },
    });
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.validate({ parts: ['v0', 'v99999'] })).toEqual([]);
    expect(compiled.validate({ parts: ['v0', 'nope'] })).toEqual([
      { pointer: '/parts/1', keyword: 'enum', message: 'must be equal to one of the allowed values' },
    ]);
  }, 30_000);

  test('the rjsf copy draws 100,000 titled options as one enum and keeps each title beside its value', () => {
    const drawn = rjsfToolSchema(
      { type: 'object', properties: { pick: { type: 'string', oneOf: titled(100_000) } } },
      '2020-12',
    );
    const pick = (drawn.properties as Record<string, Record<string, unknown>>).pick as Record<string, unknown>;
    expect(Object.keys(pick).sort()).toEqual(['enum', 'type', 'x-mek-option-titles']);
    expect((pick.enum as string[]).slice(-2)).toEqual(['v99998', 'v99999']);
    expect((pick['x-mek-option-titles'] as string[]).slice(-2)).toEqual(['Option 99998', 'Option 99999']);
  }, 30_000);
});

describe('given unions the rewrite leaves alone', () => {
  test.each([
    ['a oneOf that repeats a const (the value would match two branches)', { oneOf: [{ const: 'a' }, { const: 'a' }] }],
    ['a branch with another keyword', { oneOf: [{ const: 'a' }, { const: 'b', type: 'string' }] }],
    ['a branch whose title is not text', { anyOf: [{ const: 'a', title: 3 }] }],
    ['a schema with an enum of its own', { enum: ['a', 'b'], oneOf: [{ const: 'a' }] }],
    ['a boolean branch', { anyOf: [{ const: 'a' }, true] }],
    ['an empty oneOf', { oneOf: [] }],
  ])('%s', (_name, schema) => {
    expect(rewriteConstUnions(schema)).toBe(schema);
  });

  test('a document with a reference into a oneOf keeps every union, so the reference still lands', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { oneOf: [{ const: 'x' }, { const: 'y' }] },
        b: { $ref: '#/properties/a/oneOf/1' },
        c: { anyOf: [{ const: 1 }] },
      },
    };
    expect(rewriteConstUnions(schema)).toBe(schema);
    const compiled = createToolSchemaCompiler().compile(schema);
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.validate({ a: 'x', b: 'y', c: 1 })).toEqual([]);
    expect(compiled.validate({ b: 'x' }).map((issue) => issue.keyword)).toEqual(['const']);
  });

  test('a property named oneOf and a const-looking default are data, not unions; the input is never changed', () => {
    const schema = {
      type: 'object',
      properties: { oneOf: { type: 'string', anyOf: [{ const: 'k', title: 'K' }] } },
      default: { anyOf: [{ const: 'data' }] },
    };
    const before = JSON.stringify(schema);
    expect(rewriteConstUnions(schema)).toEqual({
      type: 'object',
      properties: { oneOf: { type: 'string', enum: ['k'] } },
      default: { anyOf: [{ const: 'data' }] },
    });
    expect(JSON.stringify(schema)).toBe(before);
  });

  test('a schema that contains itself is left to the scan, which refuses it', () => {
    const schema: Record<string, unknown> = { oneOf: [{ const: 'a' }] };
    schema.not = schema;
    expect(rewriteConstUnions(schema)).toBe(schema);
    const compiled = createToolSchemaCompiler().compile(schema);
    expect(compiled.ok ? 'ok' : compiled.error.code).toBe('invalid-schema');
  });
});

// The same verdict, on generated schemas and values: a plain Ajv of the dialect judges the original
// and the rewritten schema, and the kit's compiled validator must agree with the original.
const json: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('a', 'b', '', 'A'),
  fc.constantFrom(0, 1, 2, -1, 1.5),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.constantFrom('a', 1, null), { maxLength: 2 }),
  fc.dictionary(fc.constantFrom('x', 'y'), fc.constantFrom(1, 'a'), { maxKeys: 2 }),
);
const branch = fc.record(
  { const: json, title: fc.string({ maxLength: 3 }), description: fc.string({ maxLength: 3 }) },
  { requiredKeys: ['const'] },
);
const union = fc.record(
  {
    keyword: fc.constantFrom('oneOf', 'anyOf'),
    branches: fc.array(branch, { minLength: 1, maxLength: 5 }),
    type: fc.option(fc.constantFrom('string', 'number', 'integer', 'object', 'array', ['string', 'null']), {
      nil: undefined,
    }),
  },
  { requiredKeys: ['keyword', 'branches'] },
);
/** Where the union sits, and how a value reaches it. */
const PLACES = ['root', 'property', 'items', 'ref', 'not', 'allOf'] as const;

function place(where: (typeof PLACES)[number], inner: Record<string, unknown>): Record<string, unknown> {
  switch (where) {
    case 'root':
      return inner;
    case 'property':
      return { type: 'object', properties: { p: inner }, required: ['p'] };
    case 'items':
      return { type: 'array', items: inner };
    case 'ref':
      return { $defs: { U: inner }, type: 'object', properties: { p: { $ref: '#/$defs/U' } } };
    case 'not':
      return { not: inner };
    case 'allOf':
      return { allOf: [inner, { not: { const: 'b' } }] };
    default:
      return where satisfies never;
  }
}

function wrap(where: (typeof PLACES)[number], value: unknown, other: unknown): unknown {
  if (where === 'property' || where === 'ref') return { p: value };
  if (where === 'items') return [value, other];
  return value;
}

const DIALECTS = {
  '2020-12': { Class: Ajv2020, uri: 'https://json-schema.org/draft/2020-12/schema' },
  '2019-09': { Class: Ajv2019, uri: 'https://json-schema.org/draft/2019-09/schema' },
  'draft-07': { Class: Ajv, uri: 'http://json-schema.org/draft-07/schema#' },
} as const;

describe('given generated const unions: the rewrite keeps every verdict', () => {
  test.each(Object.keys(DIALECTS) as (keyof typeof DIALECTS)[])(
    '%s',
    (dialect) => {
      const { Class, uri } = DIALECTS[dialect];
      const plain = new Class({ strict: false, allErrors: true, logger: false });
      const compiler = createToolSchemaCompiler();
      let rewritten = 0;
      fc.assert(
        fc.property(
          union,
          fc.constantFrom(...PLACES),
          fc.array(fc.oneof(json, fc.nat(4)), { minLength: 1, maxLength: 4 }),
          ({ keyword, branches, type }, where, picks) => {
            const inner: Record<string, unknown> = { [keyword]: branches, ...(type !== undefined && { type }) };
            const definitions = where === 'ref' && dialect === 'draft-07' ? 'definitions' : '$defs';
            const placed = JSON.parse(
              JSON.stringify(place(where, inner))
                .replace('"$defs"', `"${definitions}"`)
                .replace('#/$defs', `#/${definitions}`),
            ) as Record<string, unknown>;
            const schema = { $schema: uri, ...placed };
            const changed = rewriteConstUnions(schema);
            if (changed !== schema) rewritten++;
            const original = plain.compile(schema);
            const after = plain.compile(changed as object);
            const kit = compiler.compile(schema);
            if (!kit.ok) throw new Error(kit.error.message);
            // Values: consts of the branches (by index) and arbitrary JSON.
            const values = picks.map((pick) =>
              typeof pick === 'number' ? branches[pick % branches.length]?.const : pick,
            );
            for (const value of values) {
              const input = wrap(where, value, values[0]);
              const verdict = original(input);
              expect(after(input)).toBe(verdict);
              expect(kit.validate(input).length === 0).toBe(verdict);
            }
          },
        ),
        { numRuns: 300 },
      );
      // The property says something only if most generated unions were in fact rewritten.
      expect(rewritten).toBeGreaterThan(150);
      // 900 schemas compiled three times each: seconds on 2 busy cores.
    },
    60_000,
  );
});
