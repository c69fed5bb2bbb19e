/**
 * `compileToolSchema` (src/tools/tool-schema.ts): dialects, references, `$id`s, Ajv's refusals,
 * the issues a value gets, and the cache. Limits have their own file (tools-limits.test.ts).
 */
import { describe, expect, test } from 'vitest';

import { SCHEMA_DIALECT_URIS } from '../../src/tools/dialects.js';
import {
  compileToolSchema,
  createToolSchemaCompiler,
  type CompileToolSchemaResult,
  type SchemaIssue,
} from '../../src/tools/tool-schema.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const OUTSIDE =
  'Only references inside the schema (such as "#/$defs/Name" or "#name") are followed, and nothing is ever fetched.';
const SUPPORTED = 'Supported: 2020-12 (the default when $schema is absent), 2019-09 and draft-07.';

/** The issues of each value, or the error when the schema is refused. */
function check(schema: unknown, values: unknown[]): SchemaIssue[][] {
  const compiled = compileToolSchema(schema);
  if (!compiled.ok) throw new Error(`refused: ${compiled.error.message}`);
  return values.map((value) => compiled.validate(value));
}

function refusal(result: CompileToolSchemaResult): unknown {
  return result.ok ? { ok: true } : result;
}

describe('given the $schema spellings the kit accepts', () => {
  test('there are exactly twelve: http and https, with and without "#", for three dialects', () => {
    expect(Object.keys(SCHEMA_DIALECT_URIS).sort()).toEqual([
      'http://json-schema.org/draft-07/schema',
      'http://json-schema.org/draft-07/schema#',
      'http://json-schema.org/draft/2019-09/schema',
      'http://json-schema.org/draft/2019-09/schema#',
      'http://json-schema.org/draft/2020-12/schema',
      'http://json-schema.org/draft/2020-12/schema#',
      'https://json-schema.org/draft-07/schema',
      'https://json-schema.org/draft-07/schema#',
      'https://json-schema.org/draft/2019-09/schema',
      'https://json-schema.org/draft/2019-09/schema#',
      'https://json-schema.org/draft/2020-12/schema',
      'https://json-schema.org/draft/2020-12/schema#',
    ]);
  });

  test.each(Object.entries(SCHEMA_DIALECT_URIS))('%s compiles as %s', (uri, dialect) => {
    const compiled = compileToolSchema({ $schema: uri, type: 'string' });
    expect(compiled.ok && compiled.dialect).toBe(dialect);
    expect(compiled.ok && compiled.validate(1)).toEqual([{ pointer: '', message: 'must be string', keyword: 'type' }]);
  });

  test('no $schema means 2020-12, for objects and boolean schemas alike', () => {
    expect(compileToolSchema({ type: 'string' })).toMatchObject({ ok: true, dialect: '2020-12' });
    expect(compileToolSchema(true)).toMatchObject({ ok: true, dialect: '2020-12' });
  });

  test.each([
    ['http://json-schema.org/draft-04/schema#', 'http://json-schema.org/draft-04/schema#'],
    ['http://json-schema.org/draft-06/schema#', 'http://json-schema.org/draft-06/schema#'],
    ['https://json-schema.org/draft/next/schema', 'https://json-schema.org/draft/next/schema'],
    ['https://json-schema.org/draft/2020-12/schema/', 'https://json-schema.org/draft/2020-12/schema/'],
    ['HTTPS://JSON-SCHEMA.ORG/DRAFT/2020-12/SCHEMA', 'HTTPS://JSON-SCHEMA.ORG/DRAFT/2020-12/SCHEMA'],
    ['', ''],
  ])('%j is an unsupported dialect', (uri, named) => {
    expect(compileToolSchema({ $schema: uri })).toEqual({
      ok: false,
      error: {
        code: 'dialect',
        message: `Unsupported JSON Schema dialect ${JSON.stringify(named)} at /$schema. ${SUPPORTED}`,
      },
    });
  });

  test.each([
    [7, 'a number'],
    [null, 'null'],
    [['https://json-schema.org/draft/2020-12/schema'], 'an array'],
  ])('$schema %j is not a string', (value, described) => {
    expect(compileToolSchema({ $schema: value })).toEqual({
      ok: false,
      error: {
        code: 'dialect',
        message: `$schema at /$schema must be a string naming a JSON Schema dialect; got ${described}.`,
      },
    });
  });

  test('an embedded $schema must name the root dialect (any accepted spelling of it)', () => {
    expect(compileToolSchema({ $defs: { a: { $schema: DRAFT_07 } } })).toEqual({
      ok: false,
      error: {
        code: 'dialect',
        message: `$schema "${DRAFT_07}" at /$defs/a/$schema names draft-07, but the schema's root is 2020-12; one schema cannot mix dialects.`,
      },
    });
    expect(compileToolSchema({ $defs: { a: { $schema: 'http://json-schema.org/draft-04/schema#' } } })).toEqual({
      ok: false,
      error: {
        code: 'dialect',
        message: `Unsupported JSON Schema dialect "http://json-schema.org/draft-04/schema#" at /$defs/a/$schema. ${SUPPORTED}`,
      },
    });
    // What SDK 2.x lists toward 2025-era clients: the wrapped schema keeps an inner `$schema`.
    const wrapped = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { result: { $schema: 'http://json-schema.org/draft/2020-12/schema#', type: 'number' } },
      required: ['result'],
    };
    expect(check(wrapped, [{ result: 1 }, { result: 'x' }])).toEqual([
      [],
      [{ pointer: '/result', message: 'must be number', keyword: 'type' }],
    ]);
  });
});

