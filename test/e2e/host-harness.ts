/**
 * What the Chromium host tests share: the demo page (`demo/`) built with Vite into a temporary
 * folder and served by a tiny static server on 127.0.0.1, Debian's Chromium through playwright-core
 * (never a downloaded browser), and the demo MCP server(s) of `demo/server.ts`. Everything listens
 * on 127.0.0.1 and closes in `close()`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { build } from 'vite';

import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../demo/server.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Serves the files of a built page from `outDir` (`/` is `index.html`); anything else is 404. */
export function staticFiles(outDir: string): RequestListener {
  return (request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const relative = normalize(path === '/' ? '/index.html' : path).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = readFileSync(join(outDir, relative));
      response
        .writeHead(200, { 'content-type': CONTENT_TYPES[extname(relative)] ?? 'application/octet-stream' })
        .end(body);
    } catch {
      response.writeHead(404).end();
    }
  };
}

/** A running page server, browser and demo servers. */
export interface HostHarness {
  /** Chromium, shared by the tests of a file; each test opens its own context. */
  browser: Browser;
  /** The demo MCP servers, in the order asked for. */
  servers: DemoServer[];
  /**
   * A new context (zone Asia/Kolkata, as the fixtures) with the demo page open on `urls` (default:
   * the demo servers), with clients of SDK line `sdk` (default 1) and the queue's `unseenTimeoutMs`
   * (default: none). With `clock`, the page runs on Playwright's installed clock (time flows, and a test
   * can jump it ahead with `page.clock.fastForward`).
   */
  openPage(options?: {
    urls?: readonly string[];
    sdk?: 1 | 2;
    unseenTimeoutMs?: number;
    clock?: boolean;
  }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** Builds the demo page once, serves it, launches Chromium and starts one demo server per option. */
export async function startHostHarness(serverOptions: DemoServerOptions[] = [{}]): Promise<HostHarness> {
  const outDir = mkdtempSync(join(tmpdir(), 'mek-demo-'));
  await build({
    configFile: fileURLToPath(new URL('../../demo/vite.config.ts', import.meta.url)),
    build: { outDir, emptyOutDir: true },
    logLevel: 'error',
  });
  const files = createServer(staticFiles(outDir));
  await new Promise<void>((resolve, reject) => {
    files.once('error', reject);
    files.listen(0, '127.0.0.1', () => resolve());
  });
  const pageOrigin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  const servers = await Promise.all(serverOptions.map((options) => startDemoServer(options)));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

  return {
    browser,
    servers,
    async openPage({ urls = servers.map((server) => server.url), sdk = 1, unseenTimeoutMs, clock = false } = {}) {
      const context = await browser.newContext({
        timezoneId: 'Asia/Kolkata',
        locale: 'en-US',
        viewport: { width: 1280, height: 1000 },
      });
      if (clock) await context.clock.install();
      const page = await context.newPage();
      const query = new URLSearchParams(urls.map((url) => ['url', url]));
      if (sdk === 2) query.set('sdk', '2');
      if (unseenTimeoutMs !== undefined) query.set('unseen', String(unseenTimeoutMs));
      await page.goto(`${pageOrigin}/?${query.toString()}`);
      return { context, page };
    },
    async close() {
      await browser.close();
      await Promise.all(servers.map((server) => server.close()));
      (files as Server).closeAllConnections();
      await new Promise<void>((resolve) => files.close(() => resolve()));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/**
 * `button` once it is armed: a newly shown prompt's answering buttons ignore a person's activation
 * for their first 500 ms (`AnswerButton`), so a click waits for their `data-arming` mark to go, as a
 * person is slower than that anyway. Playwright's click retries until the locator matches.
 */
export function armed(button: Locator): Locator {
  return button.and(button.page().locator(':not([data-arming])'));
}

/**
 * The text blocks of the result a tool's section of the demo page shows (`ToolResultView`), joined by
 * newlines, once it shows: the view appears when the call has returned.
 */
export async function resultText(toolSection: Locator): Promise<string> {
  const view = toolSection.getByRole('group', { name: /^Result of / });
  await view.waitFor();
  const blocks = await view.getByRole('group', { name: 'Text content' }).locator('pre').allTextContents();
  return blocks.join('\n');
}

/** Hands a `node:http` request to a web-standard handler and streams its response back. */
async function toWebHandler(
  request: IncomingMessage,
  response: ServerResponse,
  fetch: (request: Request) => Promise<Response>,
): Promise<void> {
  const body: Buffer[] = [];
  for await (const chunk of request) body.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const closed = new AbortController();
  response.on('close', () => closed.abort());
  const answer = await fetch(
    new Request(`http://127.0.0.1${request.url ?? '/'}`, {
      method: request.method ?? 'GET',
      headers,
      signal: closed.signal,
      ...(request.method !== 'GET' && request.method !== 'HEAD' && { body: Buffer.concat(body) }),
    }),
  );
  for (const [name, value] of answer.headers) response.setHeader(name, value);
  response.writeHead(answer.status);
  // Written as it comes: an SSE response stays open while a request waits on a person.
  const reader = answer.body?.getReader();
  for (let part = await reader?.read(); part !== undefined && !part.done; part = await reader?.read())
    response.write(part.value);
  response.end();
}

/**
 * Serves a web-standard MCP handler (an SDK 2.x `createMcpHandler`'s `fetch`) on 127.0.0.1, with CORS for
 * the demo page's loopback origin. Resolves with the endpoint URL and a `stop` that closes the handler
 * (`close`) and then the socket.
 */
export async function serveWebHandler(
  fetch: (request: Request) => Promise<Response>,
  close: () => Promise<void>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const http = createServer((request, response) => {
    const origin = request.headers.origin;
    if (origin !== undefined && /^http:\/\/127\.0\.0\.1:\d+$/.test(origin)) {
      response.setHeader('access-control-allow-origin', origin);
      response.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
      response.setHeader(
        'access-control-allow-headers',
        request.headers['access-control-request-headers'] ?? 'content-type',
      );
      response.setHeader('access-control-expose-headers', 'mcp-session-id, mcp-protocol-version');
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    toWebHandler(request, response, fetch).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    async stop() {
      await close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
