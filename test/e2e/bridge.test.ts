/**
 * The bridge end to end, every part real: the demo MCP server (SDK 1.x, Streamable HTTP, 127.0.0.1) asks;
 * a Node SDK client attached to `bridge.queueFor('alice')` receives it; the bridge is served by Node's
 * `http` (`toNodeHandler`) on the same origin as a page built with Vite; Debian's Chromium shows it with
 * `ElicitationHost` on `createRemoteElicitationQueue`; a person's clicks answer; the server receives it.
 * The page is reloaded mid-form and the draft comes back. A bridge whose `maxFileBytes` is below a file field's
 * `maxSize` has the page's picker refuse a larger file, unread.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { startDemoServer, type DemoServer } from '../../demo/server.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { createElicitationBridge, toNodeHandler, type ElicitationBridge } from '../../src/bridge/index.js';
import { attachElicitation } from '../../src/sdk/index.js';
import { armed, staticFiles } from './host-harness.js';

let outDir: string;
let web: Server;
let pageOrigin: string;
let mcp: DemoServer;
let bridge: ElicitationBridge;
let browser: Browser;
let client: Client;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'mek-bridge-'));
  await build({
    configFile: false,
    root: fileURLToPath(new URL('./bridge-page', import.meta.url)),
    plugins: [react()],
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  });
  bridge = createElicitationBridge({
    authorize: (request) => {
      const header = request.headers.get('authorization') ?? '';
      return header.startsWith('Bearer ') ? header.slice(7) : null;
    },
    // The page's origin is known once the server listens, below.
    allowedOrigins: () => [pageOrigin],
    // Below the 2 MB the demo's profile photo allows.
    maxFileBytes: 64,
  });
  const serveBridge = toNodeHandler(bridge);
  const servePage = staticFiles(outDir);
  web = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === '/elicit') {
      serveBridge(request, response);
      return;
    }
    servePage(request, response);
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  pageOrigin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  mcp = await startDemoServer({ name: 'weather desk' });
  client = new Client({ name: 'bridge-e2e', version: '1.0.0' });
  attachElicitation(client, bridge.queueFor('alice'));
  await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser.close();
  await client.close();
  await mcp.close();
  bridge.close();
  web.closeAllConnections();
  await new Promise<void>((resolve) => web.close(() => resolve()));
  rmSync(outDir, { recursive: true, force: true });
});

describe('given an MCP server that elicits through a Node client and the bridge', () => {
  test('the person in Chromium answers by clicks, a reload mid-form keeps the draft, the server receives the answer', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/?principal=alice`);
    const call = client.callTool({ name: 'greet', arguments: {} }, undefined, { timeout: 60_000 });

    const name = page.getByRole('textbox', { name: 'Your name' });
    await name.waitFor();
    // The draft goes out once typing pauses (the form's first, empty draft goes on open): wait for this one.
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/elicit') && (response.request().postData() ?? '').includes('Ada Lovelace'),
    );
    await name.fill('Ada Lovelace');
    const draftSaved = await (await saved).json();

    await page.reload();
    await name.waitFor();
    const restored = await name.inputValue();

    const answered = page.waitForResponse(
      (response) => response.url().endsWith('/elicit') && (response.request().postData() ?? '').includes('"respond"'),
    );
    await armed(page.getByRole('button', { name: 'Accept' })).click();
    const answerOutcome = await (await answered).json();
    const result = await call;
    await page.getByText('No requests waiting.').waitFor();
    await context.close();

    expect({ draftSaved, restored, answerOutcome, content: result.content }).toEqual({
      draftSaved: { ok: true },
      restored: 'Ada Lovelace',
      answerOutcome: { status: 'answered' },
      content: [{ type: 'text', text: 'Hello, Ada Lovelace!' }],
    });
    // The draft left with the answer.
    expect(bridge.queueFor('alice').getSnapshot().entries).toEqual([]);
  });
});

describe("given a bridge whose maxFileBytes (64 bytes) is below a file field's maxSize (2 MB)", () => {
  test('the picker in Chromium says the lower limit and refuses a larger file', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/?principal=alice`);
    const call = client.callTool({ name: 'profile_photo', arguments: {} }, undefined, { timeout: 60_000 });
    // The picker loads on first use: setInputFiles waits for its input.
    const input = page.getByLabel('Profile photo');
    // SEP-2356's own 1×1 PNG: 70 bytes.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNkYGBgAAAABQABWaDDsAAAAABJRU5ErkJggg==',
      'base64',
    );
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const refusal = await page.getByRole('alert').textContent();
    const hint = await page.getByText(/^Accepted: /).textContent();
    const chosen = await page.getByText('me.png (image/png, 70 bytes)').count();
    await armed(page.getByRole('button', { name: 'Decline' })).click();
    const result = await call;
    await context.close();
    expect({ refusal, hint, chosen, content: result.content }).toEqual({
      refusal: 'The file is 70 bytes; this app sends files up to 64 bytes, less than the 2 MB the server accepts.',
      hint: 'Accepted: image/*. Up to 64 bytes.',
      chosen: 0,
      content: [{ type: 'text', text: '{"action":"decline"}' }],
    });
  });
});
