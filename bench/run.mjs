#!/usr/bin/env node
/**
 * `npm run bench`: the kit against plain rjsf and a bare React list, in real Chromium.
 *
 * 1. Builds `bench/app` (production, minified) and `bench/node.ts` with Vite into `.scratch/`.
 * 2. Serves the app on 127.0.0.1 (a port the OS picks) and drives Debian's Chromium through
 *    playwright-core (never a downloaded browser; `CHROMIUM_PATH` overrides the path).
 * 3. For each case and subject: warm-up, then the runs, subjects interleaved run by run so load on
 *    the machine hits all three alike. Cheap cases get more of both (`plan`): a 50-option mount is
 *    under a millisecond, so 9 samples after 2 warm-ups leave its median to chance and to code the
 *    JIT has not optimised yet, while a 5,000-option case costs rjsf half a second per run. Reports median and
 *    min–max of the work (event → committed DOM) and of the frame (event → next frame painted).
 * 4. Node: `validateElicitContent` (cached) and `submitDraft` on 100 fields, µs per call.
 * 5. Polynomial patterns (hostile servers, finding 1; cases in `bench/patterns.ts`): Accept in
 *    Chromium and `validateElicitContent` in Node on each hostile shape, against a baseline pattern
 *    on the same text measured in the same run, interleaved.
 * Prints the tables and writes `bench/results.json`.
 *
 * 5. Huge lists (`huge`): 100,000-option selects and 1,000 selects of 1,000 options, the kit against
 *    its own 500-option case of the same run: mount, longest task (the longest gap of a heartbeat
 *    task, so every task counts), time until the DOM stops changing with nothing busy, steady toggle.
 *    Each case first mounts and toggles its 500-option form (the code compiled, as on a host's page that
 *    has shown a form), then times every 100,000-option mount, the first included; the page idles before
 *    each mount's clock starts, so the collector sweeps the request the page built.
 * 6. The bridge (`bridge`, `bench/bridge.ts`): added latency on loopback, request arrival and answer, p50 and
 *    p99 against the local queue in the same run (at least 1,000 round trips of each after 50 warm-ups, interleaved); with
 *    `redis-server` installed, also two instances on one Redis, the holder (A) in a worker thread of its own as
 *    in a deployment of two processes (`--one-process` keeps A and B in one thread, the method before
 *    2026-12-03), with each holder thread's clock offset. The same subjects run on the bridge of an
 *    older commit (`--before`, default ab503d9: its `src/` taken with `git archive` and built beside this
 *    one's), interleaved in the same run, with the ratios printed; and the bytes one stream receives per
 *    draft save with 30 pending requests of 300 KB, for both. `--before none` skips the comparison.
 * 7. The six-field form (`form`): mount, keystroke, Accept (Submit) → the subject's answer callback.
 * 8. Control thresholds (`thresholds`): single selects at the kit's control boundaries, the kit's chosen
 *    control against its native `<select>` at the same size and bare radios.
 * 9. Cold start (`cold`, `bench/cold`): a production page per subject (kit, rjsf, a bare React form) with React, navigation →
 *    first input painted and interactive, fresh context and no cache, at ×1 and ×4 CPU throttling (CDP
 *    `Emulation.setCPUThrottlingRate`), with each page's gzipped bytes.
 * 10. Memory (`memory`): JS heap per mounted prompt after a full GC (CDP `HeapProfiler.collectGarbage`,
 *    `Runtime.getHeapUsage`), 1 and 20 prompts of 50 and 5,000 options; growth over 200 mount/answer/unmount cycles.
 * 11. File fields (`files`): the file picker's encoder on a 10 MB file, the whole time and the longest task
 *    (heartbeat gaps, as the huge cases).
 * Options: `--runs N`, `--only multi|single|huge|fields|form|thresholds|cold|memory|node|patterns|bridge|files`
 * (repeatable), `--sizes 50,500`, `--threshold-sizes 15,16`,
 * `--before <commit>`, `--one-process`.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

process.env.NODE_ENV = 'production';
const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = join(root, '.scratch');
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
/** `--runs N` raises every case's runs to at least N; never fewer than 9. */
const RUNS = Math.max(9, Number(option('--runs') ?? 9));
const WARMUP = 2;

/** Warm-up and measured runs of a list case of `options` options. */
function plan(options) {
  if (options <= 50) return { warmup: 10, runs: Math.max(RUNS, 25) };
  if (options <= 500) return { warmup: 5, runs: Math.max(RUNS, 15) };
  return { warmup: WARMUP, runs: RUNS };
}
/** Round trips of each bridge subject (`--runs` raises them), after `BRIDGE_WARMUP` of each. */
const BRIDGE_RUNS = 1_000;
const BRIDGE_WARMUP = 50;
const only = new Set(args.flatMap((arg, index) => (args[index - 1] === '--only' ? [arg] : [])));
const wants = (part) => only.size === 0 || only.has(part);
const SIZES = (option('--sizes') ?? '2,5,15,50,500,5000').split(',').map(Number);
/** Single selects at the kit's control boundaries (radios ≤ 7, native select 8–50, combobox past 50; 15 before) and beyond. */
const THRESHOLD_SIZES = (option('--threshold-sizes') ?? '7,8,15,16,50,51,100,200').split(',').map(Number);
/** How many options a case's "some ticked" run starts with: one in a single select, 10 (fewer in a short list) in a multi. */
const tickedOf = (kind, options) => (kind === 'single' ? 1 : Math.max(1, Math.min(10, Math.floor(options / 5))));
const SUBJECTS = ['kit', 'rjsf', 'native'];
/** The threshold cases' subjects: the kit's chosen control, the kit's native `<select>` at that size, bare radios. */
const THRESHOLD_SUBJECTS = ['kit', 'kit-select', 'native'];
/** Memory: runs per case (each a mount after a collection), and the mount/answer/unmount cycles. */
const MEMORY_RUNS = 5;
const CYCLES = 200;
/** Cold start: the subjects, the CPU throttling rates and the runs of each (subjects and rates interleaved). */
const COLD_SUBJECTS = ['kit', 'rjsf', 'native'];
const COLD_RATES = [1, 4];
const COLD_RUNS = Math.max(RUNS, 11);
/** Polynomial-pattern cases: cheap (a few ms), so many runs. */
const PATTERN_PLAN = { warmup: 3, runs: Math.max(RUNS, 15) };
/** Filled by the pattern cases: the engine's load time in the page, Accept and Node timings. */
const patterns = { loadMs: undefined, accept: [], node: [] };

