/**
 * The one function the kit takes from `punycode` (2.x, Mathias Bynens), through its ES module file:
 * the package's main file is CommonJS, and a bare `punycode` would name Node's deprecated built-in.
 */
declare module 'punycode/punycode.es6.js' {
  /** RFC 3492: a Punycode string (a label without `xn--`) to Unicode; throws a `RangeError` when it is not valid. */
  export function decode(input: string): string;
}
