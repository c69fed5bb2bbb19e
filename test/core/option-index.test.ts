/**
 * The option index (`src/core/option-index.ts`): the one lookup of a value's place in a list, which parse
 * also uses to find repeats. Equality is a `Map`'s (SameValueZero), whichever way a list is indexed (a table of texts, or a
 * `Map` for other values and for crafted hash collisions).
 */
import { describe, expect, test } from 'vitest';

import { indexValues, optionIndex } from '../../src/core/option-index.js';
import { parseRequestedSchema } from '../../src/core/schema.js';
import { submitDraft } from '../../src/core/draft.js';
import type { RequestedSchema } from '../../src/core/types.js';

/** The places, ascending, of values found elsewhere than where they stand: copies of earlier ones. */
function repeatsOf(values: unknown[], find: (value: unknown) => number): number[] {
  return values.flatMap((value, at) => (find(value) === at ? [] : [at]));
}

/** The index of `values`, read back: each probe's place, and the repeats. */
function readBack(values: unknown[], probes: unknown[]): { found: number[]; repeats: number[] } {
  const find = indexValues(values.length, (at) => values[at]);
  return { found: probes.map(find), repeats: repeatsOf(values, find) };
}

/** FNV-1a, as the index hashes texts: the test builds collisions on purpose. */
function fnv(text: string): number {
  let value = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) value = Math.imul(value ^ text.charCodeAt(at), 0x01000193);
  return value;
}

describe('given a list of texts', () => {
  test('a value is found at its first place, anything else at -1, and later copies are repeats', () => {
    expect(readBack(['a', 'b', 'a', 'c', 'b', 'a', ''], ['a', 'b', 'c', '', 'd', 1, undefined, ['a']])).toEqual({
      found: [0, 1, 3, 6, -1, -1, -1, -1],
      repeats: [2, 4, 5],
    });
  });

  test('an empty list finds nothing', () => {
    expect(readBack([], ['a', undefined])).toEqual({ found: [-1, -1], repeats: [] });
  });

  test('texts that differ only in case, accents or by a lone surrogate stay apart', () => {
    const values = ['é', 'e\u0301', 'E', 'e', '\ud800', '\udc00', '\ud800\udc00'];
    expect(readBack(values, [...values, 'ê'])).toEqual({ found: [0, 1, 2, 3, 4, 5, 6, -1], repeats: [] });
  });

  test('100,000 texts: each is found at its place, in one pass', () => {
    const values = Array.from({ length: 100_000 }, (_, index) => `opt-${index}`);
    let reads = 0;
    const find = indexValues(values.length, (at) => {
      reads++;
      return values[at];
    });
    const builtWith = reads;
    expect({
      repeats: repeatsOf(values, find),
      wrong: values.filter((value, index) => find(value) !== index).length,
      missing: [find('opt-100000'), find('opt-')],
    }).toEqual({ repeats: [], wrong: 0, missing: [-1, -1] });
    // Each value read once, plus one read per probe past an occupied slot: far from the square.
    expect(builtWith).toBeLessThan(2 * values.length);
  });
});

describe('given values other than text (a host rjsf list, or a refused server list)', () => {
  test('they are compared as a Map compares them: 1 is not "1", NaN finds NaN, objects by identity', () => {
    const shared = { a: 1 };
    const values = [1, '1', null, 1, undefined, null, shared, { a: 1 }, true, Number.NaN];
    expect(readBack(values, [1, '1', null, undefined, shared, { a: 1 }, true, false, 2, Number.NaN])).toEqual({
      found: [0, 1, 2, 4, 6, -1, 8, -1, -1, 9],
      repeats: [3, 5],
    });
  });
});

describe('given texts crafted to collide in the hash (a hostile server)', () => {
  test('the answers stay exact and the work stays linear: past a bound of probes the list goes to a Map', () => {
    // 500 texts whose hashes share their low 10 bits: in a table of 1,024 slots they all want the same one.
    const colliding: string[] = [];
    const target = fnv('x0') & 1023;
    for (let suffix = 0; colliding.length < 500; suffix++) {
      const text = `x${suffix}`;
      if ((fnv(text) & 1023) === target) colliding.push(text);
    }
    const values = [...colliding, colliding[7] as string, colliding[499] as string];
    let reads = 0;
    const find = indexValues(values.length, (at) => {
      reads++;
      return values[at];
    });
    const builtWith = reads;
    expect({
      repeats: repeatsOf(values, find),
      found: colliding.map(find),
      copy: find(colliding[7]),
      other: find('x-1'),
    }).toEqual({
      repeats: [500, 501],
      found: colliding.map((_, index) => index),
      copy: 7,
      other: -1,
    });
    // Probing them all would read about 125,000 values; the bound stops at 8 probes per value, then a Map reads each once.
    expect(builtWith).toBeLessThan(12 * values.length);
  });
});

describe('given the options of a parsed field', () => {
  test('the index parse built is the one checks and widgets read', () => {
    const parsed = parseRequestedSchema({
      type: 'object',
      properties: { pick: { type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }, { const: 'b' }] } } },
    });
    if (!parsed.ok || parsed.fields[0]?.kind !== 'multi-select') throw new Error('not parsed');
    const { options } = parsed.fields[0];
    expect(optionIndex(options)).toBe(optionIndex(options));
    expect(['a', 'b', 'c'].map(optionIndex(options))).toEqual([0, 1, -1]);
  });

  test('a legacy list is named in place and keeps its index', () => {
    const parsed = parseRequestedSchema({
      type: 'object',
      properties: { pick: { type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] } },
    });
    if (!parsed.ok || parsed.fields[0]?.kind !== 'single-select') throw new Error('not parsed');
    expect({
      options: parsed.fields[0].options,
      found: ['b', 'a', 'Alpha'].map(optionIndex(parsed.fields[0].options)),
    }).toEqual({
      options: [
        { value: 'a', label: 'Alpha' },
        { value: 'b', label: 'Beta' },
      ],
      found: [1, 0, -1],
    });
  });

  test('repeats are reported where they stand among the other faults of the list', () => {
    const parsed = parseRequestedSchema({
      type: 'object',
      properties: {
        pick: {
          type: 'array',
          items: {
            anyOf: ['bad', { const: 'a' }, { const: 'a', title: 'A' }, { const: 5 }, { const: 5 }, {}, { const: 'a' }],
          },
        },
      },
    });
    expect(!parsed.ok && parsed.problems.map((problem) => [problem.path, problem.code])).toEqual([
      ['properties.pick.items.anyOf[0]', 'options-invalid'],
      ['properties.pick.items.anyOf[1]', 'option-title-missing'],
      ['properties.pick.items.anyOf[2].const', 'duplicate-value'],
      ['properties.pick.items.anyOf[3].const', 'option-not-string'],
      ['properties.pick.items.anyOf[4].const', 'option-not-string'],
      ['properties.pick.items.anyOf[5]', 'options-invalid'],
      ['properties.pick.items.anyOf[6].const', 'duplicate-value'],
    ]);
  });

  test('an answer of 100,000 options goes out in option order, whatever order it was ticked in', () => {
    const values = Array.from({ length: 100_000 }, (_, index) => `v${index}`);
    const schema = {
      type: 'object',
      properties: { pick: { type: 'array', items: { type: 'string', enum: values } } },
    } as unknown as RequestedSchema;
    expect(submitDraft(schema, { pick: ['v99999', 'v5', 'v50000', 'v0'] })).toEqual({
      ok: true,
      result: { action: 'accept', content: { pick: ['v0', 'v5', 'v50000', 'v99999'] } },
    });
  });
});
