/**
 * The kit's package names mapped to its sources, for code in this repository that imports the kit as a
 * host would (`examples/`): Vite and Vitest read these; TypeScript reads the same map from tsconfig.json's
 * `paths`. Without them a self-reference would resolve through `exports` to `dist/`, which only a build makes.
 */
import { fileURLToPath } from 'node:url';

const src = fileURLToPath(new URL('../src/', import.meta.url));

/** Vite `resolve.alias` entries: `mcp-elicit-kit` and its `core`, `sdk` and `bridge` entries. */
export const KIT_ALIASES = [
  { find: /^mcp-elicit-kit\/(core|sdk|bridge)$/, replacement: `${src}$1/index.ts` },
  { find: /^mcp-elicit-kit$/, replacement: `${src}index.ts` },
];
