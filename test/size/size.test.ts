/**
 * Entry-point weights, measured exactly as `npm run size` does (it runs the same script): each entry
 * built with Vite's library mode, fully minified (whitespace too), peers external, gzipped. The
 * budgets are ceilings set for each entry's concern.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, test } from 'vitest';

interface EntrySize {
  name: string;
  gzipKb: number;
  budgetKb: number | null;
}

const script = fileURLToPath(new URL('../../scripts/size.mjs', import.meta.url));

describe('given the entry points built for production', () => {
  test('each stays within its budget (core ≤ 15, React entry ≤ 28, tools ≤ 10, tools/react ≤ 26 kB gzipped)', () => {
    // `process.exitCode` is 1 when over budget: read the JSON either way.
    let text: string;
    try {
      text = execFileSync(process.execPath, [script, '--json'], { encoding: 'utf8', timeout: 50_000 });
    } catch (error) {
      text = String((error as { stdout?: unknown }).stdout ?? '');
    }
    const { entries } = JSON.parse(text) as { entries: EntrySize[] };
    expect(entries.map((entry) => [entry.name, entry.budgetKb])).toEqual([
      ['core', 15],
      ['react (.)', 28],
      ['tools', 10],
      ['tools/react', 26],
      ['sdk', null],
    ]);
    const over = entries
      .filter((entry) => entry.budgetKb !== null && entry.gzipKb > entry.budgetKb)
      .map((entry) => `${entry.name}: ${entry.gzipKb.toFixed(1)} kB gzipped, budget ${String(entry.budgetKb)} kB`);
    expect(over).toEqual([]);
  });
});
