#!/usr/bin/env node
/**
 * Runs before `npm test`: finds the system Chromium the browser tests drive (CHROMIUM_PATH, else
 * /usr/bin/chromium), installs Debian's package when it may, or says in one line what to do. Node
 * built-ins only: this runs before anything else is known to work.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import process from 'node:process';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const NOT_FOUND =
  'mcp-elicit-kit: Chromium not found. Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.';

/** True when `file` is a regular file this user may execute. */
function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first executable `name` on PATH, or undefined. */
function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir !== '' && isExecutable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** Prints `<binary>: <version>` and exits 0, or exits 1 when the binary does not run. */
function report(binary) {
  let version;
  try {
    // stderr is dropped: Debian's launcher script can print shell noise there.
    version = execFileSync(binary, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 30_000,
    }).trim();
  } catch (error) {
    console.error(`mcp-elicit-kit: ${binary} exists but \`--version\` failed (${error.message}).`);
    process.exit(1);
  }
  console.log(`mcp-elicit-kit: using ${binary} (${version})`);
  process.exit(0);
}

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

const configured = process.env.CHROMIUM_PATH;
if (configured !== undefined && configured !== '') {
  // vitest.config.ts uses CHROMIUM_PATH when set, so a bad value must stop here, not fall back.
  if (isExecutable(configured)) report(configured);
  console.error(
    `mcp-elicit-kit: CHROMIUM_PATH=${configured} is not an executable file. Unset it or point it at a Chromium binary.`,
  );
  process.exit(1);
}

if (isExecutable(DEBIAN_CHROMIUM)) report(DEBIAN_CHROMIUM);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const aptGet = onPath('apt-get');
if (isRoot && aptGet !== undefined) {
  console.log('mcp-elicit-kit: Chromium not found; installing Debian package "chromium" with apt-get.');
  if (run(aptGet, ['update']) && run(aptGet, ['install', '-y', 'chromium']) && isExecutable(DEBIAN_CHROMIUM)) {
    report(DEBIAN_CHROMIUM);
  }
}

console.error(NOT_FOUND);
process.exit(1);