describe('given a schema whose keywords mean different things per dialect', () => {
  const shape = {
    type: 'object',
    $defs: { Name: { type: 'string' } },
    properties: {
      pair: { type: 'array', prefixItems: [{ $ref: '#/$defs/Name' }, { type: 'number' }], items: false },
      a: true,
    },
    dependentRequired: { a: ['b'] },
    unevaluatedProperties: false,
  };
  const value = { pair: ['x', 1, 2], a: 1, extra: 3 };

  test('by default (2020-12) prefixItems, dependentRequired and unevaluatedProperties apply, and $defs resolve', () => {
    expect(check(shape, [value, { pair: [1, 1] }])).toEqual([
      [
        { pointer: '/pair', message: 'must NOT have more than 2 items', keyword: 'items' },
        { pointer: '/b', message: 'must have property b when property a is present', keyword: 'dependentRequired' },
        { pointer: '/extra', message: 'must NOT have unevaluated properties', keyword: 'unevaluatedProperties' },
      ],
      [{ pointer: '/pair/0', message: 'must be string', keyword: 'type' }],
    ]);
  });

  test('under draft-07 they are unknown keywords: ignored, and `items: false` then refuses every item', () => {
    expect(check({ $schema: DRAFT_07, ...shape }, [value, { pair: [] }])).toEqual([
      [
        { pointer: '/pair/0', message: 'boolean schema is false', keyword: 'false schema' },
        { pointer: '/pair/1', message: 'boolean schema is false', keyword: 'false schema' },
        { pointer: '/pair/2', message: 'boolean schema is false', keyword: 'false schema' },
      ],
      [],
    ]);
  });

  test('tuple `items: [...]` is draft-07; under 2020-12 the meta-schema refuses it', () => {
    const tuple = { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false };
    expect(
      check({ $schema: DRAFT_07, ...tuple }, [
        ['a', 1],
        ['a', 'b'],
        ['a', 1, 2],
      ]),
    ).toEqual([
      [],
      [{ pointer: '/1', message: 'must be number', keyword: 'type' }],
      [{ pointer: '', message: 'must NOT have more than 2 items', keyword: 'additionalItems' }],
    ]);
    expect(refusal(compileToolSchema(tuple))).toEqual({
      ok: false,
      error: { code: 'invalid-schema', message: 'schema is invalid: data/items must be object,boolean' },
    });
  });

  test('draft-07 `dependencies` applies in every dialect Ajv implements', () => {
    const schema = { dependencies: { c: ['d'] } };
    const missingD = [
      { pointer: '/d', message: 'must have property d when property c is present', keyword: 'dependencies' },
    ];
    expect(check(schema, [{ c: 1 }])).toEqual([missingD]);
    expect(check({ $schema: DRAFT_07, ...schema }, [{ c: 1 }])).toEqual([missingD]);
  });
});

