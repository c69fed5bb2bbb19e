/**
 * Numbers the person types are sent exactly or refused, never rounded. JSON carries a number as the
 * shortest decimal that reads back as the same double, so the rule is: the typed text's decimal value
 * must equal that decimal's value (`exactNumber`). Integer fields further stay within ±(2^53 − 1),
 * where each integer has its own double, whatever the value came from (typed, default, a host's draft).
 */
import { describe, expect, test } from 'vitest';

import { submitDraft, validateElicitContent, type RequestedSchema } from '../../src/core/index.js';
import { exactNumber } from '../../src/shared/numbers.js';

function one(type: 'integer' | 'number'): RequestedSchema {
  return { type: 'object', properties: { n: { type } }, required: ['n'] };
}

const UNSAFE_INTEGER =
  'Enter a whole number from -9007199254740991 to 9007199254740991; larger ones cannot be sent exactly.';

describe('given an integer the person types that a JavaScript number cannot hold (finding 9)', () => {
  test('9007199254740993 is refused, not sent as 9007199254740992', () => {
    expect(submitDraft(one('integer'), { n: '9007199254740993' })).toEqual({
      ok: false,
      errors: [
        {
          field: 'n',
          code: 'precision',
          message: '"9007199254740993" cannot be sent exactly: it would arrive as 9007199254740992.',
        },
      ],
    });
  });

  test.each([
    ['-9007199254740993', '-9007199254740992'],
    ['12345678901234567890', '12345678901234567000'],
    ['9007199254740993.0', '9007199254740992'],
    ['90071992547409930e-1', '9007199254740992'],
    ['1e400', undefined],
  ])('%s in an integer field is refused (it would arrive as %s)', (typed, arrives) => {
    const submitted = submitDraft(one('integer'), { n: typed });
    expect(submitted).toEqual({
      ok: false,
      errors: [
        arrives === undefined
          ? { field: 'n', code: 'not-a-number', message: 'Enter a finite number.' }
          : {
              field: 'n',
              code: 'precision',
              message: `${JSON.stringify(typed)} cannot be sent exactly: it would arrive as ${arrives}.`,
            },
      ],
    });
  });

  test.each([
    ['9007199254740991', 9_007_199_254_740_991],
    ['-9007199254740991', -9_007_199_254_740_991],
    ['  42 ', 42],
    ['1e3', 1000],
    ['+7.000', 7],
  ])('%s is sent exactly as %d', (typed, sent) => {
    expect(submitDraft(one('integer'), { n: typed })).toEqual({
      ok: true,
      result: { action: 'accept', content: { n: sent } },
    });
  });

  test.each(['9007199254740992', '9007199254740994', '1e21'])(
    '%s has its own double but sits beyond ±(2^53 − 1), where a neighbour would round onto it: refused',
    (typed) => {
      expect(submitDraft(one('integer'), { n: typed })).toEqual({
        ok: false,
        errors: [{ field: 'n', code: 'precision', message: UNSAFE_INTEGER }],
      });
    },
  );

  test('an integer value beyond 2^53 − 1 in content is refused the same way (it may already be rounded)', () => {
    expect(validateElicitContent(one('integer'), { n: 2 ** 60 })).toEqual([
      { field: 'n', code: 'precision', message: UNSAFE_INTEGER },
    ]);
  });
});

describe('given a decimal the person types in a number field', () => {
  test.each([
    ['0.1000000000000000055511151231257827', '0.1'],
    ['3.14159265358979323846', '3.141592653589793'],
    ['1e-400', '0'],
    ['9007199254740993', '9007199254740992'],
    ['123456789012345678', '123456789012345680'],
  ])('%s does not survive JSON: refused (it would arrive as %s)', (typed, arrives) => {
    expect(submitDraft(one('number'), { n: typed })).toEqual({
      ok: false,
      errors: [
        {
          field: 'n',
          code: 'precision',
          message: `${JSON.stringify(typed)} cannot be sent exactly: it would arrive as ${arrives}.`,
        },
      ],
    });
  });

  test.each([
    ['0.1', 0.1],
    ['-0.000001', -0.000001],
    ['1e21', 1e21],
    ['1.5E-7', 1.5e-7],
    ['0.30000000000000004', 0.30000000000000004],
    ['5e-324', 5e-324],
    ['1.7976931348623157e308', 1.7976931348623157e308],
    ['100.0000', 100],
    ['-0', -0],
  ])('%s is sent as typed: its JSON text has the same value', (typed, sent) => {
    const submitted = submitDraft(one('number'), { n: typed });
    expect(submitted).toEqual({ ok: true, result: { action: 'accept', content: { n: sent } } });
    const content = submitted.ok ? submitted.result.content : {};
    expect(exactNumber(JSON.stringify(content['n']))).toBe(sent === 0 ? 0 : sent);
  });
});

describe('given exactNumber', () => {
  test.each([
    ['0', 0],
    ['000.000', 0],
    ['0e999999999999999999999', 0],
    ['.5', 0.5],
    ['5.', 5],
    ['2e-1', 0.2],
    ['9007199254740994', 9_007_199_254_740_994],
  ])('%s → %d', (text, value) => {
    expect(exactNumber(text)).toBe(value);
  });

  test.each(['1e400', '-1e400', '1e-324', '0.1000000000000000000000001', '18014398509481985'])(
    '%s → undefined',
    (text) => {
      expect(exactNumber(text)).toBeUndefined();
    },
  );
});
