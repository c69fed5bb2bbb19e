/**
 * One renderer for two protocols: every elicitation fixture goes once through the MCP adapter (an SDK 1.32 `Client`
 * with `attachElicitation`, over the SDK's in-memory transport, the server side played on the wire) and once
 * through the ACP adapter (an `@agentclientprotocol/sdk` agent app linked in memory to the host's client app). The
 * same scripted person answers both queues: a valid fixture with its first answer's draft, a malformed one with
 * Decline. Both queues must show the same prompt and the same schema reading, and both wires must carry the
 * same answer back.
 */
import * as acp from '@agentclientprotocol/sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { attachElicitation as attachAcp, elicitationCapabilities } from '../../src/acp/index.js';
import {
  createElicitationQueue,
  initialDraft,
  parseRequestedSchema,
  submitDraft,
  type ElicitationEntry,
  type ElicitationQueue,
  type ElicitResult,
} from '../../src/core/index.js';
import { attachElicitation as attachMcp } from '../../src/sdk/index.js';
import { isMalformed, loadFixtures, type Fixture } from '../fixtures/index.js';

const fixtures = loadFixtures().map(({ variant, name, fixture }) => ({ id: `${variant}/${name}`, fixture }));

/** What a person who knows the fixture answers: its first draft with a result, or Decline. */
function answerFor(fixture: Fixture, entry: ElicitationEntry): ElicitResult {
  if (isMalformed(fixture) || entry.kind !== 'single' || entry.prompt.mode !== 'form') return { action: 'decline' };
  const answer = fixture.answers.find((one) => one.result !== undefined);
  if (answer === undefined) return { action: 'decline' };
  const schema = entry.prompt.request.requestedSchema;
  const submitted = submitDraft(schema, { ...initialDraft(schema), ...answer.draft });
  if (!submitted.ok) throw new Error(`the fixture's draft does not submit: ${JSON.stringify(submitted.errors)}`);
  return submitted.result;
}

/** What each side's queue showed: the prompt's mode, its problem if any, and how core reads its schema. */
function shown(entry: ElicitationEntry): unknown {
  if (entry.kind !== 'single') return entry.kind;
  const { prompt } = entry;
  if (prompt.mode === 'invalid') return { mode: 'invalid', problem: prompt.problem.code };
  if (prompt.mode === 'url') return { mode: 'url' };
  return { mode: 'form', reading: parseRequestedSchema(prompt.request.requestedSchema) };
}

/** Answers each new pending entry once, keeping what was shown. */
function answering(queue: ElicitationQueue, fixtureOf: () => Fixture, shownOut: unknown[]): void {
  const done = new Set<string>();
  queue.subscribe(() => {
    for (const entry of queue.getSnapshot().entries) {
      if (entry.status !== 'pending' || done.has(entry.id)) continue;
      done.add(entry.id);
      shownOut.push(shown(entry));
      queue.respond(entry.id, answerFor(fixtureOf(), entry));
    }
  });
}

// ---------------------------------------------------------------------------------------------
// MCP: a 1.x client with the kit's adapter; the server's side of the wire is played here
// ---------------------------------------------------------------------------------------------

let mcpWire: InMemoryTransport;
let mcpClient: Client;
const mcpShown: unknown[] = [];
const pendingMcp = new Map<number, (message: JSONRPCMessage) => void>();
let mcpFixture: Fixture;
let nextId = 100;

async function startMcp(): Promise<void> {
  const queue = createElicitationQueue();
  answering(queue, () => mcpFixture, mcpShown);
  mcpClient = new Client({ name: 'parity host', version: '1.0.0' });
  attachMcp(mcpClient, queue, { server: { name: 'Agent' } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  mcpWire = serverSide;
  serverSide.onmessage = (message) => {
    if ('method' in message && message.method === 'initialize' && 'id' in message) {
      void serverSide.send({
        jsonrpc: '2.0',
        id: message.id,
        result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'Agent', version: '1' } },
      });
    } else if ('id' in message && !('method' in message) && typeof message.id === 'number') {
      pendingMcp.get(message.id)?.(message);
    }
  };
  await serverSide.start();
  await mcpClient.connect(clientSide);
}

/** Sends `params` as a raw `elicitation/create` and resolves with the response's result or error. */
function askMcp(params: unknown): Promise<unknown> {
  nextId += 1;
  const id = nextId;
  return new Promise((resolve) => {
    pendingMcp.set(id, (message) => {
      pendingMcp.delete(id);
      resolve('result' in message ? { result: message.result } : { error: (message as { error: unknown }).error });
    });
    void mcpWire.send({ jsonrpc: '2.0', id, method: 'elicitation/create', params } as JSONRPCMessage);
  });
}

// ---------------------------------------------------------------------------------------------
// ACP: an agent app linked in memory to the host's client app with the kit's adapter
// ---------------------------------------------------------------------------------------------

let acpHost: acp.ClientConnection;
let agentSide: acp.AgentContext;
const acpShown: unknown[] = [];
let acpFixture: Fixture;

async function startAcp(): Promise<void> {
  const queue = createElicitationQueue();
  answering(queue, () => acpFixture, acpShown);
  let client: acp.AgentContext | undefined;
  const agent = acp
    .agent()
    .onConnect((connection) => {
      client = connection.client;
    })
    .onRequest('initialize', () => ({ protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {} }));
  const app = acp.client();
  attachAcp(app, queue, { server: { name: 'Agent' } });
  acpHost = app.connect(agent);
  await acpHost.agent.request('initialize', {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: elicitationCapabilities(),
  });
  if (client === undefined) throw new Error('the agent did not connect');
  agentSide = client;
}

/** The ACP request for the same elicitation: explicit mode, session scope. */
function askAcp(request: object): Promise<unknown> {
  return agentSide
    .request<unknown, unknown>('elicitation/create', { mode: 'form', ...request, sessionId: 'sess_1' })
    .then(
      (result) => ({ result }),
      (error: unknown) => ({ error: { code: (error as acp.RequestError).code, message: (error as Error).message } }),
    );
}

beforeAll(async () => {
  await Promise.all([startMcp(), startAcp()]);
});

afterAll(async () => {
  acpHost.close();
  await mcpClient.close();
});

describe('given every fixture through the MCP adapter and through the ACP adapter', () => {
  test('there are valid and malformed fixtures to compare', () => {
    expect(fixtures.filter(({ fixture }) => isMalformed(fixture)).length).toBeGreaterThan(20);
    expect(fixtures.filter(({ fixture }) => !isMalformed(fixture)).length).toBeGreaterThan(20);
  });

  test.each(fixtures)('$id: the same prompt is shown and the same answer goes back', async ({ fixture }) => {
    mcpFixture = fixture;
    acpFixture = fixture;
    const before = [mcpShown.length, acpShown.length];
    const [overMcp, overAcp] = await Promise.all([askMcp(fixture.request), askAcp(fixture.request)]);
    expect(overAcp).toStrictEqual(overMcp);
    expect(acpShown.slice(before[1])).toStrictEqual(mcpShown.slice(before[0]));
    expect(acpShown.slice(before[1])).toHaveLength(1);
    // The answer is the fixture's own: its first result, or Decline for a malformed request.
    const expected = isMalformed(fixture)
      ? { action: 'decline' }
      : (fixture.answers.find((one) => one.result !== undefined)?.result ?? { action: 'decline' });
    expect(overAcp).toStrictEqual({ result: expected });
  });
});
