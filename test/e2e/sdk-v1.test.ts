/**
 * End-to-end with SDK 1.32.2 (protocol 2025-11-25): a real `McpServer` asks, a real `Client` with
 * `attachElicitation` routes the request to a real queue, and a scripted person answers from the
 * queue's snapshot with the core's `initialDraft`/`submitDraft`. Tools return what `elicitInput`
 * resolved with (or how it failed), so the assertions are on what the SERVER received. Runs over
 * `InMemoryTransport` and over Streamable HTTP on 127.0.0.1 (port 0).
 *
 * SDK 1.32.2 behaviour pinned here:
 * - `registerCapabilities` works only before `connect()`; the client then announces
 *   `elicitation: { form: {}, url: {} }` and the server's `elicitInput` accepts both modes.
 * - The adapter sees the request exactly as sent (fallback handler): `pattern`, `x-*`, a titled
 *   single spelled `anyOf` and a titled multi spelled `items.oneOf` all reach the person, and the
 *   server's Ajv (draft-07, the unstripped schema) accepts the answers.
 * - A server-side abort (`elicitInput(…, { signal })` or `{ timeout }`) sends
 *   `notifications/cancelled`; the client aborts the handler's signal, the queue drops the entry
 *   with a "stopped waiting" notice, and NO response goes back for that request id.
 * - `createElicitationCompletionNotifier(id)()` sends `notifications/elicitation/complete`.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  CallToolResult,
  ElicitRequestParams as SdkElicitParams,
  JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, test } from 'vitest';
import * as z from 'zod';

import { createElicitationQueue, type Draft, type ElicitationQueue } from '../../src/core/index.js';
import { attachElicitation } from '../../src/sdk/index.js';
import { fill, person, when } from './scripted-person.js';

// ---------------------------------------------------------------------------------------------
// A server whose tools elicit, and a connected client
// ---------------------------------------------------------------------------------------------

/** What the server's `elicitInput` gave back, as the tool reports it. */
type Outcome = { ok: true; result: unknown } | { ok: false; code: unknown; message: string };

interface Wiring {
  mcp: McpServer;
  client: Client;
  /** Every message the client sent to the server, in order. */
  clientSent: JSONRPCMessage[];
  /** Every message the client received, in order (recorded before the SDK handles it). */
  clientReceived: JSONRPCMessage[];
  close(): Promise<void>;
}

/** Lets the test control a server-side abort: the tool registers its controller here. */
type Aborts = Map<string, AbortController>;

function buildServer(name: string, aborts: Aborts): McpServer {
  const mcp = new McpServer({ name, version: '1.0.0' });
  const report = (outcome: Outcome): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(outcome) }] });
  const ask = async (
    params: SdkElicitParams,
    options: { signal?: AbortSignal; timeout?: number; relatedRequestId: string | number },
  ) => {
    try {
      return report({ ok: true, result: await mcp.server.elicitInput(params, options) });
    } catch (error) {
      const { code, message } = error as { code?: unknown; message: string };
      return report({ ok: false, code, message });
    }
  };
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
      return ask(params as SdkElicitParams, {
        signal: controller.signal,
        relatedRequestId: extra.requestId,
        ...(timeoutMs !== undefined && { timeout: timeoutMs }),
      });
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

/** Records traffic without changing it: `send` is wrapped, `onmessage` is chained before connect. */
function record(transport: Transport, sent: JSONRPCMessage[], received: JSONRPCMessage[]): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    sent.push(message);
    return send(message, options);
  };
  // The SDK's Protocol.connect() calls a handler already set on the transport before its own.
  transport.onmessage = (message) => {
    received.push(message);
  };
}

type TransportKind = 'in-memory' | 'streamable-http';

