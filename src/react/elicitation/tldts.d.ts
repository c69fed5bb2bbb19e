/**
 * tldts through its prebuilt, minified ES module: bundled from `tldts`'s own modules, its list is inlined
 * twice (about 120 kB gzipped instead of 50).
 */
declare module 'tldts/dist/index.esm.min.js' {
  export { getDomain } from 'tldts';
}
