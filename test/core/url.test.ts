// inspectUrl: what the URL-mode consent view shows, as exact values. The WHATWG parser's
// normalisation (IPv4 forms, case, IDN to punycode, removed whitespace) is part of the answer,
// because `href` is what the browser will open.
import { describe, expect, test } from 'vitest';

import { inspectUrl, LONG_URL_LENGTH, MAX_URL_LENGTH, URL_REFUSALS, URL_WARNINGS } from '../../src/core/index.js';

describe('given an https or http URL', () => {
  test.each([
    {
      name: 'a plain https URL',
      url: 'https://example.com/path?q=1#top',
      expected: {
        ok: true,
        href: 'https://example.com/path?q=1#top',
        scheme: 'https',
        host: 'example.com',
        displayHost: 'example.com',
        unicodeHost: 'example.com',
        registrableHint: 'example.com',
        warnings: [],
      },
    },
    {
      name: 'a deep host (the hint is the last two labels, no public-suffix list)',
      url: 'https://login.accounts.example.co.uk/',
      expected: {
        ok: true,
        href: 'https://login.accounts.example.co.uk/',
        scheme: 'https',
        host: 'login.accounts.example.co.uk',
        displayHost: 'login.accounts.example.co.uk',
        unicodeHost: 'login.accounts.example.co.uk',
        registrableHint: 'co.uk',
        warnings: [],
      },
    },
    {
      name: 'an upper-case scheme and host',
      url: 'HTTPS://EXAMPLE.COM/Path',
      expected: {
        ok: true,
        href: 'https://example.com/Path',
        scheme: 'https',
        host: 'example.com',
        displayHost: 'example.com',
        unicodeHost: 'example.com',
        registrableHint: 'example.com',
        warnings: [],
      },
    },
    {
      name: 'a non-default port',
      url: 'https://example.com:8443/x',
      expected: {
        ok: true,
        href: 'https://example.com:8443/x',
        scheme: 'https',
        host: 'example.com',
        displayHost: 'example.com',
        unicodeHost: 'example.com',
        port: '8443',
        registrableHint: 'example.com',
        warnings: [],
      },
    },
    {
      name: 'the default port (dropped by the parser)',
      url: 'https://example.com:443/x',
      expected: {
        ok: true,
        href: 'https://example.com/x',
        scheme: 'https',
        host: 'example.com',
        displayHost: 'example.com',
        unicodeHost: 'example.com',
        registrableHint: 'example.com',
        warnings: [],
      },
    },
    {
      name: 'a fully qualified host with its trailing dot',
      url: 'https://example.com./',
      expected: {
        ok: true,
        href: 'https://example.com./',
        scheme: 'https',
        host: 'example.com.',
        displayHost: 'example.com.',
        unicodeHost: 'example.com.',
        registrableHint: 'example.com',
        warnings: [],
      },
    },
    {
      name: 'a percent-encoded host (decoded by the parser)',
      url: 'https://ex%61mple.com/',
      expected: {
        ok: true,
        href: 'https://example.com/',
        scheme: 'https',
        host: 'example.com',
        displayHost: 'example.com',
        unicodeHost: 'example.com',
        registrableHint: 'example.com',
        warnings: [],
      },
    },
    {
      name: 'a single-label host over plain http',
      url: 'http://localhost:3000/callback',
      expected: {
        ok: true,
        href: 'http://localhost:3000/callback',
        scheme: 'http',
        host: 'localhost',
        displayHost: 'localhost',
        unicodeHost: 'localhost',
        port: '3000',
        warnings: ['plain-http'],
      },
    },
    {
      name: 'plain http',
      url: 'http://example.com/login',
      expected: {
        ok: true,
        href: 'http://example.com/login',
        scheme: 'http',
        host: 'example.com',
        displayHost: 'example.com',
        unicodeHost: 'example.com',
        registrableHint: 'example.com',
        warnings: ['plain-http'],
      },
    },
    {
      name: 'an upper-case HTTP scheme',
      url: 'HTTP://Example.com',
      expected: {
        ok: true,
        href: 'http://example.com/',
        scheme: 'http',
        host: 'example.com',
        displayHost: 'example.com',
        unicodeHost: 'example.com',
        registrableHint: 'example.com',
        warnings: ['plain-http'],
      },
    },
  ])('$name', ({ url, expected }) => {
    expect(inspectUrl(url)).toEqual(expected);
  });
});