describe('given references that leave the document', () => {
  test.each([
    [
      { $ref: 'http://127.0.0.1:9/schema.json' },
      '$ref "http://127.0.0.1:9/schema.json" at /$ref points outside this schema.',
    ],
    [
      { properties: { a: { $ref: 'https://example.com/a.json#/x' } } },
      '$ref "https://example.com/a.json#/x" at /properties/a/$ref points outside this schema.',
    ],
    [{ $ref: 'file:///etc/passwd' }, '$ref "file:///etc/passwd" at /$ref points outside this schema.'],
    [{ $ref: 'urn:example:weather' }, '$ref "urn:example:weather" at /$ref points outside this schema.'],
    [{ $ref: 'other.json' }, '$ref "other.json" at /$ref points outside this schema.'],
    [
      { $id: 'https://example.com/tools/root.json', $ref: 'other.json#/$defs/A' },
      '$ref "other.json#/$defs/A" at /$ref points outside this schema (to "https://example.com/tools/other.json#/$defs/A").',
    ],
    [
      { $ref: 'https://json-schema.org/draft/2020-12/schema' },
      '$ref "https://json-schema.org/draft/2020-12/schema" at /$ref points outside this schema.',
    ],
    [
      { items: { $dynamicRef: 'https://example.com/meta#node' } },
      '$dynamicRef "https://example.com/meta#node" at /items/$dynamicRef points outside this schema.',
    ],
    [
      { $schema: 'https://json-schema.org/draft/2019-09/schema', $recursiveRef: 'https://example.com/r' },
      '$recursiveRef "https://example.com/r" at /$recursiveRef points outside this schema.',
    ],
    // A local pointer into an unknown keyword makes its value a schema: its references count too.
    [
      { 'x-defs': { A: { $ref: 'https://example.com/x' } }, $ref: '#/x-defs/A' },
      '$ref "https://example.com/x" at /x-defs/A/$ref points outside this schema.',
    ],
  ])('%j is refused', (schema, message) => {
    expect(compileToolSchema(schema)).toEqual({
      ok: false,
      error: { code: 'remote-ref', message: `${message} ${OUTSIDE}` },
    });
  });

  test('a `$ref` key that is a property name or data is not a reference', () => {
    const schema = {
      type: 'object',
      properties: { $ref: { type: 'string' } },
      examples: [{ $ref: 'https://example.com/not-a-reference' }],
      const: undefined,
    };
    expect(check(schema, [{ $ref: 'x' }, { $ref: 1 }])).toEqual([
      [],
      [{ pointer: '/$ref', message: 'must be string', keyword: 'type' }],
    ]);
  });
});

describe('given references inside the document', () => {
  test.each([
    ['a pointer', { $defs: { N: { type: 'number' } }, $ref: '#/$defs/N' }],
    ['draft-07 definitions', { $schema: DRAFT_07, definitions: { N: { type: 'number' } }, $ref: '#/definitions/N' }],
    ['an anchor', { $defs: { N: { $anchor: 'num', type: 'number' } }, $ref: '#num' }],
    [
      'a draft-07 anchor ($id "#num")',
      { $schema: DRAFT_07, definitions: { N: { $id: '#num', type: 'number' } }, $ref: '#num' },
    ],
    [
      'the root by its own $id',
      {
        $id: 'https://example.com/n.json',
        $defs: { N: { type: 'number' } },
        $ref: 'https://example.com/n.json#/$defs/N',
      },
    ],
    [
      'an embedded resource by relative $id',
      { $id: 'https://example.com/root.json', $defs: { N: { $id: 'num.json', type: 'number' } }, $ref: 'num.json' },
    ],
    [
      'an embedded resource by absolute $id',
      { $defs: { N: { $id: 'urn:example:num', type: 'number' } }, $ref: 'urn:example:num' },
    ],
    ['a percent-encoded pointer with ~1', { $defs: { 'a/b c': { type: 'number' } }, $ref: '#/$defs/a~1b%20c' }],
    ['a pointer into an unknown keyword', { 'x-defs': { N: { type: 'number' } }, $ref: '#/x-defs/N' }],
  ])('%s resolves', (_name, schema) => {
    expect(check(schema, [1, 'x'])).toEqual([[], [{ pointer: '', message: 'must be number', keyword: 'type' }]]);
  });

  test.each([
    ['#/$defs/Missing', { $ref: '#/$defs/Missing' }],
    ['#missing', { $ref: '#missing' }],
  ])('a local reference to nothing (%s) is an invalid schema, with Ajv’s message', (ref, schema) => {
    expect(compileToolSchema(schema)).toEqual({
      ok: false,
      error: { code: 'invalid-schema', message: `can't resolve reference ${ref} from id #` },
    });
  });
});

