/** A random id of `words` × 32 bits, base 36, the words joined by `separator`: unguessable, from the Web Crypto API only. */
export function randomId(words = 4, separator = ''): string {
  const bits = globalThis.crypto.getRandomValues(new Uint32Array(words));
  return [...bits].map((part) => part.toString(36).padStart(7, '0')).join(separator);
}
