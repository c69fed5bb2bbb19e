/** The JSON helpers of src/tools/json.ts: canonical text, JSON equality, pointers, string search. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import {
  canonicalJson,
  escapePointerToken,
  findString,
  joinPointer,
  jsonEqual,
  unescapePointerToken,
} from '../../src/tools/json.js';

describe('given canonicalJson', () => {
  test.each([
    [{ b: 1, a: [true, null, 'x'] }, '{"a":[true,null,"x"],"b":1}'],
    [{ a: undefined, b: () => 1, c: 1 }, '{"c":1}'],
    [[undefined, Number.NaN, -0, 1e21], '[null,null,0,1e+21]'],
    ['a"b', '"a\\"b"'],
    [{ '': { __proto__: 1 } }, '{"":{}}'],
  ])('%j → %s', (value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });

  test('it is JSON that reads back to an equal value, and writing that again gives the same text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        const back = JSON.parse(text) as unknown;
        expect(back).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(back)).toBe(text);
      }),
    );
  });

  test('a value nested 100,000 levels deep is written without recursion', () => {
    let value: unknown = 0;
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(canonicalJson(value)).toBe(`${'['.repeat(100_000)}0${']'.repeat(100_000)}`);
  });
});

describe('given jsonEqual', () => {
  test.each([
    [{ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, true],
    [[1, 2], [2, 1], false],
    [{ a: 1 }, { a: 1, b: undefined }, false],
    [null, {}, false],
    [0, -0, true],
    ['1', 1, false],
  ])('%j and %j: %s', (a, b, expected) => {
    expect(jsonEqual(a, b)).toBe(expected);
  });

  test('it agrees with canonical text equality', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(jsonEqual(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
        expect(jsonEqual(a, JSON.parse(JSON.stringify(a)))).toBe(true);
      }),
    );
  });
});

describe('given JSON Pointers (RFC 6901)', () => {
  test('tokens escape ~ then / and read back', () => {
    expect(escapePointerToken('a~b/c')).toBe('a~0b~1c');
    expect(unescapePointerToken('a~0b~1c')).toBe('a~b/c');
    expect(unescapePointerToken('~01')).toBe('~1');
    expect(joinPointer(joinPointer('', 'items'), 0)).toBe('/items/0');
  });

  test('findString locates a value or a key, breadth first', () => {
    const value = { a: [{ deep: 'x' }], b: 'x', 'x-key': 1 };
    expect(findString(value, 'x')).toBe('/b');
    expect(findString(value, 'x-key')).toBe('/x-key');
    expect(findString(value, 'nothing')).toBeUndefined();
    expect(findString('x', 'x')).toBe('');
  });
});
