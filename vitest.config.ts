import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import type { BrowserConfigOptions } from 'vitest/node';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';
import { KIT_ALIASES } from './scripts/kit-aliases.mjs';

/**
 * Browser mode in headless Chromium through Playwright. `timezoneId` sets the zone of the page
 * (Playwright context option), which is what `Date` reads in the browser; `locale` sets the order
 * of the segments of native date and time inputs, which keyboard tests type into. `viewport` sizes the
 * page itself: headless, Vitest scales the test's iframe down to fit a smaller page (1280×720 by default).
 */
function chromium(
  contextOptions: { timezoneId?: string; locale?: string; viewport?: { width: number; height: number } } = {},
): BrowserConfigOptions {
  return {
    enabled: true,
    headless: true,
    provider: playwright({
      launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      contextOptions,
    }),
    instances: [{ browser: 'chromium' }],
  };
}

/**
 * Local date-times in fixtures are read in this zone (test/fixtures/README.md). It has no DST and a
 * half-hour offset, so a test that ignores the zone cannot pass by accident. Every project that may
 * turn a fixture's local date-time into an answer runs in it, whatever the machine's zone is.
 */
const fixtureTimeZone = 'Asia/Kolkata';

/** The rjsf themes the theme tests and stories draw with (and what they load), for Vite's optimizer. */
const THEME_DEPS = [
  '@rjsf/mui',
  '@rjsf/shadcn',
  '@mui/material',
  '@mui/material/styles',
  '@mui/material/useMediaQuery',
  '@emotion/react',
  '@emotion/styled',
];

/** jsdom tests that replace a module (`vi.mock`): each needs a module graph of its own. */
const REACT_MOCKING_FILES = ['test/react/crash.test.tsx', 'test/react/tools/tool-call-form-engine.test.tsx'];

/**
 * Every project's bound on one test: a guard against a hang, never a speed claim. Tests are bounded by what
 * they do (property tests by their run count, loops by their count), and their normal time is far below this:
 * the slowest jsdom test takes about 2 s alone and took 11 s beside the browser projects on 2 busy cores, over
 * vitest's default of 5 s, which had turned load into failures.
 */
const HANG_GUARD = 60_000;

/** What the stories load besides the themes (the live host's SDK, the tool forms' Ajv) and the shots' axe, for the story projects. */
const STORY_DEPS = [
  '@modelcontextprotocol/sdk/client/index.js',
  '@modelcontextprotocol/sdk/inMemory.js',
  '@modelcontextprotocol/sdk/server/mcp.js',
  '@modelcontextprotocol/sdk/types.js',
  'zod',
  'ajv',
  'ajv/dist/2019.js',
  'ajv/dist/2020.js',
  'ajv-formats',
  '@rjsf/core',
  'storybook/test',
  '@storybook/react-vite',
  'axe-core',
];

/**
 * The test's iframe and the page around it: the same size, so shots are taken at scale 1. As tall as the
 * tallest shot (test/stories/stories.css cuts a story at 1,900 px): a shot cannot show what lies below the
 * iframe's own box.
 */
const STORY_VIEWPORT = { width: 800, height: 1900 };

/**
 * Share of a shot's pixels that may differ from its baseline: 0.01%. Measured noise between runs is 0
 * pixels (test/stories/README.md), and a 4 px change of the corner radius moves only 0.05% of a small form's
 * shot (anti-aliased edge pixels are not counted), so the margin is kept well below that.
 */
const SHOT_TOLERANCE = 0.0001;

