/** `punycode` 2.x through its ES module file: the main one is CommonJS, a bare `punycode` is Node's built-in. */
declare module 'punycode/punycode.es6.js' {
  /** RFC 3492: a Punycode label (without `xn--`) to Unicode; throws a `RangeError` when invalid. */
  export function decode(input: string): string;
}
