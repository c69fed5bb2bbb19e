/**
 * End-to-end with the AI SDK's `@ai-sdk/mcp` 2.0.99 client: `createMCPClient` over its own Streamable
 * HTTP transport to a real MCP server on 127.0.0.1, `attachElicitation` routing to a real queue, and a
 * scripted person answering from the queue with the core's `initialDraft`/`submitDraft`. Tools return
 * what the server's `elicitInput` resolved with, so assertions are on what the SERVER received.
 *
 * Servers: SDK 1.32.2 `McpServer` on a sessionful Streamable HTTP transport (protocol 2025-11-25: the
 * server pushes `elicitation/create`), and SDK 2.4.0 `createMcpHandler` (2026-07-28: rounds).
 *
 * `@ai-sdk/mcp` 2.0.99 behaviour pinned here (without the kit):
 * - Capabilities go in `createMCPClient({ capabilities })`, which connects before it returns.
 * - Its own handling refuses a URL-mode request (-32602: its schema requires `requestedSchema`) and
 *   turns every server notification into an "Unsupported message type" uncaught error, so it has no
 *   cancellation and no `notifications/elicitation/complete`. The kit serves pushed requests itself.
 * - On 2026-07-28 it calls the registered handler once per input request, one after another (the
 *   next only after the previous answer), form mode only, with no signal.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createMCPClient, ElicitationRequestSchema, type MCPClient } from '@ai-sdk/mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type {
  CallToolResult,
  ElicitRequestParams as SdkElicitParams,
  JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import {
  createMcpHandler,
  inputRequired,
  McpServer as McpServerV2,
  type ElicitRequestFormParams as SdkFormParams,
} from '@modelcontextprotocol/server';
import { afterEach, describe, expect, test } from 'vitest';
import * as z from 'zod';
import {
  createElicitationQueue,
  type Draft,
  type ElicitationEntry,
  type ElicitationQueue,
} from '../../src/core/index.js';
import { attachElicitation, elicitationCapabilities } from '../../src/sdk/index.js';
import { fill, person, when } from './scripted-person.js';

// ---------------------------------------------------------------------------------------------
// A 2025-11-25 server (SDK 1.32.2) whose tools elicit, on 127.0.0.1
// ---------------------------------------------------------------------------------------------

/** What the server's `elicitInput` gave back, as the tool reports it. */
type Outcome = { ok: true; result: unknown } | { ok: false; code: unknown; message: string };

interface Served {
  url: string;
  mcp: McpServer;
  /** Every message the server received, in order. */
  received: JSONRPCMessage[];
  /** Resolves with the first received message (past or future) that satisfies `predicate`. */
  receives(predicate: (message: JSONRPCMessage) => boolean): Promise<JSONRPCMessage>;
  /** Server-side aborts the test controls, by the key a call passes. */
  aborts: Map<string, AbortController>;
  close(): Promise<void>;
}

function buildServer(name: string, aborts: Map<string, AbortController>): McpServer {
  const mcp = new McpServer({ name, version: '1.0.0' });
  const report = (outcome: Outcome): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(outcome) }] });
  mcp.registerTool(
    'ask',
    {
      description: 'Elicits the given params',
      inputSchema: {
        params: z.record(z.string(), z.unknown()),
        abortKey: z.string().optional(),
        timeoutMs: z.number().optional(),
      },
    },
    async ({ params, abortKey, timeoutMs }, extra) => {
      const controller = new AbortController();
      if (abortKey !== undefined) aborts.set(abortKey, controller);
      try {
        const result = await mcp.server.elicitInput(params as SdkElicitParams, {
          signal: controller.signal,
          relatedRequestId: extra.requestId,
          ...(timeoutMs !== undefined && { timeout: timeoutMs }),
        });
        return report({ ok: true, result });
      } catch (error) {
        const { code, message } = error as { code?: unknown; message: string };
        return report({ ok: false, code, message });
      }
    },
  );
  mcp.registerTool(
    'complete',
    { description: 'Sends elicitation/complete', inputSchema: { elicitationId: z.string() } },
    async ({ elicitationId }) => {
      await mcp.server.createElicitationCompletionNotifier(elicitationId)();
      return { content: [{ type: 'text', text: 'sent' }] };
    },
  );
  return mcp;
}