describe('given cyclic references', () => {
  test('a recursive tree validates at every depth', () => {
    const tree = {
      $defs: {
        node: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
        },
      },
      $ref: '#/$defs/node',
    };
    expect(
      check(tree, [
        { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] },
        { name: 'a', children: [{ children: [{ name: 1 }] }] },
      ]),
    ).toEqual([
      [],
      [
        { pointer: '/children/0/name', message: "must have required property 'name'", keyword: 'required' },
        { pointer: '/children/0/children/0/name', message: 'must be string', keyword: 'type' },
      ],
    ]);
  });

  test('the root refers to itself with "#"', () => {
    const list = { type: 'object', properties: { value: { type: 'number' }, next: { $ref: '#' } } };
    expect(check(list, [{ value: 1, next: { value: 2, next: { value: 'x' } } }])).toEqual([
      [{ pointer: '/next/next/value', message: 'must be number', keyword: 'type' }],
    ]);
  });

  test('two definitions refer to each other', () => {
    const schema = {
      $defs: {
        A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } },
        B: { type: 'object', properties: { a: { $ref: '#/$defs/A' } } },
      },
      $ref: '#/$defs/A',
    };
    expect(check(schema, [{ b: { a: { b: { a: 5 } } } }])).toEqual([
      [{ pointer: '/b/a/b/a', message: 'must be object', keyword: 'type' }],
    ]);
  });

  test('$dynamicRef (2020-12) and $recursiveRef (2019-09) recurse', () => {
    const dynamic = { $dynamicAnchor: 'node', type: 'object', properties: { child: { $dynamicRef: '#node' } } };
    const recursive = {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      $recursiveAnchor: true,
      type: 'object',
      properties: { child: { $recursiveRef: '#' } },
    };
    const expected = [[{ pointer: '/child/child', message: 'must be object', keyword: 'type' }]];
    expect(check(dynamic, [{ child: { child: 1 } }])).toEqual(expected);
    expect(check(recursive, [{ child: { child: 1 } }])).toEqual(expected);
  });
});

describe('given a $id that is not a valid URI', () => {
  test.each([
    [{ $id: 'my_tool:output', type: 'object' }, '/$id', 'my_tool:output', 'my_tool_output'],
    [{ $defs: { out: { $id: 'my_tool:output' } } }, '/$defs/out/$id', 'my_tool:output', 'my_tool_output'],
    [{ $id: 'weather report:v1' }, '/$id', 'weather report:v1', 'weather_report_v1'],
  ])('%j names the $id and suggests a fix', (schema, pointer, id, name) => {
    expect(compileToolSchema(schema)).toEqual({
      ok: false,
      error: {
        code: 'invalid-id',
        message:
          `$id "${id}" at ${pointer} is not a valid URI (URI scheme is malformed). Use a plain name such as "${name}", ` +
          `or move the schema under $defs and point to it with "$ref": "#/$defs/${name}".`,
      },
    });
  });

  test.each(['my_tool_output', 'urn:example:my-tool:output', 'https://example.com/tools/weather.json'])(
    '%s is a valid $id',
    (id) => {
      expect(compileToolSchema({ $id: id, type: 'object' })).toMatchObject({ ok: true });
    },
  );
});

