/**
 * Hostile tool schemas and results, in Node. Every refusal has its code and exact message, and the
 * no-hang rule is shown by structure: a fresh compiler's `stats.compiles` stays 0 when the scan
 * refuses a schema before Ajv sees it, patterns are matched by the linear-time engine, and the pattern
 * limits stop a validation before a pattern runs on a long string. Durations are printed, never asserted.
 */
import { beforeAll, describe, expect, test } from 'vitest';

import { createToolSchemaCompiler, loadPatternEngine, validateToolResult, type Tool } from '../../src/tools/index.js';

function timed<T>(label: string, run: () => T): T {
  const started = performance.now();
  const result = run();
  console.log(`[hostile] ${label}: ${(performance.now() - started).toFixed(1)} ms`);
  return result;
}

/** Compiles with a fresh compiler; returns its error (or 'ok') and how many times Ajv compiled. */
function refusal(schema: unknown): [unknown, number] {
  const compiler = createToolSchemaCompiler();
  const result = compiler.compile(schema);
  return [result.ok ? 'ok' : result.error, compiler.stats.compiles];
}

describe('given a catastrophic pattern', () => {
  beforeAll(async () => {
    await loadPatternEngine();
  });

  test.each([
    ['^(a+)+$', 'a'],
    ['(a|a)*$x', 'a'],
    ['^(\\w+\\s?)*$', 'a'],
    ['(.*,)+x', ','],
    ['^([a-z]+)*@', 'a'],
  ])('%s compiles and is matched in linear time on 10,000 characters', (pattern, unit) => {
    // The old hand-written analysis refused these before Ajv compiled; the engine runs them. A clock
    // that stands still: the verdict is asserted here, the time is the bench's (bench/patterns.ts).
    const compiled = createToolSchemaCompiler({ clock: () => 0 }).compile({
      type: 'object',
      properties: { name: { type: 'string', pattern } },
    });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const long = `${unit.repeat(9_999)}!`;
    expect(timed(`10,000 characters against ${pattern}`, () => compiled.validate({ name: long }))).toEqual([
      { pointer: '/name', keyword: 'pattern', message: `must match pattern "${pattern}"` },
    ]);
  });

  test('a polynomial pattern on a 1 MB string stops at maxPatternInputLength, before the regex runs', () => {
    const compiled = createToolSchemaCompiler().compile({
      type: 'object',
      properties: { text: { type: 'string', pattern: '\\s+$' } },
    });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const issues = timed('1 MB string against \\s+$', () => compiled.validate({ text: `${' '.repeat(1024 * 1024)}!` }));
    expect(issues).toEqual([
      {
        pointer: '/text',
        keyword: '$limit',
        message:
          'Not matched against pattern "\\\\s+$": the string has 1048577 characters, over maxPatternInputLength (10000).',
      },
    ]);
  });

  test('patternProperties keys are matched by the engine too', () => {
    const compiled = createToolSchemaCompiler({ clock: () => 0 }).compile({
      type: 'object',
      patternProperties: { '^(a+)+$': { type: 'string' } },
    });
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.validate({ [`${'a'.repeat(9_999)}!`]: 1, aaa: 2 })).toEqual([
      { pointer: '/aaa', keyword: 'type', message: 'must be string' },
    ]);
  });

  test('a pattern of 5,000 characters is over maxPatternLength', () => {
    expect(refusal({ type: 'string', pattern: 'a'.repeat(5000) })).toEqual([
      { code: 'limit', message: 'The pattern at /pattern has 5000 characters, more than maxPatternLength (4096).' },
      0,
    ]);
  });
});

