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
 * Exit code: 0 when every call succeeded, 1 otherwise. Everything it logs goes to stdout as one
 * JSON object per line (the suite saves it as `stdout.txt` with `-o`).
 */
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

async function main(argv: readonly string[]): Promise<number> {
  const serverUrl = argv.at(-1);
  if (serverUrl === undefined || !/^https?:\/\//.test(serverUrl)) {
    log('usage', { message: 'usage: conformance-client <serverUrl>', argv: [...argv] });
    return 2;
  }

  const client = new Client({ name: 'mcp-elicit-kit-conformance-client', version: '0.1.0' });
  const queue = createElicitationQueue();
  attachElicitation(client, queue);
  const answerer = answerAsAPerson(queue);

  // The suite announces `http://localhost:<port>/mcp`; talk to the IPv4 loopback literal so the run
  // never depends on how `localhost` resolves (the suite's server listens on every interface).
  const url = new URL(serverUrl);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  await client.connect(new StreamableHTTPClientTransport(url));
  log('connected', { url: url.href, server: client.getServerVersion() ?? null });

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
  }
  answerer.stop();
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