async function connect(
  kind: TransportKind,
  queue: ElicitationQueue,
  serverName: string,
  aborts: Aborts,
): Promise<Wiring> {
  const mcp = buildServer(serverName, aborts);
  const client = new Client({ name: 'kit-host', version: '1.0.0' });
  attachElicitation(client, queue);
  const clientSent: JSONRPCMessage[] = [];
  const clientReceived: JSONRPCMessage[] = [];
  switch (kind) {
    case 'in-memory': {
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      await mcp.connect(serverTransport);
      record(clientTransport, clientSent, clientReceived);
      await client.connect(clientTransport);
      return {
        mcp,
        client,
        clientSent,
        clientReceived,
        close: async () => {
          await client.close();
          await mcp.close();
        },
      };
    }
    case 'streamable-http': {
      const serverTransport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
      await mcp.connect(serverTransport);
      const http: HttpServer = createServer((req, res) => {
        serverTransport.handleRequest(req, res).catch((error: unknown) => {
          res.statusCode = 500;
          res.end(String(error));
        });
      });
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
      const { port } = http.address() as AddressInfo;
      const clientTransport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`));
      record(clientTransport, clientSent, clientReceived);
      await client.connect(clientTransport);
      return {
        mcp,
        client,
        clientSent,
        clientReceived,
        close: async () => {
          await client.close();
          await mcp.close();
          http.closeAllConnections();
          await new Promise<void>((resolve, reject) => http.close((error) => (error ? reject(error) : resolve())));
        },
      };
    }
    default:
      return kind satisfies never;
  }
}

async function callAsk(
  client: Client,
  args: { params: object; abortKey?: string; timeoutMs?: number },
): Promise<Outcome> {
  const result = (await client.callTool({ name: 'ask', arguments: args })) as CallToolResult;
  const [block] = result.content;
  if (block?.type !== 'text') throw new Error('the tool answers with one text block');
  return JSON.parse(block.text) as Outcome;
}

// ---------------------------------------------------------------------------------------------
// What crossed the wire
// ---------------------------------------------------------------------------------------------

/** Request ids of the `elicitation/create` requests the client received. */
function elicitationIds(messages: readonly JSONRPCMessage[]): (string | number)[] {
  return messages.flatMap((message) =>
    'method' in message && message.method === 'elicitation/create' && 'id' in message ? [message.id] : [],
  );
}

/** Responses the client sent for the given request ids. */
function responsesTo(messages: readonly JSONRPCMessage[], ids: readonly (string | number)[]): JSONRPCMessage[] {
  return messages.filter(
    (message) => !('method' in message) && 'id' in message && message.id !== undefined && ids.includes(message.id),
  );
}

// ---------------------------------------------------------------------------------------------
// The requests
// ---------------------------------------------------------------------------------------------

/** Every variant, spelled as servers in the wild spell them, plus keys the SDK's parser strips. */
const everyVariant = {
  message: 'Tell us about the deployment',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 2, pattern: '^[A-Z]', 'x-ui': 'wide' },
      email: { type: 'string', format: 'email' },
      count: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
      ratio: { type: 'number' },
      confirm: { type: 'boolean', default: false },
      region: { type: 'string', enum: ['eu', 'us'], default: 'eu' },
      tier: {
        type: 'string',
        title: 'Tier',
        anyOf: [
          { const: 'free', title: 'Free' },
          { const: 'pro', title: 'Pro' },
        ],
      },
      size: {
        type: 'string',
        oneOf: [
          { const: 's', title: 'Small' },
          { const: 'l', title: 'Large' },
        ],
      },
      legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] },
      tags: { type: 'array', items: { type: 'string', enum: ['x', 'y', 'z'] }, uniqueItems: true },
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
      labels: {
        type: 'array',
        items: {
          anyOf: [
            { const: 'red', title: 'Red' },
            { const: 'blue', title: 'Blue' },
          ],
        },
        minItems: 1,
      },
    },
    required: ['name', 'email', 'tier', 'perms'],
  },
} as const;

const typedByPerson: Draft = {
  name: 'Ada',
  email: 'ada@example.com',
  ratio: '0.25',
  confirm: true,
  tier: 'pro',
  size: 'l',
  legacy: 'b',
  tags: ['z', 'x'],
  perms: ['write', 'read'],
  labels: ['blue'],
};

const sentContent = {
  name: 'Ada',
  email: 'ada@example.com',
  count: 3,
  ratio: 0.25,
  confirm: true,
  region: 'eu',
  tier: 'pro',
  size: 'l',
  legacy: 'b',
  tags: ['x', 'z'],
  perms: ['read', 'write'],
  labels: ['blue'],
};

const simpleForm = {
  message: 'Your age?',
  requestedSchema: { type: 'object', properties: { age: { type: 'integer', minimum: 0 } }, required: ['age'] },
} as const;

// ---------------------------------------------------------------------------------------------

let wirings: Wiring[] = [];
afterEach(async () => {
  await Promise.all(wirings.map((wiring) => wiring.close()));
  wirings = [];
});

async function setUp(kind: TransportKind, serverName = 'deploy-server') {
  const queue = createElicitationQueue();
  const aborts: Aborts = new Map();
  const wiring = await connect(kind, queue, serverName, aborts);
  wirings.push(wiring);
  return { queue, aborts, ...wiring };
}

describe.each<TransportKind>(['in-memory', 'streamable-http'])('given SDK 1.32 over %s', (kind) => {
  test('the client announces form and URL mode, and the server sees them', async () => {
    const { mcp } = await setUp(kind);
    expect(mcp.server.getClientCapabilities()?.elicitation).toStrictEqual({ form: {}, url: {} });
  });

  test('the person sees the request exactly as sent, and the server receives exactly the filled content', async () => {
    const { queue, client } = await setUp(kind);
    const { seen } = person(queue, (entry) => fill(entry, typedByPerson));
    const outcome = await callAsk(client, { params: everyVariant });
    expect(outcome).toStrictEqual({ ok: true, result: { action: 'accept', content: sentContent } });
    expect(seen).toHaveLength(1);
    const [entry] = seen;
    expect(entry?.kind === 'single' && entry.prompt.mode).toBe('form');
    expect(entry?.server).toStrictEqual({ name: 'deploy-server' });
    // The raw request: mode as the SDK server sent it (it adds "form"), nothing stripped or lost.
    expect(entry?.kind === 'single' && entry.prompt.request).toStrictEqual({ ...everyVariant, mode: 'form' });
  });

  test.each([
    ['decline', { action: 'decline' }],
    ['cancel', { action: 'cancel' }],
  ] as const)('%s reaches the server as { action } alone', async (_name, answer) => {
    const { queue, client } = await setUp(kind);
    person(queue, () => answer);
    expect(await callAsk(client, { params: simpleForm })).toStrictEqual({ ok: true, result: answer });
  });

  test.each([
    ['the first request (JSON-RPC id 0, which SDK 1.32 itself cannot cancel)', 0],
    ['a later request (id 1, cancelled by the SDK itself)', 1],
  ])(
    'a server-side abort of %s removes the entry, leaves a notice, and sends no response',
    async (_name, answeredBefore) => {
      const { queue, client, aborts, clientSent, clientReceived } = await setUp(kind);
      if (answeredBefore > 0) {
        const { stop } = person(queue, () => ({ action: 'decline' }));
        await callAsk(client, { params: simpleForm });
        stop();
      }
      const call = callAsk(client, { params: simpleForm, abortKey: 'a1' });
      await when(queue, (q) => q.getSnapshot().entries.length === 1);
      aborts.get('a1')?.abort('the tool gave up');
      const outcome = await call;
      expect(outcome).toMatchObject({ ok: false, code: -32001, message: 'MCP error -32001: the tool gave up' });
      await when(queue, (q) => q.getSnapshot().notices.length === 1);
      const { entries, notices } = queue.getSnapshot();
      expect(entries).toStrictEqual([]);
      expect(notices.map((notice) => [notice.kind, notice.reason, notice.server.name])).toStrictEqual([
        ['stopped-waiting', 'aborted', 'deploy-server'],
      ]);
      expect(queue.respond(notices[0]?.entry.id ?? '', { action: 'decline' })).toBe('ignored');
      const ids = elicitationIds(clientReceived);
      expect(ids).toStrictEqual(answeredBefore === 0 ? [0] : [0, 1]);
      expect(responsesTo(clientSent, ids.slice(answeredBefore))).toStrictEqual([]);
    },
  );

  test('a server-side timeout does the same', async () => {
    const { queue, client, clientSent, clientReceived } = await setUp(kind);
    const outcome = await callAsk(client, { params: simpleForm, timeoutMs: 30 });
    expect(outcome).toMatchObject({ ok: false, code: -32001, message: 'MCP error -32001: Request timed out' });
    await when(queue, (q) => q.getSnapshot().notices.length === 1);
    expect(queue.getSnapshot().entries).toStrictEqual([]);
    expect(queue.getSnapshot().notices[0]?.reason).toBe('aborted');
    expect(responsesTo(clientSent, elicitationIds(clientReceived))).toStrictEqual([]);
  });

  test('URL mode: accept is consent; the completion notification completes the entry', async () => {
    const { queue, client } = await setUp(kind);
    const request = {
      mode: 'url',
      message: 'Connect your account',
      url: 'https://auth.example.com/connect?x=1',
      elicitationId: 'el-7',
    };
    person(queue, () => ({ action: 'accept' }));
    expect(await callAsk(client, { params: request })).toStrictEqual({ ok: true, result: { action: 'accept' } });
    const [entry] = queue.getSnapshot().entries;
    expect(entry?.kind === 'single' && [entry.status, entry.prompt.request]).toStrictEqual(['consented', request]);
    // An unknown id changes nothing; the right one completes; a repeat changes nothing.
    await client.callTool({ name: 'complete', arguments: { elicitationId: 'el-unknown' } });
    const completed = when(queue, (q) => q.getSnapshot().entries[0]?.status === 'completed');
    await client.callTool({ name: 'complete', arguments: { elicitationId: 'el-7' } });
    await completed;
    const after = queue.getSnapshot();
    await client.callTool({ name: 'complete', arguments: { elicitationId: 'el-7' } });
    expect(queue.getSnapshot()).toBe(after);
    expect(queue.dismiss(entry?.id ?? '')).toBe(true);
  });

  test('a malformed request still reaches the person, who can decline it', async () => {
    const { queue, client } = await setUp(kind);
    const { seen } = person(queue, () => ({ action: 'decline' }));
    const outcome = await callAsk(client, { params: { mode: 'form', message: 'No schema here' } });
    expect(outcome).toStrictEqual({ ok: true, result: { action: 'decline' } });
    expect(
      seen.map((entry) => entry.kind === 'single' && entry.prompt.mode === 'invalid' && entry.prompt.problem.code),
    ).toStrictEqual(['schema-invalid']);
  });

  test('cancel all from this server answers every pending request with cancel', async () => {
    const { queue, client } = await setUp(kind);
    const calls = [callAsk(client, { params: simpleForm }), callAsk(client, { params: simpleForm })];
    await when(queue, (q) => q.getSnapshot().entries.length === 2);
    // The key of this connection (each attachment has its own), as the host's button passes it.
    const [serverKey] = new Set(queue.getSnapshot().entries.map((entry) => entry.serverKey));
    expect(queue.cancelAll('deploy-server')).toBe(0);
    expect(queue.cancelAll(serverKey)).toBe(2);
    expect(await Promise.all(calls)).toStrictEqual([
      { ok: true, result: { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'host-closed' } } },
      { ok: true, result: { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'host-closed' } } },
    ]);
  });
});

describe('given three SDK 1.32 servers over Streamable HTTP, 20 concurrent elicitations each', () => {
  test('every one is answered exactly once, none is lost, and each server keeps its order', async () => {
    const queue = createElicitationQueue();
    const servers = ['alpha', 'beta', 'gamma'];
    const wiringsHere = await Promise.all(servers.map((name) => connect('streamable-http', queue, name, new Map())));
    wirings.push(...wiringsHere);

    // The person answers in a scrambled order (always the entry at index 7·k mod n), so the
    // answers do not arrive in the order the requests did.
    const answered = new Map<string, number>();
    const appearance = new Map<string, string[]>();
    let k = 0;
    const look = () => {
      const { entries } = queue.getSnapshot();
      for (const entry of entries) {
        if (entry.kind !== 'single' || entry.prompt.mode !== 'form') continue;
        const list = appearance.get(entry.server.name) ?? [];
        if (!list.includes(entry.prompt.request.message)) list.push(entry.prompt.request.message);
        appearance.set(entry.server.name, list);
      }
      const pending = entries.filter((entry) => entry.status === 'pending');
      if (pending.length === 0) return;
      k += 1;
      const entry = pending[(7 * k) % pending.length];
      if (entry === undefined || entry.kind !== 'single' || entry.prompt.mode !== 'form') return;
      const n = Number(entry.prompt.request.message.split('#')[1]);
      const status = queue.respond(entry.id, fill(entry, { n }));
      answered.set(entry.id, (answered.get(entry.id) ?? 0) + (status === 'answered' ? 1 : 0));
    };
    queue.subscribe(look);

    const asks = wiringsHere.flatMap((wiring, s) =>
      Array.from({ length: 20 }, (_, i) =>
        callAsk(wiring.client, {
          params: {
            message: `${servers[s]}#${s * 100 + i}`,
            requestedSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
          },
        }),
      ),
    );
    // Answering one entry publishes a change, which answers the next: the chain ends when none is left.
    const outcomes = await Promise.all(asks);

    expect(outcomes).toStrictEqual(
      servers.flatMap((_, s) =>
        Array.from({ length: 20 }, (_, i) => ({ ok: true, result: { action: 'accept', content: { n: s * 100 + i } } })),
      ),
    );
    expect([...answered.values()]).toStrictEqual(Array.from({ length: 60 }, () => 1));
    expect(queue.getSnapshot()).toStrictEqual({ entries: [], notices: [] });
    // Per server, entries appeared in the order that client received the requests.
    for (const [s, wiring] of wiringsHere.entries()) {
      const arrived = wiring.clientReceived.flatMap((message) =>
        'method' in message && message.method === 'elicitation/create'
          ? [String((message.params as { message: string }).message)]
          : [],
      );
      expect(arrived).toHaveLength(20);
      expect(appearance.get(servers[s] ?? '')).toStrictEqual(arrived);
      expect(responsesTo(wiring.clientSent, elicitationIds(wiring.clientReceived))).toHaveLength(20);
    }
  });
});

