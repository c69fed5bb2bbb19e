/**
 * Server text as the kit shows it: which texts hide characters (Cc, bidi controls, default-ignorables, line and
 * paragraph separators), how they split and how they read isolated. Printable ASCII takes a shorter path than
 * the Unicode classes: the verdicts at its edges are pinned here.
 */
import { describe, expect, test } from 'vitest';

import { hasHiddenCharacters, isolateText, splitHidden } from '../../src/core/visible-text.js';

describe('given printable ASCII and the characters just outside it', () => {
  test.each([
    ['printable ASCII, space to tilde', ' Plan A ~!', false, [' Plan A ~!']],
    ['the empty text', '', false, ['']],
    ['a tab (U+0009, Cc)', 'a\tb', true, ['a', '\t', 'b']],
    ['a delete (U+007F, Cc)', 'a\u007fb', true, ['a', '\u007f', 'b']],
    ['a soft hyphen (U+00AD, default-ignorable)', 'a\u00adb', true, ['a', '\u00ad', 'b']],
    ['a right-to-left override (U+202E)', '\u202ecba', true, ['', '\u202e', 'cba']],
    ['a line separator (U+2028)', 'a\u2028b', true, ['a', '\u2028', 'b']],
    ['a variation selector (U+FE0F), which moves nothing', 'a\ufe0f', false, ['a\ufe0f']],
    ['an accented letter, visible', 'Réunion', false, ['Réunion']],
  ])('%s', (_name, text, hidden, parts) => {
    expect([hasHiddenCharacters(text), splitHidden(text)]).toStrictEqual([hidden, parts]);
  });

  test('isolateText leaves printable ASCII as it is and isolates the rest, hidden characters written out', () => {
    expect([isolateText('GitHub'), isolateText('Réunion'), isolateText('Git\u202eHub', 'ltr')]).toStrictEqual([
      'GitHub',
      '\u2068Réunion\u2069',
      '\u2066Git<U+202E>Hub\u2069',
    ]);
  });
});
