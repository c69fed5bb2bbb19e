/**
 * The bridge with the AI SDK, every part real, as `npm run demo -- --bridge` runs it: the demo MCP server
 * (SDK 1.32.2 `McpServer`, Streamable HTTP on 127.0.0.1) asks; a visitor's `@ai-sdk/mcp` 2.0.99 client on the
 * server (`examples/bridge/elicitation.ts`, attached to `bridge.queueFor(visitor)`) receives it; the bridge is
 * served by `examples/bridge/server.ts` on the page's origin (`demo/bridge/app-server.ts`); the page
 * (`demo/bridge/`, built with Vite) shows it in Debian's Chromium with `ElicitationHost` on
 * `createRemoteElicitationQueue`; a person's clicks answer. The demo's tools return what the server's
 * `elicitInput` resolved with, so each result below is what the MCP SERVER received.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { startBridgeDemo, type BridgeDemo } from '../../demo/bridge/app-server.js';
import { startDemoServer, type DemoServer } from '../../demo/server.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { armed, staticFiles } from './host-harness.js';

let outDir: string;
let mcp: DemoServer;
let demo: BridgeDemo;
let browser: Browser;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'mek-bridge-demo-'));
  await build({
    configFile: false,
    root: fileURLToPath(new URL('../../demo/bridge', import.meta.url)),
    plugins: [react()],
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  });
  mcp = await startDemoServer({ name: 'ops desk' });
  demo = await startBridgeDemo({ mcpUrl: mcp.url, page: staticFiles(outDir) });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser.close();
  await demo.close();
  await mcp.close();
  rmSync(outDir, { recursive: true, force: true });
});

/** Clicks Call in the tool's form (the kit's `ToolCallForm`); resolves with the `/call` response body once the tool returns. */
async function callTool(page: Page, name: string): Promise<() => Promise<unknown>> {
  const responded = page.waitForResponse(
    (response) =>
      response.url().endsWith('/call') && (response.request().postData() ?? '').includes(`"tool":"${name}"`),
    { timeout: 60_000 },
  );
  await page.getByRole('button', { name: `Call ${name}`, exact: true }).click();
  return async () => (await responded).json();
}

describe('given the AI SDK client on the server, the bridge and ElicitationHost on a remote queue in Chromium', () => {
  test('a form answered with real input, a URL consented and completed, a form declined: the server receives each', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(demo.url);
    const requests = page.getByRole('region', { name: 'Requests from MCP servers' });
    const prompt = requests.getByRole('group', { name: 'Request from ops desk' });
    await requests.getByText('No requests waiting.').waitFor();

    // A form: the person unticks the checkbox the server ticked by default, then accepts.
    const confirmed = await callTool(page, 'confirm');
    const backup = prompt.getByRole('checkbox', { name: 'Take a backup first' });
    await backup.waitFor();
    const ticked = await backup.isChecked();
    await backup.uncheck();
    await armed(prompt.getByRole('button', { name: 'Accept' })).click();
    const confirmResult = await confirmed();
    // The kit's result view shows what came back, checked against the tool's output schema.
    const confirmView = page.getByRole('region', { name: 'confirm' }).getByRole('group', { name: 'Result of Confirm' });
    const confirmVerdict = await confirmView.getByRole('group', { name: 'Output check' }).textContent();

    // URL mode: "Open in new tab" opens the page once; the visit makes the server complete the elicitation.
    const linked = await callTool(page, 'open_link');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      armed(prompt.getByRole('button', { name: 'Open in new tab' })).click(),
    ]);
    await popup.waitForLoadState('load');
    const linkResult = await linked();
    await prompt.getByRole('status').filter({ hasText: 'Done: the server confirmed it is finished.' }).waitFor();
    await armed(prompt.getByRole('button', { name: 'Close' })).click();
    await popup.close();
    const id = mcp.linkRequests[0]?.path.slice('/link/'.length) ?? '';

    // A form declined as it stands.
    const declined = await callTool(page, 'everything');
    await armed(prompt.getByRole('button', { name: 'Decline' })).click();
    const declineResult = await declined();
    await requests.getByText('No requests waiting.').waitFor();
    // The page is the kit's: no JSON box, no button that is not the kit's.
    const foreign = await page.locator('textarea, button:not(.mek-button)').count();
    await context.close();

    expect({
      ticked,
      confirmResult,
      confirmVerdict,
      linkResult,
      declineResult,
      foreign,
      links: mcp.linkRequests,
    }).toStrictEqual({
      ticked: true,
      confirmResult: {
        content: [{ type: 'text', text: '{"action":"accept","content":{"backup":false}}' }],
        structuredContent: { action: 'accept', content: { backup: false } },
        isError: false,
      },
      confirmVerdict: 'Output checkValid: the structured content matches the output schema.',
      linkResult: { content: [{ type: 'text', text: `Link completed (${id}).` }], isError: false },
      declineResult: { content: [{ type: 'text', text: '{"action":"decline"}' }], isError: false },
      foreign: 0,
      links: [{ method: 'GET', path: `/link/${id}`, mode: 'navigate', dest: 'document', referer: '' }],
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
