// The tool form reads typed numbers exactly or not at all: text whose value JSON would change stays text.
import { expect, test } from 'vitest';

import { readNumberText } from '../../src/tools/rjsf/index.js';

test.each([
  ['42', 42],
  [' -3.5 ', -3.5],
  ['1e21', 1e21],
  ['0.1', 0.1],
  ['', undefined],
  ['abc', 'abc'],
  ['9007199254740993', '9007199254740993'],
  ['0.1000000000000000055511', '0.1000000000000000055511'],
  ['1e-400', '1e-400'],
  ['1e400', '1e400'],
])('%j reads as %j', (text, expected) => {
  expect(readNumberText(text)).toBe(expected);
});