// Never leave a browser or a server behind: a hard stop for the whole run.
const deadline = setTimeout(() => {
  console.error('bench: over 30 minutes, stopping');
  process.exit(2);
}, 30 * 60_000);
deadline.unref();

async function buildApp() {
  const outDir = join(scratch, 'bench-app');
  await build({
    configFile: false,
    root: join(root, 'bench/app'),
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, minify: 'oxc', sourcemap: false },
  });
  const nodeOut = join(scratch, 'bench-node');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    build: {
      outDir: nodeOut,
      emptyOutDir: true,
      ssr: join(root, 'bench/node.ts'),
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'node.mjs' } },
    },
  });
  return { outDir, nodeModule: join(nodeOut, 'node.mjs') };
}

/**
 * The bridge of `commit`, for the comparison: its `src/` from git (no checkout needed), built with this
 * checkout's Vite and dependencies into one Node module. `undefined` when the commit is not in the history.
 */
async function buildBefore(commit) {
  const source = join(scratch, 'bench-before-src');
  rmSync(source, { recursive: true, force: true });
  mkdirSync(source, { recursive: true });
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', commit, 'src'], { cwd: root, maxBuffer: 1 << 28 });
    execFileSync('tar', ['-x', '-C', source], { input: archive });
  } catch (error) {
    process.stderr.write(
      `bench: no comparison, cannot read ${commit}: ${String(error.message ?? error).split('\n')[0]}\n`,
    );
    return undefined;
  }
  writeFileSync(
    join(source, 'kit.ts'),
    "export { createElicitationBridge, createRemoteElicitationQueue, toNodeHandler } from './src/bridge/index.js';\n" +
      "export { createRedisBroker } from './src/bridge/redis/index.js';\n",
  );
  const out = join(scratch, 'bench-before');
  await build({
    configFile: false,
    root: source,
    logLevel: 'warn',
    mode: 'production',
    build: {
      outDir: out,
      emptyOutDir: true,
      ssr: join(source, 'kit.ts'),
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'kit.mjs' } },
    },
  });
  return join(out, 'kit.mjs');
}

/**
 * The cold-start pages (`bench/cold`): one production build per subject, each minified with React and
 * nothing else, so each page loads only its own bundle. Returns each build's directory.
 */
async function buildCold() {
  const out = {};
  for (const subject of COLD_SUBJECTS) {
    const outDir = join(scratch, `bench-cold-${subject}`);
    await build({
      configFile: false,
      root: join(root, 'bench/cold'),
      logLevel: 'warn',
      mode: 'production',
      plugins: [react()],
      build: {
        outDir,
        emptyOutDir: true,
        minify: 'oxc',
        sourcemap: false,
        rolldownOptions: { input: join(root, `bench/cold/${subject}.html`) },
      },
    });
    out[subject] = { outDir };
  }
  return out;
}

/**
 * Cold start of `page` under `rate`× CPU throttling: a fresh browser context (empty cache, no compiled
 * code kept), the cache disabled too, then navigation → first input painted and interactive, as the
 * page's probe reports it (`bench/cold/probe.ts`).
 */
async function coldStartOnce(browser, url, rate) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(url);
    const handle = await page.waitForFunction(() => window.coldStart, undefined, { timeout: 60_000 });
    const at = await handle.jsonValue();
    // What the page fetched by then (its own chunks; the kit's on-demand ones only if it asked for them).
    const paths = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    return { at, paths };
  } finally {
    await context.close();
  }
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** A static server for `dir` on 127.0.0.1 only. */
function serve(dir) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname));
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    // Cross-origin isolated: performance.now() then ticks in 5 µs steps instead of 100 µs, which
    // matters for sub-millisecond figures.
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolveServer) => server.listen(0, '127.0.0.1', () => resolveServer(server)));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const stats = (values) => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
  runs: values.length,
  samples: values,
});