describe('given a punycode or Unicode host', () => {
  test.each([
    {
      name: 'Cyrillic "а" among Latin letters (apple look-alike): shown encoded, as Chromium does',
      url: 'https://xn--pple-43d.com/login',
      expected: {
        ok: true,
        href: 'https://xn--pple-43d.com/login',
        scheme: 'https',
        host: 'xn--pple-43d.com',
        displayHost: 'xn--pple-43d.com',
        unicodeHost: 'аpple.com',
        registrableHint: 'xn--pple-43d.com',
        warnings: ['punycode', 'mixed-script'],
      },
    },
    {
      name: 'the same host typed in Unicode (the parser turns it into punycode)',
      url: 'https://аpple.com',
      expected: {
        ok: true,
        href: 'https://xn--pple-43d.com/',
        scheme: 'https',
        host: 'xn--pple-43d.com',
        displayHost: 'xn--pple-43d.com',
        unicodeHost: 'аpple.com',
        registrableHint: 'xn--pple-43d.com',
        warnings: ['punycode', 'mixed-script'],
      },
    },
    {
      name: 'two Cyrillic letters in paypal',
      url: 'https://xn--pypl-53dc.com',
      expected: {
        ok: true,
        href: 'https://xn--pypl-53dc.com/',
        scheme: 'https',
        host: 'xn--pypl-53dc.com',
        displayHost: 'xn--pypl-53dc.com',
        unicodeHost: 'pаypаl.com',
        registrableHint: 'xn--pypl-53dc.com',
        warnings: ['punycode', 'mixed-script'],
      },
    },
    {
      name: 'a whole-script look-alike (all Cyrillic letters that look Latin): shown encoded',
      url: 'https://xn--80ak6aa92e.com/',
      expected: {
        ok: true,
        href: 'https://xn--80ak6aa92e.com/',
        scheme: 'https',
        host: 'xn--80ak6aa92e.com',
        displayHost: 'xn--80ak6aa92e.com',
        unicodeHost: 'аррӏе.com',
        registrableHint: 'xn--80ak6aa92e.com',
        warnings: ['punycode', 'whole-script-confusable'],
      },
    },
    {
      name: 'a German name with an umlaut, in a subdomain',
      url: 'https://bücher.example.de/',
      expected: {
        ok: true,
        href: 'https://xn--bcher-kva.example.de/',
        scheme: 'https',
        host: 'xn--bcher-kva.example.de',
        displayHost: 'bücher.example.de',
        unicodeHost: 'bücher.example.de',
        registrableHint: 'example.de',
        warnings: ['punycode'],
      },
    },
    {
      name: 'Japanese kanji and hiragana in one label (a legitimate mix)',
      url: 'https://例え.jp/',
      expected: {
        ok: true,
        href: 'https://xn--r8jz45g.jp/',
        scheme: 'https',
        host: 'xn--r8jz45g.jp',
        displayHost: '例え.jp',
        unicodeHost: '例え.jp',
        registrableHint: '例え.jp',
        warnings: ['punycode'],
      },
    },
    {
      name: 'punycode in every label',
      url: 'https://xn--fiqs8s.xn--fiqz9s/',
      expected: {
        ok: true,
        href: 'https://xn--fiqs8s.xn--fiqz9s/',
        scheme: 'https',
        host: 'xn--fiqs8s.xn--fiqz9s',
        displayHost: '中国.中國',
        unicodeHost: '中国.中國',
        registrableHint: '中国.中國',
        warnings: ['punycode'],
      },
    },
    {
      name: 'an xn-- label that decodes to ASCII only (not an IDN: shown as sent)',
      url: 'https://xn--abc-.com/',
      expected: {
        ok: true,
        href: 'https://xn--abc-.com/',
        scheme: 'https',
        host: 'xn--abc-.com',
        displayHost: 'xn--abc-.com',
        unicodeHost: 'xn--abc-.com',
        registrableHint: 'xn--abc-.com',
        warnings: ['punycode'],
      },
    },
  ])('$name', ({ url, expected }) => {
    expect(inspectUrl(url)).toEqual(expected);
  });
});

