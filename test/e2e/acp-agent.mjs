/**
 * A real ACP agent for `acp-host.test.ts`, built with `@agentclientprotocol/sdk` and served over this process's
 * stdio (ndjson). Each prompt names a scenario; the agent asks the client what the scenario asks, checks the exact
 * answer it expects with `node:assert`, and reports `{ ok, outcome }` as its message text. The extension request
 * `_mek/end_tool_call` makes it report a tool call as completed (`tool_call_update`), as an agent does when the
 * tool it was running returns. A `session/cancel` cancels the turn's request with `$/cancel_request`.
 */
import { deepStrictEqual } from 'node:assert';
import { Readable, Writable } from 'node:stream';

import * as acp from '@agentclientprotocol/sdk';

const SESSION = 'sess_1';

const deploy = {
  mode: 'form',
  message: 'Deploy settings?',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Service name', minLength: 3 },
      replicas: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 9, default: 2 },
    },
    required: ['name'],
  },
};

const channels = {
  mode: 'form',
  message: 'Where should I report?',
  requestedSchema: {
    type: 'object',
    properties: {
      notify: {
        type: 'array',
        title: 'Channels',
        items: {
          anyOf: [
            { const: 'mail', title: 'Email' },
            { const: 'chat', title: 'Chat' },
            { const: 'page', title: 'Pager' },
          ],
        },
      },
    },
    required: ['notify'],
  },
};

/** Per scenario: the request (scoped to the session and a tool call) and the exact outcome expected. */
function scenario(name, linkUrl) {
  switch (name) {
    case 'form':
      return {
        params: { ...deploy, toolCallId: 'call_1' },
        expected: { result: { action: 'accept', content: { name: 'billing', replicas: 4 } } },
      };
    case 'multi':
      return {
        params: { ...channels, toolCallId: 'call_2' },
        expected: { result: { action: 'accept', content: { notify: ['mail', 'chat'] } } },
      };
    case 'url':
      return {
        params: {
          mode: 'url',
          message: 'Connect your account.',
          url: linkUrl,
          elicitationId: 'link-1',
          toolCallId: 'call_3',
        },
        expected: { result: { action: 'accept' } },
        complete: 'link-1',
      };
    case 'decline':
      return { params: { ...deploy, toolCallId: 'call_4' }, expected: { result: { action: 'decline' } } };
    case 'cancel':
      return { params: { ...deploy, toolCallId: 'call_5' }, expected: { result: { action: 'cancel' } } };
    case 'session-cancel':
      return {
        params: { ...deploy, toolCallId: 'call_7' },
        expected: { error: { code: -32800, message: 'Request cancelled' } },
      };
    case 'withdrawn':
      return {
        params: { ...deploy, toolCallId: 'call_6' },
        expected: { error: { code: -32800, message: 'Request cancelled: its tool call ended' } },
      };
    default:
      throw new Error(`unknown scenario ${name}`);
  }
}

let declared;
/** Aborted by `session/cancel`: the agent cancels what it asked in the turn (ACP v1, "Cancellation": cascade). */
let turn = new AbortController();
/** The client's context of this connection (set on connect). */
let client;

const agent = acp
  .agent({ name: 'mek test agent' })
  .onConnect((connection) => {
    client = connection.client;
  })
  .onRequest('initialize', ({ params }) => {
    declared = params.clientCapabilities?.elicitation;
    return {
      protocolVersion: acp.PROTOCOL_VERSION,
      agentCapabilities: {},
      agentInfo: { name: 'Refactor agent', version: '1.0.0' },
    };
  })
  .onRequest('session/new', () => ({ sessionId: SESSION }))
  .onNotification('session/cancel', () => {
    turn.abort();
  })
  .onRequest(
    '_mek/end_tool_call',
    (params) => params,
    async ({ params }) => {
      await client.notify('session/update', {
        sessionId: SESSION,
        update: { sessionUpdate: 'tool_call_update', toolCallId: params.toolCallId, status: 'completed' },
      });
      return {};
    },
  )
  .onRequest('session/prompt', async ({ params }) => {
    const [block] = params.prompt;
    const { name, linkUrl } = JSON.parse(block.text);
    if (name === 'capabilities') {
      await say({ ok: true, outcome: declared });
      return { stopReason: 'end_turn' };
    }
    const { params: request, expected, complete } = scenario(name, linkUrl);
    await client.notify('session/update', {
      sessionId: SESSION,
      update: {
        sessionUpdate: 'tool_call',
        toolCallId: request.toolCallId,
        title: `Scenario ${name}`,
        status: 'in_progress',
      },
    });
    turn = new AbortController();
    const outcome = await client
      .request('elicitation/create', { ...request, sessionId: SESSION }, { cancellationSignal: turn.signal })
      .then(
        (result) => ({ result }),
        (error) => ({ error: { code: error.code, message: error.message } }),
      );
    let ok = true;
    try {
      deepStrictEqual(outcome, expected);
    } catch {
      ok = false;
    }
    if (complete !== undefined) await client.notify('elicitation/complete', { elicitationId: complete });
    await say({ ok, outcome });
    return { stopReason: turn.signal.aborted ? 'cancelled' : 'end_turn' };
  });

async function say(report) {
  await client.notify('session/update', {
    sessionId: SESSION,
    update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: JSON.stringify(report) } },
  });
}

const connection = agent.connect(acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
await connection.closed;
