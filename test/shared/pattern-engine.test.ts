/**
 * The linear-time pattern engine (src/shared/pattern-engine.ts, pattern-linear.ts): the same verdict
 * as ECMAScript's `new RegExp(pattern, 'u').test(text)` (what Ajv and JSON Schema use) on every
 * pattern it runs, and `server-only` for the ones it cannot run. Texts here are short, so the
 * backtracking reference stays fast.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import * as z from 'zod';

import {
  isPatternEngineLoaded,
  loadPatternEngine,
  patternCheck,
  patternSupport,
} from '../../src/shared/pattern-engine.js';

/** The engine's verdict, or the kind of check when it does not run the pattern. */
function verdict(pattern: string, text: string): boolean | string {
  const check = patternCheck(pattern);
  return check.kind === 'linear' ? check.test(text) : check.kind;
}

describe('given the engine is not loaded yet', () => {
  test('every pattern is pending: nothing is run, nothing passes', () => {
    // Runs first in this file: the engine loads only in the next suite's beforeAll.
    expect([isPatternEngineLoaded(), patternCheck('^a$'), patternSupport('(?=a)')]).toEqual([
      false,
      { kind: 'pending' },
      'pending',
    ]);
  });
});

describe('given the loaded engine', () => {
  beforeAll(async () => {
    await loadPatternEngine();
  });

  test('loading twice is one engine, already loaded', async () => {
    await loadPatternEngine();
    expect(isPatternEngineLoaded()).toBe(true);
    expect(patternCheck('^a$')).toBe(patternCheck('^a$'));
  });

  // [pattern, text, ECMAScript's verdict]: each row is where RE2's own syntax would differ.
  test.each<[string, string, boolean]>([
    // `.`: not the four line terminators, one code point (a surrogate pair is one), NEL included.
    ['^.$', '\r', false],
    ['^.$', '\u2028', false],
    ['^.$', '\u2029', false],
    ['^.$', '\u0085', true],
    ['^.$', '😀', true],
    ['^..$', '😀', false],
    ['^.$', '\ud83d', true],
    // `\s`: ECMAScript WhiteSpace and LineTerminator, with VT, NBSP, BOM and the Zs spaces.
    ['^\\s$', '\u000b', true],
    ['^\\s$', '\u00a0', true],
    ['^\\s$', '\ufeff', true],
    ['^\\s$', '\u3000', true],
    ['^\\s$', '\u2028', true],
    ['^\\s$', '\u180e', false],
    ['^\\S$', '\u00a0', false],
    ['^\\S$', 'x', true],
    // `\d`, `\w`: ASCII only under `u` without `i`.
    ['^\\d$', '٣', false],
    ['^\\d+$', '2026', true],
    ['^\\w$', 'é', false],
    ['^\\W$', 'é', true],
    ['^\\w+$', 'snake_case9', true],
    // `\b`, `\B`: ASCII word characters.
    ['a\\b', 'aé', true],
    ['é\\b', 'é', false],
    ['\\Bé', 'xé', false],
    ['\\bfoo\\b', 'a foo b', true],
    // `^`, `$`: the ends of the text, not of a line.
    ['a$', 'a\n', false],
    ['^a', 'b\na', false],
    ['^$', '', true],
    // Unanchored: a match anywhere.
    ['b', 'abc', true],
    ['^b', 'abc', false],
    // Classes: `[^]` is anything, `[]` nothing.
    ['^[^]$', '\n', true],
    ['[]', 'a', false],
    ['^[]*$', '', true],
    ['^[a-c\\s]$', '\u00a0', true],
    ['^[^a]$', '😀', true],
    ['^[😀-😂]$', '😁', true],
    ['^[\\d-]+$', '12-3', true],
    ['^[^\\d\\s]$', '٣', true],
    ['^[\\w.-]+@[\\w.-]+$', 'a.b@c-d.e', true],
    // Unicode properties, as the host reads them.
    ['^\\p{L}+$', 'Ελληνικά', true],
    ['^\\p{Lu}$', 'a', false],
    ['^\\P{L}$', '1', true],
    ['^\\p{Script=Greek}$', 'α', true],
    ['^\\p{sc=Grek}$', 'a', false],
    ['^[\\p{N}\\p{Ll}]+$', 'a1٣', true],
    ['^[^\\p{L}]$', 'é', false],
    ['^\\p{ASCII}+$', 'abc', true],
    ['^\\p{Any}$', '\udfff', true],
    // Escapes ECMAScript has and RE2 spells otherwise.
    ['^\\u{1F600}$', '😀', true],
    ['^\\uD83D\\uDE00$', '😀', true],
    ['^\\uD83D$', '\ud83d', true],
    ['^\\x41\\cJ\\0$', 'A\n\0', true],
    ['^\\/\\.\\*$', '/.*', true],
    ['^\\t\\v\\f$', '\t\v\f', true],
    // No case folding, no flags.
    ['^A$', 'a', false],
    // Quantifiers, groups, alternatives.
    ['^a{2,3}$', 'aaaa', false],
    ['^a{2,}$', 'aaaa', true],
    ['^(?:ab){2}$', 'abab', true],
    ['^a{0}$', '', true],
    ['^a+?$', 'aaa', true],
    ['^(a|ab)(c|bcd)(d*)$', 'abcd', true],
    ['^(?:|a)$', '', true],
    ['^(?<year>\\d{4})-\\d{2}$', '2026-05', true],
    ['^(?:a*)*$', 'aaa', true],
    ['^(?:\\b)*a$', 'a', true],
    ['^[a-z0-9]+(?:-[a-z0-9]+)*$', 'double--hyphen', false],
    ['^v\\d+\\.\\d+\\.\\d+$', 'v1.20.3', true],
    // Lookaheads right after a leading `^`: each is a test of the text from its start.
    ['^(?=.*\\d)(?=.*[a-z]).{8,}$', 'abcdefg1', true],
    ['^(?=.*\\d)(?=.*[a-z]).{8,}$', 'abcdefgh', false],
    ['^(?=.*\\d)(?=.*[a-z]).{8,}$', 'a1', false],
    ['^(?!.*\\s)\\w+$', 'no_space', true],
    ['^(?!.*\\s)\\w+$', 'a b', false],
    ['^(?=.{1,5}$)[a-z]+', 'abcdef', false],
    ['^(?=a)', 'ab', true],
    ['^(?!)', '', false],
  ])('%j on %j is %s, as ECMAScript says', (pattern, text, expected) => {
    expect(new RegExp(pattern, 'u').test(text)).toBe(expected);
    expect(verdict(pattern, text)).toBe(expected);
  });

  // [pattern, why the kit leaves it to the server]
  test.each<[string, string]>([
    ['(?!a)b', 'lookaround'],
    ['a(?=b)', 'lookaround'],
    ['^a(?=b)', 'lookaround'],
    ['^(?=a)b|c', 'lookaround'],
    ['^(?=(?=a)a)a', 'lookaround'],
    ['(?<=a)b', 'lookaround'],
    ['(?<!a)b', 'lookaround'],
    ['(a)\\1', 'backreference'],
    ['(?<n>a)\\k<n>', 'backreference'],
    ['(?i:a)', 'modifiers'],
    ['a{1001}', 'too-large'],
    ['a{2,1001}', 'too-large'],
    ['(?:(?:a{100}){100}){100}', 'too-large'],
    ['(?:a|b){1000}'.repeat(21), 'too-large'],
    [`${'('.repeat(600)}a${')'.repeat(600)}`, 'too-large'],
  ])('%j is server-only (%s)', (pattern, reason) => {
    expect(patternCheck(pattern)).toEqual({ kind: 'server-only', reason });
    expect(patternSupport(pattern)).toBe('server-only');
  });

  test('a large pattern is matched on shorter texts: the length times its size (the worst work) stays bounded', () => {
    const longest = (pattern: string) => {
      const check = patternCheck(pattern);
      return check.kind === 'linear' ? check.longest : check.kind;
    };
    expect([longest('^[a-z0-9]+(?:-[a-z0-9]+)*$'), longest('^(?:ab|cd){1000}$'), longest('x{1000}y{1000}')]).toEqual([
      10_000, 399, 999,
    ]);
  });

  test('a pattern it runs says linear', () => {
    expect(patternSupport('^[a-z]+$')).toBe('linear');
  });

  test('patterns that backtrack for seconds in ECMAScript run in one pass: 100,000 characters, any shape', () => {
    const text = 'a'.repeat(100_000);
    expect(
      ['a*a*a*a*a*b', '.*.*.*=', '(.*a){3}x', '^(a|b)*(a|b)*(a|b)*c$', '(a+)+$x', '^(\\w+\\s?)*$!'].map((pattern) =>
        verdict(pattern, text),
      ),
    ).toEqual([false, false, false, false, false, false]);
  });

  /** Short texts over an alphabet that touches every difference above. */
  const CHARS = ['a', 'b', 'é', 'A', '1', '٣', '_', '-', ' ', '\u00a0', '\n', '\r', '\u2028', '😀', '\ud83d'];
  const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 8 }).map((chars) => chars.join(''));

  /** Atoms, then patterns built from them (groups, alternatives, quantifiers, anchors). */
  const atom = fc.constantFrom(
    'a',
    'b',
    'é',
    '😀',
    '.',
    '\\d',
    '\\D',
    '\\w',
    '\\W',
    '\\s',
    '\\S',
    '[ab]',
    '[^a\\s]',
    '[a-z\\d]',
    '[^]',
    '[]',
    '\\p{L}',
    '\\P{Ll}',
    '\\p{Script=Latin}',
    '[\\p{N}_-]',
    '\\u00a0',
    '\\n',
    '\\u{1F600}',
  );
  const { pattern } = fc.letrec<{ pattern: string; alternative: string; term: string }>((tie) => ({
    pattern: fc.oneof(
      { depthSize: 'small' },
      tie('alternative'),
      fc.tuple(tie('alternative'), tie('alternative')).map(([a, b]) => `${a}|${b}`),
    ),
    alternative: fc.array(tie('term'), { minLength: 0, maxLength: 4 }).map((terms) => terms.join('')),
    term: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      atom,
      fc.constantFrom('^', '$', '\\b', '\\B'),
      fc
        .tuple(
          fc.oneof(
            atom,
            tie('pattern').map((inner) => `(${inner})`),
            tie('pattern').map((inner) => `(?:${inner})`),
          ),
          fc.constantFrom('*', '+', '?', '{2}', '{0,2}', '{1,}', '*?', '+?'),
        )
        .map(([inner, times]) => `${inner}${times}`),
      tie('pattern').map((inner) => `(?:${inner})`),
    ),
  }));

  /** A pattern, or one that opens with `^` and lookaheads (the engine's conjunction). */
  const anyPattern = fc.oneof(
    pattern,
    fc
      .tuple(fc.array(fc.tuple(fc.boolean(), pattern), { minLength: 1, maxLength: 2 }), pattern)
      .map(
        ([looks, rest]) => `^${looks.map(([negate, look]) => `(?${negate ? '!' : '='}${look})`).join('')}(?:${rest})`,
      ),
  );

  // V8 tries `\B` between the halves of a character outside the BMP, even under `u` (a found case:
  // `(?:\B)` on 'a😀a'); RE2 cannot. The engine may then refuse what V8 takes, never the reverse, so
  // every answer the kit sends is one the server accepts.
  const NON_BOUNDARY = /(?:^|[^\\])(?:\\\\)*\\B/;
  test('\\B beside a character outside the BMP: V8 may say true where RE2 says false, never the reverse', () => {
    expect([/\B/u.test('a😀a'), verdict('\\B', 'a😀a'), verdict('(?:\\B)', 'a😀a')]).toEqual([true, false, false]);
    expect([/a\B/u.test('a😀'), verdict('a\\B', 'a😀'), verdict('a\\B', 'ab'), verdict('a\\B', 'a!')]).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  test('on random patterns and texts, the same verdict as new RegExp(pattern, "u")', { timeout: 120_000 }, () => {
    let ran = 0;
    let skipped = 0;
    fc.assert(
      fc.property(anyPattern, fc.array(text, { minLength: 1, maxLength: 6 }), (source, texts) => {
        let reference: RegExp;
        try {
          reference = new RegExp(source, 'u');
        } catch {
          skipped++;
          return; // not a pattern ECMAScript compiles: the kit never runs it either
        }
        // Nothing generated here is beyond the engine (no lookbehind, back-reference, count over 1,000).
        expect([source, patternSupport(source)]).toEqual([source, 'linear']);
        ran++;
        for (const sample of texts) {
          const expected = reference.test(sample);
          // Where V8 stands between the halves of a pair, the engine's verdict may be false; never true where V8's is false.
          const got = verdict(source, sample);
          // The one allowed difference: false where V8 says true, for `\B` beside a non-BMP character.
          const allowed =
            got === false && expected && NON_BOUNDARY.test(source) && /[\u{10000}-\u{10FFFF}]/u.test(sample);
          expect([source, sample, allowed ? expected : got]).toEqual([source, sample, expected]);
        }
      }),
      { numRuns: 1500 },
    );
    // Most generated patterns compile (a quantified `^` or `\b` does not, under `u`).
    expect(ran).toBeGreaterThan(skipped);
  });

  // The patterns the old hand-written analysis (pattern-risk.ts) was tested on: it refused the first
  // list and let the second through. The engine runs all of them, with ECMAScript's verdict.
  const probes = [
    '',
    'a',
    'aaaa',
    'aaaab',
    'ab',
    'abab',
    'a,b,',
    'x1x12',
    '1.22.3',
    'foo bar',
    'Ab Cd',
    'a@b.c',
    '/a/b/',
  ];
  test.each([
    '^(a+)+$',
    '(a*)*b',
    '^(a|a)*$',
    '^((?:a|a)b)+$',
    '^(a+a)+$',
    '^(\\w+\\s?)*$',
    '^(.*,)+$',
    '^(\\s*,\\s*)*$',
    '^(x+x+)+y$',
    '^(a{1,3}b?)+$',
    '^([a-z]+)*[0-9]$',
    '^(\\d|\\w)+$',
    '^(?:[^"]*"?)+$',
    '((a+)+)+',
    '^(a+){3,}$',
    '^(a|a){1,100}$',
    '^(?:ab|a[a-z])+$',
    '^(?:x\\d*|x[0-9]+)+$',
    '^(?:(a)|b|a)+$',
    '^(?:(?:a|ab)b?)+$',
    '^(?:(?:\\d|\\d\\d)\\.?)+$',
    '^[a-z0-9]+(-[a-z0-9]+)*$',
    '^([a-z0-9]+-)*[a-z0-9]+$',
    '^(\\d+\\.\\d+,)+$',
    '^(a+b+)+$',
    '^(?:\\.[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)*$',
    '^(\\d{1,3}\\.){3}\\d{1,3}$',
    '^(foo|bar)+$',
    '^\\d*\\d*x$',
    '\\s+$',
    '^(a+){2}$',
    '^(?:ab)+$',
    '^[\\p{L}\\p{N}]+$',
    '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
    '^\\w+( \\w+)*$',
    '^[A-Z][a-z]+(?: [A-Z][a-z]+)*$',
    '^(/[a-z0-9._-]+)+/?$',
    '^#(?:[0-9a-fA-F]{3}){1,2}$',
    // semver.org's recommended pattern
    '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$',
  ])('%s runs, with the verdict of ECMAScript', (source) => {
    const reference = new RegExp(source, 'u');
    expect(probes.map((probe) => verdict(source, probe))).toEqual(probes.map((probe) => reference.test(probe)));
  });

  describe('given the patterns Zod 4 writes into JSON Schema (tool schemas generated with Zod carry them)', () => {
    const formats = {
      email: z.email(),
      uuid: z.uuid(),
      datetime: z.iso.datetime(),
      date: z.iso.date(),
      time: z.iso.time(),
      duration: z.iso.duration(),
      ipv4: z.ipv4(),
      ipv6: z.ipv6(),
      cidrv4: z.cidrv4(),
      cidrv6: z.cidrv6(),
      cuid: z.cuid(),
      cuid2: z.cuid2(),
      ulid: z.ulid(),
      base64: z.base64(),
      base64url: z.base64url(),
      hostname: z.hostname(),
      emoji: z.emoji(),
      nanoid: z.nanoid(),
      e164: z.e164(),
    };
    const schema = z.toJSONSchema(z.object(formats)) as { properties: Record<string, { pattern?: string }> };
    /** A valid sample of each format, and a near miss. */
    const samples: Record<keyof typeof formats, [string, string]> = {
      email: ['ada@example.com', 'ada@example'],
      uuid: ['123e4567-e89b-12d3-a456-426614174000', '123e4567-e89b-12d3-a456-42661417400'],
      datetime: ['2026-05-01T14:30:00Z', '2026-05-01 14:30:00Z'],
      date: ['2024-02-29', '2023-02-29'],
      time: ['14:30:00', '24:30:00'],
      duration: ['P1DT2H', 'P1D2H'],
      ipv4: ['192.168.0.1', '192.168.0.256'],
      ipv6: ['2001:db8::1', '2001:db8:::1'],
      cidrv4: ['10.0.0.0/8', '10.0.0.0/33'],
      cidrv6: ['2001:db8::/32', '2001:db8::/129'],
      cuid: ['cjld2cjxh0000qzrmn831i7rn', 'Xjld2cjxh0000qzrmn831i7rn'],
      cuid2: ['tz4a98xxat96iws9zmbrgj3a', 'TZ4A98'],
      ulid: ['01ARZ3NDEKTSV4RRFFQ69G5FAV', '01ARZ3NDEKTSV4RRFFQ69G5FA'],
      base64: ['aGVsbG8=', 'aGVsbG8'],
      base64url: ['aGVsbG8', 'aGVsbG8+'],
      hostname: ['example.com', '-example.com'],
      emoji: ['😀👍', 'a😀'],
      nanoid: ['V1StGXR8_Z5jdHi6B-myT', 'V1StGXR8_Z5jdHi6B-my'],
      e164: ['+14155552671', '14155552671'],
    };

    test.each(Object.keys(formats) as (keyof typeof formats)[])(
      '%s runs (or, with lookaround, is left to the server), as ECMAScript judges',
      (name) => {
        const source = schema.properties[name]?.pattern as string;
        const reference = new RegExp(source, 'u');
        const [valid, invalid] = samples[name];
        // Zod's ISO duration has lookaheads inside an alternative: no test from the start expresses them.
        const expected = name === 'duration' ? ['server-only', 'server-only'] : [true, false];
        expect([reference.test(valid), reference.test(invalid)]).toEqual([true, false]);
        expect([verdict(source, valid), verdict(source, invalid)]).toEqual(expected);
      },
    );
  });
});
