/**
 * ACP end to end, every part real: an agent built with `@agentclientprotocol/sdk` runs in a child process
 * (`acp-agent.mjs`) and speaks ndjson over its stdio; the host's ACP client app in this process is attached to
 * `bridge.queueFor('alice')` with `mcp-elicit-kit/acp`; Debian's Chromium shows the bridge's queue with
 * `ElicitationHost` (the bridge test's page, `bridge-page/`), and a scripted person answers by clicks. The agent
 * checks each answer against the exact result it expects and reports it back as its message. A `session/cancel`
 * from the host reaches the kit as the agent's `$/cancel_request` (ACP v1, "Cancellation": the agent cascades).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

import * as acp from '@agentclientprotocol/sdk';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { attachElicitation, elicitationCapabilities } from '../../src/acp/index.js';
import { createElicitationBridge, toNodeHandler, type ElicitationBridge } from '../../src/bridge/index.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { armed, staticFiles } from './host-harness.js';

let outDir: string;
let web: Server;
let pageOrigin: string;
let bridge: ElicitationBridge;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let child: ChildProcessWithoutNullStreams;
let connection: acp.ClientConnection;
let session: acp.ActiveSession;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'mek-acp-'));
  const built = build({
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
    allowedOrigins: () => [pageOrigin],
  });
  const serveBridge = toNodeHandler(bridge);
  const servePage = staticFiles(outDir);
  web = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === '/elicit') serveBridge(request, response);
    // The URL-mode request's site: a page the person's click opens.
    else if (path === '/linked') response.writeHead(200, { 'content-type': 'text/plain' }).end('Account connected');
    else servePage(request, response);
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  pageOrigin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;

  child = spawn(process.execPath, [fileURLToPath(new URL('./acp-agent.mjs', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const app = acp.client({ name: 'mek test host' });
  attachElicitation(app, bridge.queueFor('alice'), { server: { name: 'Refactor agent' } });
  connection = app.connect(
    acp.ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>),
  );
  await connection.agent.request('initialize', {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: elicitationCapabilities(),
  });
  session = await connection.agent.buildSession('/tmp').start();

  [browser] = await Promise.all([chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }), built]);
  context = await browser.newContext({ locale: 'en-US', timezoneId: 'Asia/Kolkata' });
  page = await context.newPage();
  await page.goto(`${pageOrigin}/?principal=alice`);
  await page.getByText('No requests waiting.').waitFor();
});

afterAll(async () => {
  session.dispose();
  connection.close();
  child.kill();
  await browser.close();
  bridge.close();
  web.closeAllConnections();
  await new Promise<void>((resolve) => web.close(() => resolve()));
  rmSync(outDir, { recursive: true, force: true });
});

/** Sends the scenario as a prompt, and resolves with the agent's report once its turn ends. */
async function run(name: string, extra: object = {}): Promise<{ ok: boolean; outcome: unknown }> {
  void session.prompt(JSON.stringify({ name, ...extra }));
  return JSON.parse(await session.readText()) as { ok: boolean; outcome: unknown };
}

/** The notices that say the agent stopped waiting. */
const stoppedNotices = () => page.getByText('Refactor agent stopped waiting', { exact: true });

/** The prompt of the request scoped to `toolCallId`, as the person sees it: agent, session and tool call. */
const prompt = (toolCallId: string) =>
  page.getByRole('group', { name: `Request from Refactor agent (session sess_1, tool call ${toolCallId})` });

describe('given an ACP agent over stdio and a person in Chromium', () => {
  test('the agent sees explicit form and url capabilities', async () => {
    expect(await run('capabilities')).toStrictEqual({ ok: true, outcome: { form: {}, url: {} } });
  });

  test('a form: the person fills it, the agent gets exactly the typed answer', async () => {
    const report = run('form');
    const form = prompt('call_1');
    await form.getByRole('textbox', { name: 'Service name' }).fill('billing');
    await form.getByRole('textbox', { name: 'Replicas' }).fill('4');
    await armed(form.getByRole('button', { name: 'Accept' })).click();
    expect(await report).toStrictEqual({
      ok: true,
      outcome: { result: { action: 'accept', content: { name: 'billing', replicas: 4 } } },
    });
  });

  test('a titled multi-select: ticked out of order, sent in option order', async () => {
    const report = run('multi');
    const form = prompt('call_2');
    await form.getByRole('checkbox', { name: 'Chat' }).check();
    await form.getByRole('checkbox', { name: 'Email' }).check();
    await armed(form.getByRole('button', { name: 'Accept' })).click();
    expect(await report).toStrictEqual({
      ok: true,
      outcome: { result: { action: 'accept', content: { notify: ['mail', 'chat'] } } },
    });
  });

  test('a URL: opened after consent, then elicitation/complete shows it done', async () => {
    const linkUrl = `${pageOrigin}/linked`;
    const report = run('url', { linkUrl });
    const view = prompt('call_3');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      armed(view.getByRole('button', { name: 'Open in new tab' })).click(),
    ]);
    await popup.waitForLoadState('load');
    expect(popup.url()).toBe(linkUrl);
    expect(await report).toStrictEqual({ ok: true, outcome: { result: { action: 'accept' } } });
    await view.getByRole('status').filter({ hasText: 'Done: the server confirmed it is finished.' }).waitFor();
    await popup.close();
    await armed(view.getByRole('button', { name: 'Close' })).click();
    await view.waitFor({ state: 'detached' });
  });

  test('Decline and Cancel reach the agent as decline and cancel', async () => {
    const declined = run('decline');
    await armed(prompt('call_4').getByRole('button', { name: 'Decline' })).click();
    expect(await declined).toStrictEqual({ ok: true, outcome: { result: { action: 'decline' } } });
    const cancelled = run('cancel');
    await armed(prompt('call_5').getByRole('button', { name: 'Cancel', exact: true })).click();
    expect(await cancelled).toStrictEqual({ ok: true, outcome: { result: { action: 'cancel' } } });
  });

  test('the host cancels the session: the agent cancels its request, the entry is withdrawn with a notice', async () => {
    const report = run('session-cancel');
    await prompt('call_7').waitFor();
    const before = await stoppedNotices().count();
    await connection.agent.notify('session/cancel', { sessionId: 'sess_1' });
    expect(await report).toStrictEqual({
      ok: true,
      outcome: { error: { code: -32800, message: 'Request cancelled' } },
    });
    // A notice of its own, not one an earlier test left on the page.
    await expect.poll(() => stoppedNotices().count()).toBe(before + 1);
    await prompt('call_7').waitFor({ state: 'detached' });
  });

  test('a request whose tool call ends is withdrawn with a notice; the agent hears -32800', async () => {
    const report = run('withdrawn');
    await prompt('call_6').waitFor();
    const before = await stoppedNotices().count();
    await connection.agent.request('_mek/end_tool_call', { toolCallId: 'call_6' });
    expect(await report).toStrictEqual({
      ok: true,
      outcome: { error: { code: -32800, message: 'Request cancelled: its tool call ended' } },
    });
    // A notice of its own, not one an earlier test left on the page.
    await expect.poll(() => stoppedNotices().count()).toBe(before + 1);
    await prompt('call_6').waitFor({ state: 'detached' });
  });
});
