/**
 * The ACP adapter (`mcp-elicit-kit/acp`) against a real agent app of `@agentclientprotocol/sdk` 2.4.0, linked to
 * the host's client app by the SDK's in-memory stream pair (`client.connect(agent)`): what the agent declares it
 * sees, what reaches the queue, and what the agent receives for each answer, refusal and cancellation.
 */
import * as acp from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, test } from 'vitest';

import * as acpEntry from '../../src/acp/index.js';
import { attachElicitation, elicitationCapabilities } from '../../src/acp/index.js';
import { createElicitationQueue, type ElicitationQueue } from '../../src/core/index.js';
import { person, when } from './scripted-person.js';

const strategyForm = {
  mode: 'form',
  message: 'How should I approach this refactoring?',
  requestedSchema: {
    type: 'object',
    properties: {
      strategy: {
        type: 'string',
        title: 'Strategy',
        oneOf: [
          { const: 'safe', title: 'Conservative' },
          { const: 'fast', title: 'Aggressive' },
        ],
      },
    },
    required: ['strategy'],
  },
};

interface Linked {
  queue: ElicitationQueue;
  /** The agent's way to call the client (its connection's context). */
  client: acp.AgentContext;
  /** What the agent received in `initialize`. */
  initialized: Promise<acp.InitializeRequest>;
  /** `session/update` notifications the host's own handler received. */
  hostUpdates: acp.SessionNotification[];
  host: acp.ClientConnection;
  detach: ReturnType<typeof attachElicitation>;
}

const open: acp.ClientConnection[] = [];
afterEach(() => {
  for (const connection of open.splice(0)) connection.close();
});

/** An agent app and the host's client app, attached to a fresh queue, linked in memory and initialized. */
async function link(
  options: Parameters<typeof attachElicitation>[2] = {},
  modes?: ('form' | 'url')[],
): Promise<Linked> {
  const queue = createElicitationQueue();
  let resolveInit: (request: acp.InitializeRequest) => void = () => {};
  const initialized = new Promise<acp.InitializeRequest>((resolve) => {
    resolveInit = resolve;
  });
  let client: acp.AgentContext | undefined;
  const agent = acp
    .agent({ name: 'test agent' })
    .onConnect((connection) => {
      client = connection.client;
    })
    .onRequest('initialize', ({ params }) => {
      resolveInit(params);
      return { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {} };
    });
  const app = acp.client({ name: 'host' });
  const detach = attachElicitation(app, queue, options);
  const hostUpdates: acp.SessionNotification[] = [];
  // The host's own handler, registered after the kit's, as the adapter asks.
  app.onNotification('session/update', ({ params }) => {
    hostUpdates.push(params);
  });
  const host = app.connect(agent);
  open.push(host);
  await host.agent.request('initialize', {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: elicitationCapabilities({ fs: { readTextFile: false, writeTextFile: false } }, { modes }),
  });
  if (client === undefined) throw new Error('the agent did not connect');
  return { queue, client, initialized, hostUpdates, host, detach };
}

/** What the agent's `elicitation/create` request ends with: the result, or the JSON-RPC error. */
function ask(
  client: acp.AgentContext,
  params: unknown,
  options?: acp.SendRequestOptions,
): Promise<{ result: unknown } | { error: { code: number; message: string } }> {
  return client.request<unknown, unknown>('elicitation/create', params, options).then(
    (result) => ({ result }),
    (error: unknown) => {
      if (!(error instanceof acp.RequestError)) throw error;
      return { error: { code: error.code, message: error.message } };
    },
  );
}

describe('given the mcp-elicit-kit/acp entry', () => {
  test('it exports exactly these runtime names', () => {
    expect(Object.keys(acpEntry).sort()).toStrictEqual(['attachElicitation', 'elicitationCapabilities']);
  });
});

