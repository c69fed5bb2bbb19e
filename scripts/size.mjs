#!/usr/bin/env node
/**
 * `npm run size`: what each entry point of the kit weighs, counting its peers (react, react-dom,
 * @rjsf/*, ajv, ajv-formats, the MCP SDKs) as external. Each entry is built with Vite's library mode
 * (its Rolldown bundler) for production, in memory; the JavaScript is reported raw (bundled, not
 * minified), minified, and minified + gzipped (node:zlib, level 9). "Minified" is what a host's
 * production build does to the kit: names mangled AND whitespace removed. (Vite's library mode keeps
 * whitespace in ES output; `output.minify` asks Rolldown for the full minification.) CSS is reported
 * on its own line: budgets are about JavaScript.
 *
 * Also reports what a host pays in total, everything bundled together and gzipped: react + react-dom
 * alone; with rjsf and Ajv (for comparison); with the kit's elicitation components (which need neither
 * rjsf's Form nor Ajv); and with the tool components too (which do).
 *
 * `--json` prints the measurements as JSON (the size test reads it). Exits 1 when an entry is over
 * its budget.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { build } from 'vite';

// Vite (and React's JSX transform) read NODE_ENV: under a test runner it is "test", which keeps
// development-only code. Sizes are always for production.
process.env.NODE_ENV = 'production';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Peers: never part of the kit's own weight. */
const PEERS = /^(react|react-dom|@rjsf\/[^/]+|ajv|ajv-formats|@modelcontextprotocol\/[^/]+)(\/.*)?$/;

/** Entry points and their gzipped JavaScript budgets in kB (issue 6); `null` = reported only. */
const ENTRIES = [
  { name: 'core', entry: 'src/core/index.ts', budgetKb: 12 },
  { name: 'react (.)', entry: 'src/index.ts', budgetKb: 30 },
  { name: 'sdk', entry: 'src/sdk/index.ts', budgetKb: null },
];

const kb = (bytes) => bytes / 1000;

/** Bundles `entry` (production, ES module) in memory; returns its JS and CSS texts. */
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
  let js = '';
  let css = '';
  for (const result of results) {
    for (const item of result.output) {
      if (item.type === 'chunk') js += item.code;
      else if (item.fileName.endsWith('.css')) css += typeof item.source === 'string' ? item.source : Buffer.from(item.source).toString('utf8');
    }
  }
  return { js, css };
}

const gzip = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

/**
 * The value (non-type) names an index file re-exports, by source module: `export { a, b } from './x.js'`.
 * Used to measure an entry without the tool-schema half (what a split `tools` entry would leave).
 */
function valueExports(file) {
  const text = readFileSync(resolve(root, file), 'utf8');
  const found = [];
  for (const match of text.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const names = match[1].split(',').map((name) => name.trim()).filter((name) => name !== '');
    found.push({ from: match[2], names });
  }
  return found;
}

/** Tool-schema names: everything `src/tools/index.ts` exports, and the two tool components. */
function toolNames() {
  const names = new Set(['ToolCallForm', 'ToolResultView']);
  for (const { names: list } of valueExports('src/tools/index.ts')) for (const name of list) names.add(name);
  return names;
}

