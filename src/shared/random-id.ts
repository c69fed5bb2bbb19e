/** A random id of `words` × 32 bits, base 36, the words joined by `separator`: unguessable, from the Web Crypto API only. */
export function randomId(words = 4, separator = ''): string {
  const bits = globalThis.crypto.getRandomValues(new Uint32Array(words));
  return [...bits].map((part) => part.toString(36).padStart(7, '0')).join(separator);
}

/** How many 32-bit words `randomIds` draws from Web Crypto at a time. */
const POOL_WORDS = 64;

/**
 * Ids as `randomId(words)` gives them, for a caller that takes many: the random words are drawn from Web Crypto
 * `POOL_WORDS` at a time, not once per id (each call into it costs microseconds, on the path of what the id names).
 * Each word serves one id only.
 */
export function randomIds(words = 4): () => string {
  const pool = new Uint32Array(Math.max(POOL_WORDS, words));
  let used = pool.length;
  return () => {
    if (used + words > pool.length) {
      globalThis.crypto.getRandomValues(pool);
      used = 0;
    }
    let id = '';
    for (let word = 0; word < words; word += 1, used += 1) id += (pool[used] ?? 0).toString(36).padStart(7, '0');
    return id;
  };
}
