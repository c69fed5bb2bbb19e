#!/usr/bin/env node
/**
 * `npm test`: the type check, the lint and every vitest project, started together. tsc and ESLint are one
 * process each and use one core for about 20 and 35 s; vitest's projects spend long stretches waiting on real
 * servers and browsers, so running the checks beside them rather than before them takes their time off the wall
 * clock. Each check's output is printed whole when it ends (never interleaved line by line), vitest's as it runs,
 * and vitest's closing line stays last. The exit code is non-zero when any of the three failed.
 */
import { spawn } from 'node:child_process';
import process from 'node:process';

/** Runs `npm run <script>` with its output kept, resolving with its exit code and output. */
function check(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const verdict = code === 0 ? 'passed' : `FAILED (exit ${String(code)})`;
      process.stdout.write(`\n── npm run ${script}: ${verdict} in ${String(seconds)} s\n${output}`);
      resolve(code ?? 1);
    });
  });
}

/** vitest's own closing line (test/summary-reporter.ts): `N passed, N failed, N skipped`. */
const CLOSING = /^\d+ passed, \d+ failed, \d+ skipped$/m;

/** Runs vitest with its output streamed as it comes; resolves with its exit code and its closing line. */
function vitest() {
  return new Promise((resolve) => {
    const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    const child = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env,
    });
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk).slice(-4096);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, closing: CLOSING.exec(tail)?.[0] }));
  });
}

let vitestDone = false;
const tests = vitest().then((result) => {
  vitestDone = true;
  return result;
});
const checks = Promise.all([check('typecheck'), check('lint')]).then((codes) => ({ codes, afterVitest: vitestDone }));
const [{ codes, afterVitest }, { code, closing }] = await Promise.all([checks, tests]);
const failed = ['typecheck', 'lint'].filter((_, index) => codes[index] !== 0);
if (failed.length > 0) process.stdout.write(`\nnpm test failed: ${failed.join(' and ')}\n`);
// A check that ended after vitest printed below its closing line: say it again, last, for whoever reads the end.
if (afterVitest && closing !== undefined) process.stdout.write(`\n${closing}\n`);
process.exit(failed.length > 0 ? 1 : code);
