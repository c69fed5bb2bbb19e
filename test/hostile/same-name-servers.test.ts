/**
 * Servers that report the same name are still different servers. `attachElicitation` gives every
 * attachment its own `serverKey`, and the queue keys completion, "cancel all" and the per-server
 * limit by it, so a name a server reports is only a label. Real SDK servers on real transports
 * (SDK 1.32 over Streamable HTTP on 127.0.0.1 and in memory; SDK 2.4 over HTTP, both eras).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  Client as ClientV2,
  StreamableHTTPClientTransport as HttpClientTransportV2,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult, ElicitRequestParams } from '@modelcontextprotocol/sdk/types.js';
import {
  createMcpHandler,
  inputRequired,
  McpServer as McpServerV2,
  WebStandardStreamableHTTPServerTransport,
  type ElicitRequestFormParams as FormParamsV2,
} from '@modelcontextprotocol/server';
import { afterEach, describe, expect, expectTypeOf, test } from 'vitest';
import * as z from 'zod';

import {
  createElicitationQueue,
  type ElicitationEntry,
  type ElicitationOrigin,
  type ElicitationQueue,
  type ElicitResult,
} from '../../src/core/index.js';
import { attachElicitation, type DetachElicitation } from '../../src/sdk/index.js';

const ageForm = {
  message: 'Your age?',
  requestedSchema: { type: 'object', properties: { age: { type: 'integer' } }, required: ['age'] },
} as const;

function urlRequest(elicitationId: string, message: string) {
  return { mode: 'url', message, url: 'https://github.example/login/device', elicitationId } as const;
}

function text(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

function parsed(result: unknown): unknown {
  const [block] = (result as CallToolResult).content;
  if (block?.type !== 'text') throw new Error('the tool answers with one text block');
  return JSON.parse(block.text);
}

/** Resolves when the snapshot satisfies `predicate` (checked now and on every change). */
function when(queue: ElicitationQueue, predicate: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (predicate()) return resolve();
    const stop = queue.subscribe(() => {
      if (!predicate()) return;
      stop();
      resolve();
    });
  });
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

// ---------------------------------------------------------------------------------------------
// SDK 1.32: a server with `ask`, `flood` and `complete` tools, connected through the kit
// ---------------------------------------------------------------------------------------------

function buildV1(name: string): McpServer {
  const mcp = new McpServer({ name, version: '1.0.0' });
  mcp.registerTool(
    'ask',
    { description: 'Elicits the given params', inputSchema: { params: z.record(z.string(), z.unknown()) } },
    async ({ params }, extra) =>
      text(await mcp.server.elicitInput(params as ElicitRequestParams, { relatedRequestId: extra.requestId })),
  );
  mcp.registerTool(
    'flood',
    { description: 'Elicits `count` times at once', inputSchema: { count: z.number() } },
    async ({ count }, extra) => {
      const results = await Promise.all(
        Array.from({ length: count }, (_, index) =>
          mcp.server.elicitInput({ ...ageForm, message: `flood #${index}` } as unknown as ElicitRequestParams, {
            relatedRequestId: extra.requestId,
          }),
        ),
      );
      const actions: Record<string, number> = {};
      for (const result of results) actions[result.action] = (actions[result.action] ?? 0) + 1;
      return text(actions);
    },
  );
  mcp.registerTool(
    'complete',
    { description: 'Sends elicitation/complete for each id, in order', inputSchema: { ids: z.array(z.string()) } },
    async ({ ids }) => {
      for (const id of ids) await mcp.server.createElicitationCompletionNotifier(id)();
      return text('sent');
    },
  );
  return mcp;
}

type Kind = 'in-memory' | 'streamable-http';

