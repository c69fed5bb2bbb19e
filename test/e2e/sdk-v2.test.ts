/**
 * End-to-end with the 2.x SDK line (`@modelcontextprotocol/client` and `/server` 2.4.0): a real
 * `McpServer` served by `createMcpHandler` over HTTP on 127.0.0.1 (a `node:http` server handing
 * each request to the handler's web-standard `fetch`), a real 2.x `Client` with
 * `attachElicitation`, and a scripted person answering from the queue.
 *
 * SDK 2.4.0 behaviour pinned here:
 * - 2026-07-28 is served by the HTTP entry (`createMcpHandler`) only; a hand-connected `McpServer`
 *   answers `server/discover` with -32601. The client opts in with
 *   `versionNegotiation: { mode: { pin: '2026-07-28' } }`.
 * - A tool returning `inputRequired({ inputRequests: { a, b }, requestState })` makes the client's
 *   driver call the `elicitation/create` handler once per key, in one turn, sharing one abort
 *   signal, then retry the call with `inputResponses` under the same keys and the same
 *   `requestState`. The kit shows the two as ONE round entry.
 * - The 3-argument handler registration receives the embedded params unstripped (`pattern`, a
 *   titled single spelled `anyOf`).
 * - On a 2025-era connection the server's legacy shim (sessionful transport only) sends the same
 *   round as pushed `elicitation/create` requests, concurrently, each with its own id, signal and
 *   `_meta.progressToken`; nothing on that wire ties them together, so they are two single entries.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  createMcpHandler,
  inputRequired,
  type CallToolResult,
  type ElicitRequestFormParams as SdkFormParams,
  type McpHttpHandler,
  McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { afterEach, describe, expect, test } from 'vitest';

import {
  createElicitationQueue,
  initialDraft,
  submitDraft,
  type Draft,
  type ElicitationEntry,
  type ElicitationQueue,
  type ElicitationPrompt,
  type ElicitResult,
} from '../../src/core/index.js';
import { attachElicitation } from '../../src/sdk/index.js';
import { validRequest } from '../fixtures/index.js';

// ---------------------------------------------------------------------------------------------
// The server: tools that ask through 2026-07-28 rounds
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
      color: {
        type: 'string',
        title: 'Colour',
        anyOf: [
          { const: 'teal', title: 'Teal' },
          { const: 'plum', title: 'Plum' },
        ],
      },
      shades: { type: 'integer', minimum: 1, maximum: 5, default: 2 },
    },
    required: ['color'],
  },
};

// SEP-2356's own elicitation example: an image file up to 2 MB.
const photoForm = validRequest('file/photo-required');

const signInUrl = { message: 'Authorise the repository', url: 'https://git.example.com/oauth/authorize?client=kit' };

/** What the tool saw on each call, for assertions. */
interface ServerLog {
  calls: { inputResponses: unknown; requestState: unknown }[];
}

