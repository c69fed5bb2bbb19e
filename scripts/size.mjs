#!/usr/bin/env node
/**
 * `npm run size`: what each entry point of the kit weighs, counting its peers (react, react-dom,
 * @rjsf/*, ajv, ajv-formats, the MCP SDKs, the Redis client) as external. Each entry is built with Vite's library mode
 * (its Rolldown bundler) for production, in memory; the JavaScript is reported raw (bundled, not
 * minified), minified, and minified + gzipped (node:zlib, level 9). "Minified" is what a host's
 * production build does to the kit: names mangled AND whitespace removed. (Vite's library mode keeps
 * whitespace in ES output; `output.minify` asks Rolldown for the full minification.) CSS is reported
 * on its own line: budgets are about JavaScript.
 *
 * The pattern engine (re2js and an ECMAScript regex parser, about 60 kB gzipped) is a chunk of its
 * own, loaded by dynamic import only when a schema has a `pattern`: each entry is reported without
 * it (what a host whose forms have no pattern loads; the budgets apply to this) and with it. So is the
 * complete JSON Schema validator (@cfworker/json-schema, ajv-formats' formats), loaded only for a schema
 * with rules core does not check. The URL view,
 * the round and a refused request's view, and long selects' combobox, are chunks loaded on first use: reported on their own.
 *
 * Also measures what a host pays over react + react-dom for a use of the kit: an app entry that
 * imports react, react-dom and the kit's names is bundled with everything in it (peers too:
 * @rjsf/utils is part of that price), minified and gzipped; react + react-dom alone is subtracted.
 *
 * `--json` prints the measurements as JSON (the size test reads it). Exits 1 when an entry or a
 * host's use is over its budget.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { build } from 'vite';

// Vite (and React's JSX transform) read NODE_ENV: under a test runner it is "test", which keeps
// development-only code. Sizes are always for production.
process.env.NODE_ENV = 'production';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Peers: never part of the kit's own weight. */
const PEERS =
  /^(react|react-dom|@rjsf\/[^/]+|ajv|ajv-formats|@modelcontextprotocol\/[^/]+|@agentclientprotocol\/sdk|redis|@redis\/[^/]+)(\/.*)?$/;

/** Entry points and their gzipped JavaScript budgets in kB; `null` = reported only. */
const ENTRIES = [
  // 14 until lists were read in steps (0.17 kB): a form of 100,000 options is read over several tasks.
  // 14.2 until answers to schemas with rules core does not check waited for the complete validator (0.57 kB: its
  // loader, the whole-answer step, the form's re-judging and the queue's gate; the validator itself is a chunk of
  // its own, 9.4 kB with ajv-formats, loaded only for such schemas) and URL hosts followed Chromium's IDN policy
  // (1.06 kB: UTS #39's Allowed set as 388 ranges). 15.9 until the queue answered on its own only with a reasoned
  // cancel, cancelled requests no view showed (unseenTimeoutMs, markShown) and reported each settled one (0.64 kB),
  // and fields were recognised as secrets (the word list and redactElicitResult, 0.94 kB). 17.6 until SEP-2356 file
  // fields (1.11 kB: the descriptor's parse, RFC 2397 data: URIs read and checked, their redaction; 1.03 once secrets
  // and files were masked in one pass and the queue kept an ACP request's scope as given).
  // 18.62 until a data: URI was read with one regex and accept judged in one expression (0.05 kB, same verdicts).
  // 18.58 until the form model kept its errors list while a change showed no new error (0.03 kB).
  { name: 'core', entry: 'src/core/index.ts', budgetKb: 18.6 },
  // 28 until the complete validator's wait and server text shown as read, look-alike option titles flagged. 28.2
  // until secret fields were masked with a warning and the host marked what it shows (1.45 kB).
  // 29.8 until the header named an ACP request's scope (session, tool call, request), isolated (0.2 kB), and a
  // remote entry could be `sending` with its `not-sent` notice (0.13 kB). 30.1 until file fields (1.61 kB: core's
  // 1.1, the opt-in and the drafts' redaction; the picker, its strings and a form's file notices load on demand,
  // handed what they share with the entry so that no module of it is split into a chunk of its own).
  // 31.63 until the header trusted a scope the ACP adapter and the bridge's reader check, and the scope label took its
  // words from the keys (0.1 kB; the scope now costs 0.1 kB, was 0.19), and core's file checks were slimmed (0.05 kB).
  // 31.49 until a checkbox or radio row was plain elements, a checkbox row's kept between renders, not three
  // components (0.25 kB: three fibers a row, not six). 31.74 until a list read in steps had its titles compared for
  // look-alikes there too, not in the task that draws it (0.06 kB). 31.81 until long lists measured their rows when a
  // ResizeObserver reports them, not by reading layout in every commit (0.16 kB). 31.96 until a change redrew its
  // field, not the prompt's frame and form body (0.08 kB).
  { name: 'react (.)', entry: 'src/index.ts', budgetKb: 32.04 },
  { name: 'tools', entry: 'src/tools/index.ts', budgetKb: 10 },
  // 26 until server text was shown as read and look-alike option titles flagged (2.07 kB: the UTS #39 table, 0.96).
  // 28 until secret fields were masked (0.29 kB). 28.3 until file arguments (0.41 kB: the refusal's labels, the
  // placement check and the picker's loader; the picker, its strings and core's file checks load on demand).
  // 28.69 until the scope label took its words from the keys (0.04 kB). 28.66 until checkbox and radio rows were plain
  // elements (0.19 kB). 28.85 until look-alike titles were taken as judged ahead when a reading did (0.01 kB).
  // 28.86 until long lists measured their rows when a ResizeObserver reports them (0.18 kB).
  { name: 'tools/react', entry: 'src/react/tools/index.ts', budgetKb: 29.04 },
  { name: 'sdk', entry: 'src/sdk/index.ts', budgetKb: null },
  // Its own entry, so the sdk entry neither grows nor names the ACP SDK; the ACP SDK is a peer, not counted.
  { name: 'acp', entry: 'src/acp/index.ts', budgetKb: 2 },
  { name: 'bridge', entry: 'src/bridge/index.ts', budgetKb: null },
  { name: 'bridge/redis', entry: 'src/bridge/redis/index.ts', budgetKb: null },
  { name: 'rjsf-theme', entry: 'src/react/rjsf-theme/index.ts', budgetKb: null },
];