describe('given schemas that are not schemas', () => {
  test.each([
    ['an array', [{ type: 'string' }], 'A JSON Schema must be an object or a boolean; got an array.'],
    ['a string', '{"type":"string"}', 'A JSON Schema must be an object or a boolean; got a string.'],
    ['null', null, 'A JSON Schema must be an object or a boolean; got null.'],
    ['undefined', undefined, 'A JSON Schema must be an object or a boolean; got undefined.'],
    ['a number', 3, 'A JSON Schema must be an object or a boolean; got a number.'],
    [
      'an unknown type',
      { type: 'strin' },
      'schema is invalid: data/type must be equal to one of the allowed values, data/type must be array, data/type must match a schema in anyOf',
    ],
    ['a negative minLength', { minLength: -1 }, 'schema is invalid: data/minLength must be >= 0'],
    ['a broken pattern', { pattern: '(' }, 'Invalid regular expression: /(/u: Unterminated group'],
    [
      'a function inside',
      { type: 'string', description: () => 'x' },
      'The schema is not JSON: /description holds a function.',
    ],
    ['NaN inside', { maximum: Number.NaN }, 'The schema is not JSON: /maximum holds a non-finite number (NaN).'],
    ['a bigint inside', { maximum: 10n }, 'The schema is not JSON: /maximum holds a bigint.'],
  ])('%s is an invalid schema', (_name, schema, message) => {
    expect(compileToolSchema(schema)).toEqual({ ok: false, error: { code: 'invalid-schema', message } });
  });

  test('an object that contains itself is not JSON', () => {
    const schema: Record<string, unknown> = { type: 'object' };
    schema.properties = { self: schema };
    expect(compileToolSchema(schema)).toEqual({
      ok: false,
      error: { code: 'invalid-schema', message: 'The schema is not JSON: it contains itself at /properties/self.' },
    });
  });

  test('members whose value is undefined are absent, as in JSON.stringify', () => {
    expect(check({ type: 'string', description: undefined }, ['x'])).toEqual([[]]);
  });
});

describe('given values checked against a schema', () => {
  test('a missing or extra property is located at that property, with JSON Pointer escaping', () => {
    const schema = {
      type: 'object',
      required: ['a~b/c'],
      properties: { x: { type: 'string' } },
      additionalProperties: false,
      propertyNames: { maxLength: 3 },
    };
    expect(check(schema, [{ x: 1, 'y/z': 2, long: 3 }])).toEqual([
      [
        { pointer: '/a~0b~1c', message: "must have required property 'a~b/c'", keyword: 'required' },
        { pointer: '/long', message: 'must NOT have more than 3 characters', keyword: 'maxLength' },
        { pointer: '/long', message: 'property name must be valid', keyword: 'propertyNames' },
        { pointer: '/y~1z', message: 'must NOT have additional properties', keyword: 'additionalProperties' },
        { pointer: '/long', message: 'must NOT have additional properties', keyword: 'additionalProperties' },
        { pointer: '/x', message: 'must be string', keyword: 'type' },
      ],
    ]);
  });

  test('compositions report every branch (allErrors)', () => {
    const findBy = {
      oneOf: [
        { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      ],
    };
    const conditional = {
      if: { properties: { kind: { const: 'a' } } },
      then: { required: ['a'] },
      else: { required: ['b'] },
    };
    expect(check(findBy, [{ id: 1 }, { name: 'x' }, { id: 'x' }])).toEqual([
      [],
      [],
      [
        { pointer: '/id', message: 'must be integer', keyword: 'type' },
        { pointer: '/name', message: "must have required property 'name'", keyword: 'required' },
        { pointer: '', message: 'must match exactly one schema in oneOf', keyword: 'oneOf' },
      ],
    ]);
    expect(check(conditional, [{ kind: 'a' }, { kind: 'z', b: 1 }])).toEqual([
      [
        { pointer: '/a', message: "must have required property 'a'", keyword: 'required' },
        { pointer: '', message: 'must match "then" schema', keyword: 'if' },
      ],
      [],
    ]);
  });

  test('formats are checked (ajv-formats); unknown formats and unknown keywords are ignored', () => {
    const schema = {
      type: 'object',
      'x-ui': { widget: 'date' },
      properties: {
        e: { format: 'email' },
        d: { format: 'date-time' },
        u: { format: 'uri' },
        x: { format: 'x-made-up' },
      },
    };
    expect(
      check(schema, [
        { e: 'nope', d: '2026-13-01T00:00:00Z', u: 'not a uri', x: '?' },
        { e: 'a@example.com', d: '2026-03-01T09:30:00Z', u: 'https://example.com', x: '?' },
      ]),
    ).toEqual([
      [
        { pointer: '/d', message: 'must match format "date-time"', keyword: 'format' },
        { pointer: '/e', message: 'must match format "email"', keyword: 'format' },
        { pointer: '/u', message: 'must match format "uri"', keyword: 'format' },
      ],
      [],
    ]);
  });

  test('uniqueItems compares as JSON: key order does not matter, 1 and 1.0 are one number', () => {
    const schema = { type: 'array', uniqueItems: true };
    expect(
      check(schema, [
        [
          { a: 1, b: [2] },
          { b: [2], a: 1 },
        ],
        [1, 1.0],
        [1, '1', true, null, [1], { 1: 1 }],
      ]),
    ).toEqual([
      [
        {
          pointer: '',
          message: 'must NOT have duplicate items (items ## 0 and 1 are identical)',
          keyword: 'uniqueItems',
        },
      ],
      [
        {
          pointer: '',
          message: 'must NOT have duplicate items (items ## 0 and 1 are identical)',
          keyword: 'uniqueItems',
        },
      ],
      [],
    ]);
  });

  test('validation never throws: a value too deep for the stack is an $exception issue', () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { next: deep };
    const linked = { $defs: { n: { type: 'object', properties: { next: { $ref: '#/$defs/n' } } } }, $ref: '#/$defs/n' };
    expect(check(linked, [deep])).toEqual([
      [
        {
          pointer: '',
          keyword: '$exception',
          message: 'The validator failed on this value: Maximum call stack size exceeded',
        },
      ],
    ]);
  });
});

