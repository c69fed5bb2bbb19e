/**
 * Option titles a person cannot tell apart (UTS #39 skeletons, reduced to ASCII prototypes): identical,
 * differing only by hidden characters or kinds of space, or by homoglyphs; and titles that hide characters.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, test } from 'vitest';

import { ASCII_CONFUSABLES } from '../../src/core/confusables.js';
import { lookalikeKey, lookalikeOptions } from '../../src/core/lookalike-text.js';

describe('given option titles', () => {
  test.each([
    ['identical titles', ['Yes', 'Yes', 'No'], [true, true, false]],
    ['a zero-width space (U+200B)', ['Yes', 'Ye\u200bs', 'No'], [true, true, false]],
    ['a no-break space (U+00A0)', ['Pay now', 'Pay\u00a0now', 'Later'], [true, true, false]],
    [
      'a right-to-left override (U+202E) that makes "cba" read "abc"',
      ['abc', '\u202ecba', 'xyz'],
      [false, true, false],
    ],
    ['a Cyrillic e (U+0435)', ['Yes', 'Y\u0435s', 'No'], [true, true, false]],
    ['a Greek omicron (U+03BF) and a Cyrillic o (U+043E)', ['Go', 'G\u03bf', 'G\u043e'], [true, true, true]],
    ['a fullwidth A (NFKC)', ['Alpha', '\uff21lpha'], [true, true]],
    ['capital I and small l', ['Plan I', 'Plan l'], [true, true]],
    ['digit zero and capital O', ['Room 0', 'Room O'], [true, true]],
    ['extra spaces around', ['Yes', ' Yes '], [true, true]],
    ['titles that differ', ['Red', 'Green', 'Blue'], [false, false, false]],
    ['case differs: it shows', ['yes', 'Yes'], [false, false]],
    ['accents differ: they show', ['resume', 'résumé'], [false, false]],
  ])('%s: flags %j', (_name, titles, flags) => {
    expect(lookalikeOptions(titles)).toEqual(flags);
  });

  test('the key of a homoglyph title is its ASCII look', () => {
    expect(lookalikeKey('P\u0430y\u00a0\u200bnow')).toBe('Pay now');
    expect(lookalikeKey('Iron 10')).toBe('lron lO');
  });

  test('100,000 plain titles are keyed, with none flagged', () => {
    const titles = Array.from({ length: 100_000 }, (_, index) => `Option ${String(index)}`);
    expect(lookalikeOptions(titles).filter(Boolean)).toHaveLength(0);
  });
});

describe('given the confusables table', () => {
  test('it is exactly what scripts/confusables.mjs derives from confusables.txt', () => {
    const script = fileURLToPath(new URL('../../scripts/confusables.mjs', import.meta.url));
    expect(execFileSync(process.execPath, [script, '--print'], { encoding: 'utf8' })).toBe(ASCII_CONFUSABLES);
  });
});
