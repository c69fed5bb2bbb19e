import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  codePointLength,
  isDate,
  isDateTime,
  isEmail,
  isIPv6,
  isUri,
  matchesFormat,
} from '../../src/shared/formats.js';
import type { StringFormat } from '../../src/core/types.js';

/** The official SDK server's verdict for one string against `{type:'string', format}`. */
function sdkAccepts(format: string, value: string): boolean {
  return new AjvJsonSchemaValidator().getValidator<string>({ type: 'string', format })(value).valid;
}

describe('given RFC 3339 full-date', () => {
  test.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2026-12-31', true],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-04-31', false],
    ['2026-4-01', false],
    ['26-04-01', false],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2026-01-01T00:00:00Z', false],
    ['', false],
  ])('%s is %s', (value, expected) => {
    expect(isDate(value)).toBe(expected);
    expect(sdkAccepts('date', value)).toBe(expected);
  });
});

describe('given RFC 3339 date-time', () => {
  test.each([
    ['2026-03-01T09:30:00+05:30', true],
    ['2026-03-01T09:30:00Z', true],
    ['2026-03-01t09:30:00z', true],
    ['2026-03-01T09:30:00.123456-08:00', true],
    ['2016-12-31T23:59:60Z', true],
    ['2016-12-31T18:59:60-05:00', true],
    ['2016-12-31T23:58:60Z', false],
    ['2026-03-01T09:30:00', false],
    ['2026-03-01T09:30Z', false],
    ['2026-03-01T24:00:00Z', false],
    ['2026-02-30T10:00:00Z', false],
    ['2026-03-01T09:60:00Z', false],
    ['2026-03-01T09:30:00+24:00', false],
    ['2026-03-01', false],
  ])('%s is %s', (value, expected) => {
    expect(isDateTime(value)).toBe(expected);
    expect(sdkAccepts('date-time', value)).toBe(expected);
  });

  // Ajv also takes a space for `T` and `+0530` for `+05:30`; RFC 3339 §5.6 does not. The kit
  // never produces either, and refuses them, so what it accepts the server accepts.
  test.each(['2026-03-01 09:30:00Z', '2026-03-01T09:30:00+0530'])('%s: refused by the kit, taken by Ajv', (value) => {
    expect(isDateTime(value)).toBe(false);
    expect(sdkAccepts('date-time', value)).toBe(true);
  });
});

describe('given email addresses', () => {
  test.each([
    ['ada@example.com', true],
    ['first.last+tag@sub.example.co.uk', true],
    ["o'brien@example.ie", true],
    ['ada@localhost', false],
    ['ada@@example.com', false],
    ['.ada@example.com', false],
    ['ada.@example.com', false],
    ['a..b@example.com', false],
    ['ada@-example.com', false],
    ['ada@example-.com', false],
    ['ada example@example.com', false],
    ['@example.com', false],
    ['ada@', false],
  ])('%s is %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
    expect(sdkAccepts('email', value)).toBe(expected);
  });
});

describe('given URIs', () => {
  test.each([
    ['https://example.com', true],
    ['https://example.com/a/b?c=d&e#frag', true],
    ['http://user:pw@127.0.0.1:8080/x', true],
    ['https://[2001:db8::1]:443/', true],
    ['https://[::ffff:192.0.2.1]/', true],
    ['urn:isbn:0451450523', true],
    ['mailto:ada@example.com', true],
    ['file:///etc/hosts', true],
    ['https://example.com/%20space', true],
    ['example.com/path', false],
    ['/relative/path', false],
    ['https://example.com/a b', false],
    ['https://example.com/%zz', false],
    ['1http://example.com', false],
    ['https://[2001:db8::1/', false],
    ['https://[1:2:3:4:5:6:7:8:9]/', false],
    ['urn:', false],
    ['https:?q', false],
    ['', false],
  ])('%s is %s', (value, expected) => {
    expect(isUri(value)).toBe(expected);
    expect(sdkAccepts('uri', value)).toBe(expected);
  });

  test.each([
    ['::', true],
    ['::1', true],
    ['1:2:3:4:5:6:7:8', true],
    ['1:2:3:4:5:6:7::', true],
    ['1::2::3', false],
    ['12345::', false],
    ['1:2:3:4:5:6:1.2.3.4', true],
    ['1:2:3:4:5:6:7:1.2.3.4', false],
  ])('IPv6 %s is %s', (value, expected) => {
    expect(isIPv6(value)).toBe(expected);
  });
});

describe('given matchesFormat', () => {
  test('each known format, and an unknown one from JavaScript, which matches nothing (it once returned the format string, a truthy value)', () => {
    expect([
      matchesFormat('email', 'a@example.com'),
      matchesFormat('uri', 'https://x.test'),
      matchesFormat('date', '2026-02-30'),
      matchesFormat('date-time', '2026-01-01T00:00:00Z'),
    ]).toEqual([true, true, false, true]);
    expect(matchesFormat('ipv4' as StringFormat, '127.0.0.1')).toBe(false);
  });
});

describe('given text lengths', () => {
  test.each([
    ['', 0],
    ['abc', 3],
    ['héllo', 5],
    ['👍🏽', 2],
    ['a😀b', 3],
    ['\uD800', 1],
  ])('%j has %i code points', (value, expected) => {
    expect(codePointLength(value)).toBe(expected);
  });
});

describe('given generated strings, the kit never accepts what the SDK server refuses', () => {
  const uriChars = fc.constantFrom(..."ab:/?#[]@!$&'()*+,;=%2F.-_~ 1".split(''));
  const emailChars = fc.constantFrom(...'ab.@-+_1 '.split(''));
  const dateChars = fc.constantFrom(...'0123456789-:TZ+.'.split(''));
  test.each([
    ['uri', isUri, fc.string({ unit: uriChars, maxLength: 30 }).map((s) => `https:${s}`)],
    ['email', isEmail, fc.string({ unit: emailChars, maxLength: 20 })],
    ['date', isDate, fc.string({ unit: dateChars, maxLength: 12 })],
    ['date-time', isDateTime, fc.date({ noInvalidDate: true }).map((d) => d.toISOString())],
  ] as const)(
    '%s',
    (format, check, arbitrary) => {
      fc.assert(
        fc.property(arbitrary, (value) => {
          if (check(value)) expect(sdkAccepts(format, value)).toBe(true);
        }),
        { numRuns: 1500 },
      );
      // A bound on a hang, not a speed claim: 1,500 runs take 0.4 s alone, and took 6.4 s once while the
      // browser projects ran beside them on 2 cores (over the default 5 s).
    },
    60_000,
  );
});
