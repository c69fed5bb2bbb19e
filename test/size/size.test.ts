/**
 * Weights, measured exactly as `npm run size` does (it runs the same script): each entry built with
 * Vite's library mode, fully minified (whitespace too), peers external, gzipped; and what a host
 * pays over react + react-dom for a use of the kit, everything bundled. The budgets are ceilings
 * set for each concern, not today's figures.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, test } from 'vitest';

interface Measured {
  name: string;
  gzipKb: number;
  budgetKb: number | null;
}

const script = fileURLToPath(new URL('../../scripts/size.mjs', import.meta.url));

/** Runs the size script; `process.exitCode` is 1 when over budget, so read the JSON either way. */
function measure(): { entries: Measured[]; hosts: Measured[] } {
  let text: string;
  try {
    text = execFileSync(process.execPath, [script, '--json'], { encoding: 'utf8', timeout: 110_000 });
  } catch (error) {
    text = String((error as { stdout?: unknown }).stdout ?? '');
  }
  return JSON.parse(text) as { entries: Measured[]; hosts: Measured[] };
}

const overBudget = (items: Measured[]): string[] =>
  items
    .filter((item) => item.budgetKb !== null && item.gzipKb > item.budgetKb)
    .map((item) => `${item.name}: ${item.gzipKb.toFixed(1)} kB gzipped, budget ${String(item.budgetKb)} kB`);

describe('given the kit built for production', () => {
  const { entries, hosts } = measure();

  test('each entry stays within its budget (core ≤ 18.6, React entry ≤ 32.04, tools ≤ 10, tools/react ≤ 29.04, acp ≤ 2 kB gzipped)', () => {
    expect(entries.map((entry) => [entry.name, entry.budgetKb])).toEqual([
      ['core', 18.6],
      ['react (.)', 32.04],
      ['tools', 10],
      ['tools/react', 29.04],
      ['sdk', null],
      ['acp', 2],
      ['bridge', null],
      ['bridge/redis', null],
      ['rjsf-theme', null],
    ]);
    expect(overBudget(entries)).toEqual([]);
  });

  test('a host pays at most 26.28 kB over react + react-dom for ElicitationForm, and at most 34.31 kB for ElicitationHost + queue + SDK adapter', () => {
    expect(hosts.map((host) => [host.name, host.budgetKb])).toEqual([
      ['ElicitationForm', 26.28],
      ['ElicitationHost + queue + SDK adapter', 34.31],
    ]);
    expect(overBudget(hosts)).toEqual([]);
  });
});
