/**
 * What a person sees in `npm start`: the real Storybook dev server on 127.0.0.1, its stories opened in Debian's
 * Chromium as the sidebar opens them (play functions run, as they do while browsing; no test runner). Every story
 * in the sidebar must show its subject live: something drawn, nothing answered, the host not empty, no play that
 * failed. The stories that answer are test-only (`!dev`: not in the sidebar); test/stories runs them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { freePort } from '../bridge/redis-server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
  tags: string[];
}

/** Resolves with the story index once the dev server answers; rejects if the server exits first. */
function untilIndex(server: ChildProcess, url: string, output: () => string): Promise<IndexEntry[]> {
  return new Promise((resolve, reject) => {
    let stopped = false;
    server.once('exit', (code) => {
      stopped = true;
      reject(new Error(`storybook dev exited with ${String(code)}:\n${output()}`));
    });
    // Polls the index until the server is up: the server prints nothing machine-readable when it is ready.
    // Bounded by the test's hook timeout.
    const poll = async (): Promise<void> => {
      while (!stopped) {
        try {
          const response = await fetch(`${url}/index.json`);
          if (response.ok) {
            const { entries } = (await response.json()) as { entries: Record<string, IndexEntry> };
            return resolve(Object.values(entries));
          }
        } catch {
          // Not listening yet.
        }
        await new Promise<void>((wake) => server.stdout?.once('data', () => wake()) ?? wake());
      }
    };
    void poll();
  });
}

/** What a story shows once its render and play are done, as read in its iframe. */
interface Shown {
  phase: string;
  text: string;
  height: number;
  answered: string[];
}

/** Resolves once the page's Storybook preview has loaded its story index. */
async function previewReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => 'storyStoreValue' in ((window as { __STORYBOOK_PREVIEW__?: object }).__STORYBOOK_PREVIEW__ ?? {}),
  );
}

/**
 * Opens `storyId` the way the sidebar does and reads it. On a fresh clone, Vite's dependency optimizer finishes
 * its first bundle while the first stories load, and then reloads the page (Vite's documented cold start): a
 * story whose render the reload cut short is shown again on the reloaded page. Only a navigation does that
 * (Playwright: "Execution context was destroyed"); any other failure fails the test.
 */
async function show(page: Page, storyId: string): Promise<Shown> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await showOnce(page, storyId);
    } catch (error) {
      if (!String(error).includes('Execution context was destroyed') || attempt === 3) throw error;
      await page.waitForLoadState('load');
      await previewReady(page);
    }
  }
}

/** Tells the preview to show `storyId` (as the manager does when a person clicks it) and reads what it shows. */
async function showOnce(page: Page, storyId: string): Promise<Shown> {
  const phase = await page.evaluate(
    (id) =>
      new Promise<string>((resolve) => {
        const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: StorybookChannel })
          .__STORYBOOK_ADDONS_CHANNEL__;
        // What went wrong, as the preview reports it. A play that threw, or an error nobody caught while it ran,
        // moves the render to `errored` first and is reported after, before the render `finished`; a render
        // that threw is reported first and ends at `errored`.
        const errors: string[] = [];
        let errored = false;
        const threw = (error: unknown) => {
          for (const one of Array.isArray(error) ? error : [error]) {
            const { name, message, stack, title, description } = (one ?? {}) as Record<string, unknown>;
            errors.push(String(stack ?? `${String(name ?? title ?? 'Error')}: ${String(message ?? description)}`));
          }
        };
        const reports = [
          'storyErrored',
          'storyThrewException',
          'playFunctionThrewException',
          'unhandledErrorsWhilePlaying',
        ];
        for (const report of reports) channel.on(report, threw);
        // `aborted` is not an end: the preview re-renders a story whose files changed under it (Vite's first
        // bundle of dependencies), and that render then finishes.
        const done = (event: { storyId: string; newPhase: string }) => {
          if (event.storyId !== id) return;
          if (event.newPhase === 'errored') errored = true;
          if (!(event.newPhase === 'finished' || (event.newPhase === 'errored' && errors.length > 0))) return;
          channel.off('storyRenderPhaseChanged', done);
          for (const report of reports) channel.off(report, threw);
          resolve(errored ? ['errored', ...errors].join('\n') : 'finished');
        };
        channel.on('storyRenderPhaseChanged', done);
        channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
      }),
    storyId,
  );
  return page.evaluate(
    ({ phase: reached, storyId: id }) => {
      const canvas = document.getElementById('storybook-root')!;
      const answered: string[] = [];
      for (const sent of canvas.querySelectorAll('.mek-sent')) {
        if ((sent.textContent ?? '') !== '') answered.push(`sent: ${sent.textContent}`);
      }
      if ((canvas.textContent ?? '').includes('No requests waiting.')) answered.push('host: No requests waiting.');
      // The story's args as the preview holds them: `fn()` spies record the calls the play made.
      const preview = (window as unknown as { __STORYBOOK_PREVIEW__: StorybookPreview }).__STORYBOOK_PREVIEW__;
      const args = preview.storyStoreValue.args.get(id) ?? {};
      for (const [name, value] of Object.entries(args)) {
        const calls = (value as { mock?: { calls: unknown[] } } | null)?.mock?.calls.length ?? 0;
        if (/^on(Respond|RespondRound|RespondAll|Submit)$/.test(name) && calls > 0) {
          answered.push(`${name} called ${calls}×`);
        }
      }
      return {
        phase: reached,
        text: (canvas.innerText ?? '').trim().slice(0, 60),
        height: Math.round(canvas.getBoundingClientRect().height),
        answered,
      };
    },
    { phase, storyId },
  );
}