async function browserCases(url) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const results = [];
  const huge = [];
  const files = [];
  const thresholds = [];
  const memory = [];
  const cycles = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    await page.waitForFunction(() => document.title === 'ready');
    if (!(await page.evaluate(() => crossOriginIsolated)))
      throw new Error('bench: the page is not cross-origin isolated: its timer would tick in 100 µs steps');
    // A case that never answers fails the run instead of hanging it.
    const evaluate = page.evaluate.bind(page);
    const trace = args.includes('--trace');
    page.evaluate = (fn, arg) =>
      (trace && process.stderr.write(`  step ${JSON.stringify(arg)}\n`), Promise).race([
        evaluate(fn, arg),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('bench: a page step took over 60 s')), 60_000).unref(),
        ),
      ]);
    const record = (name, subject, metric, timings) => {
      results.push({
        case: name,
        subject,
        metric,
        work: stats(timings.map((timing) => timing.work)),
        frame: stats(timings.map((timing) => timing.frame)),
      });
    };
    /**
     * One list case: mount and first interaction (subjects interleaved run by run), then the steady toggle
     * of each subject, into `into` (`results`, or the threshold cases').
     */
    const listCase = async (name, spec, subjects, into) => {
      process.stderr.write(`${name} …\n`);
      const mounts = Object.fromEntries(subjects.map((subject) => [subject, []]));
      const firsts = Object.fromEntries(subjects.map((subject) => [subject, []]));
      const failed = {};
      const { warmup, runs } = plan(spec.options);
      const put = (subject, metric, timings) =>
        into.push({
          case: name,
          subject,
          metric,
          work: stats(timings.map((timing) => timing.work)),
          frame: stats(timings.map((timing) => timing.frame)),
        });
      for (let run = 0; run < warmup + runs; run++) {
        for (const subject of subjects) {
          if (failed[subject]) continue;
          try {
            const { mount, first } = await page.evaluate(([s, c]) => window.bench.mountList(s, c, 1), [subject, spec]);
            if (run >= warmup) {
              mounts[subject].push(mount);
              firsts[subject].push(first);
            }
          } catch (error) {
            failed[subject] = String(error.message ?? error).split('\n')[0];
            process.stderr.write(`  ${subject} failed: ${failed[subject]}\n`);
            await page.reload();
            await page.waitForFunction(() => document.title === 'ready');
          }
        }
      }
      for (const subject of subjects) {
        if (failed[subject]) {
          for (const metric of ['mount', 'first interaction', 'steady toggle'])
            into.push({ case: name, subject, metric, error: failed[subject] });
          continue;
        }
        put(subject, 'mount', mounts[subject]);
        put(subject, 'first interaction', firsts[subject]);
        // Steady: the same option toggled on and off (selects: two options in turn).
        await page.evaluate(([s, c]) => window.bench.mountList(s, c, 1), [subject, spec]);
        // Steady means a list fully drawn: wait out the kit's progressive drawing.
        await page.evaluate(() => window.bench.untilDrawn());
        const steady = [];
        for (let run = 0; run < warmup + runs; run++) {
          // Options 2 and 3 in turn (0 and 1 in a list of two or three).
          const index = (spec.options >= 4 ? 2 : 0) + (run % 2);
          const timing = await page.evaluate((at) => window.bench.toggle(at), index);
          if (run >= warmup) steady.push(timing);
        }
        put(subject, 'steady toggle', steady);
      }
    };
    for (const kind of ['multi', 'single']) {
      if (!wants(kind)) continue;
      for (const options of SIZES) {
        for (const ticked of [0, tickedOf(kind, options)]) {
          const name = `${kind === 'multi' ? 'multi-select' : 'single-select'} ${options} opts, ${ticked === 0 ? 'none' : ticked} ticked`;
          await listCase(name, { kind, options, ticked }, SUBJECTS, results);
        }
      }
    }
    if (wants('thresholds')) {
      // Each control the kit chooses (radios, native select, combobox) against its native <select> drawn at
      // the same size, and the bare radio list: where the person's cost says the boundary belongs.
      for (const options of THRESHOLD_SIZES) {
        for (const ticked of [0, 1]) {
          const name = `single-select ${options} opts, ${ticked === 0 ? 'none' : ticked} ticked`;
          await listCase(name, { kind: 'single', options, ticked }, THRESHOLD_SUBJECTS, thresholds);
        }
      }
    }
    if (wants('form')) {
      // The six-field form: mount, a keystroke in its first text field, then Accept (Submit) until the
      // subject has its answer; a fresh mount per run (an answered prompt answers no more).
      process.stderr.write('six-field form …\n');
      const timings = Object.fromEntries(
        SUBJECTS.map((subject) => [subject, { mount: [], keystroke: [], accept: [] }]),
      );
      const { warmup, runs } = plan(50);
      for (let run = 0; run < warmup + runs; run++) {
        for (const subject of SUBJECTS) {
          const mount = await page.evaluate((s) => window.bench.mountSmallForm(s), subject);
          const keystroke = await page.evaluate(() => window.bench.keystroke(0));
          const accept = await page.evaluate(() => window.bench.acceptSmallForm());
          if (run < warmup) continue;
          timings[subject].mount.push(mount);
          timings[subject].keystroke.push(keystroke);
          timings[subject].accept.push(accept);
        }
      }
      for (const subject of SUBJECTS) {
        record('six-field form', subject, 'mount', timings[subject].mount);
        record('six-field form', subject, 'keystroke', timings[subject].keystroke);
        record('six-field form', subject, 'Accept → answer', timings[subject].accept);
      }
    }
    if (wants('memory')) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('HeapProfiler.enable');
      /** Bytes of JS heap in use after a full collection (twice: a first pass may leave finalised objects). */
      const heapAfterGc = async () => {
        for (let pass = 0; pass < 2; pass++) await cdp.send('HeapProfiler.collectGarbage');
        const usage = await cdp.send('Runtime.getHeapUsage');
        return { js: usage.usedSize, embedder: usage.embedderHeapUsedSize };
      };
      for (const options of [50, 5000]) {
        for (const count of [1, 20]) {
          const name = `multi-select ${options} opts × ${count} prompts`;
          process.stderr.write(`memory: ${name} …\n`);
          const spec = { kind: 'multi', options, ticked: 0 };
          for (const subject of SUBJECTS) {
            const samples = [];
            for (let run = 0; run < MEMORY_RUNS; run++) {
              await page.evaluate(() => window.bench.unmount());
              const before = await heapAfterGc();
              await page.evaluate(([s, c, n]) => window.bench.mountMany(s, c, n), [subject, spec, count]);
              const after = await heapAfterGc();
              samples.push({
                js: (after.js - before.js) / count,
                embedder: after.embedder === undefined ? undefined : (after.embedder - before.embedder) / count,
              });
            }
            memory.push({
              case: name,
              subject,
              js: stats(samples.map((sample) => sample.js / 1024)),
              embedder: samples[0].embedder === undefined ? undefined : stats(samples.map((s) => s.embedder / 1024)),
            });
          }
        }
      }
      // Growth: the heap after 100 and after 200 prompts mounted, answered (the bare list has no answer) and
      // unmounted, against the heap before them (after 20 cycles to warm up): a leak grows in both halves.
      const spec = { kind: 'multi', options: 50, ticked: 0 };
      for (const subject of SUBJECTS) {
        process.stderr.write(`memory: ${CYCLES} cycles, ${subject} …\n`);
        await page.evaluate(([s, c]) => window.bench.answerCycles(s, c, 20), [subject, spec]);
        const before = await heapAfterGc();
        const cycle = ([s, c, n]) => window.bench.answerCycles(s, c, n);
        let answered = await page.evaluate(cycle, [subject, spec, CYCLES / 2]);
        const half = await heapAfterGc();
        answered += await page.evaluate(cycle, [subject, spec, CYCLES / 2]);
        const after = await heapAfterGc();
        cycles.push({
          subject,
          answered,
          firstHalfKb: (half.js - before.js) / 1024,
          secondHalfKb: (after.js - half.js) / 1024,
        });
      }
      await cdp.detach();
    }
    if (wants('huge')) {
      // 100,000 options (the most a select may have) and 1,000 selects of 1,000 options (refused by
      // core): the kit only. rjsf cannot draw them (Ajv overflows its stack) and a bare list of
      // 100,000 inputs is not a floor worth minutes; the baseline is the kit's own 500-option case
      // of this run, so the ratios say how far the cost is from flat.
      const hugeRuns = Math.max(5, Math.ceil(RUNS / 2));
      const cases = [
        ...['multi', 'single'].flatMap((kind) =>
          [0, 10].map((ticked) => ({
            name: `${kind === 'multi' ? 'multi-select' : 'single-select'} 100000 opts, ${ticked === 0 ? 'none' : kind === 'multi' ? '10' : '1'} ticked`,
            base: `${kind === 'multi' ? 'multi-select' : 'single-select'} 500 opts, ${ticked === 0 ? 'none' : kind === 'multi' ? '10' : '1'} ticked`,
            which: { list: { kind, options: 100_000, ticked } },
          })),
        ),
        {
          name: '1000 multi-selects × 1000 opts (refused)',
          base: undefined,
          which: { grid: { fields: 1000, options: 1000 } },
        },
      ];
      for (const { name, base, which } of cases) {
        process.stderr.write(`${name} …\n`);
        // The warm-up is a 500-option form of the same kind, mounted and toggled, as on a host's page that has
        // shown a form before: the kit's code is compiled, and the first 100,000-option mount is timed.
        if (which.list) {
          await page.evaluate((w) => window.bench.mountHuge(w), { list: { ...which.list, options: 500 } });
          for (let run = 0; run < WARMUP + RUNS; run++) {
            await page.evaluate((index) => window.bench.toggle(index), 2 + (run % 2));
          }
        }
        const timings = [];
        for (let run = 0; run < hugeRuns; run++) {
          timings.push(await page.evaluate((w) => window.bench.mountHuge(w), which));
        }
        const steady = [];
        if (which.list) {
          for (let run = 0; run < WARMUP + RUNS; run++) {
            const timing = await page.evaluate((index) => window.bench.toggle(index), 2 + (run % 2));
            if (run >= WARMUP) steady.push(timing.work);
          }
        }
        huge.push({
          case: name,
          base,
          mount: stats(timings.map((timing) => timing.mount)),
          longest: stats(timings.map((timing) => timing.longest)),
          idle: stats(timings.map((timing) => timing.idle)),
          toggle: steady.length > 0 ? stats(steady) : undefined,
        });
      }
    }
    if (wants('fields')) {
      process.stderr.write('100-field form …\n');
      for (const subject of SUBJECTS) {
        await page.evaluate((s) => window.bench.mountFields(s), subject);
        const strokes = [];
        for (let run = 0; run < WARMUP * 2 + RUNS; run++) {
          const timing = await page.evaluate(() => window.bench.keystroke(50));
          if (run >= WARMUP * 2) strokes.push(timing);
        }
        record('100-field form', subject, 'keystroke', strokes);
      }
    }
    if (wants('patterns')) {
      patterns.loadMs = await page.evaluate(() => window.bench.loadEngine());
      const names = await page.evaluate(() => window.bench.patternCases());
      for (const [index, name] of names.entries()) {
        process.stderr.write(`pattern ${name} …\n`);
        const timings = { hostile: [], baseline: [] };
        for (let run = 0; run < PATTERN_PLAN.warmup + PATTERN_PLAN.runs; run++) {
          for (const which of ['hostile', 'baseline']) {
            const timing = await page.evaluate(([i, w, r]) => window.bench.acceptPattern(i, w, r), [index, which, run]);
            if (run >= PATTERN_PLAN.warmup) timings[which].push(timing);
          }
        }
        patterns.accept.push({
          case: name,
          hostile: stats(timings.hostile.map((timing) => timing.work)),
          baseline: stats(timings.baseline.map((timing) => timing.work)),
        });
      }
    }
    if (wants('files')) {
      // The file picker's encoder (SEP-2356 file fields) on a 10 MB file: the whole time, and the longest task.
      process.stderr.write('encode 10 MB file …\n');
      const timings = [];
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const timing = await page.evaluate((megabytes) => window.bench.encodeFile(megabytes), 10);
        if (run >= WARMUP) timings.push(timing);
      }
      files.push({
        case: 'encode 10 MB file',
        total: stats(timings.map((timing) => timing.total)),
        longest: stats(timings.map((timing) => timing.longest)),
      });
    }
    await page.evaluate(() => window.bench.unmount());
  } finally {
    await browser.close();
  }
  return { results, huge, files, thresholds, memory, cycles };
}

