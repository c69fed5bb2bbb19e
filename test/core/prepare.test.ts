/**
 * Reading a form's option lists ahead (`src/core/prepare.ts`): a form of many options is read in steps
 * of `STEP` options, each a task of its own in the kit's form, so that no task grows with the list.
 * Shown structurally: how many steps a list takes, that the parse after it reads no option again, and
 * that what it gives is exactly what a parse alone gives, problems included.
 */
import { describe, expect, test } from 'vitest';

import { judgedAhead, lookalikeKey, lookalikeOptions, lookalikesOf } from '../../src/core/lookalike-text.js';
import { STEP } from '../../src/core/option-index.js';
import { prepareOptions } from '../../src/core/prepare.js';
import { hasHiddenCharacters } from '../../src/core/visible-text.js';
import { optionsToRead, parseCached, parseRequestedSchema, readAheadParts } from '../../src/core/schema.js';

/** `count` titled options, "v0" … titled "Option 0" …. */
function titled(count: number): { const: string; title: string }[] {
  return Array.from({ length: count }, (_, index) => ({ const: `v${index}`, title: `Option ${index}` }));
}

/** A form request of `properties`. */
function request(properties: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { message: 'Choose', requestedSchema: { type: 'object', properties, ...extra } };
}

/** Runs `prepareOptions` to the end; returns how many times it paused. */
function prepare(form: unknown): number {
  let pauses = 0;
  const steps = prepareOptions(form, readAheadParts);
  while (!steps.next().done) pauses++;
  return pauses;
}

/** What a parse alone gives for `form`'s schema, and what it gives after `prepareOptions`. */
function bothWays(make: () => { requestedSchema: unknown }): { alone: unknown; prepared: unknown } {
  const alone = parseRequestedSchema(make().requestedSchema);
  const form = make();
  prepare(form);
  return { alone, prepared: parseRequestedSchema(form.requestedSchema) };
}

/** `list` with each option's `const` read through a getter that counts its reads. */
function counted(list: { const: string; title: string }[]): { list: object[]; reads: () => number } {
  let reads = 0;
  const wrapped = list.map(({ const: value, title }) => ({
    get const() {
      reads++;
      return value;
    },
    title,
  }));
  return { list: wrapped, reads: () => reads };
}

describe('given a form of many options', () => {
  test('a list of 100,000 is read in steps of 2,048: it pauses 96 times (48 indexing, 48 reading)', () => {
    expect(STEP).toBe(2048);
    const form = request({ parts: { type: 'array', items: { anyOf: titled(100_000) } } });
    expect(prepare(form)).toBe(96);
  });

  test('two lists pause for each; a list shorter than a step never pauses, and is still read ahead', () => {
    const form = request({
      site: { type: 'string', enum: titled(10_000).map((option) => option.const) },
      parts: { type: 'array', items: { oneOf: titled(5_000) } },
      small: { type: 'string', oneOf: titled(2_000) },
    });
    // 10,000: 4 + 4; 5,000: 2 + 2; 2,000: none.
    expect(prepare(form)).toBe(12);
  });

  test('the parse after it reads no option again', () => {
    const { list, reads } = counted(titled(30_000));
    const form = request({ parts: { type: 'array', items: { anyOf: list } } });
    prepare(form);
    const before = reads();
    const parsed = parseRequestedSchema(form.requestedSchema);
    expect([parsed.ok, reads() - before]).toEqual([true, 0]);
  });

  test('a titled multi-select, an untitled and a legacy single-select parse exactly as without it', () => {
    const { alone, prepared } = bothWays(() =>
      request({
        parts: { type: 'array', title: 'Parts', items: { anyOf: titled(30_000) }, maxItems: 3 },
        site: { type: 'string', enum: titled(12_000).map((option) => option.const) },
        size: {
          type: 'string',
          enum: titled(12_000).map((option) => option.const),
          enumNames: titled(12_000).map((option) => option.title),
        },
      }),
    );
    expect(prepared).toStrictEqual(alone);
    expect((prepared as { fields: { options: unknown[] }[] }).fields[2]?.options[11_999]).toStrictEqual({
      value: 'v11999',
      label: 'Option 11999',
    });
  });

  test('problems past the first steps come out the same, at the same paths and in the same order', () => {
    const make = () => {
      const options: unknown[] = titled(20_000);
      options[5_000] = { const: 'v4', title: 'Again' };
      options[9_999] = { const: 7, title: 'Seven' };
      options[15_000] = { const: 'v15000' };
      options[19_999] = { const: 'v19999', title: 'Last', minLength: 9 };
      return request({ parts: { type: 'array', items: { anyOf: options } } });
    };
    const { alone, prepared } = bothWays(make);
    expect(prepared).toStrictEqual(alone);
    expect(
      (prepared as { problems: { path: string; code: string }[] }).problems.map(({ path, code }) => [path, code]),
    ).toEqual([
      ['properties.parts.items.anyOf[5000].const', 'duplicate-value'],
      ['properties.parts.items.anyOf[9999].const', 'option-not-string'],
      ['properties.parts.items.anyOf[15000]', 'option-title-missing'],
      ['properties.parts.items.anyOf[19999].minLength', 'keyword-unchecked'],
    ]);
  });

  test('what is read ahead is taken once: a second parse of a copy reads its lists itself', () => {
    const { list, reads } = counted(titled(12_000));
    const form = request({ site: { type: 'string', oneOf: list } });
    prepare(form);
    parseRequestedSchema(form.requestedSchema);
    const before = reads();
    parseRequestedSchema(
      structuredClone({ ...form.requestedSchema, properties: { site: { type: 'string', oneOf: list } } }),
    );
    expect(reads() - before).toBeGreaterThanOrEqual(12_000);
  });
});

