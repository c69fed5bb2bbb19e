import { afterEach, describe, expect, test, vi } from 'vitest';

import { randomId, randomIds } from '../../src/shared/random-id.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('given ids taken one after another from randomIds()', () => {
  test('each is 4 random words in base 36, as randomId() writes them, and Web Crypto is asked once per 16', () => {
    const draws = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const next = randomIds();
    const ids = Array.from({ length: 33 }, () => next());
    expect(draws).toHaveBeenCalledTimes(3);
    expect(ids.every((id) => /^[0-9a-z]{28}$/.test(id))).toBe(true);
    expect(randomId()).toMatch(/^[0-9a-z]{28}$/);
    expect(new Set(ids).size).toBe(33);
  });

  test('each word of a draw goes into one id only, in order', () => {
    // Words 0, 1, 2, … as drawn: the first id is made of words 0–3, the second of 4–7.
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => {
      const words = array as Uint32Array;
      words.forEach((_, at) => (words[at] = at));
      return array;
    });
    const next = randomIds(2);
    expect([next(), next()]).toEqual(['00000000000001', '00000020000003']);
  });
});