describe('given the cache', () => {
  const weather = () => ({
    type: 'object',
    properties: { city: { type: 'string' }, tempC: { type: 'number' } },
    required: ['city'],
  });

  test('the same object compiles once and gives the same result object', () => {
    const compiler = createToolSchemaCompiler();
    const schema = weather();
    const first = compiler.compile(schema);
    expect(compiler.compile(schema)).toBe(first);
    expect(compiler.stats.compiles).toBe(1);
  });

  test('an equal object, even with its keys in another order, compiles once', () => {
    const compiler = createToolSchemaCompiler();
    const first = compiler.compile(weather());
    const reordered = {
      required: ['city'],
      properties: { tempC: { type: 'number' }, city: { type: 'string' } },
      type: 'object',
    };
    expect(compiler.compile(reordered)).toBe(first);
    expect(compiler.compile(JSON.parse(JSON.stringify(weather())))).toBe(first);
    expect(compiler.stats.compiles).toBe(1);
  });

  test('different limits compile separately; a refusal before Ajv never counts', () => {
    const compiler = createToolSchemaCompiler();
    compiler.compile(weather());
    compiler.compile(weather(), { timeBudgetMs: 5 });
    compiler.compile(weather(), { timeBudgetMs: 5 });
    compiler.compile({ $ref: 'https://example.com/x' });
    compiler.compile({ $id: 'my_tool:output' });
    expect(compiler.stats.compiles).toBe(2);
  });

  test('an Ajv refusal is cached too', () => {
    const compiler = createToolSchemaCompiler();
    const first = compiler.compile({ type: 'strin' });
    expect(compiler.compile({ type: 'strin' })).toBe(first);
    expect(compiler.stats.compiles).toBe(1);
  });

  test('clear() forgets, and the text cache keeps the most recently used', () => {
    const compiler = createToolSchemaCompiler({ cacheSize: 2 });
    const schemas = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }];
    for (const schema of schemas) compiler.compile(JSON.parse(JSON.stringify(schema)));
    expect(compiler.stats.compiles).toBe(3);
    compiler.compile({ type: 'boolean' });
    compiler.compile({ type: 'number' });
    expect(compiler.stats.compiles).toBe(3);
    compiler.compile({ type: 'string' });
    expect(compiler.stats.compiles).toBe(4);
    compiler.clear();
    compiler.compile(schemas[2]);
    expect(compiler.stats.compiles).toBe(5);
  });

  test('schemas sharing an $id do not see each other (Ajv’s registry is emptied after each compile)', () => {
    const compiler = createToolSchemaCompiler();
    const numbers = compiler.compile({
      $defs: { item: { $id: 'https://example.com/item', type: 'number' } },
      $ref: 'https://example.com/item',
    });
    const strings = compiler.compile({
      $defs: { item: { $id: 'https://example.com/item', type: 'string' } },
      $ref: 'https://example.com/item',
    });
    const rootA = compiler.compile({ $id: 'https://example.com/root', type: 'number' });
    const rootB = compiler.compile({ $id: 'https://example.com/root', type: 'string' });
    const results = [numbers, strings, rootA, rootB].map(
      (compiled) => compiled.ok && [compiled.validate(1).length, compiled.validate('x').length],
    );
    expect(results).toEqual([
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
    ]);
  });
});