describe('given a form of many options and the look-alike judge (what the kit hands in)', () => {
  test('titles are compared in steps too (96 more pauses for 100,000), and the widget takes that judgment', () => {
    const list = titled(100_000);
    // Looks like "Option 1" (a digit one and a letter l are one prototype), and one with a hidden character.
    list[70_000] = { const: 'look', title: 'Option l' };
    list[99_999] = { const: 'hidden', title: 'Option\u202E 99999' };
    const form = request({ parts: { type: 'array', items: { anyOf: list } } });
    let pauses = 0;
    const steps = prepareOptions(form, readAheadParts, { lookalikeKey, hasHiddenCharacters, judgedAhead });
    while (!steps.next().done) pauses++;
    expect(pauses).toBe(192);
    const [field] = (parseRequestedSchema(form.requestedSchema) as { fields: { options: { label: string }[] }[] })
      .fields;
    const options = field?.options ?? [];
    const flags = lookalikesOf(options);
    // Judged once, in the reading: the same array each time, as a list judged now would not be.
    expect(lookalikesOf(options)).toBe(flags);
    expect(flags.flatMap((flag, index) => (flag ? [index] : []))).toStrictEqual([1, 70_000, 99_999]);
    expect(flags).toStrictEqual(lookalikeOptions(options.map((option) => option.label)));
  });

  test('a list judged now (never read ahead) gives the same flags, worked out again on each call', () => {
    const options = [
      { value: 'a', label: 'Yes' },
      { value: 'b', label: 'Y\u0435s' },
      { value: 'c', label: 'No' },
    ];
    expect(lookalikesOf(options)).toStrictEqual([true, true, false]);
    expect(lookalikesOf(options)).not.toBe(lookalikesOf(options));
  });
});

describe('given a form that is refused before its options are read', () => {
  test('too many options, too many fields, or a list spelled twice: nothing is read ahead', () => {
    const { list, reads } = counted(titled(60_000));
    const forms = [
      request({ a: { type: 'string', oneOf: titled(100_001) } }),
      request({
        a: { type: 'string', oneOf: titled(100_000) },
        b: { type: 'string', oneOf: titled(100_000) },
        c: { type: 'string', oneOf: titled(1) },
      }),
      request(
        Object.fromEntries(Array.from({ length: 1001 }, (_, index) => [`f${index}`, { type: 'string', oneOf: list }])),
      ),
      request({ a: { type: 'string', oneOf: list, anyOf: list } }),
    ];
    expect(forms.map(prepare)).toEqual([0, 0, 0, 0]);
    expect(reads()).toBe(0);
  });
});

describe('optionsToRead', () => {
  test('counts the options of every list from their lengths; 0 once parsed, refused, or not a form', () => {
    const form = request({
      parts: { type: 'array', items: { anyOf: titled(30_000) } },
      site: { type: 'string', enum: ['a', 'b'], oneOf: titled(3) },
      name: { type: 'string' },
    });
    expect(optionsToRead(form)).toBe(30_003);
    parseCached(form.requestedSchema);
    expect([
      optionsToRead(form),
      optionsToRead(request({ a: { type: 'string', oneOf: titled(100_001) } })),
      optionsToRead({ message: 'no schema' }),
      optionsToRead(null),
    ]).toEqual([0, 0, 0, 0]);
  });
});
