/**
 * Hostile servers, finding 1: patterns that backtrack polynomially froze the tab for seconds (17.6 s
 * for `a*a*a*a*a*b` on 100 characters in `validateElicitContent`). One test per shape found, and more
 * shapes of the same family, in core and in the tool compiler.
 *
 * No clock: each test installs a guard on `RegExp.prototype.exec` (which `test`, `match` and Ajv's
 * patterns go through) that throws when a backtracking RegExp is run with the hostile pattern. So a
 * test passes only when the text is judged without V8's engine ever running the pattern, and fails
 * at once, rather than after seconds, on code that still uses it. The verdicts are exact: the
 * linear-time engine answers what ECMAScript would.
 */
import { beforeAll, describe, expect, test } from 'vitest';

import {
  createElicitationQueue,
  isPatternEngineLoaded,
  loadPatternEngine,
  submitDraft,
  validateElicitContent,
  type RequestedSchema,
} from '../../src/core/index.js';
import { compileToolSchema, createToolSchemaCompiler } from '../../src/tools/index.js';
import { guardBacktracking } from './regexp-guard.js';

/** Sources a backtracking RegExp may not run while a test is on. */
const guarded = guardBacktracking();

/** One text field `code` with `pattern`, required. */
function form(pattern: string): RequestedSchema {
  return {
    type: 'object',
    properties: { code: { type: 'string', title: 'Code', pattern } },
    required: ['code'],
  } as RequestedSchema;
}

const NO_MATCH = { field: 'code', code: 'pattern', message: 'The text does not have the form the server asks for.' };

/** A tool-schema compiler whose clock stands still: these tests assert verdicts, the bench times them. */
function untimed(): ReturnType<typeof createToolSchemaCompiler> {
  return createToolSchemaCompiler({ clock: () => 0 });
}