/**
 * What a host imports (names per entry source file), and its gzipped JavaScript budget in kB over
 * react + react-dom.
 */
const HOST_USES = [
  // 20 until a form of 10,000 options or more was read over several tasks, its view loaded on demand (0.65 kB).
  // 20.2 until the complete validator's loader and wait (0.48 kB; the validator loads on demand), and server text
  // shown as read with look-alike option titles flagged (1.91 kB).
  // 24.2 until the header named an ACP request's scope (0.2 kB). 24.4 until file fields (1.61 kB; the picker, its
  // strings and the form's file notices load on demand).
  // 25.92 until the header's scope and core's file checks were slimmed (0.16 kB). 25.77 until checkbox and radio rows
  // were plain elements (0.21 kB). 25.98 until a list read in steps had its titles compared there (0.08 kB).
  // 26.06 until long lists measured their rows when a ResizeObserver reports them (0.17 kB). 26.23 until a change
  // redrew its field, not the prompt's frame and form body (0.05 kB).
  { name: 'ElicitationForm', imports: [['src/index.ts', ['ElicitationForm']]], budgetKb: 26.28 },
  {
    name: 'ElicitationHost + queue + SDK adapter',
    imports: [
      ['src/index.ts', ['ElicitationHost']],
      ['src/core/index.ts', ['createElicitationQueue']],
      ['src/sdk/index.ts', ['attachElicitation']],
    ],
    // 26 until the long-list option index (0.38 kB here, 4-5x faster than a Map at 100,000 options) and
    // the chips and segments of the default look; the combobox loads on demand. 26.2 until a form of
    // 10,000 options or more was read over several tasks (0.6 kB; its view loads on demand). 26.8 until the
    // complete validator's loader, wait and queue gate (0.75 kB; the validator loads on demand), and server text
    // shown as read with look-alike option titles flagged (1.96 kB). 29.5 until the queue's reasons, unseen clock
    // and records (0.64 kB), the adapters' declared modes (0.31 kB) and the host marking what it shows, and secret
    // fields masked with a warning (1.5 kB). 32.1 until the header named an ACP request's scope and the queue kept
    // it (0.26 kB), and a remote entry `sending` (its polite line and disabled frame) and the `not-sent` notice
    // (0.16 kB). 32.5 until file fields and a bridge's lower file limit told to the person (1.51 kB; the picker, its strings and a form's file notices load on demand).
    // 33.95 until the header's scope and core's file checks were slimmed (0.13 kB). 33.82 until checkbox and radio rows
    // were plain elements (0.22 kB). 34.04 until a list read in steps had its titles compared there (0.07 kB).
    // 34.11 until long lists measured their rows when a ResizeObserver reports them (0.16 kB). 34.27 until a change
    // redrew its field, not the prompt's frame and form body (0.05 kB).
    budgetKb: 34.31,
  },
];

