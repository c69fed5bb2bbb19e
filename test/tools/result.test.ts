/**
 * `validateToolResult` (src/tools/tool-result.ts): every verdict, present falsy values, the text
 * block that should carry an array or primitive result, and the `{result: …}` wrapper of 2025-era
 * SDK servers, each with the exact verdict, issues and notes.
 */
import { describe, expect, test } from 'vitest';

import { TOOL_RESULT_NOTES, validateToolResult, type CallToolResult, type Tool } from '../../src/tools/tool-result.js';
import { createToolSchemaCompiler } from '../../src/tools/tool-schema.js';

const INPUT = { type: 'object' } as const;

function tool(outputSchema?: Tool['outputSchema']): Tool {
  return outputSchema === undefined
    ? { name: 'probe', inputSchema: INPUT }
    : { name: 'probe', inputSchema: INPUT, outputSchema };
}

/** A result carrying `value` as structuredContent and its JSON in a text block, as SEP-2106 asks. */
function withText(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

const weather = {
  type: 'object',
  properties: { city: { type: 'string' }, tempC: { type: 'number' } },
  required: ['city', 'tempC'],
  additionalProperties: false,
};

describe('given a tool without an outputSchema', () => {
  test.each([
    ['no structuredContent', { content: [] }, []],
    ['an object', { content: [], structuredContent: { a: 1 } }, [TOOL_RESULT_NOTES.noSchema]],
    ['an array with its text block', withText([1]), [TOOL_RESULT_NOTES.noSchema]],
    [
      'an array without one',
      { content: [], structuredContent: [1] },
      [TOOL_RESULT_NOTES.noSchema, TOOL_RESULT_NOTES.textMissing('an array')],
    ],
  ] satisfies [string, CallToolResult, string[]][])('%s: no-schema', (_name, result, notes) => {
    expect(validateToolResult(tool(), result)).toEqual({ verdict: 'no-schema', issues: [], notes, checked: 'nothing' });
  });
});

describe('given an outputSchema that cannot be compiled', () => {
  test('the verdict is schema-error, whatever the result', () => {
    const remote = tool({ $ref: 'https://example.com/weather.json' });
    const error = {
      code: 'remote-ref',
      message:
        '$ref "https://example.com/weather.json" at /$ref points outside this schema. Only references inside the schema (such as "#/$defs/Name" or "#name") are followed, and nothing is ever fetched.',
    };
    const expected = {
      verdict: 'schema-error',
      issues: [],
      notes: [TOOL_RESULT_NOTES.schemaError(error.message)],
      checked: 'nothing',
      schemaError: error,
    };
    expect(validateToolResult(remote, withText({ city: 'Oslo' }))).toEqual(expected);
    expect(validateToolResult(remote, { content: [], isError: true })).toEqual(expected);
  });

  test('an invalid $id says how to fix it', () => {
    expect(validateToolResult(tool({ $id: 'my_tool:output', type: 'object' }), withText({}))).toMatchObject({
      verdict: 'schema-error',
      schemaError: { code: 'invalid-id' },
    });
  });
});

describe('given an error result (isError: true)', () => {
  test.each([
    [
      'without structuredContent',
      { content: [{ type: 'text', text: 'boom' }], isError: true },
      [TOOL_RESULT_NOTES.errorResult],
    ],
    [
      'with an object that does not match',
      { content: [], structuredContent: { code: 500 }, isError: true },
      [TOOL_RESULT_NOTES.errorResult],
    ],
    [
      'with an array and no text block',
      { content: [], structuredContent: ['x'], isError: true },
      [TOOL_RESULT_NOTES.errorResult, TOOL_RESULT_NOTES.textMissing('an array')],
    ],
  ] satisfies [string, CallToolResult, string[]][])('%s: no-schema, never missing', (_name, result, notes) => {
    expect(validateToolResult(tool(weather), result)).toEqual({
      verdict: 'no-schema',
      issues: [],
      notes,
      checked: 'nothing',
    });
  });

  test('isError: false is not an error', () => {
    expect(validateToolResult(tool(weather), { content: [], isError: false })).toMatchObject({ verdict: 'missing' });
  });
});

describe('given no structuredContent', () => {
  test.each([
    ['the key absent', { content: [{ type: 'text', text: '{"city":"Oslo","tempC":3}' }] }],
    ['the key holding undefined (JSON cannot carry it)', { content: [], structuredContent: undefined }],
  ] satisfies [string, CallToolResult][])('%s: missing', (_name, result) => {
    expect(validateToolResult(tool(weather), result)).toEqual({
      verdict: 'missing',
      issues: [],
      notes: [TOOL_RESULT_NOTES.missing],
      checked: 'nothing',
    });
  });
});

describe('given present values, falsy ones included', () => {
  test.each([
    ['0', { type: 'integer' }, 0],
    ['false', { type: 'boolean' }, false],
    ['""', { type: 'string', maxLength: 0 }, ''],
    ['null', { type: 'null' }, null],
    ['[]', { type: 'array', maxItems: 0 }, []],
    ['an object', weather, { city: 'Oslo', tempC: -3.5 }],
    ['a composition root', { anyOf: [{ type: 'string' }, { type: 'number' }] }, 7],
  ])('%s is valid', (_name, schema, value) => {
    expect(validateToolResult(tool(schema), withText(value))).toEqual({
      verdict: 'valid',
      issues: [],
      notes: [],
      checked: 'structuredContent',
    });
  });

  test.each([
    ['0 against a string schema', { type: 'string' }, 0, [{ pointer: '', message: 'must be string', keyword: 'type' }]],
    ['null against an object schema', weather, null, [{ pointer: '', message: 'must be object', keyword: 'type' }]],
    [
      'an object with problems',
      weather,
      { city: 7, extra: true },
      [
        { pointer: '/tempC', message: "must have required property 'tempC'", keyword: 'required' },
        { pointer: '/extra', message: 'must NOT have additional properties', keyword: 'additionalProperties' },
        { pointer: '/city', message: 'must be string', keyword: 'type' },
      ],
    ],
    [
      'an array with a bad row',
      { type: 'array', items: weather },
      [
        { city: 'Oslo', tempC: 1 },
        { city: 'Bergen', tempC: '2' },
      ],
      [{ pointer: '/1/tempC', message: 'must be number', keyword: 'type' }],
    ],
  ])('%s is invalid', (_name, schema, value, issues) => {
    expect(validateToolResult(tool(schema), withText(value))).toEqual({
      verdict: 'invalid',
      issues,
      notes: [],
      checked: 'structuredContent',
    });
  });
});

describe('given an array or primitive result and its text block', () => {
  const cities = { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } };
  const value = [{ name: 'Oslo', country: 'NO' }];
  const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' };

  test.each([
    ['the same JSON, spaced and reordered', [{ type: 'text', text: '[ { "country": "NO", "name": "Oslo" } ]' }], []],
    [
      'a second text block that matches',
      [
        { type: 'text', text: 'Here you go:' },
        { type: 'text', text: JSON.stringify(value) },
      ],
      [],
    ],
    ['no content at all', undefined, [TOOL_RESULT_NOTES.textMissing('an array')]],
    ['only an image', [image], [TOOL_RESULT_NOTES.textMissing('an array')]],
    ['prose, not JSON', [{ type: 'text', text: 'Oslo, Norway' }], [TOOL_RESULT_NOTES.textMismatch('an array', 1)]],
    ['other JSON', [{ type: 'text', text: '[{"name":"Bergen"}]' }], [TOOL_RESULT_NOTES.textMismatch('an array', 1)]],
    [
      'two blocks, neither matching',
      [
        { type: 'text', text: '[]' },
        { type: 'text', text: '{}' },
      ],
      [TOOL_RESULT_NOTES.textMismatch('an array', 2)],
    ],
  ] satisfies [string, CallToolResult['content'], string[]][])('%s', (_name, content, notes) => {
    const result: CallToolResult =
      content === undefined ? { structuredContent: value } : { content, structuredContent: value };
    expect(validateToolResult(tool(cities), result)).toEqual({
      verdict: 'valid',
      issues: [],
      notes,
      checked: 'structuredContent',
    });
  });

  test('the notes name each kind of value', () => {
    expect(
      [['x'], 'x', 3, true, null].map(
        (scalar) => validateToolResult(tool({}), { content: [], structuredContent: scalar }).notes,
      ),
    ).toEqual([
      [TOOL_RESULT_NOTES.textMissing('an array')],
      [TOOL_RESULT_NOTES.textMissing('a string')],
      [TOOL_RESULT_NOTES.textMissing('a number')],
      [TOOL_RESULT_NOTES.textMissing('a boolean')],
      [TOOL_RESULT_NOTES.textMissing('null')],
    ]);
    expect(TOOL_RESULT_NOTES.textMissing('null')).toBe(
      'structuredContent is null; SEP-2106 asks servers to also send a text block holding its JSON, and none came.',
    );
    expect(TOOL_RESULT_NOTES.textMismatch('a number', 1)).toBe(
      'structuredContent is a number, but the text block does not hold its JSON.',
    );
    expect(TOOL_RESULT_NOTES.textMismatch('a number', 3)).toBe(
      'structuredContent is a number, but none of the 3 text blocks holds its JSON.',
    );
  });

  test('an object result needs no text block', () => {
    expect(
      validateToolResult(tool(weather), { content: [], structuredContent: { city: 'Oslo', tempC: 1 } }).notes,
    ).toEqual([]);
  });
});