describe('given a remote or cyclic $ref', () => {
  test.each([
    ['https://evil.example/schema.json'],
    ['http://169.254.169.254/latest/meta-data'],
    ['file:///etc/passwd'],
    ['urn:example:schema'],
    ['other.json#/defs/a'],
    ['//evil.example/s.json'],
  ])('$ref %s is refused before compiling: nothing is fetched', (ref) => {
    const [error, compiles] = refusal({ type: 'object', properties: { a: { $ref: ref } } });
    expect(compiles).toBe(0);
    expect(error).toMatchObject({ code: 'remote-ref' });
    expect(
      (error as { message: string }).message.startsWith(
        `$ref ${JSON.stringify(ref)} at /properties/a/$ref points outside this schema`,
      ),
    ).toBe(true);
    expect(
      (error as { message: string }).message.endsWith(
        'Only references inside the schema (such as "#/$defs/Name" or "#name") are followed, and nothing is ever fetched.',
      ),
    ).toBe(true);
  });

  test('$dynamicRef to a remote URI is refused', () => {
    expect(refusal({ $dynamicRef: 'https://evil.example/s.json#meta' })).toEqual([
      {
        code: 'remote-ref',
        message:
          '$dynamicRef "https://evil.example/s.json#meta" at /$dynamicRef points outside this schema. Only references inside the schema (such as "#/$defs/Name" or "#name") are followed, and nothing is ever fetched.',
      },
      0,
    ]);
  });

  test('a schema that refers to itself (#) compiles, and a value nested 10,000 deep is an issue, not a crash', () => {
    const compiled = createToolSchemaCompiler({ clock: () => 0 }).compile({
      type: 'object',
      properties: { child: { $ref: '#' } },
    });
    if (!compiled.ok) throw new Error(compiled.error.message);
    let value: Record<string, unknown> = {};
    for (let level = 0; level < 10_000; level++) value = { child: value };
    const issues = timed('10,000-deep value against a recursive schema', () => compiled.validate(value));
    expect(issues.map((issue) => [issue.pointer, issue.keyword])).toEqual([['', '$exception']]);
    expect(issues[0]?.message).toBe('The validator failed on this value: Maximum call stack size exceeded');
  });

  test('a $ref cycle with no schema in between (a → b → a) is refused by Ajv with a message, not a hang', () => {
    const [error] = refusal({ $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' });
    expect(error === 'ok' || (error as { code: string }).code).toBe(error === 'ok' ? true : 'invalid-schema');
  });

  test('a $ref to a pointer that does not exist is refused', () => {
    const [error, compiles] = refusal({ $ref: '#/$defs/missing' });
    expect(error).toMatchObject({ code: 'invalid-schema' });
    expect(compiles).toBeLessThanOrEqual(1);
  });
});

describe('given an invalid $id', () => {
  test.each([
    ['my tool:output', 'my_tool_output'],
    ['http://[bad', 'http_bad'],
  ])('$id %j is refused with a plain name to use instead', (id) => {
    const [error, compiles] = refusal({ $id: id, type: 'object' });
    expect(compiles).toBe(0);
    expect(error).toMatchObject({ code: 'invalid-id' });
    expect(
      (error as { message: string }).message.startsWith(`$id ${JSON.stringify(id)} at /$id is not a valid URI (`),
    ).toBe(true);
  });
});

describe('given size and depth', () => {
  test('10,000-deep nesting is refused at maxDepth before compiling', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 10_000; level++) schema = { not: schema };
    const [error, compiles] = timed('scan 10,000-deep schema', () => refusal(schema));
    expect(compiles).toBe(0);
    expect(error).toMatchObject({ code: 'limit' });
    expect(
      (error as { message: string }).message.startsWith(
        'The schema nests objects and arrays deeper than maxDepth (64), at /not/not/',
      ),
    ).toBe(true);
  });

  test('10,000-level allOf composition is refused at maxDepth', () => {
    let schema: Record<string, unknown> = {};
    for (let level = 0; level < 10_000; level++) schema = { allOf: [schema] };
    const [error, compiles] = refusal(schema);
    expect([(error as { code: string }).code, compiles]).toEqual(['limit', 0]);
  });

  test('100,000 subschemas are refused at maxSubschemas before compiling', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, index) => [`p${index}`, { type: 'string' }]),
    );
    const [error, compiles] = timed('scan 100,000 subschemas', () => refusal({ type: 'object', properties }));
    expect([error, compiles]).toEqual([
      { code: 'limit', message: 'The schema has more subschemas than maxSubschemas (10000).' },
      0,
    ]);
  });

  test('100,000 anyOf branches are refused the same way', () => {
    // Not `{ const }` branches: those are titled options, compiled as one enum (titled-tool-schema.test.ts).
    const anyOf = Array.from({ length: 100_000 }, (_, index) => ({ minimum: index }));
    expect(refusal({ anyOf })).toEqual([
      { code: 'limit', message: 'The schema has more subschemas than maxSubschemas (10000).' },
      0,
    ]);
  });

  test('a schema object that contains itself is not JSON', () => {
    const schema: Record<string, unknown> = { type: 'object' };
    schema.properties = { self: schema };
    expect(refusal(schema)).toEqual([
      { code: 'invalid-schema', message: 'The schema is not JSON: it contains itself at /properties/self.' },
      0,
    ]);
  });

  test.each([
    ['a function', { type: 'object', default: () => 1 }, 'The schema is not JSON: /default holds a function.'],
    [
      'NaN',
      { type: 'number', maximum: Number.NaN },
      'The schema is not JSON: /maximum holds a non-finite number (NaN).',
    ],
  ])('%s in a schema is refused', (_name, schema, message) => {
    expect(refusal(schema)).toEqual([{ code: 'invalid-schema', message }, 0]);
  });

  test('a __proto__ property: Ajv does not apply its schema (finding, pinned), and nothing is polluted', () => {
    const compiled = createToolSchemaCompiler().compile(
      JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}'),
    );
    if (!compiled.ok) throw new Error(compiled.error.message);
    // Ajv's generated code skips a property named __proto__: a host must not rely on its schema.
    expect(compiled.validate(JSON.parse('{"__proto__":5}'))).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test.each([
    [
      'constructor',
      '{"type":"object","properties":{"constructor":{"type":"string"}},"required":["constructor"]}',
      '{"constructor":5}',
    ],
  ])('a %s property is validated as an own key, and nothing is polluted', (key, schemaText, valueText) => {
    const compiled = createToolSchemaCompiler().compile(JSON.parse(schemaText));
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.validate(JSON.parse(valueText))).toEqual([
      { pointer: `/${key}`, keyword: 'type', message: 'must be string' },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('given hostile results', () => {
  // A clock that never moves: the time budget cannot turn a loaded machine's slowness into a verdict.
  const compiler = createToolSchemaCompiler({ clock: () => 0 });
  const html = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
  const tool: Tool = {
    name: 'search',
    inputSchema: { type: 'object' },
    outputSchema: {
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'string' }, uniqueItems: true } },
      required: ['items'],
    },
  };

  test('HTML in structuredContent is data: it validates, unchanged', () => {
    expect(
      validateToolResult(tool, {
        content: [{ type: 'text', text: JSON.stringify({ items: [html] }) }],
        structuredContent: { items: [html] },
      }),
    ).toEqual({
      verdict: 'valid',
      issues: [],
      notes: [],
      checked: 'structuredContent',
    });
  });

  test('100,000 unique items validate in linear time (uniqueItems by canonical JSON)', () => {
    const items = Array.from({ length: 100_000 }, (_, index) => `item ${index}`);
    const verdict = timed('100,000 uniqueItems', () =>
      validateToolResult(tool, { structuredContent: { items } }, { compiler }),
    );
    expect([verdict.verdict, verdict.issues]).toEqual(['valid', []]);
  });

  test('a duplicate at the end of 100,000 items is found with both indexes', () => {
    const items = [...Array.from({ length: 100_000 }, (_, index) => `item ${index}`), 'item 7'];
    expect(validateToolResult(tool, { structuredContent: { items } }, { compiler }).issues).toEqual([
      {
        pointer: '/items',
        keyword: 'uniqueItems',
        message: 'must NOT have duplicate items (items ## 7 and 100000 are identical)',
      },
    ]);
  });

  test('100,000 wrong items give Ajv errors, never an exception', () => {
    const items = Array.from({ length: 100_000 }, (_, index) => index);
    const verdict = validateToolResult(tool, { structuredContent: { items } }, { compiler });
    expect(verdict.verdict).toBe('invalid');
    expect(verdict.issues[0]).toEqual({ pointer: '/items/0', keyword: 'type', message: 'must be string' });
  });

  test('a result with a hostile outputSchema is a schema-error verdict, not a throw', () => {
    const hostileTool: Tool = {
      name: 'x',
      inputSchema: { type: 'object' },
      outputSchema: { $ref: 'https://evil.example/s.json' },
    };
    const verdict = validateToolResult(hostileTool, { structuredContent: {} });
    expect([verdict.verdict, verdict.notes]).toEqual([
      'schema-error',
      [
        'The outputSchema cannot be used: $ref "https://evil.example/s.json" at /$ref points outside this schema. Only references inside the schema (such as "#/$defs/Name" or "#name") are followed, and nothing is ever fetched.',
      ],
    ]);
  });

  test.each([
    ['null', null],
    ['a string', 'result'],
    ['an array', []],
  ])('a result that is %s is "missing", not a crash', (_name, result) => {
    expect(validateToolResult(tool, result as never).verdict).toBe('missing');
  });
});