describe('given an IP host (every IPv4 spelling is normalised by the parser)', () => {
  test.each([
    {
      name: 'dotted decimal',
      url: 'https://192.168.1.1/admin',
      href: 'https://192.168.1.1/admin',
      host: '192.168.1.1',
      scheme: 'https',
      warnings: ['ip-host'],
    },
    {
      name: 'one decimal number',
      url: 'http://2130706433/',
      href: 'http://127.0.0.1/',
      host: '127.0.0.1',
      scheme: 'http',
      warnings: ['ip-host', 'plain-http'],
    },
    {
      name: 'octal parts',
      url: 'http://0177.0.0.1/',
      href: 'http://127.0.0.1/',
      host: '127.0.0.1',
      scheme: 'http',
      warnings: ['ip-host', 'plain-http'],
    },
    {
      name: 'hexadecimal, shortened',
      url: 'http://0x7f.1/',
      href: 'http://127.0.0.1/',
      host: '127.0.0.1',
      scheme: 'http',
      warnings: ['ip-host', 'plain-http'],
    },
    {
      name: 'one hexadecimal number',
      url: 'https://0x7f000001/',
      href: 'https://127.0.0.1/',
      host: '127.0.0.1',
      scheme: 'https',
      warnings: ['ip-host'],
    },
    {
      name: 'a trailing dot',
      url: 'https://192.168.1.1./',
      href: 'https://192.168.1.1/',
      host: '192.168.1.1',
      scheme: 'https',
      warnings: ['ip-host'],
    },
    {
      name: 'IPv6 loopback',
      url: 'https://[::1]/',
      href: 'https://[::1]/',
      host: '[::1]',
      scheme: 'https',
      warnings: ['ip-host'],
    },
    {
      name: 'IPv4-mapped IPv6 (rewritten in hex)',
      url: 'https://[::ffff:127.0.0.1]/',
      href: 'https://[::ffff:7f00:1]/',
      host: '[::ffff:7f00:1]',
      scheme: 'https',
      warnings: ['ip-host'],
    },
  ])('$name', ({ url, href, host, scheme, warnings }) => {
    expect(inspectUrl(url)).toEqual({ ok: true, href, scheme, host, displayHost: host, unicodeHost: host, warnings });
  });

  test('an IPv6 host with a port keeps the port apart', () => {
    expect(inspectUrl('http://[2001:DB8::1]:8080/x')).toEqual({
      ok: true,
      href: 'http://[2001:db8::1]:8080/x',
      scheme: 'http',
      host: '[2001:db8::1]',
      displayHost: '[2001:db8::1]',
      unicodeHost: '[2001:db8::1]',
      port: '8080',
      warnings: ['ip-host', 'plain-http'],
    });
  });
});

describe('given embedded credentials', () => {
  test.each([
    {
      name: 'user and password',
      url: 'https://user:pass@example.com/',
      href: 'https://user:pass@example.com/',
      host: 'example.com',
    },
    { name: 'a user only', url: 'https://admin@example.com/', href: 'https://admin@example.com/', host: 'example.com' },
    {
      name: 'a password only',
      url: 'https://:secret@example.com/',
      href: 'https://:secret@example.com/',
      host: 'example.com',
    },
    {
      name: 'a trusted name as user, the real host after @',
      url: 'https://apple.com@evil.example/',
      href: 'https://apple.com@evil.example/',
      host: 'evil.example',
    },
  ])('$name', ({ url, href, host }) => {
    expect(inspectUrl(url)).toEqual({
      ok: true,
      href,
      scheme: 'https',
      host,
      displayHost: host,
      unicodeHost: host,
      registrableHint: host,
      warnings: ['credentials'],
    });
  });

  test('every warning at once, in URL_WARNINGS order', () => {
    expect(inspectUrl(' http://u:p@xn--pple-43d.com/')).toEqual({
      ok: true,
      href: 'http://u:p@xn--pple-43d.com/',
      scheme: 'http',
      host: 'xn--pple-43d.com',
      displayHost: 'xn--pple-43d.com',
      unicodeHost: 'аpple.com',
      registrableHint: 'xn--pple-43d.com',
      warnings: ['credentials', 'punycode', 'mixed-script', 'plain-http', 'whitespace'],
    });
  });
});

