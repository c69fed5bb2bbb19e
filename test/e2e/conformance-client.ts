/**
 * An MCP client for the official conformance suite (`@modelcontextprotocol/conformance`), scenario
 * `elicitation-sep1034-client-defaults`. The suite starts its own MCP server and runs
 *
 *     <command> <serverUrl>
 *
 * so the server URL is the LAST argument. This client connects over Streamable HTTP with the SDK 1.x
 * `Client` through the kit's real path: `attachElicitation` routes every elicitation to a
 * `createElicitationQueue()` queue, and an automatic person subscribed to the queue answers each
 * entry. It lists the server's tools and calls every tool that needs no arguments. A form is
 * answered the way a person who opens the kit's form and presses Submit without touching anything
 * would: `submitDraft(schema, initialDraft(schema))`, i.e. the SEP-1034 defaults, pre-filled by the
 * kit, nothing invented. Anything else (a URL, a request the kit cannot show as a form) is declined.
 *
 * `applyDefaults` is not declared (`attachElicitation` declares `form` and `url` only): with it,
 * the SDK client would fill the defaults into `content` itself and the scenario would pass whatever
 * the kit did. Here only the kit fills them.
 *
 * Node 20 cannot run TypeScript, so `test/e2e/conformance.test.ts` first compiles this file and the
 * core it imports with the project's own `typescript` (emit only, `--noCheck`) into a temporary
 * folder under `node_modules/.cache/`, then hands `node <that>/test/e2e/conformance-client.js` to the
 * suite. To run it by hand, do the same (see `compileConformanceClient` in that test).
 *
 * With `MCP_ELICIT_KIT_CONFORMANCE_VIA=bridge` the answers take the bridge instead: the client is attached
 * to `bridge.queueFor(principal)` of a `createElicitationBridge` served by Node's `http` on 127.0.0.1
 * (`toNodeHandler`), and the person answers from a `createRemoteElicitationQueue` on it, so each answer
 * travels as a browser's would: the view over Server-Sent Events, the answer as a POST. Every POST is logged
 * (`bridge-command`) with the bridge's reply.
 *
 * Exit code: 0 when every call succeeded, 1 otherwise. Everything it logs goes to stdout as one
 * JSON object per line (the suite saves it as `stdout.txt` with `-o`).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import {
  createElicitationQueue,
  initialDraft,
  submitDraft,
  type ElicitationPrompt,
  type ElicitationQueue,
  type ElicitResult,
  type RequestedSchema,
} from '../../src/core/index.js';
import { createElicitationBridge, createRemoteElicitationQueue, toNodeHandler } from '../../src/bridge/index.js';
import { attachElicitation } from '../../src/sdk/index.js';

/** One log record per line, so the test can find exact lines in the saved stdout. */
function log(event: string, data: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ event, ...data })}\n`);
}

/** True when a tool's `inputSchema` requires no argument, so `{}` is a valid call. */
function callableWithoutArguments(inputSchema: { required?: unknown }): boolean {
  return !Array.isArray(inputSchema.required) || inputSchema.required.length === 0;
}

/**
 * Control switch for the test only: with `MCP_ELICIT_KIT_CONFORMANCE_EMPTY_DRAFT=1` the form starts
 * empty instead of from `initialDraft`, which must make the scenario fail (proves the pass comes from
 * the kit's pre-filled defaults, not from the SDK or the suite being lenient).
 */
const emptyDraftControl = process.env['MCP_ELICIT_KIT_CONFORMANCE_EMPTY_DRAFT'] === '1';

/** The kit's answer to a form elicitation when the person submits the form as it opened. */
function acceptDefaults(requestedSchema: RequestedSchema): ElicitResult {
  const draft = emptyDraftControl ? {} : initialDraft(requestedSchema);
  const submitted = submitDraft(requestedSchema, draft);
  if (submitted.ok) return submitted.result;
  // The form as opened cannot be submitted (a required field has no default): a person would have
  // to type something. This client has no person, so it cancels, and the scenario reports it.
  log('submit-refused', { errors: submitted.errors });
  return { action: 'cancel' };
}

/** What the person does with one prompt: a form is submitted as it opened; anything else declined. */
function answerPrompt(prompt: ElicitationPrompt): ElicitResult {
  if (prompt.mode === 'form') return acceptDefaults(prompt.request.requestedSchema);
  return { action: 'decline' };
}

/**
 * An automatic person watching the queue: every new pending entry (a single request or a round) is
 * answered once, and logged with the request as the kit received it.
 */
function answerAsAPerson(queue: ElicitationQueue): { stop(): void; count(): number } {
  const handled = new Set<string>();
  let count = 0;
  const look = (): void => {
    for (const entry of queue.getSnapshot().entries) {
      if (entry.status !== 'pending' || handled.has(entry.id)) continue;
      handled.add(entry.id);
      if (entry.kind === 'single') {
        count += 1;
        const result = answerPrompt(entry.prompt);
        const { mode, request } = entry.prompt;
        log('elicitation', { mode, request, result, status: queue.respond(entry.id, result) });
      } else {
        count += entry.prompts.length;
        const results = Object.fromEntries(entry.prompts.map((prompt) => [prompt.key, answerPrompt(prompt)]));
        log('elicitation-round', {
          keys: Object.keys(results),
          results,
          status: queue.respondRound(entry.id, results),
        });
      }
    }
  };
  const stop = queue.subscribe(look);
  look();
  return { stop, count: () => count };
}

/** Where the client puts its elicitations, and where the person answers them (the same queue, or not). */
interface AnswerPath {
  attached: ElicitationQueue;
  answered: ElicitationQueue;
  /** Logged with `connected`. */
  via: Record<string, string>;
  close(): Promise<void>;
}

function directPath(): AnswerPath {
  const queue = createElicitationQueue();
  return { attached: queue, answered: queue, via: { via: 'queue' }, close: async () => undefined };
}

/** A bridge on 127.0.0.1 holding the client's queue, and a remote queue on it signed in as its one principal. */
async function bridgePath(): Promise<AnswerPath> {
  const token = randomBytes(16).toString('hex');
  let origin = '';
  const bridge = createElicitationBridge({
    authorize: (request) => (request.headers.get('authorization') === `Bearer ${token}` ? 'conformance' : null),
    // Known once the server listens, below.
    allowedOrigins: () => [origin],
  });
  const server = createServer(toNodeHandler(bridge));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Logged POSTs still being read: closing waits for them, so every one is logged before `done`.
  const logging = new Set<Promise<void>>();
  const logCommand = async (body: string, response: Response) => {
    const { type, result } = JSON.parse(body) as { type: string; result?: unknown };
    const outcome: unknown = await response.json();
    log('bridge-command', { type, result, status: response.status, outcome });
  };
  // Node's fetch sends no Origin: the remote queue sends the one a page of that origin would.
  const remote = createRemoteElicitationQueue({
    url: `${origin}/elicit`,
    headers: { authorization: `Bearer ${token}`, origin },
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'POST' && typeof init.body === 'string') {
        const logged = logCommand(init.body, response.clone());
        logging.add(logged);
        void logged.finally(() => logging.delete(logged));
      }
      return response;
    },
  });
  return {
    attached: bridge.queueFor('conformance'),
    answered: remote,
    via: { via: 'bridge', bridge: `${origin}/elicit` },
    async close() {
      await Promise.allSettled(logging);
      remote.close();
      bridge.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function main(argv: readonly string[]): Promise<number> {
  const serverUrl = argv.at(-1);
  if (serverUrl === undefined || !/^https?:\/\//.test(serverUrl)) {
    log('usage', { message: 'usage: conformance-client <serverUrl>', argv: [...argv] });
    return 2;
  }

  const client = new Client({ name: 'mcp-elicit-kit-conformance-client', version: '0.1.0' });
  const path = process.env['MCP_ELICIT_KIT_CONFORMANCE_VIA'] === 'bridge' ? await bridgePath() : directPath();
  attachElicitation(client, path.attached);
  const answerer = answerAsAPerson(path.answered);

  // The suite announces `http://localhost:<port>/mcp`; talk to the IPv4 loopback literal so the run
  // never depends on how `localhost` resolves (the suite's server listens on every interface).
  const url = new URL(serverUrl);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  await client.connect(new StreamableHTTPClientTransport(url));
  log('connected', { url: url.href, server: client.getServerVersion() ?? null, ...path.via });

  let failures = 0;
  try {
    const { tools } = await client.listTools();
    log('tools', { names: tools.map((tool) => tool.name) });
    for (const tool of tools) {
      if (!callableWithoutArguments(tool.inputSchema)) {
        log('tool-skipped', { name: tool.name, reason: 'requires arguments' });
        continue;
      }
      const result = await client.callTool({ name: tool.name, arguments: {} });
      if (result.isError === true) failures += 1;
      log('tool-result', { name: tool.name, isError: result.isError === true, content: result.content });
    }
  } finally {
    await client.close();
    answerer.stop();
    await path.close();
  }
  log('done', { elicitations: answerer.count(), failures });
  return failures === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log('error', { message: error instanceof Error ? error.message : String(error) });
    process.exitCode = 1;
  },
);