describe('given the {result: …} wrapper of 2025-era SDK servers', () => {
  test.each([
    ['an array', { type: 'array', items: { type: 'string' } }, ['a', 'b']],
    ['0', { type: 'number' }, 0],
    ['null', { type: 'null' }, null],
    [
      'an id’d object (SDK 2.0–2.3.1 wrapped root $ref schemas)',
      { type: 'object', $ref: '#/$defs/W', $defs: { W: weather } },
      { city: 'Oslo', tempC: 1 },
    ],
  ])('%s inside the wrapper is valid against the natural schema, with a note', (_name, schema, inner) => {
    const result: CallToolResult = {
      content: [{ type: 'text', text: JSON.stringify(inner) }],
      structuredContent: { result: inner },
    };
    expect(validateToolResult(tool(schema), result)).toEqual({
      verdict: 'valid',
      issues: [],
      notes: [TOOL_RESULT_NOTES.wrapped],
      checked: 'structuredContent.result',
    });
  });

  test('the text block may hold the wrapped object instead; with none, the note names the inner kind', () => {
    const schema = { type: 'array' };
    const wrapped = { result: [1] };
    expect(validateToolResult(tool(schema), withText(wrapped)).notes).toEqual([TOOL_RESULT_NOTES.wrapped]);
    expect(validateToolResult(tool(schema), { content: [], structuredContent: wrapped }).notes).toEqual([
      TOOL_RESULT_NOTES.wrapped,
      TOOL_RESULT_NOTES.textMissing('an array'),
    ]);
  });

  test('a wrapper whose inside fails too is invalid, with the root’s issues', () => {
    expect(validateToolResult(tool({ type: 'array' }), withText({ result: 'not an array' }))).toEqual({
      verdict: 'invalid',
      issues: [{ pointer: '', message: 'must be array', keyword: 'type' }],
      notes: [TOOL_RESULT_NOTES.wrappedInvalid],
      checked: 'structuredContent',
    });
  });

  test('`result` plus another key is no wrapper', () => {
    expect(validateToolResult(tool({ type: 'array' }), withText({ result: [1], page: 2 }))).toEqual({
      verdict: 'invalid',
      issues: [{ pointer: '', message: 'must be array', keyword: 'type' }],
      notes: [],
      checked: 'structuredContent',
    });
  });

  test('a value that conforms as it is is not unwrapped', () => {
    expect(validateToolResult(tool({ type: 'object' }), withText({ result: [1] }))).toEqual({
      verdict: 'valid',
      issues: [],
      notes: [],
      checked: 'structuredContent',
    });
  });

  test('the wrapper schema SDK servers list toward 2025-era clients is recognised', () => {
    const listed = {
      type: 'object',
      properties: { result: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'number' } },
      required: ['result'],
      $schema: 'https://json-schema.org/draft/2020-12/schema',
    };
    expect(
      validateToolResult(tool(listed), { content: [{ type: 'text', text: '0' }], structuredContent: { result: 0 } }),
    ).toEqual({
      verdict: 'valid',
      issues: [],
      notes: [TOOL_RESULT_NOTES.wrappedSchema],
      checked: 'structuredContent',
    });
    expect(validateToolResult(tool(listed), { content: [], structuredContent: { result: 0 } }).notes).toEqual([
      TOOL_RESULT_NOTES.wrappedSchema,
      TOOL_RESULT_NOTES.textMissing('a number'),
    ]);
  });
});

