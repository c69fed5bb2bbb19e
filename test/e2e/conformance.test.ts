/**
 * The official MCP conformance suite against the kit, as a client:
 *
 *     conformance client --command "<cmd>" --scenario elicitation-sep1034-client-defaults
 *
 * `@modelcontextprotocol/conformance` 0.1.13 starts an MCP server on an ephemeral port (it prints
 * `http://localhost:<port>/mcp`; loopback only, nothing leaves the machine), runs `<cmd> <serverUrl>`
 * through a shell, and scores what its server saw. In this scenario the server offers one tool,
 * `test_client_elicitation_defaults`; calling it makes the server send one form elicitation whose
 * five optional fields all carry a default (string "John Doe", integer 30, number 95.5, enum
 * "active" of active/inactive/pending, boolean true). The five scored checks require `accept` and
 * each field present with the right JSON type; INFO entries (request/response log) are not scored.
 * The suite only checks types, so this test also reads the suite's own `checks.json` and asserts the
 * received VALUES equal the defaults.
 *
 * The client (`conformance-client.ts`) takes the kit's real path: SDK 1.x `Client` with
 * `attachElicitation`, a `createElicitationQueue()` queue, and an automatic person answering the
 * queue's entries with `initialDraft`/`submitDraft`; no request handler of its own. A second run sends
 * the answers through the bridge: the client attached to `bridge.queueFor(principal)`, the person on a
 * remote queue over loopback HTTP (`MCP_ELICIT_KIT_CONFORMANCE_VIA=bridge`).
 *
 * How the TypeScript client runs on Node 20 (no type stripping before Node 22.6): the client and the
 * core it imports are emitted to JavaScript by the project's declared `typescript` (CLI file list,
 * so no tsconfig is read; `--noCheck`, emit only; the typecheck is `npm run typecheck`'s job) into a
 * fresh folder under `node_modules/.cache/`, inside the repository so that Node resolves
 * `@modelcontextprotocol/sdk` from the repository's `node_modules`. Nothing outside declared
 * devDependencies is used, and it works on a clean clone after `npm ci`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCENARIO = 'elicitation-sep1034-client-defaults';
/** The whole CLI run (server start, client, scoring) is bounded by this; the test by a bit more. */
const RUN_TIMEOUT_MS = 110_000;
const TEST_TIMEOUT_MS = 120_000;

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);

/** `node_modules/@modelcontextprotocol/conformance/<bin>`, from the package's own `bin` entry. */
function conformanceBin(): string {
  const manifestPath = require.resolve('@modelcontextprotocol/conformance/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: { conformance: string } };
  return join(manifestPath, '..', manifest.bin.conformance);
}

/**
 * Emits `test/e2e/conformance-client.ts` and everything it imports from `src/` as ES modules into
 * `outDir` (layout kept: `<outDir>/test/e2e/conformance-client.js`). Returns the emitted entry.
 */
function compileConformanceClient(outDir: string): string {
  const tsc = require.resolve('typescript/lib/tsc.js');
  const compiled = spawnSync(
    process.execPath,
    [
      tsc,
      ...['--outDir', outDir, '--rootDir', repoRoot],
      ...['--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'],
      ...['--skipLibCheck', '--noCheck', '--declaration', 'false', '--sourceMap', 'false'],
      join(repoRoot, 'test/e2e/conformance-client.ts'),
    ],
    { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 },
  );
  if (compiled.status !== 0) {
    throw new Error(`tsc failed (${compiled.status ?? compiled.signal}):\n${compiled.stdout}\n${compiled.stderr}`);
  }
  return join(outDir, 'test/e2e/conformance-client.js');
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion; past `timeoutMs` its whole process group is killed. */
function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut, stdout, stderr });
    });
  });
}

/** The CLI colours its output with raw ANSI escapes even when not on a terminal. */
function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex -- an ANSI colour code starts with ESC (\x1B): matching it is the point.
  return text.replace(/\x1B\[[0-9;]*m/g, '');
}

interface Summary {
  line: string;
  passed: number;
  denominator: number;
  failed: number;
  warnings: number;
}

