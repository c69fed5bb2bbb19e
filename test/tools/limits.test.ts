/**
 * The limits of `compileToolSchema` (SchemaLimits): what each refuses, with which message, and that a
 * hostile schema is refused before Ajv compiles anything. No test here measures time: the time budget
 * runs on an injected clock, and "within a second" is shown structurally (refused before compiling,
 * or matched by the linear-time engine). A test that completes at all shows no backtracking engine
 * ran a catastrophic pattern: `(a+)+$` on 100,000 characters would not finish in a lifetime.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';

import { loadPatternEngine } from '../../src/tools/index.js';
import { createToolSchemaCompiler, DEFAULT_SCHEMA_LIMITS, type SchemaLimits } from '../../src/tools/tool-schema.js';

beforeAll(async () => {
  await loadPatternEngine();
});

/** `{ not: { not: … {} } }` with `levels` objects in all: JSON depth `levels`. */
function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) schema = { not: schema };
  return schema;
}

/** A clock that returns the next reading on each call. */
function clockReading(readings: number[]): () => number {
  let index = 0;
  return () => readings[Math.min(index++, readings.length - 1)] as number;
}

describe('given the defaults', () => {
  test('they are the documented values', () => {
    expect(DEFAULT_SCHEMA_LIMITS).toEqual({
      maxDepth: 64,
      maxSubschemas: 10_000,
      timeBudgetMs: Infinity,
      maxPatternInputLength: 10_000,
      maxPatternLength: 4_096,
    });
    expect(Object.isFrozen(DEFAULT_SCHEMA_LIMITS)).toBe(true);
  });

  test.each([
    [{ maxDepth: -1 }, 'limits.maxDepth must be a number >= 0; got -1.'],
    [{ maxSubschemas: Number.NaN }, 'limits.maxSubschemas must be a number >= 0; got NaN.'],
    [{ timeBudgetMs: '50' }, 'limits.timeBudgetMs must be a number >= 0; got 50.'],
    [{ maxPatternLength: true }, 'limits.maxPatternLength must be a number >= 0; got true.'],
  ])('limits %j are a programming error', (limits, message) => {
    expect(() => createToolSchemaCompiler().compile({}, limits as SchemaLimits)).toThrow(new TypeError(message));
  });
});

describe('given maxDepth', () => {
  test('64 levels compile, 65 are refused at the first level too deep', () => {
    const compiler = createToolSchemaCompiler();
    expect(compiler.compile(nested(64))).toMatchObject({ ok: true });
    expect(compiler.compile(nested(65))).toEqual({
      ok: false,
      error: {
        code: 'limit',
        message:
          'The schema nests objects and arrays deeper than maxDepth (64), at /not/not/not/not/not/not/not/not/not/not/not/not/not/not/not…/not/not/not/not/not/not/not/not/not/not.',
      },
    });
  });

  test('data counts too: a deep const, enum or default is refused like a deep subschema', () => {
    let value: unknown = 1;
    for (let i = 0; i < 10; i++) value = [value];
    expect(createToolSchemaCompiler().compile({ const: value }, { maxDepth: 8 })).toEqual({
      ok: false,
      error: {
        code: 'limit',
        message: 'The schema nests objects and arrays deeper than maxDepth (8), at /const/0/0/0/0/0/0/0.',
      },
    });
  });

  test('a limit of your own applies (to the document; a pattern nests as deep as its engine allows)', () => {
    const compiler = createToolSchemaCompiler();
    expect(compiler.compile({ properties: { a: { type: 'string' } } }, { maxDepth: 2 })).toEqual({
      ok: false,
      error: {
        code: 'limit',
        message: 'The schema nests objects and arrays deeper than maxDepth (2), at /properties/a.',
      },
    });
    // The old backtracking analysis recursed per group and needed this bound; the engine does not.
    expect(compiler.compile({ pattern: '((((a))))' }, { maxDepth: 3 })).toMatchObject({ ok: true });
  });
});

describe('given maxSubschemas', () => {
  test('every place a schema sits counts, booleans and the root included', () => {
    const compiler = createToolSchemaCompiler();
    // root, properties.a, properties.b, items, anyOf[0], anyOf[1] = 6
    const schema = { properties: { a: true, b: { items: false } }, anyOf: [{}, { not: {} }] };
    expect(compiler.compile(schema, { maxSubschemas: 7 })).toMatchObject({ ok: true });
    expect(compiler.compile(schema, { maxSubschemas: 6 })).toEqual({
      ok: false,
      error: { code: 'limit', message: 'The schema has more subschemas than maxSubschemas (6).' },
    });
  });

  test('schemas reached through a pointer into an unknown keyword count', () => {
    const schema = { 'x-defs': { A: { anyOf: [{}, {}, {}] } }, $ref: '#/x-defs/A' };
    expect(createToolSchemaCompiler().compile(schema, { maxSubschemas: 4 })).toEqual({
      ok: false,
      error: { code: 'limit', message: 'The schema has more subschemas than maxSubschemas (4).' },
    });
  });
});

