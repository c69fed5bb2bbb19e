/**
 * Host names as browsers show them (Chromium's IDN display policy, UTS #39): a label that mixes
 * scripts, is written only in letters of another script that look Latin (a whole-script
 * confusable), or holds invisible characters, is shown as the browser sends it (punycode), with the
 * Unicode form second and a warning that says which. The look-alike table is derived from the
 * UTS #39 confusables data and cannot drift from it.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, test } from 'vitest';

import { inspectUrl } from '../../src/core/index.js';
import { LATIN_LOOKALIKES } from '../../src/core/lookalikes.js';

/** What the person is shown first and second, and the warnings. */
function shown(url: string): unknown {
  const inspected = inspectUrl(url);
  if (!inspected.ok) return inspected;
  const { displayHost, unicodeHost, registrableHint, warnings } = inspected;
  return { displayHost, unicodeHost, registrableHint, warnings };
}

describe('given a whole-script look-alike of a Latin name (finding 8)', () => {
  test('https://xn--80ak6aa92e.com ("аррӏе", all Cyrillic) is shown as punycode, the Cyrillic form second', () => {
    expect(shown('https://xn--80ak6aa92e.com')).toEqual({
      displayHost: 'xn--80ak6aa92e.com',
      unicodeHost: 'аррӏе.com',
      registrableHint: 'xn--80ak6aa92e.com',
      warnings: ['punycode', 'whole-script-confusable'],
    });
  });

  test.each([
    ['Cyrillic "ѕсоре"', 'https://ѕсоре.com/', 'xn--e1argc3h.com', 'ѕсоре.com'],
    ['Cyrillic "ԁеԁ" with Komi de', 'https://ԁеԁ.com/', 'xn--e1a12bb.com', 'ԁеԁ.com'],
    ['Cyrillic with digits and a hyphen', 'https://сс-1.com/', 'xn---1-nmca.com', 'сс-1.com'],
    ['Greek "αγορα"', 'https://αγορα.com/', 'xn--mxaaf2ck.com', 'αγορα.com'],
    ['Armenian "սօս"', 'https://սօս.com/', 'xn--rbbax.com', 'սօս.com'],
    ['Hebrew "סוס"', 'https://סוס.com/', 'xn--9dbxb.com', 'סוס.com'],
    ['Arabic letters "اه"', 'https://اه.com/', 'xn--mgb8d.com', 'اه.com'],
    ['Devanagari zeros "०००"', 'https://०००.com/', 'xn--d4baa.com', '०००.com'],
    ['Georgian "ყ"', 'https://ყ.com/', 'xn--8od.com', 'ყ.com'],
    ['Lao zeros "໐໐"', 'https://໐໐.com/', 'xn--y8ca.com', '໐໐.com'],
    ['Myanmar "ဝ၀"', 'https://ဝ၀.com/', 'xn--hjd4e.com', 'ဝ၀.com'],
  ])('%s is shown as punycode with the whole-script warning', (_name, url, host, unicodeHost) => {
    expect(shown(url)).toEqual({
      displayHost: host,
      unicodeHost,
      registrableHint: host,
      warnings: ['punycode', 'whole-script-confusable'],
    });
  });

  test('a look-alike label in a subdomain makes the whole host punycode', () => {
    expect(shown('https://аррӏе.login.example.com/')).toEqual({
      displayHost: 'xn--80ak6aa92e.login.example.com',
      unicodeHost: 'аррӏе.login.example.com',
      registrableHint: 'example.com',
      warnings: ['punycode', 'whole-script-confusable'],
    });
  });
});

describe('given a label that mixes scripts', () => {
  test.each([
    ['Latin with a Greek omicron', 'https://gοogle.com/', 'xn--gogle-rce.com', 'gοogle.com'],
    ['Latin with Armenian oh', 'https://gօօgle.com/', 'xn--ggle-vifa.com', 'gօօgle.com'],
    ['Latin l after Cyrillic look-alikes', 'https://раураl.com/', 'xn--l-7sba6dbr.com', 'раураl.com'],
  ])('%s is shown as punycode with the mixed-script warning', (_name, url, host, unicodeHost) => {
    expect(shown(url)).toEqual({
      displayHost: host,
      unicodeHost,
      registrableHint: host,
      warnings: ['punycode', 'mixed-script'],
    });
  });
});

describe('given invisible characters the parser lets through (ZWJ, ZWNJ in their contexts)', () => {
  test.each([
    ['a zero-width joiner after a virama', 'https://xn--11b2ezcw70k.com/', 'xn--11b2ezcw70k.com', 'क्\u200dष.com'],
    [
      'a zero-width non-joiner in Persian',
      'https://می\u200cخواهم.com/',
      'xn--mgbn2ecje63gr19l.com',
      'می\u200cخواهم.com',
    ],
  ])('%s: shown as punycode, warned as invisible', (_name, url, host, unicodeHost) => {
    expect(shown(url)).toEqual({
      displayHost: host,
      unicodeHost,
      registrableHint: host,
      warnings: ['punycode', 'invisible'],
    });
  });

  test.each([
    ['U+202E', 'https://exa\u202Emple.com/'],
    ['U+200B', 'https://xn--example-2z6c.com/'],
    ['U+2066', 'https://a\u2066b.com/'],
  ])('a host with %s is refused by the parser itself: never offered', (_code, url) => {
    expect(inspectUrl(url)).toEqual({ ok: false, reason: 'unparseable', message: 'The text is not a complete URL.' });
  });
});

describe('given international names that imitate nothing', () => {
  test.each([
    ['German', 'https://bücher.de/', 'bücher.de'],
    ['Russian under .рф', 'https://сайт.рф/', 'сайт.рф'],
    ['Cyrillic look-alikes under a Cyrillic top-level domain', 'https://аррӏе.рф/', 'аррӏе.рф'],
    ['Greek with an accent', 'https://ελλάδα.gr/', 'ελλάδα.gr'],
    ['Japanese kanji, kana and the long-vowel mark', 'https://xn--d9juau41awczczp.jp/', 'そのスピードで.jp'],
  ])('%s stays in Unicode, with the punycode warning only', (_name, url, unicodeHost) => {
    expect(shown(url)).toEqual({
      displayHost: unicodeHost,
      unicodeHost,
      registrableHint: unicodeHost,
      warnings: ['punycode'],
    });
  });
});

describe('given the look-alike table', () => {
  test('it is exactly what scripts/lookalikes.mjs derives from the UTS #39 confusables data', () => {
    const script = fileURLToPath(new URL('../../scripts/lookalikes.mjs', import.meta.url));
    expect(execFileSync(process.execPath, [script, '--print'], { encoding: 'utf8' })).toBe(LATIN_LOOKALIKES);
  });

  test('it holds the Cyrillic letters of "apple" and no Latin letter', () => {
    expect([...'аррӏе'].every((char) => LATIN_LOOKALIKES.includes(char))).toBe(true);
    expect(/[\p{Script=Latin}]/u.test(LATIN_LOOKALIKES)).toBe(false);
    expect([...LATIN_LOOKALIKES]).toHaveLength(86);
  });
});
