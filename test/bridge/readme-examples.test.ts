/**
 * The README's "Server-side MCP clients" code is the code of `examples/bridge/`, which
 * `test/e2e/bridge-examples.test.ts` runs: each code block of that section equals, character for character,
 * the `// #region readme` … `// #endregion` of one example file, in order. A change to either side fails
 * here until the other follows, so the README cannot drift from code that runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, test } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

/** The example files the section shows, in its order. */
const SHOWN = ['examples/bridge/elicitation.ts', 'examples/bridge/app/elicit/route.ts', 'examples/bridge/server.ts'];

/** Every region marked for the README in a file: the lines between the markers. */
function regionsOf(source: string): string[] {
  return [...source.matchAll(/^\/\/ #region readme\n([\s\S]*?)^\/\/ #endregion$/gm)].map((match) => match[1]!);
}

/** The ```ts blocks of the README section with the given heading, up to the next heading of its level or above. */
function blocksOf(readme: string, heading: string): string[] {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`README.md has no "${heading}"`);
  const rest = readme.slice(start + heading.length + 2);
  const section = rest.slice(0, rest.search(/^#{1,3} /m) === -1 ? undefined : rest.search(/^#{1,3} /m));
  return [...section.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .map((name) => relative(repoRoot, join(repoRoot, folder, name)))
    .filter((path) => path.endsWith('.ts'));
}

describe('given README.md and examples/bridge/', () => {
  test('the "Server-side MCP clients" code blocks are the examples\' marked regions, verbatim and in order', () => {
    expect(blocksOf(read('README.md'), '### Server-side MCP clients')).toStrictEqual(
      SHOWN.map((path) => regionsOf(read(path))).flat(),
    );
  });

  test('each shown file has exactly one region, and no other example file has one', () => {
    const marked = filesUnder('examples').filter((path) => regionsOf(read(path)).length > 0);
    expect({ marked: marked.sort(), counts: SHOWN.map((path) => regionsOf(read(path)).length) }).toStrictEqual({
      marked: [...SHOWN].sort(),
      counts: [1, 1, 1],
    });
  });

  test('README.md stays under 25,000 bytes', () => {
    expect(Buffer.byteLength(read('README.md'))).toBeLessThan(25_000);
  });
});