/** An entry file re-exporting `file`'s value exports except the tool-schema ones. */
function withoutTools(file, dir, also = []) {
  const tools = toolNames();
  for (const name of also) tools.add(name);
  const lines = valueExports(file)
    .map(({ from, names }) => ({ from: resolve(root, file, '..', from).replace(/\.js$/, '.ts'), names: names.filter((name) => !tools.has(name)) }))
    .filter(({ names }) => names.length > 0)
    .map(({ from, names }) => `export { ${names.join(', ')} } from ${JSON.stringify(from.endsWith('index.ts') || from.endsWith('.ts') ? from : `${from}.ts`)};`);
  const out = join(dir, `${file.replace(/[^a-z]/gi, '_')}-without-tools${also.length > 0 ? '-and-more' : ''}.ts`);
  writeFileSync(out, `${lines.join('\n')}\n`);
  return out;
}

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
    });
  }
  // The host's total: one app entry importing what a host that shows forms needs.
  // Inside the repository (gitignored .scratch/), so the entries resolve the installed packages.
  mkdirSync(join(root, '.scratch'), { recursive: true });
  const dir = mkdtempSync(join(root, '.scratch', 'size-'));
  try {
    const reactOnly = join(dir, 'react-only.ts');
    writeFileSync(reactOnly, "export { createElement } from 'react';\nexport { createRoot } from 'react-dom/client';\n");
    const withRjsf = join(dir, 'react-rjsf.ts');
    writeFileSync(
      withRjsf,
      "export { createElement } from 'react';\nexport { createRoot } from 'react-dom/client';\nexport { default as Form } from '@rjsf/core';\nexport { default as validator } from '@rjsf/validator-ajv8';\n",
    );
    const kitEntry = JSON.stringify(join(root, 'src/index.ts'));
    const host = join(dir, 'host.ts');
    writeFileSync(
      host,
      `export { createElement } from 'react';\nexport { createRoot } from 'react-dom/client';\nexport { ElicitationForm, ElicitationHost, createElicitationQueue } from ${kitEntry};\n`,
    );
    const hostWithTools = join(dir, 'host-tools.ts');
    writeFileSync(hostWithTools, `export * from ${JSON.stringify(host)};\nexport { ToolCallForm, ToolResultView } from ${kitEntry};\n`);
    const total = async (file) => {
      const out = await bundle(file, { minify: true, external: false });
      return { minKb: kb(Buffer.byteLength(out.js)), gzipKb: kb(gzip(out.js)) };
    };
    // What the entries would weigh if the tool-schema half (src/tools, ToolCallForm, ToolResultView)
    // were an entry of its own: reported, not budgeted.
    const split = [];
    for (const { name, entry } of ENTRIES.slice(0, 2)) {
      const out = await bundle(withoutTools(entry, dir), { minify: true, external: true });
      split.push({ name: `${name} without tools`, minKb: kb(Buffer.byteLength(out.js)), gzipKb: kb(gzip(out.js)) });
    }
    // And core without the queue as well (the host's half: createElicitationQueue).
    const schemaOnly = await bundle(withoutTools(ENTRIES[0].entry, dir, ['createElicitationQueue', 'REQUEST_PROBLEM_CODES']), { minify: true, external: true });
    split.push({ name: 'core without tools, queue', minKb: kb(Buffer.byteLength(schemaOnly.js)), gzipKb: kb(gzip(schemaOnly.js)) });
    const hostTotal = {
      reactOnly: await total(reactOnly),
      reactRjsfAjv: await total(withRjsf),
      kitForms: await total(host),
      kitFormsAndTools: await total(hostWithTools),
    };
    return { entries, split, hostTotal };
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
    console.log('entry        raw kB   min kB  gzip kB  budget  (css gzip kB)');
    for (const entry of result.entries) {
      const budget = entry.budgetKb === null ? '     —' : `≤ ${String(entry.budgetKb).padStart(3)}`;
      console.log(`${entry.name.padEnd(10)} ${f(entry.rawKb)}  ${f(entry.minKb)}  ${f(entry.gzipKb)}  ${budget}  (${entry.cssGzipKb.toFixed(1)})`);
    }
    for (const entry of result.split) console.log(`${entry.name.padEnd(28)} min ${f(entry.minKb)}  gzip ${f(entry.gzipKb)}  (if these were entries of their own)`);
    const { reactOnly, reactRjsfAjv, kitForms, kitFormsAndTools } = result.hostTotal;
    console.log('\nwhat a host pays (everything bundled, minified, gzipped):');
    console.log(`react + react-dom                                        ${f(reactOnly.gzipKb)} kB`);
    console.log(`react + react-dom + @rjsf/core + validator-ajv8 (+ ajv)  ${f(reactRjsfAjv.gzipKb)} kB  (for comparison)`);
    console.log(`react + react-dom + ElicitationForm, Host, queue         ${f(kitForms.gzipKb)} kB`);
    console.log(`  … + ToolCallForm, ToolResultView (rjsf Form, Ajv)      ${f(kitFormsAndTools.gzipKb)} kB`);
  }
  const over = result.entries.filter((entry) => entry.budgetKb !== null && entry.gzipKb > entry.budgetKb);
  for (const entry of over) console.error(`over budget: ${entry.name} is ${entry.gzipKb.toFixed(1)} kB gzipped, budget ${entry.budgetKb} kB`);
  process.exitCode = over.length > 0 ? 1 : 0;
}