async function serveLegacy(name: string): Promise<Served> {
  const aborts = new Map<string, AbortController>();
  const mcp = buildServer(name, aborts);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcp.connect(transport);
  // Recorded before the SDK handles it; connect() has set the SDK's own handler, chained here.
  const received: JSONRPCMessage[] = [];
  const watchers = new Set<() => void>();
  const handle = transport.onmessage;
  transport.onmessage = (message, extra) => {
    received.push(message);
    for (const watcher of watchers) watcher();
    handle?.(message, extra);
  };
  const receives = (predicate: (message: JSONRPCMessage) => boolean) =>
    new Promise<JSONRPCMessage>((resolve) => {
      const check = () => {
        const found = received.find(predicate);
        if (found === undefined) return;
        watchers.delete(check);
        resolve(found);
      };
      watchers.add(check);
      check();
    });
  const http: HttpServer = createServer((req, res) => {
    transport.handleRequest(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    mcp,
    received,
    receives,
    aborts,
    close: async () => {
      await mcp.close();
      http.closeAllConnections();
      await new Promise<void>((resolve, reject) => http.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The AI SDK client with the kit attached
// ---------------------------------------------------------------------------------------------

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface Connected {
  client: MCPClient;
  /** What the client reported to `onUncaughtError`, as messages. */
  uncaught: string[];
  serverKey: string;
}

async function connectClient(
  url: string,
  queue: ElicitationQueue,
  server?: { name?: string; id?: string },
): Promise<Connected> {
  const uncaught: string[] = [];
  const client = await createMCPClient({
    transport: { type: 'http', url },
    capabilities: elicitationCapabilities(),
    onUncaughtError: (error) => uncaught.push(error instanceof Error ? error.message : String(error)),
  });
  closers.push(() => client.close());
  const detach = attachElicitation(client, queue, {
    elicitationRequestSchema: ElicitationRequestSchema,
    ...(server !== undefined && { server }),
  });
  return { client, uncaught, serverKey: detach.serverKey };
}

async function setUp(name = 'deploy-server') {
  const served = await serveLegacy(name);
  closers.push(served.close);
  const queue = createElicitationQueue();
  const connected = await connectClient(served.url, queue);
  return { queue, served, ...connected };
}

function textOf(result: unknown): unknown {
  const [block] = (result as CallToolResult).content;
  if (block?.type !== 'text') throw new Error('the tool answers with one text block');
  return JSON.parse(block.text);
}

async function callAsk(client: MCPClient, args: { params: object; abortKey?: string; timeoutMs?: number }) {
  return textOf(await client.callTool({ name: 'ask', arguments: args })) as Outcome;
}

// ---------------------------------------------------------------------------------------------
// What crossed the wire
// ---------------------------------------------------------------------------------------------

/** Responses (results or errors) the server received for the given request ids. */
function responsesFor(received: readonly JSONRPCMessage[], ids: readonly (string | number)[]): JSONRPCMessage[] {
  return received.filter(
    (message) => !('method' in message) && 'id' in message && message.id !== undefined && ids.includes(message.id),
  );
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** Keys and spellings a parsing client strips or refuses: the person must see them as sent. */
const richForm = {
  message: 'Tell us about the deployment',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 2, pattern: '^[A-Z]', 'x-ui': 'wide' },
      count: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
      tier: {
        type: 'string',
        title: 'Tier',
        anyOf: [
          { const: 'free', title: 'Free' },
          { const: 'pro', title: 'Pro' },
        ],
      },
      perms: {
        type: 'array',
        title: 'Permissions',
        items: {
          oneOf: [
            { const: 'read', title: 'Read' },
            { const: 'write', title: 'Write' },
          ],
        },
      },
    },
    required: ['name', 'tier', 'perms'],
  },
} as const;

const simpleForm = {
  message: 'Your age?',
  requestedSchema: { type: 'object', properties: { age: { type: 'integer', minimum: 0 } }, required: ['age'] },
} as const;

const signIn = {
  mode: 'url',
  message: 'Connect your account',
  url: 'https://auth.example.com/connect?x=1',
  elicitationId: 'el-7',
} as const;

// ---------------------------------------------------------------------------------------------

describe('given @ai-sdk/mcp 2.0.99 and a 2025-11-25 server (SDK 1.32.2) over Streamable HTTP', () => {
  test('the client declares form and URL mode at creation, and the server sees them', async () => {
    const { served, client } = await setUp();
    expect(served.mcp.server.getClientCapabilities()).toStrictEqual({ elicitation: { form: {}, url: {} } });
    expect(client.initializeResult.protocolVersion).toBe('2025-11-25');
  });

  test('the person sees the request exactly as sent, and the server receives exactly the filled content', async () => {
    const { queue, client } = await setUp();
    const { seen } = person(queue, (entry) => fill(entry, { name: 'Ada', tier: 'pro', perms: ['write', 'read'] }));
    expect(await callAsk(client, { params: richForm })).toStrictEqual({
      ok: true,
      result: { action: 'accept', content: { name: 'Ada', count: 3, tier: 'pro', perms: ['read', 'write'] } },
    });
    expect(seen.map((entry) => entry.kind === 'single' && [entry.server, entry.prompt.request])).toStrictEqual([
      [{ name: 'deploy-server' }, { ...richForm, mode: 'form' }],
    ]);
    expect(queue.getSnapshot()).toStrictEqual({ entries: [], notices: [] });
  });

  test.each([
    ['decline', { action: 'decline' }],
    ['cancel', { action: 'cancel' }],
  ] as const)('%s reaches the server as { action } alone', async (_name, answer) => {
    const { queue, client } = await setUp();
    person(queue, () => answer);
    expect(await callAsk(client, { params: simpleForm })).toStrictEqual({ ok: true, result: answer });
  });

  test.each([
    ['the first request (JSON-RPC id 0)', 0],
    ['a later request (id 1)', 1],
  ])(
    'a server-side abort of %s removes the entry, leaves a notice, and sends no response',
    async (_name, answeredBefore) => {
      const { queue, client, served, uncaught } = await setUp();
      if (answeredBefore > 0) {
        const { stop } = person(queue, () => ({ action: 'decline' }));
        await callAsk(client, { params: simpleForm });
        stop();
      }
      const call = callAsk(client, { params: simpleForm, abortKey: 'a1' });
      await when(queue, (q) => q.getSnapshot().entries.length === 1);
      const [entry] = queue.getSnapshot().entries;
      served.aborts.get('a1')?.abort('the tool gave up');
      expect(await call).toStrictEqual({ ok: false, code: -32001, message: 'MCP error -32001: the tool gave up' });
      await when(queue, (q) => q.getSnapshot().notices.length === 1);
      const { entries, notices } = queue.getSnapshot();
      expect(entries).toStrictEqual([]);
      expect(notices.map((notice) => [notice.kind, notice.reason, notice.entry.id])).toStrictEqual([
        ['stopped-waiting', 'aborted', entry?.id],
      ]);
      // Answering after the abort changes nothing and sends nothing.
      expect(queue.respond(entry?.id ?? '', { action: 'decline' })).toBe('ignored');
      expect(responsesFor(served.received, [answeredBefore])).toStrictEqual([]);
      // The cancellation reached the kit, not the client's "Unsupported message type" path.
      expect(uncaught.filter((message) => message === 'Unsupported message type')).toStrictEqual([]);
    },
  );

  test('a server-side timeout does the same', async () => {
    const { queue, client, served } = await setUp();
    const outcome = await callAsk(client, { params: simpleForm, timeoutMs: 30 });
    expect(outcome).toStrictEqual({ ok: false, code: -32001, message: 'MCP error -32001: Request timed out' });
    await when(queue, (q) => q.getSnapshot().notices.length === 1);
    expect(queue.getSnapshot().entries).toStrictEqual([]);
    expect(queue.getSnapshot().notices.map((notice) => notice.reason)).toStrictEqual(['aborted']);
    expect(responsesFor(served.received, [0])).toStrictEqual([]);
  });

  test('URL mode: accept is consent; the completion notification completes the entry', async () => {
    const { queue, client, uncaught } = await setUp();
    person(queue, () => ({ action: 'accept' }));
    expect(await callAsk(client, { params: signIn })).toStrictEqual({ ok: true, result: { action: 'accept' } });
    const [entry] = queue.getSnapshot().entries;
    expect(entry?.kind === 'single' && [entry.status, entry.prompt.request]).toStrictEqual(['consented', signIn]);
    // An unknown id changes nothing; the right one completes; a repeat changes nothing.
    await client.callTool({ name: 'complete', arguments: { elicitationId: 'el-unknown' } });
    const completed = when(queue, (q) => q.getSnapshot().entries[0]?.status === 'completed');
    await client.callTool({ name: 'complete', arguments: { elicitationId: 'el-7' } });
    await completed;
    const after = queue.getSnapshot();
    await client.callTool({ name: 'complete', arguments: { elicitationId: 'el-7' } });
    expect(queue.getSnapshot()).toBe(after);
    expect(queue.dismiss(entry?.id ?? '')).toBe(true);
    expect(uncaught.filter((message) => message === 'Unsupported message type')).toStrictEqual([]);
  });

  test('a malformed request still reaches the person, who can decline it', async () => {
    const { queue, client } = await setUp();
    const { seen } = person(queue, () => ({ action: 'decline' }));
    const outcome = await callAsk(client, { params: { mode: 'form', message: 'No schema here' } });
    expect(outcome).toStrictEqual({ ok: true, result: { action: 'decline' } });
    expect(
      seen.map((entry) => entry.kind === 'single' && entry.prompt.mode === 'invalid' && entry.prompt.problem.code),
    ).toStrictEqual(['schema-invalid']);
  });

  test("closing the client ends its pending entries with a notice; the server's request fails", async () => {
    const { queue, client } = await setUp();
    const call = callAsk(client, { params: simpleForm }).catch((error: unknown) => (error as Error).message);
    await when(queue, (q) => q.getSnapshot().entries.length === 1);
    await client.close();
    expect(await call).toBe('Connection closed');
    expect(queue.getSnapshot().entries).toStrictEqual([]);
    expect(queue.getSnapshot().notices.map((notice) => [notice.reason, notice.server.name])).toStrictEqual([
      ['aborted', 'deploy-server'],
    ]);
  });
});

describe('given @ai-sdk/mcp 2.0.99 without the kit (pins the behaviour the adapter works around)', () => {
  test('a cancellation becomes an uncaught "Unsupported message type", and the late answer is still sent', async () => {
    const served = await serveLegacy('plain');
    closers.push(served.close);
    const uncaught: string[] = [];
    const client = await createMCPClient({
      transport: { type: 'http', url: served.url },
      capabilities: elicitationCapabilities(),
      onUncaughtError: (error) => uncaught.push(error instanceof Error ? error.message : String(error)),
    });
    closers.push(() => client.close());
    let answer: (result: { action: 'decline' }) => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      client.onElicitationRequest(ElicitationRequestSchema, () => {
        resolve();
        return new Promise((settle) => (answer = settle));
      });
    });
    const call = callAsk(client, { params: simpleForm, abortKey: 'a1' });
    await asked;
    served.aborts.get('a1')?.abort('stop');
    expect(await call).toStrictEqual({ ok: false, code: -32001, message: 'MCP error -32001: stop' });
    // The cancellation came on the call's own stream, before its result, and was not read.
    expect(uncaught.filter((message) => message === 'Unsupported message type')).toStrictEqual([
      'Unsupported message type',
    ]);
    // The handler cannot know: it answers, and the client sends that answer to a request that is gone.
    answer({ action: 'decline' });
    expect(await served.receives((message) => responsesFor([message], [0]).length > 0)).toStrictEqual({
      jsonrpc: '2.0',
      id: 0,
      result: { action: 'decline' },
    });
  });

  test('a URL-mode request is refused with -32602 before any handler runs', async () => {
    const served = await serveLegacy('plain');
    closers.push(served.close);
    const client = await createMCPClient({
      transport: { type: 'http', url: served.url },
      capabilities: elicitationCapabilities(),
    });
    closers.push(() => client.close());
    const handled: unknown[] = [];
    client.onElicitationRequest(ElicitationRequestSchema, (request) => {
      handled.push(request);
      return { action: 'accept' };
    });
    const outcome = await callAsk(client, { params: signIn });
    expect(outcome).toMatchObject({ ok: false, code: -32602 });
    expect(handled).toStrictEqual([]);
  });
});

describe('given two @ai-sdk/mcp clients, each to its own server, on one queue', () => {
  test('they are two servers: own key, own name, own cancel-all, own completions', async () => {
    const [alpha, beta] = await Promise.all([serveLegacy('alpha'), serveLegacy('beta')]);
    if (alpha === undefined || beta === undefined) throw new Error('two servers');
    closers.push(alpha.close, beta.close);
    const queue = createElicitationQueue();
    const a = await connectClient(alpha.url, queue);
    // The host names the second one; both servers use the same elicitationId for their URL step.
    const b = await connectClient(beta.url, queue, { name: 'Beta bot', id: 'beta#2' });
    expect(a.serverKey).toMatch(/^connection-[0-9a-z]+-[0-9a-z]+-[0-9a-z]+$/);
    expect(b.serverKey).toBe('beta#2');

    person(queue, (entry) =>
      entry.kind === 'single' && entry.prompt.mode === 'url' ? { action: 'accept' } : undefined,
    );
    expect(await callAsk(a.client, { params: signIn })).toStrictEqual({ ok: true, result: { action: 'accept' } });
    expect(await callAsk(b.client, { params: signIn })).toStrictEqual({ ok: true, result: { action: 'accept' } });
    const forms = [a, b, b].map(({ client }) => callAsk(client, { params: simpleForm }));
    await when(queue, (q) => q.getSnapshot().entries.length === 5);
    expect(queue.getSnapshot().entries.map((entry) => [entry.server, entry.serverKey, entry.status])).toStrictEqual([
      [{ name: 'alpha' }, a.serverKey, 'consented'],
      [{ name: 'Beta bot', id: 'beta#2' }, 'beta#2', 'consented'],
      [{ name: 'alpha' }, a.serverKey, 'pending'],
      [{ name: 'Beta bot', id: 'beta#2' }, 'beta#2', 'pending'],
      [{ name: 'Beta bot', id: 'beta#2' }, 'beta#2', 'pending'],
    ]);

    // Beta's completion of "el-7" completes beta's entry only.
    const completed = when(queue, (q) => q.getSnapshot().entries.some((entry) => entry.status === 'completed'));
    await b.client.callTool({ name: 'complete', arguments: { elicitationId: 'el-7' } });
    await completed;
    expect(queue.getSnapshot().entries.map((entry) => [entry.serverKey, entry.status])).toStrictEqual([
      [a.serverKey, 'consented'],
      ['beta#2', 'completed'],
      [a.serverKey, 'pending'],
      ['beta#2', 'pending'],
      ['beta#2', 'pending'],
    ]);

    // Cancel-all of beta settles beta's two forms (and removes its URL entry), not alpha's form.
    expect(queue.cancelAll('beta#2')).toBe(2);
    const [alphaEntry] = queue.getSnapshot().entries.filter((entry) => entry.status === 'pending');
    expect(queue.respond(alphaEntry?.id ?? '', fill(alphaEntry as ElicitationEntry, { age: 41 }))).toBe('answered');
    expect(await Promise.all(forms)).toStrictEqual([
      { ok: true, result: { action: 'accept', content: { age: 41 } } },
      { ok: true, result: { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'host-closed' } } },
      { ok: true, result: { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'host-closed' } } },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// A 2026-07-28 server (SDK 2.4.0 createMcpHandler): rounds
// ---------------------------------------------------------------------------------------------

const nameForm = {
  message: 'Project name?',
  requestedSchema: {
    type: 'object',
    properties: { name: { type: 'string', title: 'Name', pattern: '^[a-z-]+$', minLength: 3 } },
    required: ['name'],
  },
};

const colorForm = {
  message: 'Which colour?',
  requestedSchema: {
    type: 'object',
    properties: {
      color: { type: 'string', enum: ['teal', 'plum'] },
      shades: { type: 'integer', minimum: 1, maximum: 5, default: 2 },
    },
    required: ['color'],
  },
};

function buildRoundServer(): McpServerV2 {
  const server = new McpServerV2({ name: 'planner', version: '2.0.0' });
  const report = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] });
  server.registerTool('plan', { description: 'Asks two questions in one round' }, async (ctx) => {
    const { inputResponses } = ctx.mcpReq;
    if (inputResponses === undefined) {
      return inputRequired({
        inputRequests: {
          name: inputRequired.elicit(nameForm as SdkFormParams),
          color: inputRequired.elicit(colorForm as SdkFormParams),
        },
        requestState: 'round-1',
      });
    }
    return report({ answers: inputResponses, state: ctx.mcpReq.requestState() });
  });
  server.registerTool('sign-in', { description: 'A URL step in a round' }, async (ctx) => {
    if (ctx.mcpReq.inputResponses === undefined) {
      return inputRequired({
        inputRequests: { auth: inputRequired.elicitUrl({ message: 'Sign in', url: signIn.url }) },
      });
    }
    return report({ answers: ctx.mcpReq.inputResponses });
  });
  return server;
}

/** `createMcpHandler`'s web-standard `fetch`, served from node:http on 127.0.0.1. */
async function serveModern(): Promise<{ url: string; close(): Promise<void> }> {
  const handler = createMcpHandler(() => buildRoundServer());
  const http: HttpServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers,
        ...(hasBody && { body: Buffer.concat(chunks) }),
      });
      handler
        .fetch(request)
        .then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        })
        .catch((error: unknown) => {
          if (!res.headersSent) res.writeHead(500);
          res.end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      await handler.close();
      http.closeAllConnections();
      await new Promise<void>((resolve, reject) => http.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

describe('given @ai-sdk/mcp 2.0.99 and a 2026-07-28 server (SDK 2.4.0 createMcpHandler)', () => {
  async function setUpModern() {
    const served = await serveModern();
    closers.push(served.close);
    const queue = createElicitationQueue();
    return { queue, ...(await connectClient(served.url, queue)) };
  }

  test('a round of two reaches the person as two entries, one after the other; the tool gets both answers', async () => {
    const { queue, client } = await setUpModern();
    expect(client.initializeResult.protocolVersion).toBe('2026-07-28');
    const typed: Record<string, Draft> = { 'Project name?': { name: 'kit-demo' }, 'Which colour?': { color: 'plum' } };
    const pendingAtOnce: number[] = [];
    const { seen } = person(queue, (entry) => {
      pendingAtOnce.push(queue.getSnapshot().entries.length);
      if (entry.kind !== 'single' || entry.prompt.mode !== 'form') return undefined;
      return fill(entry, typed[entry.prompt.request.message] ?? {});
    });
    const result = await client.callTool({ name: 'plan', arguments: {} });
    expect(textOf(result)).toStrictEqual({
      answers: {
        name: { action: 'accept', content: { name: 'kit-demo' } },
        color: { action: 'accept', content: { color: 'plum', shades: 2 } },
      },
      state: 'round-1',
    });
    expect(seen.map((entry) => entry.kind === 'single' && [entry.server, entry.prompt.request])).toStrictEqual([
      [{ name: 'planner' }, { ...nameForm, mode: 'form' }],
      [{ name: 'planner' }, { ...colorForm, mode: 'form' }],
    ]);
    expect(pendingAtOnce).toStrictEqual([1, 1]);
  });

  test('a URL step in a round is refused by the AI SDK before the kit sees it', async () => {
    const { queue, client } = await setUpModern();
    await expect(client.callTool({ name: 'sign-in', arguments: {} })).rejects.toThrow(
      'Unsupported input request: elicitation/create. Only form elicitation is supported.',
    );
    expect(queue.getSnapshot()).toStrictEqual({ entries: [], notices: [] });
  });

  test('closing the client ends a waiting round entry with a notice', async () => {
    const { queue, client } = await setUpModern();
    const call = client.callTool({ name: 'plan', arguments: {} }).catch((error: unknown) => (error as Error).message);
    await when(queue, (q) => q.getSnapshot().entries.length === 1);
    await client.close();
    expect(await call).toBe('Connection closed');
    expect(queue.getSnapshot().entries).toStrictEqual([]);
    expect(queue.getSnapshot().notices.map((notice) => [notice.reason, notice.server.name])).toStrictEqual([
      ['aborted', 'planner'],
    ]);
  });
});