/** The one `Passed: <passed>/<denominator>, <failed> failed, <warnings> warnings` line. */
function parseSummary(output: string): Summary {
  const lines = output.split('\n').filter((line) => line.startsWith('Passed: '));
  expect(lines).toHaveLength(1);
  const line = lines[0] ?? '';
  const match = /^Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings$/.exec(line);
  if (!match) throw new Error(`unexpected summary line: ${JSON.stringify(line)}`);
  const [passed, denominator, failed, warnings] = match.slice(1).map(Number) as [number, number, number, number];
  return { line, passed, denominator, failed, warnings };
}

/** Scored check lines of the `Checks:` block: `<time> [<id>] <STATUS> <description>`. */
function announcedChecks(output: string): { id: string; status: string }[] {
  const checks: { id: string; status: string }[] = [];
  for (const line of output.split('\n')) {
    const match = /^\S+ \[(.+?)\s*\] (\S+)\s/.exec(line);
    if (match && match[2] !== 'INFO') checks.push({ id: match[1] ?? '', status: match[2] ?? '' });
  }
  return checks;
}

interface Check {
  id: string;
  status: string;
  details?: Record<string, unknown>;
}

/** The suite's `-o` folder holds one `<scenario>-<timestamp>/` per run. */
function readSavedRun(outputDir: string): { checks: Check[]; clientStdout: string } {
  const runs = readdirSync(outputDir).filter((name) => name.startsWith(`${SCENARIO}-`));
  expect(runs).toHaveLength(1);
  const runDir = join(outputDir, runs[0] ?? '');
  return {
    checks: JSON.parse(readFileSync(join(runDir, 'checks.json'), 'utf8')) as Check[],
    clientStdout: readFileSync(join(runDir, 'stdout.txt'), 'utf8'),
  };
}