const kb = (bytes) => bytes / 1000;

/** A tree-shaking mark, which a host's minified build removes. */
const PURE_MARK = /\/\*\s*[#@]__PURE__\s*\*\//g;

/**
 * Bundles `entry` (production, ES module) in memory; returns its JS and CSS texts. `js` is what
 * loads with the entry (its chunk and every chunk it imports statically); `lazyJs` the pattern engine and
 * `viewsJs` the other chunks only a dynamic `import()` loads (the URL view and the round).
 */
async function bundle(entry, { minify, external }) {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: minify ? 'oxc' : false,
      cssMinify: minify ? 'lightningcss' : false,
      sourcemap: false,
      lib: { entry: resolve(root, entry), formats: ['es'], fileName: 'entry' },
      rolldownOptions: { external: external ? (id) => PEERS.test(id) : [], output: { minify } },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  const chunks = new Map();
  let css = '';
  for (const result of results) {
    for (const item of result.output) {
      if (item.type === 'chunk') chunks.set(item.fileName, item);
      else if (item.fileName.endsWith('.css'))
        css += typeof item.source === 'string' ? item.source : Buffer.from(item.source).toString('utf8');
    }
  }
  // The entry and what it imports statically, transitively.
  const initial = new Set();
  const pending = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  while (pending.length > 0) {
    const name = pending.pop();
    if (initial.has(name) || !chunks.has(name)) continue;
    initial.add(name);
    pending.push(...chunks.get(name).imports);
  }
  let js = '';
  let lazyJs = '';
  let viewsJs = '';
  let validatorJs = '';
  for (const [name, chunk] of chunks) {
    // Rolldown keeps JSX's `/* @__PURE__ */` marks for the host's bundler, whose minifier drops them.
    const code = minify ? chunk.code.replace(PURE_MARK, '') : chunk.code;
    if (initial.has(name)) js += code;
    else if (Object.keys(chunk.modules).some((id) => id.includes('pattern-linear'))) lazyJs += code;
    else if (Object.keys(chunk.modules).some((id) => id.includes('full-check-engine'))) validatorJs += code;
    else viewsJs += code;
  }
  return { js, lazyJs, viewsJs, validatorJs, css };
}

const gzip = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

/** Measures every entry, and the host's total. */
export async function measure() {
  const entries = [];
  for (const { name, entry, budgetKb } of ENTRIES) {
    const raw = await bundle(entry, { minify: false, external: true });
    const min = await bundle(entry, { minify: true, external: true });
    entries.push({
      name,
      entry,
      rawKb: kb(Buffer.byteLength(raw.js)),
      minKb: kb(Buffer.byteLength(min.js)),
      gzipKb: kb(gzip(min.js)),
      cssGzipKb: kb(gzip(min.css)),
      budgetKb,
      // Loaded on the first schema with a pattern; 0 for an entry that never checks one.
      patternEngine: {
        rawKb: kb(Buffer.byteLength(raw.lazyJs)),
        minKb: kb(Buffer.byteLength(min.lazyJs)),
        gzipKb: min.lazyJs === '' ? 0 : kb(gzip(min.lazyJs)),
      },
      // Loaded with the first URL request or round.
      viewsGzipKb: min.viewsJs === '' ? 0 : kb(gzip(min.viewsJs)),
      // Loaded on the first schema with rules core does not check (here without ajv-formats, external).
      validatorGzipKb: min.validatorJs === '' ? 0 : kb(gzip(min.validatorJs)),
    });
  }
  // What a host pays: app entries inside the repository (gitignored .scratch/), so they resolve the
  // installed packages.
  mkdirSync(join(root, '.scratch'), { recursive: true });
  const dir = mkdtempSync(join(root, '.scratch', 'size-'));
  try {
    const total = async (name, lines) => {
      const file = join(dir, `${name}.ts`);
      const react = ["export { createElement } from 'react';", "export { createRoot } from 'react-dom/client';"];
      writeFileSync(file, [...react, ...lines].join('\n'));
      const out = await bundle(file, { minify: true, external: false });
      return {
        minKb: kb(Buffer.byteLength(out.js)),
        gzipKb: kb(gzip(out.js)),
        patternEngineGzipKb: out.lazyJs === '' ? 0 : kb(gzip(out.lazyJs)),
        viewsGzipKb: out.viewsJs === '' ? 0 : kb(gzip(out.viewsJs)),
        validatorGzipKb: out.validatorJs === '' ? 0 : kb(gzip(out.validatorJs)),
      };
    };
    const reactOnly = await total('react-only', []);
    const hosts = [];
    for (const [index, { name, imports, budgetKb }] of HOST_USES.entries()) {
      const lines = imports.map(
        ([entry, names]) => `export { ${names.join(', ')} } from ${JSON.stringify(join(root, entry))};`,
      );
      const use = await total(`host-${index}`, lines);
      hosts.push({
        name,
        totalGzipKb: use.gzipKb,
        gzipKb: use.gzipKb - reactOnly.gzipKb,
        budgetKb,
        patternEngineGzipKb: use.patternEngineGzipKb,
        viewsGzipKb: use.viewsGzipKb,
        validatorGzipKb: use.validatorGzipKb,
      });
    }
    return { entries, reactOnly, hosts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const f = (value) => value.toFixed(1).padStart(7);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await measure();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result));
  } else {
    console.log('entry                          raw kB   min kB  gzip kB  budget  (css gzip kB)');
    for (const entry of result.entries) {
      const budget = entry.budgetKb === null ? '     —' : `≤ ${String(entry.budgetKb).padStart(3)}`;
      const engine = entry.patternEngine;
      console.log(
        `${`${entry.name}, without a pattern`.padEnd(30)} ${f(entry.rawKb)}  ${f(entry.minKb)}  ${f(entry.gzipKb)}  ${budget}  (${entry.cssGzipKb.toFixed(1)})`,
      );
      if (entry.validatorGzipKb > 0)
        console.log(
          `${''.padEnd(30)} (+ ${entry.validatorGzipKb.toFixed(1)} kB, ajv-formats aside, on the first schema with rules core does not check)`,
        );
      if (entry.viewsGzipKb > 0)
        console.log(
          `${''.padEnd(30)} (+ ${entry.viewsGzipKb.toFixed(1)} kB on first use: URL, round and refused-request views; long selects' combobox)`,
        );
      if (engine.gzipKb > 0) {
        console.log(
          `${`${entry.name}, with a pattern`.padEnd(30)} ${f(entry.rawKb + engine.rawKb)}  ${f(entry.minKb + engine.minKb)}  ${f(entry.gzipKb + engine.gzipKb)}       —  (+ ${engine.gzipKb.toFixed(1)} kB pattern engine, loaded on demand)`,
        );
      }
    }
    console.log(`\nwhat a host pays over react + react-dom (${result.reactOnly.gzipKb.toFixed(1)} kB), all bundled:`);
    console.log('use                                       gzip kB  budget');
    for (const host of result.hosts)
      console.log(`${host.name.padEnd(40)} ${f(host.gzipKb)}  ≤ ${String(host.budgetKb).padStart(3)}`);
    for (const host of result.hosts)
      if (host.patternEngineGzipKb > 0)
        console.log(
          `  ${host.name}: + ${host.patternEngineGzipKb.toFixed(1)} kB pattern engine on the first schema with one`,
        );
    for (const host of result.hosts)
      if (host.validatorGzipKb > 0)
        console.log(
          `  ${host.name}: + ${host.validatorGzipKb.toFixed(1)} kB complete validator on the first schema with rules core does not check`,
        );
    for (const host of result.hosts)
      if (host.viewsGzipKb > 0)
        console.log(
          `  ${host.name}: + ${host.viewsGzipKb.toFixed(1)} kB on first use: URL, round and refused-request views; long selects' combobox`,
        );
  }
  const over = [...result.entries, ...result.hosts].filter(
    (item) => item.budgetKb !== null && item.gzipKb > item.budgetKb,
  );
  for (const item of over)
    console.error(`over budget: ${item.name} is ${item.gzipKb.toFixed(1)} kB gzipped, budget ${item.budgetKb} kB`);
  process.exitCode = over.length > 0 ? 1 : 0;
}
