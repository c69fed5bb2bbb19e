/**
 * Host names as browsers show them (Chromium's IDN display policy, UTS #39): a label that mixes
 * scripts, is written only in letters of another script that look Latin (a whole-script
 * confusable), or holds invisible characters, is shown as the browser sends it (punycode), with the
 * Unicode form second and a warning that says which. The look-alike table is derived from the
 * UTS #39 confusables data and cannot drift from it.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { getDomain } from 'tldts';
import { describe, expect, test } from 'vitest';

import { IDENTIFIER_ALLOWED_RANGES } from '../../src/core/identifier-allowed.js';
import { inspectUrl } from '../../src/core/index.js';
import { LATIN_LOOKALIKES } from '../../src/core/lookalikes.js';
import { allowedInHost, revealInHost } from '../../src/core/url.js';

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

  test('Cyrillic "ԁеԁ" with Komi de (U+0501, not an Allowed identifier character) is warned as both', () => {
    expect(shown('https://ԁеԁ.com/')).toEqual({
      displayHost: 'xn--e1a12bb.com',
      unicodeHost: 'ԁеԁ.com',
      registrableHint: 'xn--e1a12bb.com',
      warnings: ['punycode', 'whole-script-confusable', 'disallowed-character'],
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

/** What the URL view shows: `inspectUrl` with the Public Suffix List it loads (tldts, private suffixes included). */
function shownWithSuffixes(url: string): unknown {
  const inspected = inspectUrl(url, { getDomain: (host) => getDomain(host, { allowPrivateDomains: true }) });
  if (!inspected.ok) return inspected;
  const { displayHost, unicodeHost, registrableDomain, warnings } = inspected;
  return { displayHost, unicodeHost, registrableDomain, warnings };
}

describe('given slash and dot look-alikes in the host (Chromium shows a label with a disallowed character as punycode)', () => {
  test.each([
    ['U+2044 FRACTION SLASH', '\u2044', 'github.xn--comloginevil-tk0gf.com', 'xn--comloginevil-tk0gf.com'],
    ['U+2215 DIVISION SLASH', '\u2215', 'github.xn--comloginevil-ji5gf.com', 'xn--comloginevil-ji5gf.com'],
    ['U+2027 HYPHENATION POINT', '\u2027', 'github.xn--comloginevil-189ff.com', 'xn--comloginevil-189ff.com'],
    ['U+29F8 BIG SOLIDUS', '\u29f8', 'github.xn--comloginevil-gx6if.com', 'xn--comloginevil-gx6if.com'],
    ['U+2571 BOX DRAWINGS LIGHT DIAGONAL', '\u2571', 'github.xn--comloginevil-ym4hf.com', 'xn--comloginevil-ym4hf.com'],
    [
      'U+0338 COMBINING LONG SOLIDUS OVERLAY',
      '\u0338',
      'github.xn--comloginevil-vnhf.com',
      'xn--comloginevil-vnhf.com',
    ],
  ])('%s: the punycode host is the headline, its registrable domain the site', (_name, slash, host, site) => {
    expect(shownWithSuffixes(`https://github.com${slash}login${slash}evil.com/authorize`)).toEqual({
      displayHost: host,
      unicodeHost: `github.com${slash}login${slash}evil.com`,
      registrableDomain: site,
      warnings: ['punycode', 'disallowed-character'],
    });
  });

  test.each([
    ['U+3002 IDEOGRAPHIC FULL STOP', '\u3002'],
    ['U+FF0E FULLWIDTH FULL STOP', '\uff0e'],
    ['U+FF61 HALFWIDTH IDEOGRAPHIC FULL STOP', '\uff61'],
  ])('%s is read as a dot (UTS #46): the site is evil.com, and the odd dots are named', (_name, dot) => {
    expect(shownWithSuffixes(`https://github.com${dot}login${dot}evil.com/authorize`)).toEqual({
      displayHost: 'github.com.login.evil.com',
      unicodeHost: 'github.com.login.evil.com',
      registrableDomain: 'evil.com',
      warnings: ['lookalike-dots'],
    });
  });

  test.each([
    ['U+FF0F FULLWIDTH SOLIDUS', '\uff0f'],
    ['U+2024 ONE DOT LEADER', '\u2024'],
    ['U+FE52 SMALL FULL STOP', '\ufe52'],
  ])('%s maps to a character no host may hold: the URL is refused, never offered', (_name, char) => {
    expect(shownWithSuffixes(`https://github.com${char}login${char}evil.com/authorize`)).toEqual({
      ok: false,
      reason: 'unparseable',
      message: 'The text is not a complete URL.',
    });
  });
});