/** The client's JSON-lines log. */
function clientEvents(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** What the scenario's server asks for, and so what a kit that pre-fills defaults must send. */
const DEFAULTS = { name: 'John Doe', age: 30, score: 95.5, status: 'active', verified: true };

/** The five scored checks of this scenario in 0.1.13, in the order the server records them. */
const SCORED = [
  ['client-elicitation-sep1034-string-default', 'name'],
  ['client-elicitation-sep1034-integer-default', 'age'],
  ['client-elicitation-sep1034-number-default', 'score'],
  ['client-elicitation-sep1034-enum-default', 'status'],
  ['client-elicitation-sep1034-boolean-default', 'verified'],
] as const;

interface SuiteRun {
  run: Run;
  output: string;
  outputDir: string;
}

describe(`conformance client --scenario ${SCENARIO}`, () => {
  let workDir = '';
  let clientCommand = '';
  const outputRoot = mkdtempSync(join(tmpdir(), 'mcp-elicit-kit-conformance-'));

  /** One suite run; `clientEnv` is added to the client's environment (the CLI passes its own on). */
  async function runSuite(label: string, clientEnv: NodeJS.ProcessEnv = {}): Promise<SuiteRun> {
    const outputDir = join(outputRoot, label);
    mkdirSync(outputDir);
    const run_ = await run(
      process.execPath,
      [
        conformanceBin(),
        'client',
        ...['--command', clientCommand],
        ...['--scenario', SCENARIO],
        ...['--timeout', '60000'],
        ...['--output-dir', outputDir],
      ],
      { ...process.env, ...clientEnv },
      RUN_TIMEOUT_MS,
    );
    return { run: run_, output: stripAnsi(`${run_.stdout}\n${run_.stderr}`), outputDir };
  }

  beforeAll(() => {
    const cacheRoot = join(repoRoot, 'node_modules/.cache/mcp-elicit-kit-e2e');
    mkdirSync(cacheRoot, { recursive: true });
    workDir = mkdtempSync(join(cacheRoot, 'conformance-'));
    const entry = compileConformanceClient(workDir);
    // The CLI splits --command on single spaces and runs it through a shell, so neither part may
    // contain whitespace: the entry is given relative to the repository (the CLI's cwd).
    const node = /\s/.test(process.execPath) ? 'node' : process.execPath;
    const entryArg = relative(repoRoot, entry);
    expect(entryArg).not.toMatch(/\s/);
    clientCommand = `${node} ${entryArg}`;
  }, 60_000);

  afterAll(() => {
    if (workDir !== '') rmSync(workDir, { recursive: true, force: true });
    rmSync(outputRoot, { recursive: true, force: true });
  });

  /** Every scored check passed and the server received exactly the defaults; returns the client's log. */
  function expectDefaultsPass({ run: result, output, outputDir }: SuiteRun, label: string): Record<string, unknown>[] {
    const summary = parseSummary(output);
    console.log(`[conformance ${SCENARIO}${label}] ${summary.line}`);
    if (result.code !== 0) console.log(output);

    expect(result.timedOut).toBe(false);
    expect(result.code).toBe(0);
    const announced = announcedChecks(output);
    expect(announced).toEqual(SCORED.map(([id]) => ({ id, status: 'SUCCESS' })));
    expect(summary).toMatchObject({
      passed: announced.length,
      denominator: announced.length,
      failed: 0,
      warnings: 0,
    });
    expect(summary.passed).toBe(5);
    expect(output).toContain('✅ OVERALL: PASSED');
    expect(output).not.toContain('CLIENT EXITED WITH ERROR');

    const { checks, clientStdout } = readSavedRun(outputDir);
    const scored = checks.filter((check) => check.status !== 'INFO');
    expect(scored.map(({ id, status, details }) => ({ id, status, details }))).toEqual(
      SCORED.map(([id, field]) => ({
        id,
        status: 'SUCCESS',
        details: { field, expectedDefault: DEFAULTS[field], receivedValue: DEFAULTS[field] },
      })),
    );

    const events = clientEvents(clientStdout);
    expect(String(events.find((event) => event['event'] === 'connected')?.['url'])).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/mcp$/,
    );
    // One queue entry, a form, answered through the queue; no round, nothing refused.
    const answered = events.filter((event) => String(event['event']).startsWith('elicitation'));
    expect(answered.map(({ event, mode, result, status }) => ({ event, mode, result, status }))).toStrictEqual([
      { event: 'elicitation', mode: 'form', result: { action: 'accept', content: DEFAULTS }, status: 'answered' },
    ]);
    expect(events.filter((event) => event['event'] === 'submit-refused')).toStrictEqual([]);
    expect(events.at(-1)).toStrictEqual({ event: 'done', elicitations: 1, failures: 0 });
    return events;
  }

  it(
    'passes every scored check, and the server received exactly the defaults',
    async () => {
      const events = expectDefaultsPass(await runSuite('kit'), '');
      expect(events.find((event) => event['event'] === 'connected')?.['via']).toBe('queue');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'through the bridge (remote queue over loopback HTTP): every scored check passes, the answer went as one POST',
    async () => {
      const events = expectDefaultsPass(
        await runSuite('bridge', { MCP_ELICIT_KIT_CONFORMANCE_VIA: 'bridge' }),
        ', through the bridge',
      );
      const connected = events.find((event) => event['event'] === 'connected');
      expect([connected?.['via'], String(connected?.['bridge'])]).toEqual([
        'bridge',
        expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/elicit$/),
      ]);
      expect(events.filter((event) => event['event'] === 'bridge-command')).toStrictEqual([
        {
          event: 'bridge-command',
          type: 'respond',
          result: { action: 'accept', content: DEFAULTS },
          status: 200,
          outcome: { status: 'answered' },
        },
      ]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'control: the same client answering with an empty draft instead of initialDraft fails all five checks',
    async () => {
      const {
        run: result,
        output,
        outputDir,
      } = await runSuite('empty-draft', {
        MCP_ELICIT_KIT_CONFORMANCE_EMPTY_DRAFT: '1',
      });
      const summary = parseSummary(output);
      console.log(`[conformance ${SCENARIO}, control without defaults] ${summary.line}`);

      expect(result.timedOut).toBe(false);
      expect(result.code).toBe(1);
      expect(announcedChecks(output)).toEqual(SCORED.map(([id]) => ({ id, status: 'FAILURE' })));
      expect(summary).toMatchObject({ passed: 0, denominator: 5, failed: 5, warnings: 0 });
      expect(output).toContain('❌ OVERALL: FAILED');

      const { clientStdout } = readSavedRun(outputDir);
      const elicitations = clientEvents(clientStdout).filter((event) => event['event'] === 'elicitation');
      expect(elicitations.map((event) => event['result'])).toStrictEqual([{ action: 'accept', content: {} }]);
    },
    TEST_TIMEOUT_MS,
  );
});
