/**
 * `npm test`'s pretest step (scripts/ensure-test-deps.mjs) when a program the tests need is missing and it may
 * not install it: nothing runs, and one line says exactly what to run. (As root with apt-get it installs what is
 * missing: that path is the one every fresh CI machine takes.)
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

/** A PATH holding only `node` and, when asked, `apt-get`: no `redis-server`. */
const bin = mkdtempSync(join(tmpdir(), 'mek-path-'));
const binWithApt = mkdtempSync(join(tmpdir(), 'mek-path-apt-'));
// Readable by `nobody`, whom the tests run the script as; so is the copy of the script (self-contained, Node
// built-ins only), since the checkout itself may sit in a folder only its owner can enter.
for (const dir of [bin, binWithApt]) chmodSync(dir, 0o755);
const script = join(bin, 'ensure-test-deps.mjs');
copyFileSync(join(import.meta.dirname, '../../scripts/ensure-test-deps.mjs'), script);
chmodSync(script, 0o644);
symlinkSync(process.execPath, join(bin, 'node'));
symlinkSync(process.execPath, join(binWithApt, 'node'));
symlinkSync('/usr/bin/apt-get', join(binWithApt, 'apt-get'));
afterAll(() => {
  rmSync(bin, { recursive: true });
  rmSync(binWithApt, { recursive: true });
});

/** Runs the script as user `nobody` (65534) when this process may switch users, else as itself. */
function run(path: string, env: Record<string, string> = {}) {
  const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  return spawnSync(process.execPath, [script], {
    encoding: 'utf8',
    env: { PATH: path, CHROMIUM_PATH: '/usr/bin/chromium', ...env },
    ...asNobody,
  });
}

describe('given redis-server is not on PATH and the user is not root', () => {
  test('with apt-get, it stops and prints the one command to run', () => {
    const { status, stdout, stderr } = run(binWithApt);
    expect([status, stdout, stderr]).toEqual([
      1,
      '',
      "mcp-elicit-kit: the tests need redis-server; run: sudo sh -c 'apt-get update && apt-get install -y redis-server'\n",
    ]);
  });

  test('without apt-get, it names what to install', () => {
    const { status, stdout, stderr } = run(bin);
    expect([status, stdout, stderr]).toEqual([
      1,
      '',
      'mcp-elicit-kit: the tests need redis-server; run: install redis-server with your package manager\n',
    ]);
  });
});

test('given a CHROMIUM_PATH that is not a program, it stops and says so', () => {
  const { status, stderr } = run(binWithApt, { CHROMIUM_PATH: '/nonexistent/chromium' });
  expect([status, stderr]).toEqual([
    1,
    'mcp-elicit-kit: CHROMIUM_PATH=/nonexistent/chromium is not an executable file. Unset it or point it at a Chromium binary.\n',
  ]);
});