describe('given whitespace the parser removes', () => {
  test.each([
    { name: 'leading and trailing spaces', url: '  https://example.com/a  ' },
    { name: 'a tab inside the host', url: 'https://exam\tple.com/a' },
    { name: 'a newline inside the host', url: 'https://exam\nple.com/a' },
    { name: 'a carriage return in the path', url: 'https://example.com/\ra' },
  ])('$name: the opened URL is shown, with a warning', ({ url }) => {
    expect(inspectUrl(url)).toEqual({
      ok: true,
      href: 'https://example.com/a',
      scheme: 'https',
      host: 'example.com',
      displayHost: 'example.com',
      unicodeHost: 'example.com',
      registrableHint: 'example.com',
      warnings: ['whitespace'],
    });
  });

  test('a space inside the path is encoded, not removed: no warning', () => {
    expect(inspectUrl('https://example.com/a b')).toEqual({
      ok: true,
      href: 'https://example.com/a%20b',
      scheme: 'https',
      host: 'example.com',
      displayHost: 'example.com',
      unicodeHost: 'example.com',
      registrableHint: 'example.com',
      warnings: [],
    });
  });
});

describe('given a very long URL', () => {
  const base = 'https://example.com/?q=';

  test(`exactly ${LONG_URL_LENGTH} characters: no warning`, () => {
    const url = base + 'a'.repeat(LONG_URL_LENGTH - base.length);
    expect(inspectUrl(url)).toEqual({
      ok: true,
      href: url,
      scheme: 'https',
      host: 'example.com',
      displayHost: 'example.com',
      unicodeHost: 'example.com',
      registrableHint: 'example.com',
      warnings: [],
    });
  });

  test(`${LONG_URL_LENGTH + 1} characters: warned as long`, () => {
    const url = base + 'a'.repeat(LONG_URL_LENGTH + 1 - base.length);
    expect(inspectUrl(url)).toEqual({
      ok: true,
      href: url,
      scheme: 'https',
      host: 'example.com',
      displayHost: 'example.com',
      unicodeHost: 'example.com',
      registrableHint: 'example.com',
      warnings: ['long'],
    });
  });

  test(`exactly ${MAX_URL_LENGTH} characters: still offered`, () => {
    const url = base + 'a'.repeat(MAX_URL_LENGTH - base.length);
    const inspected = inspectUrl(url);
    expect(inspected.ok && inspected.href.length).toBe(65_536);
    expect(inspected.ok && inspected.warnings).toEqual(['long']);
  });

  test(`${MAX_URL_LENGTH + 1} characters: refused`, () => {
    expect(inspectUrl(base + 'a'.repeat(MAX_URL_LENGTH + 1 - base.length))).toEqual({
      ok: false,
      reason: 'too-long',
      message: 'The URL is 65537 characters long; the kit opens URLs of at most 65536.',
    });
  });
});