describe('given SDK 1.32 without the kit (pins the SDK behaviour the adapter works around)', () => {
  test('its cancel handler ignores requestId 0 but aborts later ids', async () => {
    const mcp = new McpServer({ name: 'plain', version: '1.0.0' });
    const client = new Client(
      { name: 'plain-host', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    const signals: AbortSignal[] = [];
    client.fallbackRequestHandler = async (_request, extra) => {
      signals.push(extra.signal);
      // Never answers: the server gives up first.
      return new Promise(() => {});
    };
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverTransport);
    await client.connect(clientTransport);
    wirings.push({
      mcp,
      client,
      clientSent: [],
      clientReceived: [],
      close: async () => {
        await client.close();
        await mcp.close();
      },
    });
    for (let i = 0; i < 2; i += 1) {
      const controller = new AbortController();
      const asked = mcp.server.elicitInput(
        { message: `#${i}`, requestedSchema: { type: 'object', properties: {} } },
        { signal: controller.signal },
      );
      controller.abort('stop');
      await expect(asked).rejects.toThrow('MCP error -32001: stop');
    }
    // Let the client run its notification handlers.
    await new Promise((resolve) => setImmediate(resolve));
    expect(signals.map((signal) => signal.aborted)).toStrictEqual([false, true]);
  });
});
