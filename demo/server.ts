/**
 * The kit's demo MCP server: a real SDK 1.x `McpServer` over Streamable HTTP on 127.0.0.1, with the
 * tools of `demo/tools.ts`, plus a tiny "link site" on a second port for the URL-mode tool.
 *
 * - MCP endpoint `http://127.0.0.1:<port>/mcp`, one session (transport + `McpServer`) per client,
 *   with the SDK's DNS-rebinding protection limited to the loopback host names.
 * - CORS: a page served from another loopback origin (the demo page, `npm run demo`) may call it;
 *   any other origin gets no CORS headers, so browsers refuse it.
 * - The link site answers `GET /link/<elicitationId>` with a small page and marks that elicitation
 *   done; the waiting `open_link` call then sends `notifications/elicitation/complete`. It records
 *   every request it receives (method, path, Fetch metadata), so a test can prove that nothing was
 *   fetched before consent and that consent made exactly one navigation.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

import { registerDemoTools } from './tools.js';

/** Options of `startDemoServer`. */
export interface DemoServerOptions {
  /** Port of the MCP endpoint; `0` (default) picks a free one. */
  port?: number;
  /** The server's `serverInfo.name`, shown to the person as who asks. Default `mcp-elicit-kit demo`. */
  name?: string;
}

/** One request the link site received. */
export interface LinkRequest {
  /** The HTTP method. */
  method: string;
  /** Path and query, as requested. */
  path: string;
  /** `Sec-Fetch-Mode` (`navigate` for a page load), or `""` when the client sent none. */
  mode: string;
  /** `Sec-Fetch-Dest` (`document` for a page in a tab), or `""`. */
  dest: string;
  /** `Referer`, or `""` (the kit opens links with `noreferrer`). */
  referer: string;
}

/** A running demo server. */
export interface DemoServer {
  /** The MCP endpoint. */
  url: string;
  /** Origin of the link site the URL-mode tool points to. */
  linkOrigin: string;
  /** Every request the link site received, oldest first (a live view). */
  linkRequests: readonly LinkRequest[];
  /** Aborts every `stop_waiting` elicitation still waiting; returns how many. */
  abortWaiting(): number;
  /** Closes every session and both HTTP servers. */
  close(): Promise<void>;
}

/** Loopback origins only: the demo never serves a page from elsewhere. */
const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/;

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

function header(request: IncomingMessage, name: string): string {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** The page a visited link shows. The empty icon keeps the browser from asking for /favicon.ico. */
function linkPage(elicitationId: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Demo account connected</title></head>
<body><main><h1>Demo account connected</h1><p>Request ${elicitationId.replace(/[^A-Za-z0-9-]/g, '')} is done. You can close this tab.</p></main></body>
</html>`;
}

/** Starts the demo MCP server and its link site on 127.0.0.1. */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const name = options.name ?? 'mcp-elicit-kit demo';
  const linkRequests: LinkRequest[] = [];
  const visited = new Set<string>();
  const waiters = new Map<string, () => void>();
  const waiting = new Set<AbortController>();

  const site = createServer((request, response) => {
    const path = request.url ?? '/';
    linkRequests.push({
      method: request.method ?? '',
      path,
      mode: header(request, 'sec-fetch-mode'),
      dest: header(request, 'sec-fetch-dest'),
      referer: header(request, 'referer'),
    });
    const match = /^\/link\/([A-Za-z0-9-]{1,64})$/.exec(path);
    if (request.method !== 'GET' || match === null || match[1] === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const elicitationId = match[1];
    visited.add(elicitationId);
    waiters.get(elicitationId)?.();
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(linkPage(elicitationId));
  });
  const linkPort = await listen(site, 0);
  const linkOrigin = `http://127.0.0.1:${linkPort}`;

  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; mcp: McpServer }>();
  let port = 0;

  function createSession(): StreamableHTTPServerTransport {
    const mcp = new McpServer({ name, version: '0.1.0' });
    registerDemoTools(mcp, {
      serverName: name,
      linkFor: (elicitationId) => `${linkOrigin}/link/${elicitationId}`,
      whenLinkDone: (elicitationId, signal) =>
        new Promise<void>((resolve, reject) => {
          if (visited.has(elicitationId)) return resolve();
          const done = () => {
            waiters.delete(elicitationId);
            resolve();
          };
          waiters.set(elicitationId, done);
          signal.addEventListener('abort', () => {
            waiters.delete(elicitationId);
            reject(signal.reason);
          });
        }),
      onStopWaiting: (controller) => {
        waiting.add(controller);
        controller.signal.addEventListener('abort', () => waiting.delete(controller));
      },
    });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, { transport, mcp });
      },
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`],
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      void mcp.close();
    };
    void mcp.connect(transport);
    return transport;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const origin = header(request, 'origin');
    if (LOOPBACK_ORIGIN.test(origin)) {
      response.setHeader('access-control-allow-origin', origin);
      response.setHeader('vary', 'origin');
      response.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
      response.setHeader(
        'access-control-allow-headers',
        'content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id, authorization',
      );
      response.setHeader('access-control-expose-headers', 'mcp-session-id, mcp-protocol-version');
    }
    const path = (request.url ?? '/').split('?')[0];
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (path !== '/mcp') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`${name}: the MCP endpoint is /mcp`);
      return;
    }
    const sessionId = header(request, 'mcp-session-id');
    if (sessionId !== '') {
      const session = sessions.get(sessionId);
      if (session === undefined) {
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
        return;
      }
      await session.transport.handleRequest(request, response);
      return;
    }
    // No session yet: a new transport, which accepts only `initialize` (the SDK answers 400 otherwise).
    await createSession().handleRequest(request, response);
  }

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  port = await listen(http, options.port ?? 0);

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    linkOrigin,
    linkRequests,
    abortWaiting() {
      const controllers = [...waiting];
      for (const controller of controllers) controller.abort(new Error('The demo server stopped waiting'));
      return controllers.length;
    },
    async close() {
      for (const { transport, mcp } of [...sessions.values()]) {
        await transport.close();
        await mcp.close();
      }
      sessions.clear();
      await stop(http);
      await stop(site);
    },
  };
}