describe('given Latin look-alikes of a Latin name', () => {
  test.each([
    [
      'U+0261 LATIN SMALL LETTER SCRIPT G',
      'https://ɡithub.com/',
      'xn--ithub-qmc.com',
      'ɡithub.com',
      'disallowed-character',
    ],
    ['U+0251 LATIN SMALL LETTER ALPHA', 'https://ɑpple.com/', 'xn--pple-p5b.com', 'ɑpple.com', 'disallowed-character'],
    [
      'U+1D00 LATIN LETTER SMALL CAPITAL A',
      'https://ᴀpple.com/',
      'xn--pple-k13a.com',
      'ᴀpple.com',
      'disallowed-character',
    ],
    [
      'U+0131 LATIN SMALL LETTER DOTLESS I',
      'https://gıthub.com/',
      'xn--gthub-n4a.com',
      'gıthub.com',
      'lookalike-letters',
    ],
  ])('%s: shown as punycode, the encoded name is the site', (_name, url, host, unicodeHost, warning) => {
    expect(shownWithSuffixes(url)).toEqual({
      displayHost: host,
      unicodeHost,
      registrableDomain: host,
      warnings: ['punycode', warning],
    });
  });

  test('dotless i in a subdomain: the whole host is punycode, the site stays evil.com', () => {
    expect(shownWithSuffixes('https://gıthub.evil.com/')).toEqual({
      displayHost: 'xn--gthub-n4a.evil.com',
      unicodeHost: 'gıthub.evil.com',
      registrableDomain: 'evil.com',
      warnings: ['punycode', 'lookalike-letters'],
    });
  });

  test('Turkish with other letters than dotless i reads as itself: ışık.com stays in Unicode', () => {
    expect(shownWithSuffixes('https://ışık.com/')).toEqual({
      displayHost: 'ışık.com',
      unicodeHost: 'ışık.com',
      registrableDomain: 'ışık.com',
      warnings: ['punycode'],
    });
  });
});

describe('given the Public Suffix List', () => {
  test.each([
    ['a private suffix: a GitHub Pages site is its own site', 'https://attacker.github.io/', 'attacker.github.io'],
    ['a two-label suffix', 'https://login.example.co.uk/', 'example.co.uk'],
    ['github.com as a subdomain of another site', 'https://github.com.evil.com/', 'evil.com'],
    ['a trailing dot', 'https://x.evil.com./', 'evil.com'],
    ['an internationalised suffix, looked up in Unicode', 'https://a.b.个人.hk/', 'b.个人.hk'],
  ])('%s: %s has the site %s', (_name, url, site) => {
    const inspected = inspectUrl(url, { getDomain: (host) => getDomain(host, { allowPrivateDomains: true }) });
    expect(inspected.ok && inspected.registrableDomain).toBe(site);
  });

  test('a public suffix itself, an IP host, or no lookup: no registrable domain', () => {
    const getDomainOf = (host: string) => getDomain(host, { allowPrivateDomains: true });
    for (const url of ['https://co.uk/', 'https://127.0.0.1/', 'https://localhost/']) {
      const inspected = inspectUrl(url, { getDomain: getDomainOf });
      expect(inspected.ok && inspected.registrableDomain).toBeUndefined();
    }
    const inspected = inspectUrl('https://github.com.evil.com/');
    expect(inspected.ok && [inspected.registrableDomain, inspected.registrableHint]).toEqual([undefined, 'evil.com']);
  });
});

describe('given the allowed-character table', () => {
  test('it is exactly what scripts/identifier-status.mjs derives from UTS #39 Identifier_Status', () => {
    const script = fileURLToPath(new URL('../../scripts/identifier-status.mjs', import.meta.url));
    expect(execFileSync(process.execPath, [script, '--print'], { encoding: 'utf8' })).toBe(IDENTIFIER_ALLOWED_RANGES);
  });

  test.each([
    ['a', true],
    ['-', true],
    ['ü', true],
    ['а', true],
    ['中', true],
    ['\u2044', false],
    ['\u2215', false],
    ['\u0261', false],
    ['\u0251', false],
    ['\u1d00', false],
    ['\u0338', false],
    ['\u02bc', false],
    ['\u2027', false],
    ['\u00b7', false],
    ['Ꭰ', false],
  ])('%j allowed in a host label: %s', (char, allowed) => {
    expect(allowedInHost(char)).toBe(allowed);
  });

  test('the Unicode form is written with every disallowed character named', () => {
    expect(revealInHost('github.com\u2044login\u2044evil.com')).toBe('github.com<U+2044>login<U+2044>evil.com');
  });
});

describe('given a middle dot (U+00B7)', () => {
  test.each([
    ['between two l, as Catalan writes it, stays in Unicode', 'https://col·legi.cat/', 'col·legi.cat', ['punycode']],
    [
      'elsewhere it passes for a dot: punycode',
      'https://github·com.cat/',
      'xn--githubcom-5pa.cat',
      ['punycode', 'disallowed-character'],
    ],
  ])('%s', (_name, url, displayHost, warnings) => {
    const inspected = inspectUrl(url);
    expect(inspected.ok && [inspected.displayHost, inspected.warnings]).toEqual([displayHost, warnings]);
  });
});