describe('given options', () => {
  test('limits apply: a value a limit stopped is invalid', () => {
    const schema = { type: 'string', pattern: '^[a-z]+$' };
    expect(validateToolResult(tool(schema), withText('abcdef'), { limits: { maxPatternInputLength: 3 } })).toEqual({
      verdict: 'invalid',
      issues: [
        {
          pointer: '',
          keyword: '$limit',
          message:
            'Not matched against pattern "^[a-z]+$": the string has 6 characters, over maxPatternInputLength (3).',
        },
      ],
      notes: [],
      checked: 'structuredContent',
    });
  });

  test('when a limit stopped the check of the whole value, the wrapper is not tried', () => {
    // As a whole, {result: "abcdef"} takes the object branch, whose pattern sees a string over the
    // limit; unwrapped, "abcdef" would pass the string branch. Unknown is not valid.
    const schema = { anyOf: [{ type: 'object', properties: { result: { pattern: '^[a-z]+$' } } }, { type: 'string' }] };
    expect(
      validateToolResult(tool(schema), withText({ result: 'abcdef' }), { limits: { maxPatternInputLength: 3 } }),
    ).toEqual({
      verdict: 'invalid',
      issues: [
        {
          pointer: '/result',
          keyword: '$limit',
          message:
            'Not matched against pattern "^[a-z]+$": the string has 6 characters, over maxPatternInputLength (3).',
        },
      ],
      notes: [],
      checked: 'structuredContent',
    });
  });

  test('a result that is not an object at all is missing, without throwing', () => {
    for (const result of [null, undefined, 'text', []]) {
      expect(validateToolResult(tool(weather), result as unknown as CallToolResult)).toEqual({
        verdict: 'missing',
        issues: [],
        notes: [TOOL_RESULT_NOTES.missing],
        checked: 'nothing',
      });
    }
  });

  test('a compiler of your own is used', () => {
    const compiler = createToolSchemaCompiler();
    validateToolResult(tool(weather), withText({ city: 'Oslo', tempC: 1 }), { compiler });
    validateToolResult(tool(weather), withText({ city: 'Oslo', tempC: 2 }), { compiler });
    expect(compiler.stats.compiles).toBe(1);
  });
});
