/**
 * What a real SDK 1.32 server receives when nobody is watching, and what it is told the client can show.
 * - `unseenTimeoutMs` with no view: the server's `elicitInput` resolves the kit's own cancel, with its reason
 *   in `_meta` (the SDK's ElicitResult schema keeps `_meta`); with a view showing the request, the person's
 *   answer.
 * - `modes`: the client declares only those (SDK 1.x, client 2.x, AI SDK), and a request in another mode is
 *   refused with the error the SDK's own elicitation guard gives, never shown.
 * Over Streamable HTTP on 127.0.0.1, but the view test, which runs on fake timers over the SDK's in-memory pair.
 * The same with the real `ElicitationHost` in Chromium, answered by a person: `host-forms.test.ts`.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createMCPClient, ElicitationRequestSchema } from '@ai-sdk/mcp';
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ElicitRequestSchema, ElicitResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, test, vi } from 'vitest';
import * as z from 'zod';

import { createElicitationQueue, type ElicitationRecord } from '../../src/core/index.js';
import { attachElicitation, elicitationCapabilities } from '../../src/sdk/index.js';

const form = {
  message: 'Your name?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
};
const link = { mode: 'url', message: 'Sign in', url: 'https://example.com/sign-in', elicitationId: 'e-1' };

/** A server whose `ask` tool elicits through `elicitInput`, and `raw` with a plain request (no mode check). */
function buildServer(): McpServer {
  const mcp = new McpServer({ name: 'asker', version: '1.0.0' });
  const report = async (run: () => Promise<unknown>): Promise<CallToolResult> => {
    try {
      return { content: [{ type: 'text', text: JSON.stringify({ ok: true, result: await run() }) }] };
    } catch (error) {
      const { code, message } = error as { code?: unknown; message: string };
      return { content: [{ type: 'text', text: JSON.stringify({ ok: false, code, message }) }] };
    }
  };
  const params = { params: z.record(z.string(), z.unknown()) };
  mcp.registerTool('ask', { inputSchema: params }, ({ params: asked }, extra) =>
    report(() => mcp.server.elicitInput(asked as never, { relatedRequestId: extra.requestId })),
  );
  mcp.registerTool('raw', { inputSchema: params }, ({ params: asked }, extra) =>
    report(() =>
      mcp.server.request({ method: 'elicitation/create', params: asked }, ElicitResultSchema, {
        relatedRequestId: extra.requestId,
      }),
    ),
  );
  return mcp;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function serve(): Promise<{ url: string; mcp: McpServer }> {
  const mcp = buildServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcp.connect(transport);
  const http: HttpServer = createServer((req, res) => {
    transport.handleRequest(req, res).catch((error: unknown) => res.end(String(error)));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const { port } = http.address() as AddressInfo;
  closers.push(async () => {
    await mcp.close();
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, mcp };
}

interface Caller {
  callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
}

async function call(client: Caller, name: 'ask' | 'raw', params: object): Promise<unknown> {
  const result = (await client.callTool({ name, arguments: { params } })) as CallToolResult;
  const [block] = result.content;
  if (block?.type !== 'text') throw new Error('the tool answers with one text block');
  return JSON.parse(block.text);
}

async function connectV1(url: string, attach: (client: Client) => void): Promise<Client> {
  const client = new Client({ name: 'host', version: '1.0.0' });
  attach(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  closers.push(() => client.close());
  return client;
}

describe('given SDK 1.32 and a queue with unseenTimeoutMs: 300', () => {
  test('with no view, the server receives cancel with the reason "not-shown"', async () => {
    const records: ElicitationRecord[] = [];
    const queue = createElicitationQueue({ unseenTimeoutMs: 300, onSettled: (record) => void records.push(record) });
    const { url } = await serve();
    const client = await connectV1(url, (c) => attachElicitation(c, queue));
    expect(await call(client, 'ask', form)).toStrictEqual({
      ok: true,
      result: { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'not-shown' } },
    });
    expect(
      records.map(({ answeredBy, firstShownAt, actions, reason }) => ({ answeredBy, firstShownAt, actions, reason })),
    ).toStrictEqual([{ answeredBy: 'timeout', firstShownAt: null, actions: ['cancel'], reason: 'not-shown' }]);
    expect(queue.getSnapshot().notices.map((notice) => notice.reason)).toStrictEqual(['not-shown']);
  });

  test("with a view showing the request, the server receives the person's answer, however long they take", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const queue = createElicitationQueue({ unseenTimeoutMs: 300 });
      // The view: what ElicitationHost does, marking the head it draws.
      queue.subscribe(() => {
        const [head] = queue.getSnapshot().entries;
        if (head !== undefined) queue.markShown?.(head.id);
      });
      const mcp = buildServer();
      const client = new Client({ name: 'host', version: '1.0.0' });
      attachElicitation(client, queue);
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      await mcp.connect(serverTransport);
      await client.connect(clientTransport);
      closers.push(async () => {
        await client.close();
        await mcp.close();
      });
      const outcome = call(client, 'ask', form);
      await vi.advanceTimersByTimeAsync(0);
      const [entry] = queue.getSnapshot().entries;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(queue.respond(entry?.id ?? '', { action: 'accept', content: { name: 'Ada' } })).toBe('answered');
      expect(await outcome).toStrictEqual({ ok: true, result: { action: 'accept', content: { name: 'Ada' } } });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("given modes: ['form']", () => {
  test('SDK 1.x declares only form, and a URL request gets the refusal the SDK itself gives, never an entry', async () => {
    const queue = createElicitationQueue();
    const kit = await serve();
    const client = await connectV1(kit.url, (c) => attachElicitation(c, queue, { modes: ['form'] }));
    expect(kit.mcp.server.getClientCapabilities()).toStrictEqual({ elicitation: { form: {} } });
    const refused = await call(client, 'raw', link);

    // The SDK's own path, declaring form only, for comparison.
    const plain = await serve();
    const own = await connectV1(plain.url, (c) => {
      c.registerCapabilities({ elicitation: { form: {} } });
      c.setRequestHandler(ElicitRequestSchema, () => ({ action: 'decline' }));
    });
    expect(refused).toStrictEqual(await call(own, 'raw', link));
    expect(refused).toStrictEqual({
      ok: false,
      code: -32602,
      message: 'MCP error -32602: MCP error -32602: Client does not support URL-mode elicitation requests',
    });
    expect(queue.getSnapshot().entries).toStrictEqual([]);
  });

  test("SDK 1.x with modes: ['url'] declares only url, and refuses a form request", async () => {
    const queue = createElicitationQueue();
    const kit = await serve();
    const client = await connectV1(kit.url, (c) => attachElicitation(c, queue, { modes: ['url'] }));
    expect(kit.mcp.server.getClientCapabilities()).toStrictEqual({ elicitation: { url: {} } });
    expect(await call(client, 'raw', form)).toStrictEqual({
      ok: false,
      code: -32602,
      message: 'MCP error -32602: MCP error -32602: Client does not support form-mode elicitation requests',
    });
    expect(queue.getSnapshot().entries).toStrictEqual([]);
    expect(() => attachElicitation(new Client({ name: 'h', version: '1' }), queue, { modes: [] })).toThrow(
      new TypeError("modes must list 'form', 'url' or both"),
    );
  });

  test('client 2.x declares only form, and its own guard refuses a URL request', async () => {
    const queue = createElicitationQueue();
    const { url, mcp } = await serve();
    const client = new Client2({ name: 'host', version: '1.0.0' });
    attachElicitation(client, queue, { modes: ['form'] });
    await client.connect(new Transport2(new URL(url)));
    closers.push(() => client.close());
    expect(mcp.server.getClientCapabilities()).toStrictEqual({ elicitation: { form: {} } });
    const refused = (await call(client, 'raw', link)) as { ok: boolean; code: unknown };
    expect([refused.ok, refused.code]).toStrictEqual([false, -32602]);
    expect(queue.getSnapshot().entries).toStrictEqual([]);
  });

  test('the AI SDK client declares only form, and a URL request is refused', async () => {
    const queue = createElicitationQueue();
    const { url, mcp } = await serve();
    const client = await createMCPClient({
      transport: { type: 'http', url },
      capabilities: elicitationCapabilities({}, { modes: ['form'] }),
      onUncaughtError: () => undefined,
    });
    closers.push(() => client.close());
    attachElicitation(client, queue, { elicitationRequestSchema: ElicitationRequestSchema, modes: ['form'] });
    expect(mcp.server.getClientCapabilities()).toStrictEqual({ elicitation: { form: {} } });
    const refused = (await call(client, 'raw', link)) as { ok: boolean; code: unknown };
    expect([refused.ok, refused.code]).toStrictEqual([false, -32602]);
    expect(queue.getSnapshot().entries).toStrictEqual([]);
  });

  test('the AI SDK client declaring both modes cannot be attached to render only form', async () => {
    const { url } = await serve();
    const client = await createMCPClient({
      transport: { type: 'http', url },
      capabilities: elicitationCapabilities(),
      onUncaughtError: () => undefined,
    });
    closers.push(() => client.close());
    expect(() =>
      attachElicitation(client, createElicitationQueue(), {
        elicitationRequestSchema: ElicitationRequestSchema,
        modes: ['form'],
      }),
    ).toThrow(
      'This @ai-sdk/mcp client declares a mode the host does not render: create it with elicitationCapabilities(capabilities, { modes }) and the same modes.',
    );
  });
});