const fmt = (value) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const cell = (s) => (s ? `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})` : 'failed');
const ratio = (a, b) => (a && b && b.median > 0 ? `${(a.median / b.median).toFixed(2)}×` : '—');

/** A Markdown table of one time (`work` or `frame`) for every case. */
function table(results, time, subjects = SUBJECTS) {
  const lines = [
    `| case | measure | ${subjects.join(' | ')} | ${subjects[0]}/${subjects[1]} | ${subjects[0]}/${subjects[2]} |`,
    `|---|---|---|---|---|---|---|`,
  ];
  const keys = [...new Set(results.map((result) => `${result.case}\u0000${result.metric}`))];
  for (const key of keys) {
    const [name, metric] = key.split('\u0000');
    const of = (subject) =>
      results.find((result) => result.case === name && result.metric === metric && result.subject === subject)?.[time];
    const [kit, rjsf, native] = subjects.map(of);
    lines.push(
      `| ${name} | ${metric} | ${cell(kit)} | ${cell(rjsf)} | ${cell(native)} | ${ratio(kit, rjsf)} | ${ratio(kit, native)} |`,
    );
  }
  return lines.join('\n');
}

/**
 * The huge cases' table: mount, longest task, time to idle and steady toggle (work), each beside the
 * kit's 500-option case of the same kind from this run (mount work; mount work, one task; mount to
 * painted frame; steady toggle work) and their ratio.
 */
