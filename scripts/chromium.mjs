/**
 * Which Chromium every part of the project drives, and how: Debian's (`apt-get install chromium`), never a
 * downloaded one, so that a machine without access to browser downloads runs every test. Read by vitest.config.ts (browser and story tests), the e2e host
 * harness and `npm run bench`; `scripts/ensure-test-deps.mjs` checks the same path before `npm test`.
 */

/** The binary: `CHROMIUM_PATH`, else Debian's. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launch flags known to work on these machines; Playwright adds `--headless` and a temp profile. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