function report(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

function buildServer(log: ServerLog): McpServer {
  const server = new McpServer({ name: 'planner', version: '2.0.0' });
  server.registerTool('plan', { description: 'Asks two questions in one round' }, async (ctx) => {
    const { inputResponses } = ctx.mcpReq;
    log.calls.push({ inputResponses, requestState: ctx.mcpReq.requestState() });
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
  server.registerTool('connect-repo', { description: 'A form and a URL in one round' }, async (ctx) => {
    const { inputResponses } = ctx.mcpReq;
    log.calls.push({ inputResponses, requestState: ctx.mcpReq.requestState() });
    if (inputResponses === undefined) {
      return inputRequired({
        inputRequests: {
          name: inputRequired.elicit(nameForm as SdkFormParams),
          auth: inputRequired.elicitUrl(signInUrl),
        },
      });
    }
    return report({ answers: inputResponses });
  });
  server.registerTool('photo', { description: 'Asks for a file (SEP-2356)' }, async (ctx) => {
    const { inputResponses } = ctx.mcpReq;
    log.calls.push({ inputResponses, requestState: ctx.mcpReq.requestState() });
    if (inputResponses === undefined)
      return inputRequired({ inputRequests: { photo: inputRequired.elicit(photoForm as SdkFormParams) } });
    return report({ answers: inputResponses });
  });
  return server;
}

// ---------------------------------------------------------------------------------------------
// HTTP on 127.0.0.1: node:http in front of the handler's web-standard fetch
// ---------------------------------------------------------------------------------------------

interface Served {
  url: URL;
  close(): Promise<void>;
}

/** Serves `fetch` (a web-standard handler) on 127.0.0.1; `onClose` runs before the socket closes. */
async function serve(fetch: (request: Request) => Promise<Response>, onClose: () => Promise<void>): Promise<Served> {
  const http: HttpServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const aborted = new AbortController();
      res.on('close', () => aborted.abort());
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(key, value);
        else if (Array.isArray(value)) for (const item of value) headers.append(key, item);
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers,
        signal: aborted.signal,
        ...(hasBody && { body: Buffer.concat(chunks) }),
      });
      fetch(request)
        .then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          const reader = response.body?.getReader();
          // Streams SSE as it comes; ends when the handler closes the body.
          for (let part = await reader?.read(); part !== undefined && !part.done; part = await reader?.read())
            res.write(part.value);
          res.end();
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
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    close: async () => {
      await onClose();
      http.closeAllConnections();
      await new Promise<void>((resolve, reject) => http.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The person
// ---------------------------------------------------------------------------------------------

function fillPrompt(prompt: ElicitationPrompt, typed: Draft): ElicitResult {
  if (prompt.mode === 'url') return { action: 'accept' };
  if (prompt.mode !== 'form') throw new Error('expected a form or URL prompt');
  const schema = prompt.request.requestedSchema;
  const submitted = submitDraft(schema, { ...initialDraft(schema), ...typed });
  if (!submitted.ok) throw new Error(`the person made a mistake: ${JSON.stringify(submitted.errors)}`);
  return submitted.result;
}

/** Answers each new pending entry once: rounds key by key, singles alone. */
function person(queue: ElicitationQueue, typed: Record<string, Draft>): ElicitationEntry[] {
  const seen: ElicitationEntry[] = [];
  const handled = new Set<string>();
  const look = () => {
    for (const entry of queue.getSnapshot().entries) {
      if (entry.status !== 'pending' || handled.has(entry.id)) continue;
      handled.add(entry.id);
      seen.push(entry);
      if (entry.kind === 'round') {
        const results = Object.fromEntries(
          entry.prompts.map((prompt) => [prompt.key, fillPrompt(prompt, typed[prompt.key] ?? {})]),
        );
        expect(queue.respondRound(entry.id, results)).toBe('answered');
      } else {
        const key = entry.prompt.mode === 'invalid' ? '' : entry.prompt.request.message;
        expect(queue.respond(entry.id, fillPrompt(entry.prompt, typed[key] ?? {}))).toBe('answered');
      }
    }
  };
  queue.subscribe(look);
  return seen;
}

/** Resolves when the snapshot satisfies `predicate` (checked on every change; no polling). */
function when(queue: ElicitationQueue, predicate: (queue: ElicitationQueue) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const stop = queue.subscribe(() => {
      if (predicate(queue)) {
        stop();
        resolve();
      }
    });
  });
}

function textOf(result: unknown): unknown {
  const [block] = (result as CallToolResult).content;
  if (block?.type !== 'text') throw new Error('expected one text block');
  return JSON.parse(block.text);
}

// ---------------------------------------------------------------------------------------------

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

/**
 * `modern`: `createMcpHandler` (2026-07-28, per-request servers). `legacy`: one `McpServer` on a
 * sessionful `WebStandardStreamableHTTPServerTransport`, the 2.x wiring that can push requests to a
 * 2025-era client (the handler's stateless legacy fallback cannot: a tool asking for input there
 * fails with "per-request legacy serving cannot receive server-to-client requests").
 */
async function serveServer(era: 'modern' | 'legacy', log: ServerLog): Promise<Served> {
  if (era === 'modern') {
    const handler: McpHttpHandler = createMcpHandler(() => buildServer(log));
    return serve(
      (request) => handler.fetch(request),
      () => handler.close(),
    );
  }
  const server = buildServer(log);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await server.connect(transport);
  return serve(
    (request) => transport.handleRequest(request),
    () => server.close(),
  );
}

async function setUp(era: 'modern' | 'legacy') {
  const log: ServerLog = { calls: [] };
  const served = await serveServer(era, log);
  open.push(served.close);
  const queue = createElicitationQueue();
  const client = new Client(
    { name: 'kit-host', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  attachElicitation(client, queue);
  await client.connect(new StreamableHTTPClientTransport(served.url));
  open.push(() => client.close());
  return { log, queue, client };
}

describe('given a 2026-07-28 server (SDK 2.4.0) and a 2.x client', () => {
  test('the connection is 2026-07-28 and the server is named from its serverInfo', async () => {
    const { client } = await setUp('modern');
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getServerVersion()?.name).toBe('planner');
  });

  test('a round with TWO elicitations is one entry; the tool returns exactly the combined answers', async () => {
    const { queue, client, log } = await setUp('modern');
    const seen = person(queue, { name: { name: 'kit-demo' }, color: { color: 'plum' } });
    const result = await client.callTool({ name: 'plan', arguments: {} });

    expect(textOf(result)).toStrictEqual({
      answers: {
        name: { action: 'accept', content: { name: 'kit-demo' } },
        color: { action: 'accept', content: { color: 'plum', shades: 2 } },
      },
      state: 'round-1',
    });
    expect(log.calls.map((call) => call.requestState)).toStrictEqual([undefined, 'round-1']);
    expect(seen).toHaveLength(1);
    const [entry] = seen;
    expect(entry?.kind).toBe('round');
    expect(entry?.server).toStrictEqual({ name: 'planner' });
    // Both prompts, keyed as the server keyed them, with the schema as sent (pattern, anyOf kept).
    expect(entry?.kind === 'round' && entry.prompts).toStrictEqual([
      { key: 'name', mode: 'form', request: { ...nameForm, mode: 'form' } },
      { key: 'color', mode: 'form', request: { ...colorForm, mode: 'form' } },
    ]);
    expect(queue.getSnapshot()).toStrictEqual({ entries: [], notices: [] });
  });

  test('declining the whole round sends decline under every key', async () => {
    const { queue, client } = await setUp('modern');
    const round = when(queue, (q) => q.getSnapshot().entries.length === 1);
    const call = client.callTool({ name: 'plan', arguments: {} });
    await round;
    const [entry] = queue.getSnapshot().entries;
    expect(queue.respond(entry?.id ?? '', { action: 'decline' })).toBe('answered');
    expect(textOf(await call)).toStrictEqual({
      answers: { name: { action: 'decline' }, color: { action: 'decline' } },
      state: 'round-1',
    });
  });

  test('a form and a URL in one round: accept on the URL is consent and leaves no waiting entry', async () => {
    const { queue, client } = await setUp('modern');
    const seen = person(queue, { name: { name: 'repo-x' } });
    const result = await client.callTool({ name: 'connect-repo', arguments: {} });
    expect(textOf(result)).toStrictEqual({
      answers: { name: { action: 'accept', content: { name: 'repo-x' } }, auth: { action: 'accept' } },
    });
    const [entry] = seen;
    expect(entry?.kind === 'round' && entry.prompts.map((prompt) => [prompt.key, prompt.mode])).toStrictEqual([
      ['name', 'form'],
      ['auth', 'url'],
    ]);
    expect(entry?.kind === 'round' && entry.prompts[1]?.request).toStrictEqual({ ...signInUrl, mode: 'url' });
    expect(queue.getSnapshot().entries).toStrictEqual([]);
  });

  test('when the caller aborts the call, the round entry goes, a notice stays, and no retry is sent', async () => {
    const { queue, client, log } = await setUp('modern');
    const controller = new AbortController();
    const round = when(queue, (q) => q.getSnapshot().entries.length === 1);
    const call = client.callTool({ name: 'plan', arguments: {} }, { signal: controller.signal });
    await round;
    controller.abort(new Error('host navigated away'));
    await expect(call).rejects.toThrow('host navigated away');
    expect(queue.getSnapshot().entries).toStrictEqual([]);
    expect(
      queue.getSnapshot().notices.map((notice) => [notice.reason, notice.entry.kind, notice.server.name]),
    ).toStrictEqual([['aborted', 'round', 'planner']]);
    expect(log.calls).toHaveLength(1);
  });
});

describe('given the same server and a 2.x client on the 2025 era (default negotiation)', () => {
  test('the legacy shim pushes the round as two concurrent single requests; answered, the tool completes', async () => {
    const { queue, client, log } = await setUp('legacy');
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    // Both requests are pending at the same time (the shim sends them together), as two single
    // entries: on the 2025 wire nothing tells the client they belong together.
    const both = when(queue, (q) => q.getSnapshot().entries.length === 2);
    const call = client.callTool({ name: 'plan', arguments: {} });
    await both;
    const entries = queue.getSnapshot().entries;
    expect(entries.map((entry) => entry.kind === 'single' && [entry.prompt.mode, entry.prompt.request])).toStrictEqual([
      ['form', { ...nameForm, mode: 'form', _meta: { progressToken: 0 } }],
      ['form', { ...colorForm, mode: 'form', _meta: { progressToken: 1 } }],
    ]);
    // Answered in the other order: each answer still goes to its own request.
    const [first, second] = entries;
    if (first?.kind !== 'single' || second?.kind !== 'single') throw new Error('expected two single entries');
    expect(queue.respond(second.id, fillPrompt(second.prompt, { color: 'teal' }))).toBe('answered');
    expect(queue.respond(first.id, fillPrompt(first.prompt, { name: 'legacy-kit' }))).toBe('answered');
    expect(textOf(await call)).toStrictEqual({
      answers: {
        name: { action: 'accept', content: { name: 'legacy-kit' } },
        color: { action: 'accept', content: { color: 'teal', shades: 2 } },
      },
      state: 'round-1',
    });
    expect(log.calls.map((call) => call.requestState)).toStrictEqual([undefined, 'round-1']);
  });
});

describe('given a server that asks for a file (SEP-2356 x-mcp-file)', () => {
  // SEP-2356's own 1×1 PNG, as the file picker encodes it.
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNkYGBgAAAABQABWaDDsAAAAABJRU5ErkJggg==';

  test.each(['modern', 'legacy'] as const)(
    '%s era: the kit reads the request unstripped, and the data: URI reaches the SDK 2.4 server as sent',
    async (era) => {
      const { queue, client } = await setUp(era);
      const asked = when(queue, (q) => q.getSnapshot().entries.length === 1);
      const call = client.callTool({ name: 'photo', arguments: {} });
      await asked;
      const [entry] = queue.getSnapshot().entries;
      const prompt = entry?.kind === 'round' ? entry.prompts[0] : entry?.prompt;
      if (prompt?.mode !== 'form') throw new Error('expected a form');
      // The handler saw the keyword: core reads a file field.
      expect(prompt.request.requestedSchema.properties['photo']).toStrictEqual(
        photoForm.requestedSchema.properties['photo'],
      );
      const answer = fillPrompt(prompt, { photo: png });
      if (entry?.kind === 'round') expect(queue.respondRound(entry.id, { photo: answer })).toBe('answered');
      else expect(queue.respond(entry?.id ?? '', answer)).toBe('answered');
      expect(textOf(await call)).toStrictEqual({
        answers: { photo: { action: 'accept', content: { photo: png } } },
      });
    },
  );

  test("the SDK 2.4 server's own validator (its default, Ajv) takes the schema with x-mcp-file and accepts the answer", () => {
    const check = new AjvJsonSchemaValidator().getValidator(photoForm.requestedSchema);
    expect(check({ photo: png }).valid).toBe(true);
    // It does check: a value that is no URI is refused.
    expect(check({ photo: 'me.png' })).toMatchObject({
      valid: false,
      errorMessage: 'data/photo must match format "uri"',
    });
  });
});