function hugeTable(huge, browser) {
  const lines = ['| case | measure | kit | kit, 500 options (same run) | ratio |', '|---|---|---|---|---|'];
  for (const entry of huge) {
    const of = (metric) =>
      browser.find((result) => result.case === entry.base && result.subject === 'kit' && result.metric === metric);
    const rows = [
      ['mount', entry.mount, of('mount')?.work],
      ['longest task', entry.longest, of('mount')?.work],
      ['time to idle', entry.idle, of('mount')?.frame],
      ['steady toggle', entry.toggle, of('steady toggle')?.work],
    ];
    for (const [measure, value, baseline] of rows) {
      if (!value) continue;
      lines.push(
        `| ${entry.case} | ${measure} | ${cell(value)} | ${baseline ? cell(baseline) : '—'} | ${ratio(value, baseline)} |`,
      );
    }
  }
  return lines.join('\n');
}

const started = new Date();
const load = loadavg();
const { outDir, nodeModule } = await buildApp();
const server = await serve(resolve(outDir));
let browser;
let huge;
let files;
let thresholds;
let memory;
let cycles;
try {
  const { port } = server.address();
  ({ results: browser, huge, files, thresholds, memory, cycles } = await browserCases(`http://127.0.0.1:${port}/`));
} finally {
  server.close();
}
let cold;
if (wants('cold')) {
  const builds = await buildCold();
  const servers = {};
  for (const subject of COLD_SUBJECTS) servers[subject] = await serve(resolve(builds[subject].outDir));
  const chromium_ = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const samples = Object.fromEntries(
      COLD_SUBJECTS.flatMap((subject) => COLD_RATES.map((rate) => [`${subject} ${rate}`, []])),
    );
    /** The files each page had fetched when its first input was ready. */
    const loaded = {};
    // One warm-up of each (the OS's file cache, Chromium's own start), then subjects and rates interleaved.
    for (let run = 0; run < 1 + COLD_RUNS; run++) {
      for (const rate of COLD_RATES) {
        for (const subject of COLD_SUBJECTS) {
          process.stderr.write(`cold start ${subject} ×${rate}, run ${run + 1} …\n`);
          const { port } = servers[subject].address();
          const { at, paths } = await coldStartOnce(chromium_, `http://127.0.0.1:${port}/${subject}.html`, rate);
          if (run > 0) samples[`${subject} ${rate}`].push(at);
          loaded[subject] = paths;
        }
      }
    }
    cold = COLD_RATES.map((rate) => ({
      rate,
      ...Object.fromEntries(COLD_SUBJECTS.map((subject) => [subject, stats(samples[`${subject} ${rate}`])])),
    }));
    // Gzipped (level 9) bytes of the JavaScript and CSS each page had fetched, the HTML aside.
    cold.bytes = Object.fromEntries(
      COLD_SUBJECTS.map((subject) => [
        subject,
        loaded[subject]
          .filter((path) => /\.(js|css)$/.test(path))
          .reduce(
            (sum, path) => sum + gzipSync(readFileSync(join(builds[subject].outDir, path)), { level: 9 }).length,
            0,
          ),
      ]),
    );
  } finally {
    await chromium_.close();
    for (const each of Object.values(servers)) each.close();
  }
}
let node;
if (wants('node') || wants('patterns')) {
  const { nodeBench, patternBench } = await import(pathToFileURL(nodeModule).href);
  if (wants('node')) {
    const samples = nodeBench(RUNS);
    node = { validateElicitContent: stats(samples.validate), submitDraft: stats(samples.submit) };
  }
  if (wants('patterns')) {
    for (const samples of await patternBench(PATTERN_PLAN.runs)) {
      patterns.node.push({
        case: samples.name,
        first: { hostile: stats(samples.first.hostile), baseline: stats(samples.first.baseline) },
        repeat: { hostile: stats(samples.repeat.hostile), baseline: stats(samples.repeat.baseline) },
      });
    }
  }
}
/** The `q` quantile (nearest rank) of `values`, in ms. */
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
};
/**
 * The 95% interval of `quantile(now, q) / quantile(before, q)` by resampling each list's round trips with
 * replacement (`draws` times; a fixed seed, so the same samples give the same interval): how far one run's
 * ratio may stray from sampling alone. A machine's state changing between runs strays further.
 */