describe('given a scheme other than https or http', () => {
  test.each([
    { url: 'javascript:alert(1)', scheme: 'javascript' },
    { url: 'JavaScript:alert(document.domain)', scheme: 'javascript' },
    { url: ' javascript:alert(1)', scheme: 'javascript' },
    { url: 'java\tscript:alert(1)', scheme: 'javascript' },
    { url: 'data:text/html,<script>alert(1)</script>', scheme: 'data' },
    { url: 'file:///etc/passwd', scheme: 'file' },
    { url: 'blob:https://example.com/0b1f', scheme: 'blob' },
    { url: 'ftp://example.com/file', scheme: 'ftp' },
    { url: 'ws://example.com/socket', scheme: 'ws' },
    { url: 'myapp://callback?code=1', scheme: 'myapp' },
    { url: 'mailto:someone@example.com', scheme: 'mailto' },
    { url: 'about:blank', scheme: 'about' },
  ])('$url is refused', ({ url, scheme }) => {
    expect(inspectUrl(url)).toEqual({
      ok: false,
      reason: 'scheme',
      scheme,
      message: `Links with the scheme "${scheme}:" are not opened; only https and http links are.`,
    });
  });
});

describe('given text that is not an absolute URL', () => {
  test.each([
    { name: 'empty', url: '' },
    { name: 'spaces only', url: '   ' },
    { name: 'a relative path', url: '/login' },
    { name: 'a host without scheme', url: 'example.com/login' },
    { name: 'a scheme without host', url: 'https://' },
    { name: 'a bad port', url: 'https://example.com:99999/' },
    { name: 'an invalid punycode label', url: 'https://xn--a.com/' },
    { name: 'a space in the host', url: 'https://exa mple.com/' },
  ])('$name', ({ url }) => {
    expect(inspectUrl(url)).toEqual({ ok: false, reason: 'unparseable', message: 'The text is not a complete URL.' });
  });

  test('a value that is not text (an untrusted request) is refused, not thrown', () => {
    expect(inspectUrl(42 as unknown as string)).toEqual({
      ok: false,
      reason: 'unparseable',
      message: 'The URL is not text.',
    });
  });

  test('the result is frozen', () => {
    const inspected = inspectUrl('https://example.com/');
    expect(Object.isFrozen(inspected)).toBe(true);
    expect(inspected.ok && Object.isFrozen(inspected.warnings)).toBe(true);
  });
});

describe('given the code lists', () => {
  test('warnings and refusals are exactly these, in this order', () => {
    expect(URL_WARNINGS).toEqual([
      'credentials',
      'ip-host',
      'punycode',
      'mixed-script',
      'whole-script-confusable',
      'invisible',
      'disallowed-character',
      'lookalike-letters',
      'lookalike-dots',
      'plain-http',
      'whitespace',
      'long',
    ]);
    expect(URL_REFUSALS).toEqual(['unparseable', 'scheme', 'too-long']);
  });
});

describe('given punycode labels (RFC 3492, decoded by the punycode package)', () => {
  // The sample strings of RFC 3492 §7.1 that are valid host labels, as the parser lower-cases them.
  test.each([
    { name: '(B) Chinese (simplified)', label: 'ihqwcrb4cv8a8dqg056pqjye', unicode: '他们为什么不说中文' },
    { name: '(C) Chinese (traditional)', label: 'ihqwctvzc91f659drss3x8bo0yb', unicode: '他們爲什麽不說中文' },
    { name: '(R) <sono><supiido><de>', label: 'd9juau41awczczp', unicode: 'そのスピードで' },
  ])('$name is decoded for unicodeHost', ({ label, unicode }) => {
    const inspected = inspectUrl(`https://xn--${label}.example/`);
    expect(inspected.ok && [inspected.unicodeHost, inspected.displayHost]).toEqual([
      `${unicode}.example`,
      `${unicode}.example`,
    ]);
  });

  test('(A) Arabic (Egyptian) is decoded, and shown encoded: its question mark (U+061F) is no identifier character', () => {
    const inspected = inspectUrl('https://xn--egbpdaj6bu4bxfgehfvwxn.example/');
    expect(inspected.ok && [inspected.unicodeHost, inspected.displayHost, inspected.warnings]).toEqual([
      'ليهمابتكلموشعربي؟.example',
      'xn--egbpdaj6bu4bxfgehfvwxn.example',
      ['punycode', 'disallowed-character'],
    ]);
  });
});
