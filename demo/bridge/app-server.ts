/**
 * The server of `npm run demo -- --bridge`: MCP clients on the server, the person in the browser. Each
 * visitor gets a session and, on their first tool call, an `@ai-sdk/mcp` client of their own
 * (`examples/bridge/elicitation.ts`); what its server asks waits in the visitor's queue of the bridge and
 * reaches the page (`demo/bridge/main.tsx`) through `/elicit`. The page lists the tools with `GET /tools`
 * and asks for tool calls with `POST /call`. Served by `examples/bridge/server.ts` on 127.0.0.1.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { MCPClient } from '@ai-sdk/mcp';

import { bridge, mcpClientFor } from '../../examples/bridge/elicitation.js';
import { createAppServer } from '../../examples/bridge/server.js';
import { appOrigins, signIn, userOf } from '../../examples/bridge/session.js';

/** Options of `startBridgeDemo`. */
export interface BridgeDemoOptions {
  /** The Streamable HTTP MCP server every visitor's client connects to. */
  mcpUrl: string;
  /** Serves the page and its assets: Vite's middlewares in the demo, the built files in tests. */
  page: RequestListener;
  /** The port on 127.0.0.1; `0` (default) picks a free one. */
  port?: number;
}

/** A running bridge demo. */
export interface BridgeDemo {
  /** The page, e.g. `http://127.0.0.1:5173/`. */
  url: string;
  /** Closes the visitors' MCP clients, the bridge and the server. */
  close(): Promise<void>;
}

/** The largest `/call` body read, in bytes: a tool name and small arguments. */
const MAX_CALL_BYTES = 16_384;

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_CALL_BYTES) {
        resolve(undefined);
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Reads `{ tool, arguments? }`, or `undefined`. */
function readCall(text: string): { tool: string; args: Record<string, unknown> } | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return undefined;
    const { tool, arguments: args = {} } = body as { tool?: unknown; arguments?: unknown };
    if (typeof tool !== 'string' || typeof args !== 'object' || args === null || Array.isArray(args)) return undefined;
    return { tool, args: args as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

/** Starts the demo's server (bridge, sessions, tool calls) on 127.0.0.1. */
export async function startBridgeDemo(options: BridgeDemoOptions): Promise<BridgeDemo> {
  const clients = new Map<string, Promise<MCPClient>>();
  let visitors = 0;

  const visitorOf = (request: IncomingMessage) =>
    userOf(new Request('http://127.0.0.1/', { headers: { cookie: request.headers.cookie ?? '' } }));

  /** The visitor's MCP client, connected on first use; a failed connection is not kept: the next use tries again. */
  function clientOf(user: string): Promise<MCPClient> {
    let client = clients.get(user);
    if (client === undefined) {
      client = mcpClientFor(user, options.mcpUrl);
      clients.set(user, client);
      client.catch(() => clients.delete(user));
    }
    return client;
  }

  /** `GET /tools`: the tools as the visitor's client lists them, for the page's kit forms. */
  async function listTools(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const user = visitorOf(request);
    if (user === null) return sendJson(response, 401, { error: 'Not signed in' });
    try {
      const { tools } = await (await clientOf(user)).listTools();
      sendJson(response, 200, { tools });
    } catch (error) {
      sendJson(response, 502, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  async function call(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const user = visitorOf(request);
    if (user === null) return sendJson(response, 401, { error: 'Not signed in' });
    // The bridge's rule for its POSTs: from the page's own origin, as JSON (a cross-site form can do neither).
    if (
      request.headers.origin !== `http://${request.headers.host ?? ''}` ||
      request.headers['content-type'] !== 'application/json'
    ) {
      return sendJson(response, 403, { error: 'Calls come from the demo page, as JSON' });
    }
    const text = await readBody(request);
    const asked = text === undefined ? undefined : readCall(text);
    if (asked === undefined)
      return sendJson(response, 400, { error: 'The body is { "tool": string, "arguments"?: object }' });
    try {
      const result = await (await clientOf(user)).callTool({ name: asked.tool, arguments: asked.args });
      // structuredContent too, when the tool sent it: the page's result view checks it against the output schema.
      sendJson(response, 200, {
        content: result.content,
        ...(result.structuredContent !== undefined && { structuredContent: result.structuredContent }),
        isError: result.isError === true,
      });
    } catch (error) {
      sendJson(response, 502, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  const server = createAppServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (path === '/call' && request.method === 'POST') {
      call(request, response).catch(() => sendJson(response, 500, { error: 'The call failed' }));
      return;
    }
    if (path === '/tools' && request.method === 'GET' && visitorOf(request) !== null) {
      listTools(request, response).catch(() => sendJson(response, 500, { error: 'The tools could not be listed' }));
      return;
    }
    // A new visitor is signed in on their first request: another browser is another person.
    if (request.method === 'GET' && visitorOf(request) === null) {
      visitors += 1;
      const token = signIn(`visitor-${visitors}`);
      response.setHeader('set-cookie', `session=${token}; Path=/; HttpOnly; SameSite=Strict`);
    }
    options.page(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  // The page's origin, known now: the bridge serves it (examples/bridge/session.ts).
  appOrigins.push(new URL(url).origin);
  return {
    url,
    async close() {
      const open = await Promise.allSettled(clients.values());
      await Promise.all(open.map((settled) => (settled.status === 'fulfilled' ? settled.value.close() : undefined)));
      bridge.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