/** The few members of Storybook's preview globals this test uses. */
interface StorybookChannel {
  on<T>(event: string, listener: (event: T) => void): void;
  off<T>(event: string, listener: (event: T) => void): void;
  emit(event: string, payload: unknown): void;
}
interface StorybookPreview {
  storyStoreValue: { args: { get(storyId: string): Record<string, unknown> | undefined } };
}

let server: ChildProcess | undefined;
let browser: Browser | undefined;
let page: Page;
let sidebar: IndexEntry[] = [];
let hidden: IndexEntry[] = [];

beforeAll(async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // `npm start` is `storybook dev -p 6006 --ci`: the same, on a free loopback port.
  server = spawn(
    process.execPath,
    [`${root}node_modules/storybook/dist/bin/dispatcher.js`, 'dev', '-p', String(port), '--host', '127.0.0.1', '--ci'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, BROWSER: 'none' } },
  );
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const entries = await untilIndex(server, url, () => output);
  const stories = entries.filter((entry) => entry.type === 'story');
  sidebar = stories.filter((entry) => entry.tags.includes('dev'));
  hidden = stories.filter((entry) => !entry.tags.includes('dev'));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  page = await browser.newPage({ timezoneId: 'Asia/Kolkata', locale: 'en-US' });
  await page.goto(`${url}/iframe.html?id=${sidebar[0]!.id}&viewMode=story`);
  await previewReady(page);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
});

describe('given Storybook as `npm start` serves it', () => {
  test('the sidebar lists stories of every component, and keeps the answering tests out of it', () => {
    expect([...new Set(sidebar.map((entry) => entry.title))].sort()).toEqual([
      'ElicitationForm',
      'ElicitationForm/File field',
      'ElicitationHost',
      'Headless/useElicitationForm',
      'Live host',
      'Playground',
      'Themes/MUI',
      'Themes/shadcn',
      'ToolCallForm',
      'ToolResultView',
      'UrlElicitation',
    ]);
    expect(hidden.length).toBeGreaterThan(0);
  });

  test('every story in the sidebar shows its subject, live and answerable', { timeout: 600_000 }, async () => {
    const problems: string[] = [];
    for (const entry of sidebar) {
      const shown = await show(page, entry.id);
      if (shown.phase !== 'finished') problems.push(`${entry.id}: ${shown.phase}`);
      if (shown.text === '' || shown.height < 40) problems.push(`${entry.id}: empty (${shown.height} px tall)`);
      for (const sign of shown.answered) problems.push(`${entry.id}: ${sign}`);
    }
    expect(problems).toEqual([]);
  });
});