/** A 1.x server named `name`, and a 1.x client attached to `queue` (without an id unless given). */
async function connectV1(
  kind: Kind,
  queue: ElicitationQueue,
  name: string,
  options: Parameters<typeof attachElicitation>[2] = {},
): Promise<{ client: Client; serverKey: string }> {
  const mcp = buildV1(name);
  const client = new Client({ name: 'host', version: '1.0.0' });
  const { serverKey } = attachElicitation(client, queue, options);
  if (kind === 'in-memory') {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverTransport);
    await client.connect(clientTransport);
    closers.push(async () => {
      await client.close();
      await mcp.close();
    });
    return { client, serverKey };
  }
  const serverTransport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcp.connect(serverTransport);
  const http: HttpServer = createServer((req, res) => {
    serverTransport.handleRequest(req, res).catch((error: unknown) => res.end(String(error)));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const { port } = http.address() as AddressInfo;
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  closers.push(async () => {
    await client.close();
    await mcp.close();
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
  return { client, serverKey };
}

function ask(client: Client | ClientV2, params: object): Promise<unknown> {
  return client.callTool({ name: 'ask', arguments: { params } }).then(parsed);
}

/**
 * Asks through `client` for consent to a URL with `elicitationId`, and consents: the entry then waits
 * as `consented`. Returns its entry id.
 */
async function consented(queue: ElicitationQueue, client: Client | ClientV2, elicitationId: string, message: string) {
  const before = new Set(queue.getSnapshot().entries.map((entry) => entry.id));
  const fresh = () => queue.getSnapshot().entries.find((entry) => !before.has(entry.id));
  const asked = ask(client, urlRequest(elicitationId, message));
  await when(queue, () => fresh() !== undefined);
  const entry = fresh();
  expect(queue.respond(entry?.id ?? '', { action: 'accept' })).toBe('answered');
  expect(await asked).toStrictEqual({ action: 'accept' });
  return entry?.id ?? '';
}

/**
 * Has `client`'s server send `elicitation/complete` for `ids`, then for `marker` (an id of its own
 * consented entry), and waits until the marker's entry is completed: the notices travel in order on
 * one stream, so every earlier one has been handled by then.
 */
async function completeThenMarker(
  queue: ElicitationQueue,
  client: Client | ClientV2,
  ids: string[],
  markerEntry: string,
) {
  const done = when(
    queue,
    () => queue.getSnapshot().entries.find((entry) => entry.id === markerEntry)?.status === 'completed',
  );
  await client.callTool({ name: 'complete', arguments: { ids: [...ids, 'marker'] } });
  await done;
}

function single(entry: ElicitationEntry | undefined): Extract<ElicitationEntry, { kind: 'single' }> {
  if (entry?.kind !== 'single') throw new Error('expected a single entry');
  return entry;
}

/** The `message` of each entry, with its server's name and status. */
function picture(queue: ElicitationQueue): [string, string, string][] {
  return queue.getSnapshot().entries.map((entry) => {
    const { prompt } = single(entry);
    return [entry.server.name, prompt.mode === 'invalid' ? '' : prompt.request.message, entry.status];
  });
}

describe.each<Kind>(['streamable-http', 'in-memory'])(
  'given two SDK 1.32 servers both named "GitHub", attached without an id, over %s',
  (kind) => {
    test("the second one's elicitation/complete for shared-id leaves the first one's consented entry alone (finding 7)", async () => {
      const queue = createElicitationQueue();
      const first = await connectV1(kind, queue, 'GitHub');
      const second = await connectV1(kind, queue, 'GitHub');
      expect(first.serverKey).not.toBe(second.serverKey);

      await consented(queue, first.client, 'shared-id', 'Sign in to GitHub');
      const marker = await consented(queue, second.client, 'marker', 'Marker');
      const entry = single(queue.getSnapshot().entries[0]);
      expect([entry.server, entry.serverKey]).toStrictEqual([{ name: 'GitHub' }, first.serverKey]);

      await completeThenMarker(queue, second.client, ['shared-id'], marker);
      expect(picture(queue)).toStrictEqual([
        ['GitHub', 'Sign in to GitHub', 'consented'],
        ['GitHub', 'Marker', 'completed'],
      ]);
      // Its own server's notice does complete it.
      const completed = when(queue, () => queue.getSnapshot().entries[0]?.status === 'completed');
      await first.client.callTool({ name: 'complete', arguments: { ids: ['shared-id'] } });
      await completed;
      expect(picture(queue)[0]).toStrictEqual(['GitHub', 'Sign in to GitHub', 'completed']);
    });

    test("the second one flooding 100 requests fills only its own share: the first one's request stays and is answered", async () => {
      const queue = createElicitationQueue();
      const first = await connectV1(kind, queue, 'GitHub');
      const second = await connectV1(kind, queue, 'GitHub');
      const asked = ask(first.client, { ...ageForm, message: 'From the first' });
      await when(queue, () => queue.getSnapshot().entries.length === 1);

      const flood = second.client.callTool({ name: 'flood', arguments: { count: 103 } });
      await when(queue, () => queue.getSnapshot().entries.length === 101);
      const keys = queue.getSnapshot().entries.map((entry) => entry.serverKey);
      expect([
        keys.filter((key) => key === first.serverKey).length,
        keys.filter((key) => key === second.serverKey).length,
      ]).toStrictEqual([1, 100]);

      const head = single(queue.getSnapshot().entries[0]);
      expect(queue.respond(head.id, { action: 'accept', content: { age: 36 } })).toBe('answered');
      expect(await asked).toStrictEqual({ action: 'accept', content: { age: 36 } });
      expect(queue.cancelAll(second.serverKey)).toBe(100);
      expect(parsed(await flood)).toStrictEqual({ cancel: 103 });
    });

    test("cancel all from the first one's serverKey (the host's button) leaves the second one's requests", async () => {
      const queue = createElicitationQueue();
      const first = await connectV1(kind, queue, 'GitHub');
      const second = await connectV1(kind, queue, 'GitHub');
      const fromFirst = [
        ask(first.client, { ...ageForm, message: 'A1' }),
        ask(first.client, { ...ageForm, message: 'A2' }),
      ];
      await when(queue, () => queue.getSnapshot().entries.length === 2);
      const fromSecond = ask(second.client, { ...ageForm, message: 'B1' });
      await when(queue, () => queue.getSnapshot().entries.length === 3);

      expect(queue.cancelAll(first.serverKey)).toBe(2);
      expect(await Promise.all(fromFirst)).toStrictEqual([
        { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'host-closed' } },
        { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'host-closed' } },
      ]);
      expect(picture(queue)).toStrictEqual([['GitHub', 'B1', 'pending']]);
      // By name, nothing is cancelled: the name is not a key.
      expect(queue.cancelAll('GitHub')).toBe(0);
      const left = single(queue.getSnapshot().entries[0]);
      queue.respond(left.id, { action: 'decline' });
      expect(await fromSecond).toStrictEqual({ action: 'decline' });
    });
  },
);

describe('given a server that reports, as its name, the id the host gave another server', () => {
  test("it gets its own key, so it can neither complete nor cancel the real one's entries", async () => {
    const queue = createElicitationQueue();
    const real = await connectV1('streamable-http', queue, 'GitHub', { server: { id: 'github' } });
    const impostor = await connectV1('streamable-http', queue, 'github');
    expect([real.serverKey, impostor.serverKey.startsWith('connection-')]).toStrictEqual(['github', true]);

    await consented(queue, real.client, 'device-1', 'Authorise');
    const entry = single(queue.getSnapshot().entries[0]);
    expect([entry.server, entry.serverKey]).toStrictEqual([{ name: 'GitHub', id: 'github' }, 'github']);
    const marker = await consented(queue, impostor.client, 'marker', 'Marker');
    await completeThenMarker(queue, impostor.client, ['device-1'], marker);
    expect(queue.getSnapshot().entries.map((e) => [e.server.name, e.serverKey, e.status])).toStrictEqual([
      ['GitHub', 'github', 'consented'],
      ['github', impostor.serverKey, 'completed'],
    ]);
    // Cancelling all of the impostor's removes only its own entry.
    expect(queue.cancelAll(impostor.serverKey)).toBe(0);
    expect(queue.getSnapshot().entries.map((e) => [e.serverKey, e.status])).toStrictEqual([['github', 'consented']]);
  });
});

// ---------------------------------------------------------------------------------------------
// SDK 2.4: the same, for the 2025 era (pushed requests) and 2026-07-28 rounds
// ---------------------------------------------------------------------------------------------

function buildV2(name: string): McpServerV2 {
  const server = new McpServerV2({ name, version: '2.0.0' });
  server.registerTool(
    'ask',
    { description: 'Elicits the given params', inputSchema: z.object({ params: z.record(z.string(), z.unknown()) }) },
    async ({ params }, ctx) => text(await ctx.mcpReq.elicitInput(params as unknown as FormParamsV2)),
  );
  server.registerTool(
    'complete',
    {
      description: 'Sends elicitation/complete for each id, in order',
      inputSchema: z.object({ ids: z.array(z.string()) }),
    },
    async ({ ids }) => {
      for (const id of ids) await server.server.createElicitationCompletionNotifier(id)();
      return text('sent');
    },
  );
  server.registerTool('round', { description: 'Asks two questions in one round' }, async (ctx) => {
    const { inputResponses } = ctx.mcpReq;
    if (inputResponses !== undefined) return text(inputResponses);
    return inputRequired({
      inputRequests: {
        age: inputRequired.elicit(ageForm as unknown as FormParamsV2),
        city: inputRequired.elicit({ ...ageForm, message: 'Your city?' } as unknown as FormParamsV2),
      },
    });
  });
  return server;
}

/** Serves a web-standard `fetch` handler with node:http on 127.0.0.1. */
async function serve(fetch: (request: Request) => Promise<Response>, onClose: () => Promise<void>): Promise<URL> {
  const http: HttpServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const aborted = new AbortController();
      res.on('close', () => aborted.abort());
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      fetch(
        new Request(`http://127.0.0.1${req.url ?? '/'}`, {
          method: req.method ?? 'GET',
          headers,
          signal: aborted.signal,
          ...(hasBody && { body: Buffer.concat(chunks) }),
        }),
      )
        .then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          const reader = response.body?.getReader();
          for (let part = await reader?.read(); part !== undefined && !part.done; part = await reader?.read())
            res.write(part.value);
          res.end();
        })
        .catch((error: unknown) => res.end(String(error)));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  closers.push(async () => {
    await onClose();
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
  return new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
}

/** A 2.x server named `name` in the given era, and a 2.x client attached to `queue` without an id. */
async function connectV2(
  era: 'legacy' | 'modern',
  queue: ElicitationQueue,
  name: string,
): Promise<{ client: ClientV2; serverKey: string }> {
  let url: URL;
  if (era === 'modern') {
    const handler = createMcpHandler(() => buildV2(name));
    url = await serve(
      (request) => handler.fetch(request),
      () => handler.close(),
    );
  } else {
    const server = buildV2(name);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    await server.connect(transport);
    url = await serve(
      (request) => transport.handleRequest(request),
      () => server.close(),
    );
  }
  const client = new ClientV2(
    { name: 'host', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  const { serverKey } = attachElicitation(client, queue);
  await client.connect(new HttpClientTransportV2(url));
  closers.push(() => client.close());
  return { client, serverKey };
}

describe('given two SDK 2.4 servers both named "GitHub"', () => {
  test("2025 era: the second one's elicitation/complete leaves the first one's consented entry alone", async () => {
    const queue = createElicitationQueue();
    const first = await connectV2('legacy', queue, 'GitHub');
    const second = await connectV2('legacy', queue, 'GitHub');
    await consented(queue, first.client, 'shared-id', 'Sign in');
    const marker = await consented(queue, second.client, 'marker', 'Marker');
    expect(queue.getSnapshot().entries.map((entry) => entry.serverKey)).toStrictEqual([
      first.serverKey,
      second.serverKey,
    ]);
    await completeThenMarker(queue, second.client, ['shared-id'], marker);
    expect(picture(queue)).toStrictEqual([
      ['GitHub', 'Sign in', 'consented'],
      ['GitHub', 'Marker', 'completed'],
    ]);
    const completed = when(queue, () => queue.getSnapshot().entries[0]?.status === 'completed');
    await first.client.callTool({ name: 'complete', arguments: { ids: ['shared-id'] } });
    await completed;
  });

  test("2026-07-28 rounds: cancelling all of the first one's leaves the second one's round to answer", async () => {
    const queue = createElicitationQueue();
    const first = await connectV2('modern', queue, 'GitHub');
    const second = await connectV2('modern', queue, 'GitHub');
    const rounds = [
      first.client.callTool({ name: 'round', arguments: {} }),
      second.client.callTool({ name: 'round', arguments: {} }),
    ];
    await when(queue, () => queue.getSnapshot().entries.length === 2);
    const entries = queue.getSnapshot().entries;
    expect(entries.map((entry) => [entry.kind, entry.server.name])).toStrictEqual([
      ['round', 'GitHub'],
      ['round', 'GitHub'],
    ]);
    expect(new Set(entries.map((entry) => entry.serverKey))).toStrictEqual(
      new Set([first.serverKey, second.serverKey]),
    );
    const firstKey = first.serverKey;
    const secondEntry = entries.find((entry) => entry.serverKey === second.serverKey);
    expect(queue.cancelAll(firstKey)).toBe(1);
    const answers: Record<string, ElicitResult> = {
      age: { action: 'accept', content: { age: 7 } },
      city: { action: 'decline' },
    };
    expect(queue.respondRound(secondEntry?.id ?? '', answers)).toBe('answered');
    const [firstResult, secondResult] = await Promise.all(rounds);
    expect(parsed(firstResult)).toStrictEqual({ age: { action: 'cancel' }, city: { action: 'cancel' } });
    expect(parsed(secondResult)).toStrictEqual(answers);
  });
});

describe('given an SDK 1.32 and an SDK 2.4 server both named "GitHub"', () => {
  test('each has its own key: cancelling one cancels nothing of the other', async () => {
    const queue = createElicitationQueue();
    const v1 = await connectV1('streamable-http', queue, 'GitHub');
    const v2 = await connectV2('legacy', queue, 'GitHub');
    const fromV1 = ask(v1.client, { ...ageForm, message: 'one' });
    await when(queue, () => queue.getSnapshot().entries.length === 1);
    const fromV2 = ask(v2.client, { ...ageForm, message: 'two' });
    await when(queue, () => queue.getSnapshot().entries.length === 2);
    expect(queue.getSnapshot().entries.map((entry) => entry.serverKey)).toStrictEqual([v1.serverKey, v2.serverKey]);
    expect(queue.cancelAll(v2.serverKey)).toBe(1);
    expect(await fromV2).toStrictEqual({ action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'host-closed' } });
    expect(picture(queue)).toStrictEqual([['GitHub', 'one', 'pending']]);
    queue.cancelAll();
    expect(await fromV1).toStrictEqual({ action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'host-closed' } });
  });
});

describe('given the queue alone: origins that share a name, told apart by serverKey', () => {
  const server = { name: 'GitHub' };

  test('the public types carry the key: optional on an origin, always on what attachElicitation returns', () => {
    expectTypeOf<ElicitationOrigin>().toHaveProperty('serverKey').toEqualTypeOf<string | undefined>();
    expectTypeOf<DetachElicitation>().toHaveProperty('serverKey').toEqualTypeOf<string>();
    expectTypeOf<DetachElicitation>().toBeCallableWith();
  });

  test('the key is origin.serverKey, else server.id, else server.name', () => {
    const queue = createElicitationQueue();
    void queue.enqueue(ageForm, { server, serverKey: 'connection-a' });
    void queue.enqueue(ageForm, { server: { name: 'GitHub', id: 'gh' } });
    void queue.enqueue(ageForm, { server });
    void queue.enqueue(ageForm, { server: { name: 'GitHub', id: 'gh' }, serverKey: 'connection-b' });
    expect(queue.getSnapshot().entries.map((entry) => [entry.server, entry.serverKey])).toStrictEqual([
      [{ name: 'GitHub' }, 'connection-a'],
      [{ name: 'GitHub', id: 'gh' }, 'gh'],
      [{ name: 'GitHub' }, 'GitHub'],
      [{ name: 'GitHub', id: 'gh' }, 'connection-b'],
    ]);
    queue.cancelAll();
  });

  test.each([[5], [null], [{}]])('a serverKey of %j is a programming error (TypeError)', (serverKey) => {
    const queue = createElicitationQueue();
    expect(() => queue.enqueue(ageForm, { server, serverKey: serverKey as unknown as string })).toThrow(
      new TypeError('origin.serverKey must be a string'),
    );
  });

  test('the per-server limit counts by key: a full share of one name leaves room under another key', async () => {
    const queue = createElicitationQueue({ maxEntriesPerServer: 2 });
    const a = [1, 2, 3].map(() => queue.enqueue(ageForm, { server, serverKey: 'a' }));
    const b = queue.enqueue(ageForm, { server, serverKey: 'b' });
    expect(await a[2]).toStrictEqual({ action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'refused' } });
    expect(queue.getSnapshot().entries.map((entry) => entry.serverKey)).toStrictEqual(['a', 'a', 'b']);
    queue.cancelAll('a');
    const [left] = queue.getSnapshot().entries;
    queue.respond(left?.id ?? '', { action: 'accept', content: { age: 1 } });
    expect(await b).toStrictEqual({ action: 'accept', content: { age: 1 } });
  });

  test('a stopped-waiting notice carries the connection key, not the name', () => {
    const queue = createElicitationQueue();
    const controller = new AbortController();
    void queue.enqueue(ageForm, { server, serverKey: 'connection-a', signal: controller.signal });
    controller.abort();
    expect(queue.getSnapshot().notices.map((notice) => [notice.server, notice.serverKey])).toStrictEqual([
      [{ name: 'GitHub' }, 'connection-a'],
    ]);
  });
});