describe('given the pattern engine is not loaded yet', () => {
  // These run first: nothing in this file has loaded the engine before them.
  test('validateElicitContent and submitDraft refuse a patterned text before any run, never pass it', () => {
    guarded.add('a*a*a*a*a*b');
    expect(isPatternEngineLoaded()).toBe(false);
    const pending = {
      field: 'code',
      code: 'pattern-pending',
      message: "The server's pattern for this field cannot be checked yet; try again in a moment.",
    };
    expect(validateElicitContent(form('a*a*a*a*a*b'), { code: 'a'.repeat(100) })).toEqual([pending]);
    expect(submitDraft(form('a*a*a*a*a*b'), { code: 'aab' })).toEqual({ ok: false, errors: [pending] });
  });

  test("a compiled tool schema's validate stops with $pattern-engine before any run", () => {
    guarded.add('a*a*a*a*a*b');
    const compiled = compileToolSchema({
      type: 'object',
      properties: { q: { type: 'string', pattern: 'a*a*a*a*a*b' } },
    });
    expect(compiled.ok && compiled.validate({ q: 'a'.repeat(100) })).toEqual([
      {
        pointer: '/q',
        keyword: '$pattern-engine',
        message:
          'Not matched against pattern "a*a*a*a*a*b": the pattern engine is not loaded yet (await loadPatternEngine()).',
      },
    ]);
  });

  test('the queue admits a patterned form once the engine is loaded, and keeps arrival order', async () => {
    const queue = createElicitationQueue();
    const origin = { server: { name: 'S' } };
    const first = queue.enqueue({ message: 'Code?', requestedSchema: form('^[a-z]+$') }, origin);
    const second = queue.enqueue(
      { message: 'Sure?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      origin,
    );
    // Nothing yet: the patterned request waits for the engine, the plain one waits behind it.
    expect(queue.getSnapshot().entries).toEqual([]);
    await loadPatternEngine();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const entries = queue.getSnapshot().entries;
    expect(entries.map((entry) => entry.kind === 'single' && entry.prompt.request)).toEqual([
      { message: 'Code?', requestedSchema: form('^[a-z]+$') },
      { message: 'Sure?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    ]);
    const [code, sure] = entries.map((entry) => entry.id);
    expect(queue.respond(code as string, { action: 'accept', content: { code: 'Abc' } })).toBe('invalid');
    expect(queue.respond(code as string, { action: 'accept', content: { code: 'abc' } })).toBe('answered');
    expect(queue.respond(sure as string, { action: 'decline' })).toBe('answered');
    expect(await Promise.all([first, second])).toEqual([
      { action: 'accept', content: { code: 'abc' } },
      { action: 'decline' },
    ]);
  });
});

describe('given the shapes the hostile test found', () => {
  beforeAll(async () => {
    await loadPatternEngine();
  });

  // [pattern, a text it does not match, one it matches]: each took seconds to tens of seconds in V8.
  test.each([
    ['a*a*a*a*a*b', 'a'.repeat(100), 'aab'],
    ['.*.*.*=', 'x'.repeat(1_000), 'a=b'],
    ['a*a*b', 'a'.repeat(9_999), 'aab'],
    ['(.*a){3}x', 'a'.repeat(1_000), 'aaax'],
    ['^(a|b)*(a|b)*(a|b)*c$', 'ab'.repeat(500), 'abc'],
  ])('%s on a hostile answer: validateElicitContent says it does not match, in linear time', (pattern, text, fits) => {
    guarded.add(pattern);
    expect(validateElicitContent(form(pattern), { code: text })).toEqual([NO_MATCH]);
    // The pattern is checked, not skipped: a text that fits passes.
    expect(validateElicitContent(form(pattern), { code: fits })).toEqual([]);
  });

  test("compileToolSchema's validate judges a*a*a*a*a*b on 100 characters in linear time", () => {
    guarded.add('a*a*a*a*a*b');
    const compiled = untimed().compile({
      type: 'object',
      properties: { q: { type: 'string', pattern: 'a*a*a*a*a*b' } },
    });
    expect(compiled.ok && [compiled.validate({ q: 'a'.repeat(100) }), compiled.validate({ q: 'aab' })]).toEqual([
      [{ pointer: '/q', keyword: 'pattern', message: 'must match pattern "a*a*a*a*a*b"' }],
      [],
    ]);
  });

  test('a patternProperties key .*.*.*= against a 600-character property name is matched in linear time', () => {
    guarded.add('.*.*.*=');
    const compiled = untimed().compile({
      type: 'object',
      patternProperties: { '.*.*.*=': { type: 'number' } },
      additionalProperties: false,
    });
    const name = 'k'.repeat(600);
    expect(compiled.ok && [compiled.validate({ [name]: 1 }), compiled.validate({ [`${name}=`]: 'one' })]).toEqual([
      [{ pointer: `/${name}`, keyword: 'additionalProperties', message: 'must NOT have additional properties' }],
      [{ pointer: `/${name}=`, keyword: 'type', message: 'must be number' }],
    ]);
  });
});

describe('given more polynomial shapes of the same family', () => {
  beforeAll(async () => {
    await loadPatternEngine();
  });

  // [pattern, a long text it does not match, a short one it matches]
  test.each([
    ['^\\d*\\d*\\d*\\d*z$', '1'.repeat(3_000), '12z'],
    ['[a-z]+[a-z]+[a-z]+!', 'a'.repeat(3_000), 'abc!'],
    ['\\s*\\s*\\s*x$', ' '.repeat(3_000), ' x'],
    ['x{0,50}x{0,50}x{0,50}y', 'x'.repeat(3_000), 'xxy'],
    ['.*?,.*?,.*?;', ','.repeat(3_000), 'a,b,c;'],
    ['(?:a|b)*c(?:a|b)*c(?:a|b)*d', 'ac'.repeat(1_500), 'acbcd'],
    ['\\S+\\S+\\S+\\.', 'a'.repeat(3_000), 'abc.'],
    ['(?:\\w+\\s*)+;', 'word '.repeat(600), 'a b;'],
  ])('%s: judged in linear time in core and in the tool compiler', (pattern, long, fits) => {
    guarded.add(pattern);
    expect(validateElicitContent(form(pattern), { code: long })).toEqual([NO_MATCH]);
    expect(validateElicitContent(form(pattern), { code: fits })).toEqual([]);
    const compiled = untimed().compile({ type: 'string', pattern });
    expect(compiled.ok && [compiled.validate(long), compiled.validate(fits)]).toEqual([
      [{ pointer: '', keyword: 'pattern', message: `must match pattern "${pattern}"` }],
      [],
    ]);
  });
});