describe('given an ACP client app attached to a queue', () => {
  test('the agent sees explicit form and url objects, or only the declared mode', async () => {
    const both = await link();
    // What the agent's SDK parsed from `initialize` (it adds its own defaults for fs, terminal and auth).
    const seen = (await both.initialized).clientCapabilities;
    expect([seen?.elicitation, seen?.fs]).toStrictEqual([
      { form: {}, url: {} },
      { readTextFile: false, writeTextFile: false },
    ]);
    const formOnly = await link({ modes: ['form'] }, ['form']);
    expect((await formOnly.initialized).clientCapabilities?.elicitation).toStrictEqual({ form: {} });
  });

  test('a session-scoped form reaches the queue with its scope and the agent gets the exact answer', async () => {
    const { queue, client } = await link({ server: { name: 'Refactor agent' } });
    const someone = person(queue, () => ({ action: 'accept', content: { strategy: 'fast' } }));
    const outcome = await ask(client, { ...strategyForm, sessionId: 'sess_1', toolCallId: 'call_7' });
    someone.stop();
    expect(outcome).toStrictEqual({ result: { action: 'accept', content: { strategy: 'fast' } } });
    const [entry] = someone.seen;
    expect(entry?.server).toStrictEqual({
      name: 'Refactor agent',
      scope: { sessionId: 'sess_1', toolCallId: 'call_7' },
    });
    // The queue keeps a scope as given: the adapter's own, checked and frozen.
    expect(Object.isFrozen(entry?.server.scope)).toBe(true);
    // The queue gets the MCP request: the ACP scope fields stay on the entry's server.
    expect(entry?.kind === 'single' && entry.prompt.request).toStrictEqual(strategyForm);
  });

  test('a request-scoped decline, and an unnamed agent, a numeric request id shown as text', async () => {
    const { queue, client } = await link();
    const someone = person(queue, () => ({ action: 'decline' }));
    expect(await ask(client, { ...strategyForm, requestId: 12 })).toStrictEqual({ result: { action: 'decline' } });
    someone.stop();
    expect(someone.seen[0]?.server).toStrictEqual({ name: 'ACP agent', scope: { requestId: '12' } });
    expect(Object.isFrozen(someone.seen[0]?.server.scope)).toBe(true);
  });

  test.each([
    [
      'an undeclared mode',
      { ...strategyForm, mode: 'url', url: 'https://x.test', elicitationId: 'e1', sessionId: 's' },
      'Invalid params: Client does not support URL-mode elicitation requests',
    ],
    [
      'no mode (ACP requires it)',
      { message: 'm', requestedSchema: strategyForm.requestedSchema, sessionId: 's' },
      'Invalid params: mode is required',
    ],
    [
      'an unknown mode',
      { ...strategyForm, mode: '_chat', sessionId: 's' },
      'Invalid params: Client does not support "_chat"-mode elicitation requests',
    ],
    [
      'no scope',
      strategyForm,
      'Invalid params: the request needs one scope: sessionId (with an optional toolCallId), or requestId',
    ],
    [
      'both scopes',
      { ...strategyForm, sessionId: 's', requestId: 1 },
      'Invalid params: the request needs one scope: sessionId (with an optional toolCallId), or requestId',
    ],
    [
      'a tool call outside a session',
      { ...strategyForm, requestId: 1, toolCallId: 't' },
      'Invalid params: the request needs one scope: sessionId (with an optional toolCallId), or requestId',
    ],
    ['a numeric session id', { ...strategyForm, sessionId: 7 }, 'Invalid params: sessionId must be a string'],
    ['params that are not an object', ['form'], 'Invalid params: params must be an object'],
  ])('%s is refused with -32602 and never reaches the queue', async (_name, params, message) => {
    // A form-only host: the kit serves only what it declared.
    const { queue, client } = await link({ modes: ['form'] }, ['form']);
    const seen: unknown[] = [];
    const stop = queue.subscribe(() => seen.push(queue.getSnapshot().entries.length));
    expect(await ask(client, params)).toStrictEqual({ error: { code: -32602, message } });
    stop();
    expect(seen).toStrictEqual([]);
  });

  test('a malformed schema is shown for Decline and Cancel, as for an MCP server', async () => {
    const { queue, client } = await link();
    const someone = person(queue, () => ({ action: 'cancel' }));
    const bad = { mode: 'form', message: 'm', requestedSchema: { type: 'array' }, sessionId: 's' };
    expect(await ask(client, bad)).toStrictEqual({ result: { action: 'cancel' } });
    someone.stop();
    expect(someone.seen[0]?.kind === 'single' && someone.seen[0].prompt.mode).toBe('form');
  });

  test('$/cancel_request withdraws the entry with a notice, and the agent hears -32800', async () => {
    const { queue, client } = await link({ server: { name: 'Refactor agent' } });
    const stop = new AbortController();
    const outcome = ask(client, { ...strategyForm, sessionId: 'sess_1' }, { cancellationSignal: stop.signal });
    await when(queue, (q) => q.getSnapshot().entries.length === 1);
    stop.abort();
    expect(await outcome).toStrictEqual({ error: { code: -32800, message: 'Request cancelled' } });
    expect(queue.getSnapshot().entries).toStrictEqual([]);
    expect(queue.getSnapshot().notices.map((notice) => [notice.reason, notice.server.name])).toStrictEqual([
      ['aborted', 'Refactor agent'],
    ]);
  });

  test('a tool call that ends withdraws its requests only, with a notice; the host still gets the update', async () => {
    const { queue, client, hostUpdates } = await link();
    const ofCall7 = ask(client, { ...strategyForm, sessionId: 'sess_1', toolCallId: 'call_7' });
    const ofCall8 = ask(client, { ...strategyForm, sessionId: 'sess_1', toolCallId: 'call_8' });
    const ofOtherSession = ask(client, { ...strategyForm, sessionId: 'sess_2', toolCallId: 'call_7' });
    await when(queue, (q) => q.getSnapshot().entries.length === 3);
    const ended = {
      sessionId: 'sess_1',
      update: { sessionUpdate: 'tool_call_update' as const, toolCallId: 'call_7', status: 'completed' as const },
    };
    await client.notify('session/update', ended);
    expect(await ofCall7).toStrictEqual({ error: { code: -32800, message: 'Request cancelled: its tool call ended' } });
    expect(hostUpdates).toStrictEqual([ended]);
    const { entries, notices } = queue.getSnapshot();
    expect(entries.map((entry) => entry.server.scope)).toStrictEqual([
      { sessionId: 'sess_1', toolCallId: 'call_8' },
      { sessionId: 'sess_2', toolCallId: 'call_7' },
    ]);
    expect(notices.map((notice) => [notice.reason, notice.entry.server.scope])).toStrictEqual([
      ['aborted', { sessionId: 'sess_1', toolCallId: 'call_7' }],
    ]);
    // In progress is not an end; failed is.
    await client.notify('session/update', {
      ...ended,
      update: { ...ended.update, toolCallId: 'call_8', status: 'in_progress' },
    });
    await client.notify('session/update', { sessionId: 'sess_2', update: { ...ended.update, status: 'failed' } });
    expect(await ofOtherSession).toStrictEqual({
      error: { code: -32800, message: 'Request cancelled: its tool call ended' },
    });
    expect(queue.getSnapshot().entries.map((entry) => entry.server.scope)).toStrictEqual([
      { sessionId: 'sess_1', toolCallId: 'call_8' },
    ]);
    queue.cancelAll();
    expect(await ofCall8).toStrictEqual({
      result: { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'host-closed' } },
    });
  });

  test('URL consent, then elicitation/complete marks it completed; unknown and other attachments ids change nothing', async () => {
    const { queue, client, detach } = await link();
    const url = {
      mode: 'url',
      message: 'Sign in',
      url: 'https://auth.example.com/x',
      elicitationId: 'e-1',
      sessionId: 's',
    };
    const someone = person(queue, () => ({ action: 'accept' }));
    expect(await ask(client, url)).toStrictEqual({ result: { action: 'accept' } });
    someone.stop();
    expect(queue.getSnapshot().entries.map((entry) => entry.status)).toStrictEqual(['consented']);
    await client.notify('elicitation/complete', { elicitationId: 'unknown' });
    expect(queue.getSnapshot().entries.map((entry) => entry.status)).toStrictEqual(['consented']);
    await client.notify('elicitation/complete', { elicitationId: 'e-1' });
    await when(queue, (q) => q.getSnapshot().entries[0]?.status === 'completed');
    expect(queue.getSnapshot().entries.map((entry) => [entry.serverKey, entry.status])).toStrictEqual([
      [detach.serverKey, 'completed'],
    ]);
  });

  test('attaching twice is refused; after detach the agent hears -32603 and nothing reaches the queue', async () => {
    const app = acp.client();
    attachElicitation(app, createElicitationQueue());
    expect(() => attachElicitation(app, createElicitationQueue())).toThrow(
      'attachElicitation was already called on this client; call the function it returned first',
    );
    const { queue, client, detach } = await link();
    detach();
    expect(await ask(client, { ...strategyForm, sessionId: 's' })).toStrictEqual({
      error: { code: -32603, message: 'Internal error: mcp-elicit-kit no longer handles elicitation here' },
    });
    expect(queue.getSnapshot().entries).toStrictEqual([]);
  });
});