export default defineConfig({
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    // Two test files at a time in Node, on 2 cores (vitest's default is cores − 1 = 1): the real-server tests
    // (e2e, bridge) spend most of their time waiting on other processes, and one worker would leave a core idle
    // through them while every other Node project queued behind.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'core',
          environment: 'node',
          include: [
            'test/layers.test.ts',
            'test/core/**/*.test.ts',
            'test/tools/**/*.test.ts',
            'test/shared/**/*.test.ts',
            'test/scripts/**/*.test.ts',
          ],
          // `env` is applied to process.env in each forked worker before tests load; Node re-reads TZ
          // when it is assigned. Forks, not threads: TZ is per process.
          pool: 'forks',
          env: { TZ: fixtureTimeZone },
          testTimeout: HANG_GUARD,
        },
      },
      {
        // `examples/` import the kit by its package names, as a host does.
        resolve: { alias: KIT_ALIASES },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          exclude: ['test/e2e/storybook-browse.test.ts'],
          pool: 'forks',
          env: { TZ: fixtureTimeZone },
          testTimeout: HANG_GUARD,
          hookTimeout: HANG_GUARD,
          // Files run two at a time like every project's: each starts its servers on a port of its own (port 0) and
          // builds into a directory of its own, so none waits on another. Run one at a time, they were a serial
          // phase of three minutes after everything else, with one core mostly idle (they wait on browsers and
          // servers more than they compute).
        },
      },
      {
        // Storybook as `npm start` serves it, opened story by story in Chromium: every sidebar story live. Its
        // own project, so it runs beside the e2e files instead of after them.
        test: {
          name: 'storybook',
          environment: 'node',
          include: ['test/e2e/storybook-browse.test.ts'],
          pool: 'forks',
          testTimeout: HANG_GUARD,
          hookTimeout: HANG_GUARD,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'react',
          environment: 'jsdom',
          include: ['test/react/**/*.test.tsx'],
          exclude: REACT_MOCKING_FILES,
          setupFiles: ['test/react/setup.ts', 'test/react/setup-checks.ts'],
          pool: 'forks',
          env: { TZ: fixtureTimeZone },
          testTimeout: HANG_GUARD,
          // One jsdom and one module graph for all the files of a worker: each file building its own cost more
          // than its tests (on 2 cores: environments 52 s, imports 32 s, setup 15 s, for 161 s of tests). The
          // kit keeps no module state a test can leave behind; the files that mock modules run isolated below.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'react-mocks',
          environment: 'jsdom',
          include: REACT_MOCKING_FILES,
          setupFiles: ['test/react/setup.ts'],
          pool: 'forks',
          env: { TZ: fixtureTimeZone },
          testTimeout: HANG_GUARD,
        },
      },
      {
        // rjsf's shared theme suite (@rjsf/snapshot-tests) against generateTheme(), as rjsf's own
        // themes run it: written for a test framework's globals (describe, test, expect, vi), with
        // extensionless ESM imports, so Vite transforms it (inline) instead of Node loading it.
        plugins: [react()],
        test: {
          name: 'rjsf-suite',
          environment: 'jsdom',
          globals: true,
          include: ['test/rjsf-suite/**/*.test.tsx'],
          setupFiles: ['test/rjsf-suite/setup.ts'],
          server: { deps: { inline: ['@rjsf/snapshot-tests'] } },
          pool: 'forks',
          env: { TZ: fixtureTimeZone },
          testTimeout: HANG_GUARD,
        },
      },
      {
        plugins: [react()],
        // Found by the optimizer only when their test runs, they were bundled mid-run, and the reload it
        // caused broke the tests running then: bundled before the first test instead.
        optimizeDeps: { include: THEME_DEPS },
        test: {
          name: 'browser',
          // With the hostile inputs rendered in Chromium (nothing injected, Decline and Cancel work): one browser
          // and one module graph for both, neither reads the zone.
          include: ['test/browser/**/*.browser.test.{ts,tsx}', 'test/hostile/**/*.browser.test.tsx'],
          setupFiles: ['test/browser/setup.ts'],
          // A zone with DST, so tests see both -04:00 (summer) and -05:00 (winter). en-US date inputs
          // read MM/DD/YYYY, hh:mm AM/PM, whatever the machine's locale is.
          browser: chromium({ timezoneId: 'America/New_York', locale: 'en-US' }),
          // A bound on a hang, not a speed claim: on 2 loaded cores a 2,000-option keyboard run
          // took 11 s of the default 15.
          testTimeout: HANG_GUARD,
        },
      },
      {
        // The public types: test/types/exports.test.ts reads each entry's type names with the compiler API. The
        // `*.test-d.ts` beside it (`expectTypeOf`) are checked by `npm run typecheck` (tsconfig.json includes
        // test/), where a wrong type fails the command: a second TypeScript program over them here would only
        // repeat that verdict.
        test: {
          name: 'types',
          environment: 'node',
          include: ['test/types/**/*.test.ts'],
          // One TypeScript program of the five entries, built once per run.
          testTimeout: 120_000,
        },
      },
      {
        // Hostile inputs in Node (test/hostile/*.test.ts): requested schemas, URLs, tool schemas.
        test: {
          name: 'hostile',
          environment: 'node',
          include: ['test/hostile/**/*.test.ts'],
          pool: 'forks',
          env: { TZ: fixtureTimeZone },
          testTimeout: HANG_GUARD,
        },
      },
      {
        // The bridge's Fetch handler with real `Request`s and real loopback HTTP (test/bridge/*.test.ts).
        test: {
          name: 'bridge',
          environment: 'node',
          include: ['test/bridge/**/*.test.ts'],
          pool: 'forks',
          testTimeout: HANG_GUARD,
        },
      },
      {
        // Bundle size budgets (`npm run size` measures the same way).
        test: {
          name: 'size',
          environment: 'node',
          include: ['test/size/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        // Every story, run once (its play is the interaction test), and the sidebar's stories shot light, dark
        // and right-to-left, each shot audited by axe (test/stories/README.md). Stories are composed in the
        // test (portable stories), so only React's plugin; what they load is bundled up front, as for Storybook
        // (.storybook/main.ts), so no mid-run reload breaks a story.
        plugins: [react()],
        optimizeDeps: { include: [...THEME_DEPS, ...STORY_DEPS] },
        test: {
          name: 'stories',
          include: ['test/stories/**/*.test.tsx'],
          // Each shot's zone is set by the test (Emulation.setTimezoneOverride), not at the browser's launch, so
          // that it can run the `time-zone` stories again in a zone far from the fixtures' one, with DST (+13:00
          // in March, +12:00 in July), as a person opening Storybook there sees them.
          provide: { storyZones: { fixture: fixtureTimeZone, far: 'Pacific/Auckland' } },
          browser: {
            // The zone and locale the stories' plays expect: the date-time hint and date inputs read them.
            ...chromium({ locale: 'en-US', viewport: STORY_VIEWPORT }),
            viewport: STORY_VIEWPORT,
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                comparatorOptions: { allowedMismatchedPixelRatio: SHOT_TOLERANCE },
                // Committed (not the git-ignored __screenshots__), one folder per story file, no platform
                // suffix: the baselines are Debian Chromium's, the only browser the project drives.
                resolveScreenshotPath: ({ arg, ext, root }) => `${root}/test/stories/baselines/${arg}${ext}`,
              },
            },
          },
          testTimeout: HANG_GUARD,
          // A story's render and play run in a hook, as long as a story test may take.
          hookTimeout: HANG_GUARD,
        },
      },
    ],
  },
});