describe('given a hostile schema (issue 5: "cannot stall the page or the process")', () => {
  test('10,000-deep nesting, as parsed from the wire, is refused before Ajv compiles', () => {
    const compiler = createToolSchemaCompiler();
    const text = `${'{"not":'.repeat(9_999)}{}${'}'.repeat(9_999)}`;
    const result = compiler.compile(JSON.parse(text));
    expect(result).toMatchObject({ ok: false, error: { code: 'limit' } });
    expect(
      !result.ok &&
        result.error.message.startsWith('The schema nests objects and arrays deeper than maxDepth (64), at /not/'),
    ).toBe(true);
    expect(compiler.stats.compiles).toBe(0);
  });

  test('100,000-deep nesting does not overflow the stack', () => {
    const compiler = createToolSchemaCompiler();
    expect(compiler.compile(nested(100_000))).toMatchObject({ ok: false, error: { code: 'limit' } });
    expect(compiler.stats.compiles).toBe(0);
  });

  test('100,000 subschemas are refused before Ajv compiles', () => {
    const compiler = createToolSchemaCompiler();
    // Not `{ const }` branches: those are titled options, compiled as one enum.
    const schema = { anyOf: Array.from({ length: 100_000 }, (_, i) => ({ minimum: i })) };
    expect(compiler.compile(schema)).toEqual({
      ok: false,
      error: { code: 'limit', message: 'The schema has more subschemas than maxSubschemas (10000).' },
    });
    expect(compiler.stats.compiles).toBe(0);
  });

  test('a catastrophic pattern compiles and is matched in linear time, on 10,000 characters', () => {
    // Before the linear-time engine this shape was refused outright: (a+)+$ backtracks exponentially.
    // The clock stands still: the verdict is asserted, the time is the bench's.
    const compiler = createToolSchemaCompiler({ clock: () => 0 });
    const compiled = compiler.compile({ type: 'object', properties: { name: { pattern: '^(a+)+$' } } });
    expect(compiled.ok && compiled.validate({ name: `${'a'.repeat(9_999)}!` })).toEqual([
      { pointer: '/name', keyword: 'pattern', message: 'must match pattern "^(a+)+$"' },
    ]);
    expect(compiled.ok && compiled.validate({ name: 'aaaa' })).toEqual([]);
  });

  test('a long string is still not matched past maxPatternInputLength', () => {
    const compiled = createToolSchemaCompiler().compile({
      type: 'object',
      properties: { name: { pattern: '^(a+)+$' } },
    });
    expect(compiled.ok && compiled.validate({ name: `${'a'.repeat(100_000)}!` })).toEqual([
      {
        pointer: '/name',
        keyword: '$limit',
        message:
          'Not matched against pattern "^(a+)+$": the string has 100001 characters, over maxPatternInputLength (10000).',
      },
    ]);
  });
});

describe('given patterns that backtrack exponentially in each place a pattern sits', () => {
  // Refused by the old heuristic; now compiled, and matched in linear time wherever they sit.
  const hostile = `${'x'.repeat(5_000)}!`;
  test.each([
    [
      { type: 'string', pattern: '^(x|x)*$' },
      hostile,
      [{ pointer: '', keyword: 'pattern', message: 'must match pattern "^(x|x)*$"' }],
    ],
    [
      { type: 'object', patternProperties: { '^(\\w+\\s?)*$': { type: 'number' } } },
      { [hostile]: 'not checked: the name does not match', ['word word']: 'text' },
      [{ pointer: '/word word', keyword: 'type', message: 'must be number' }],
    ],
    [
      { type: 'object', propertyNames: { pattern: '^(x*,)+$' } },
      { [hostile]: 1 },
      [
        { pointer: `/${hostile}`, keyword: 'pattern', message: 'must match pattern "^(x*,)+$"' },
        { pointer: `/${hostile}`, keyword: 'propertyNames', message: 'property name must be valid' },
      ],
    ],
    [
      { type: 'array', items: { $ref: '#/$defs/x' }, $defs: { x: { pattern: '(x+x+)+y' } } },
      [hostile],
      [{ pointer: '/0', keyword: 'pattern', message: 'must match pattern "(x+x+)+y"' }],
    ],
  ])('%j compiles and judges a hostile value', (schema, value, issues) => {
    const compiled = createToolSchemaCompiler({ clock: () => 0 }).compile(schema);
    expect(compiled.ok && compiled.validate(value)).toEqual(issues);
  });

  test('hundreds of alternatives in a repeated group (too complex for the old analysis) compile and match', () => {
    const words = Array.from({ length: 650 }, (_, i) => `w${i}x`).join('|');
    const compiled = createToolSchemaCompiler({ clock: () => 0 }).compile({
      type: 'string',
      pattern: `^(?:${words})+$`,
    });
    expect(compiled.ok && [compiled.validate('w1xw299x'), compiled.validate('w1xw650x').length]).toEqual([[], 1]);
  });

  test('a pattern inside data (examples) is not a pattern', () => {
    expect(createToolSchemaCompiler().compile({ type: 'string', examples: [{ pattern: '(a+)+' }] })).toMatchObject({
      ok: true,
    });
  });
});

