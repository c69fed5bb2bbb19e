#!/usr/bin/env node
/**
 * Runs before `npm test` (and `npm run test:quick` skips it: no browser, no Redis there). The tests need two
 * programs from the system, never downloaded ones: Chromium (`CHROMIUM_PATH`, else Debian's /usr/bin/chromium)
 * and `redis-server` (the Redis broker's tests start their own on a free loopback port). As root with apt-get,
 * what is missing is installed with one `apt-get install`; otherwise nothing runs and one line says exactly
 * what to run. Node built-ins only: this runs before anything else is known to work.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import process from 'node:process';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

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

/** `<binary> --version`'s first line, or throws when the binary does not run. */
function version(binary) {
  // stderr is dropped: Debian's Chromium launcher script can print shell noise there.
  return execFileSync(binary, ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 30_000,
  })
    .trim()
    .split('\n')[0];
}

/** What the tests need: where each program is found now, and the Debian package that brings it. */
const needs = [
  {
    name: 'Chromium',
    pkg: 'chromium',
    find: () => {
      const configured = process.env.CHROMIUM_PATH;
      if (configured !== undefined && configured !== '') return configured;
      return isExecutable(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
    },
  },
  { name: 'redis-server', pkg: 'redis-server', find: () => onPath('redis-server') },
];

// vitest.config.ts drives CHROMIUM_PATH when it is set, so a bad value stops here rather than falling back.
const configured = process.env.CHROMIUM_PATH;
if (configured !== undefined && configured !== '' && !isExecutable(configured)) {
  console.error(
    `mcp-elicit-kit: CHROMIUM_PATH=${configured} is not an executable file. Unset it or point it at a Chromium binary.`,
  );
  process.exit(1);
}

let missing = needs.filter((need) => need.find() === undefined);
if (missing.length > 0) {
  const packages = missing.map((need) => need.pkg);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const aptGet = onPath('apt-get');
  const command = `apt-get update && apt-get install -y ${packages.join(' ')}`;
  if (!isRoot || aptGet === undefined) {
    const how =
      aptGet === undefined ? `install ${packages.join(' and ')} with your package manager` : `sudo sh -c '${command}'`;
    console.error(`mcp-elicit-kit: the tests need ${missing.map((need) => need.name).join(' and ')}; run: ${how}`);
    process.exit(1);
  }
  console.log(`mcp-elicit-kit: installing ${packages.join(', ')} with apt-get, for the tests.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', ...packages]]) {
    if (spawnSync(aptGet, args, { stdio: 'inherit', env }).status !== 0) {
      console.error(`mcp-elicit-kit: \`apt-get ${args.join(' ')}\` failed; run it yourself, then npm test.`);
      process.exit(1);
    }
  }
  missing = needs.filter((need) => need.find() === undefined);
  if (missing.length > 0) {
    console.error(`mcp-elicit-kit: ${missing.map((need) => need.name).join(' and ')} still not found after apt-get.`);
    process.exit(1);
  }
}

for (const need of needs) {
  const binary = need.find();
  try {
    console.log(`mcp-elicit-kit: using ${binary} (${version(binary)})`);
  } catch (error) {
    console.error(`mcp-elicit-kit: ${binary} exists but \`--version\` failed (${error.message}).`);
    process.exit(1);
  }
}