const ratioInterval = (now, before, q, draws = 400) => {
  let seed = 0x9e3779b9;
  // mulberry32: a small, well-mixed 32-bit generator.
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const resampled = (values) => values.map(() => values[Math.floor(random() * values.length)]);
  const ratios = [];
  for (let draw = 0; draw < draws; draw += 1) {
    ratios.push(quantile(resampled(now), q) / quantile(resampled(before), q));
  }
  return [quantile(ratios, 0.025), quantile(ratios, 0.975)];
};
let bridgeLatency;
if (wants('bridge')) {
  const { bridgeBench, CURRENT_KIT, draftBytes } = await import(pathToFileURL(nodeModule).href);
  const beforeCommit = option('--before') ?? 'ab503d9';
  const beforeModule = beforeCommit === 'none' ? undefined : await buildBefore(beforeCommit);
  const kits = [CURRENT_KIT];
  if (beforeModule) {
    const before = await import(pathToFileURL(beforeModule).href);
    // A bridge from before the hostile-network work (ab503d9) takes no `allowedOrigins` (it trusted the request's
    // own origin); a later one refuses to be created without them, and gets this checkout's.
    let needsOrigins = false;
    try {
      before.createElicitationBridge({ authorize: () => null }).close();
    } catch {
      needsOrigins = true;
    }
    kits.push({
      ...before,
      name: 'before',
      bridgeOptions: needsOrigins ? CURRENT_KIT.bridgeOptions : {},
      // The holder's worker thread imports it too.
      module: pathToFileURL(beforeModule).href,
    });
  }
  // A p99 of 200 round trips is their second slowest: one scheduling hiccup of a shared machine moved it by
  // 2x between runs. Of 1,000 it is the tenth slowest.
  const runs = Math.max(RUNS, BRIDGE_RUNS);
  const onePlace = args.includes('--one-process');
  const samples = await bridgeBench(runs, BRIDGE_WARMUP, kits, { onePlace });
  const figures = (list, stage) => ({
    p50: quantile(
      list.map((sample) => sample[stage]),
      0.5,
    ),
    p99: quantile(
      list.map((sample) => sample[stage]),
      0.99,
    ),
  });
  bridgeLatency = {
    runs,
    warmup: BRIDGE_WARMUP,
    before: beforeModule ? beforeCommit : undefined,
    // Where the Redis pair's holder ran, and its thread's clock against the main thread's (ms).
    holder: onePlace ? 'one thread with B' : 'a worker thread of its own',
    clocks: samples.clocks,
    // A bare round trip to Redis (PING) from the holder's thread, after each of the pair's round trips.
    hop: {},
    draftBytes: {},
  };
  for (const kit of kits) {
    const hops = samples.kits[kit.name].hops;
    if (hops) bridgeLatency.hop[kit.name] = { p50: quantile(hops, 0.5), p99: quantile(hops, 0.99) };
  }
  for (const stage of ['arrival', 'answer']) {
    bridgeLatency[stage] = { local: figures(samples.local, stage) };
    for (const kit of kits) {
      const mine = samples.kits[kit.name];
      bridgeLatency[stage][kit.name] = {
        bridge: figures(mine.bridge, stage),
        // Two instances on one Redis; absent when redis-server is not installed.
        ...(mine.redis && { redis: figures(mine.redis, stage) }),
      };
    }
    // Each ratio against the older kit with its 95% interval from resampling this run's round trips.
    const before = samples.kits.before;
    if (before) {
      bridgeLatency[stage].interval = {};
      for (const subject of ['bridge', 'redis']) {
        const now = samples.kits.now[subject]?.map((sample) => sample[stage]);
        const old = before[subject]?.map((sample) => sample[stage]);
        if (!now || !old) continue;
        bridgeLatency[stage].interval[subject] = {
          p50: ratioInterval(now, old, 0.5),
          p99: ratioInterval(now, old, 0.99),
        };
      }
    }
  }
  for (const kit of kits) bridgeLatency.draftBytes[kit.name] = await draftBytes(kit);
}
const machine = {
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  loadBefore: load,
  loadAfter: loadavg(),
  node: process.version,
};
console.log(
  `\nmcp-elicit-kit bench, ${started.toISOString()} — ${machine.cores} cores (${machine.cpu}), load ${load.map((n) => n.toFixed(2)).join(' ')} → ${machine.loadAfter.map((n) => n.toFixed(2)).join(' ')}; runs after warm-ups: 50 options ${plan(50).runs} after ${plan(50).warmup}, 500 options ${plan(500).runs} after ${plan(500).warmup}, 5,000 options ${RUNS} after ${WARMUP}, the form ${RUNS} after ${WARMUP * 2}; ms, median (min–max)\n`,
);
if (browser.length > 0) {
  console.log('### Work: event → committed DOM\n');
  console.log(table(browser, 'work'));
  console.log('\n### Frame: event → next frame painted\n');
  console.log(table(browser, 'frame'));
}
if (thresholds.length > 0) {
  console.log(
    "\n### Single-select controls at their boundaries: the kit's choice, the kit's native <select> at that size, bare radios (work)\n",
  );
  console.log(table(thresholds, 'work', THRESHOLD_SUBJECTS));
  console.log('\nFrame:\n');
  console.log(table(thresholds, 'frame', THRESHOLD_SUBJECTS));
}
if (cold) {
  console.log(
    `\n### Cold start: navigation → first input painted and interactive (six-field form, no cache, ${COLD_RUNS} runs after 1), ms\n`,
  );
  console.log('| CPU | kit | rjsf | bare React form | kit/rjsf | bare React/rjsf |\n|---|---|---|---|---|---|');
  for (const row of cold)
    console.log(
      `| ×${row.rate} | ${cell(row.kit)} | ${cell(row.rjsf)} | ${cell(row.native)} | ${ratio(row.kit, row.rjsf)} | ${ratio(row.native, row.rjsf)} |`,
    );
  console.log(
    `\nGzipped bytes each page loads (JS and CSS, with React): kit ${cold.bytes.kit.toLocaleString('en')}, rjsf ${cold.bytes.rjsf.toLocaleString('en')} (${(cold.bytes.kit / cold.bytes.rjsf).toFixed(2)}×), bare React form ${cold.bytes.native.toLocaleString('en')}`,
  );
}
if (memory.length > 0) {
  console.log(
    `\n### Memory: retained JS heap per mounted prompt after a full GC, kB, median (min–max) of ${MEMORY_RUNS}\n`,
  );
  console.log('| case | kit | rjsf | native | kit/rjsf |\n|---|---|---|---|---|');
  for (const name of [...new Set(memory.map((row) => row.case))]) {
    const of = (subject) => memory.find((row) => row.case === name && row.subject === subject)?.js;
    console.log(
      `| ${name} | ${cell(of('kit'))} | ${cell(of('rjsf'))} | ${cell(of('native'))} | ${ratio(of('kit'), of('rjsf'))} |`,
    );
  }
  console.log(
    `\nAfter ${CYCLES} prompts mounted, answered and unmounted (50 options), JS heap growth after a full GC, kB:\n`,
  );
  console.log('| subject | answered | cycles 1-100 | cycles 101-200 |\n|---|---|---|---|');
  for (const row of cycles)
    console.log(`| ${row.subject} | ${row.answered} | ${fmt(row.firstHalfKb)} | ${fmt(row.secondHalfKb)} |`);
}
if (huge.length > 0) {
  console.log('\n### Huge lists: the kit, against its own 500-option case of this run\n');
  console.log(hugeTable(huge, browser));
}
if (files.length > 0) {
  console.log('\n### File fields: the picker encoding a file to a data: URI\n');
  console.log(
    ['| case | whole encoding | longest main-thread task |', '|---|---|---|']
      .concat(files.map((row) => `| ${row.case} | ${cell(row.total)} | ${cell(row.longest)} |`))
      .join('\n'),
  );
}
if (node) {
  console.log('\n### Node, 100 fields, µs per call\n');
  console.log(
    `| function | median (min–max) |\n|---|---|\n| validateElicitContent (cached) | ${cell(node.validateElicitContent)} |\n| submitDraft | ${cell(node.submitDraft)} |`,
  );
}
if (bridgeLatency) {
  console.log(
    `\n### The bridge on loopback, ms (${bridgeLatency.runs} round trips after ${bridgeLatency.warmup}, interleaved with the local queue)\n`,
  );
  console.log(
    '| stage | local p50 | local p99 | bridge p50 | bridge p99 | added p50 | added p99 |\n|---|---|---|---|---|---|---|',
  );
  const names = { arrival: 'request arrival → shown', answer: 'respond → server promise settled' };
  for (const stage of ['arrival', 'answer']) {
    const { local, now } = bridgeLatency[stage];
    console.log(
      `| ${names[stage]} | ${fmt(local.p50)} | ${fmt(local.p99)} | ${fmt(now.bridge.p50)} | ${fmt(now.bridge.p99)} | ${fmt(now.bridge.p50 - local.p50)} | ${fmt(now.bridge.p99 - local.p99)} |`,
    );
  }
  if (bridgeLatency.arrival.now.redis) {
    const clocks = Object.entries(bridgeLatency.clocks).map(
      ([name, clock]) =>
        `${name} ${(clock.offset * 1000).toFixed(1)} µs (± ${((clock.roundTrip * 1000) / 2).toFixed(1)}; median over the exchanges ${(clock.medianOffset * 1000).toFixed(1)} µs)`,
    );
    console.log(
      `\nTwo instances on one Redis (request held by A, remote queue on B), A in ${bridgeLatency.holder}` +
        (clocks.length > 0 ? `; its clock minus this thread's, by ping-pong: ${clocks.join(', ')}` : '') +
        ', same runs, ms:',
    );
    console.log('\n| stage | redis p50 | redis p99 | added to one instance p50 | added p99 |\n|---|---|---|---|---|');
    for (const stage of ['arrival', 'answer']) {
      const { bridge, redis } = bridgeLatency[stage].now;
      console.log(
        `| ${names[stage]} | ${fmt(redis.p50)} | ${fmt(redis.p99)} | ${fmt(redis.p50 - bridge.p50)} | ${fmt(redis.p99 - bridge.p99)} |`,
      );
    }
    const hops = Object.entries(bridgeLatency.hop).map(
      ([name, hop]) => `${name}'s thread p50 ${fmt(hop.p50)}, p99 ${fmt(hop.p99)}`,
    );
    console.log(
      `\nOne bare round trip to Redis (\`PING\`) from the holder's thread, after each of the pair's round trips, ms: ${hops.join('; ')}. ` +
        (bridgeLatency.before
          ? `A routed answer makes one such round trip more than ${bridgeLatency.before}'s: the holder's commit, before it applies the answer.`
          : "A routed answer's path holds one such round trip: the holder's commit, before it applies the answer."),
    );
  }
  if (bridgeLatency.before) {
    const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
    console.log(
      `\nThis checkout against ${bridgeLatency.before}, same run, interleaved, ms (ratio = now / before; in brackets, its 95% interval from resampling this run's round trips):\n\n| subject | stage | now p50 | before p50 | ratio p50 | now p99 | before p99 | ratio p99 |\n|---|---|---|---|---|---|---|---|`,
    );
    for (const subject of ['bridge', 'redis']) {
      for (const stage of ['arrival', 'answer']) {
        const now = bridgeLatency[stage].now[subject];
        const before = bridgeLatency[stage].before[subject];
        if (!now || !before) continue;
        const interval = bridgeLatency[stage].interval?.[subject];
        const within = (q) => (interval ? ` (${interval[q].map((value) => value.toFixed(2)).join('–')})` : '');
        console.log(
          `| ${subject === 'bridge' ? 'one instance' : 'two on Redis'} | ${names[stage]} | ${fmt(now.p50)} | ${fmt(before.p50)} | ${ratio(now.p50, before.p50)}${within('p50')} | ${fmt(now.p99)} | ${fmt(before.p99)} | ${ratio(now.p99, before.p99)}${within('p99')} |`,
        );
      }
    }
  }
  const bytes = bridgeLatency.draftBytes;
  console.log(
    `\nBytes streamed per draft save (one stream, 30 pending requests of 300 KB): now ${Math.round(bytes.now).toLocaleString('en')}` +
      (bytes.before === undefined
        ? ''
        : `, ${bridgeLatency.before} ${Math.round(bytes.before).toLocaleString('en')} (${(bytes.before / bytes.now).toFixed(0)}× more)`),
  );
}
if (patterns.accept.length > 0 || patterns.node.length > 0) {
  console.log(
    `\n### Polynomial patterns (hostile servers, finding 1), against the baseline ${'`^\\d+$`'} on the same text\n`,
  );
  if (patterns.loadMs !== undefined)
    console.log(`Pattern engine loaded in the page in ${fmt(patterns.loadMs)} ms (once, on the first pattern).\n`);
  if (patterns.accept.length > 0) {
    console.log(
      `Accept in Chromium, ms (work: click → error summary drawn; a new pattern each run, ${PATTERN_PLAN.runs} runs after ${PATTERN_PLAN.warmup}):\n`,
    );
    console.log('| pattern, text | hostile | baseline | hostile/baseline |\n|---|---|---|---|');
    for (const row of patterns.accept) {
      console.log(
        `| ${row.case} | ${cell(row.hostile)} | ${cell(row.baseline)} | ${ratio(row.hostile, row.baseline)} |`,
      );
    }
  }
  if (patterns.node.length > 0) {
    console.log(
      '\n`validateElicitContent` in Node, µs per call (first: a schema and pattern never seen, so parse, pattern compile and match; repeat: the same again):\n',
    );
    console.log(
      '| pattern, text | first, hostile | first, baseline | ratio | repeat, hostile | repeat, baseline | ratio |\n|---|---|---|---|---|---|---|',
    );
    for (const row of patterns.node) {
      console.log(
        `| ${row.case} | ${cell(row.first.hostile)} | ${cell(row.first.baseline)} | ${ratio(row.first.hostile, row.first.baseline)} | ${cell(row.repeat.hostile)} | ${cell(row.repeat.baseline)} | ${ratio(row.repeat.hostile, row.repeat.baseline)} |`,
      );
    }
  }
}
mkdirSync(join(root, 'bench'), { recursive: true });
writeFileSync(
  join(root, 'bench/results.json'),
  `${JSON.stringify({ date: started.toISOString(), machine, runs: { 50: plan(50), 500: plan(500), 5000: plan(5000), fields: { warmup: WARMUP * 2, runs: RUNS }, patterns: PATTERN_PLAN }, browser, huge, files, thresholds, cold: cold && { rows: [...cold], bytes: cold.bytes }, memory, cycles, node, patterns, bridge: bridgeLatency }, null, 2)}\n`,
);
console.log('\nwritten: bench/results.json');