describe('given maxPatternLength', () => {
  test('a pattern at the limit is compiled; a longer one, or a longer patternProperties key, is refused', () => {
    const compiler = createToolSchemaCompiler();
    const long = 'a'.repeat(4_096);
    expect(compiler.compile({ pattern: long })).toMatchObject({ ok: true });
    expect(compiler.compile({ pattern: `${long}a` })).toEqual({
      ok: false,
      error: {
        code: 'limit',
        message: 'The pattern at /pattern has 4097 characters, more than maxPatternLength (4096).',
      },
    });
    expect(compiler.compile({ patternProperties: { 'x-[a-z]+': true } }, { maxPatternLength: 5 })).toEqual({
      ok: false,
      error: {
        code: 'limit',
        message: 'The pattern at /patternProperties/x-[a-z]+ has 8 characters, more than maxPatternLength (5).',
      },
    });
  });
});

describe('given maxPatternInputLength', () => {
  const schema = {
    type: 'object',
    properties: { code: { type: 'string', pattern: '^[A-Z]+$' } },
    patternProperties: { '^x-': { type: 'number' } },
  };

  test('a string at the limit is matched; one over it is not, and the issue points at it', () => {
    const compiled = createToolSchemaCompiler().compile(schema, { maxPatternInputLength: 5 });
    expect(compiled.ok && compiled.validate({ code: 'ABCDE' })).toEqual([]);
    expect(compiled.ok && compiled.validate({ code: 'abcde' })).toEqual([
      { pointer: '/code', message: 'must match pattern "^[A-Z]+$"', keyword: 'pattern' },
    ]);
    expect(compiled.ok && compiled.validate({ code: 'ABCDEF' })).toEqual([
      {
        pointer: '/code',
        keyword: '$limit',
        message: 'Not matched against pattern "^[A-Z]+$": the string has 6 characters, over maxPatternInputLength (5).',
      },
    ]);
  });

  test('property names are pattern inputs too', () => {
    const compiled = createToolSchemaCompiler().compile(schema, { maxPatternInputLength: 5 });
    expect(compiled.ok && compiled.validate({ 'x-long-name': 1 })).toEqual([
      {
        pointer: '/x-long-name',
        keyword: '$limit',
        message: 'Not matched against pattern "^x-": the string has 11 characters, over maxPatternInputLength (5).',
      },
    ]);
  });
});

describe('given timeBudgetMs, on an injected clock', () => {
  const patterned = { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } };
  // Opt-in: by default no validation is judged by the clock, whose readings depend on the machine's load.
  const budget = { timeBudgetMs: 100 };

  test('without a budget, a slow validation is judged by the value alone', () => {
    const compiler = createToolSchemaCompiler({ clock: clockReading([0, 40, 80, 120, 160, 500]) });
    const compiled = compiler.compile(patterned);
    expect(compiled.ok && compiled.validate(['a', 'b', 'c', 'd'])).toEqual([]);
  });

  test('a validation still running past the budget stops at the next pattern test', () => {
    // Readings: start 0, then one per pattern test: 40, 80, 120 (over 100).
    const compiler = createToolSchemaCompiler({ clock: clockReading([0, 40, 80, 120, 160]) });
    const compiled = compiler.compile(patterned, budget);
    expect(compiled.ok && compiled.validate(['a', 'b', 'c', 'd'])).toEqual([
      {
        pointer: '',
        keyword: '$limit',
        message: 'Validation stopped after 120 ms, over timeBudgetMs (100); the value is not fully checked.',
      },
    ]);
  });

  test('uniqueItems checks the clock every 1,024 elements', () => {
    // Readings: start 0; element 0 → 40; element 1024 → 80; element 2048 → 120.
    const compiler = createToolSchemaCompiler({ clock: clockReading([0, 40, 80, 120]) });
    const compiled = compiler.compile({ type: 'array', uniqueItems: true }, budget);
    const items = Array.from({ length: 3_000 }, (_, i) => ({ id: i }));
    expect(compiled.ok && compiled.validate(items)).toEqual([
      {
        pointer: '',
        keyword: '$limit',
        message: 'Validation stopped after 120 ms, over timeBudgetMs (100); the value is not fully checked.',
      },
    ]);
  });

  test('a validation that ended past the budget keeps its issues and gets one more', () => {
    const compiler = createToolSchemaCompiler({ clock: clockReading([0, 150]) });
    const compiled = compiler.compile({ type: 'object', required: ['id'] }, budget);
    expect(compiled.ok && compiled.validate({})).toEqual([
      { pointer: '/id', message: "must have required property 'id'", keyword: 'required' },
      { pointer: '', keyword: '$limit', message: 'Validation took 150 ms, over timeBudgetMs (100).' },
    ]);
  });

  test('within the budget nothing is added', () => {
    const compiler = createToolSchemaCompiler({ clock: clockReading([0, 10, 20, 30]) });
    const compiled = compiler.compile(patterned, budget);
    expect(compiled.ok && compiled.validate(['a', 'b'])).toEqual([]);
  });
});

describe('given uniqueItems, which the kit checks in linear time', () => {
  test('it agrees with Ajv’s own quadratic check on arbitrary JSON arrays', () => {
    const stock = new Ajv2020({ allErrors: true, strict: false }).compile({ type: 'array', uniqueItems: true });
    const compiled = createToolSchemaCompiler().compile({ type: 'array', uniqueItems: true });
    const item = fc.oneof(fc.constantFrom(0, 1, 'a', true, null), fc.jsonValue({ maxDepth: 2 }));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), (items) => {
        expect(compiled.ok && compiled.validate(items).length === 0).toBe(stockVerdict(items));
      }),
    );

    /**
     * Ajv's verdict; where Ajv throws (its deep-equal calls an own `valueOf` it finds on an object:
     * `[{}, {"valueOf": false}]` is a TypeError inside Ajv, found by this property), the same
     * quadratic comparison over key-sorted JSON, which is what Ajv's deep-equal means for JSON data.
     */
    function stockVerdict(items: unknown[]): boolean {
      try {
        return stock(items);
      } catch {
        const canonical = (value: unknown): string =>
          Array.isArray(value)
            ? `[${value.map(canonical).join(',')}]`
            : typeof value === 'object' && value !== null
              ? `{${Object.keys(value)
                  .sort()
                  .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
                  .join(',')}}`
              : JSON.stringify(value);
        const texts = items.map(canonical);
        return new Set(texts).size === texts.length;
      }
    }
  });

  test('an own valueOf that Ajv’s deep-equal trips over is compared as data', () => {
    const compiled = createToolSchemaCompiler().compile({ type: 'array', uniqueItems: true });
    expect(compiled.ok && compiled.validate([{}, { valueOf: false }])).toEqual([]);
    expect(compiled.ok && compiled.validate([{ valueOf: false }, { valueOf: false }])).toEqual([
      {
        pointer: '',
        message: 'must NOT have duplicate items (items ## 0 and 1 are identical)',
        keyword: 'uniqueItems',
      },
    ]);
  });

  test('100,000 distinct objects are accepted and a duplicate at the end is found', () => {
    // No time budget here: this is about the verdict, not about how fast this machine is.
    const compiled = createToolSchemaCompiler().compile(
      { type: 'array', uniqueItems: true },
      { timeBudgetMs: Number.POSITIVE_INFINITY },
    );
    const items = Array.from({ length: 100_000 }, (_, i) => ({ id: i, tags: ['t', i % 7] }));
    expect(compiled.ok && compiled.validate(items)).toEqual([]);
    expect(compiled.ok && compiled.validate([...items, { tags: ['t', 3], id: 3 }])).toEqual([
      {
        pointer: '',
        message: 'must NOT have duplicate items (items ## 3 and 100000 are identical)',
        keyword: 'uniqueItems',
      },
    ]);
  });
});
