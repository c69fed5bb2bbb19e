/**
 * A 2026-07-28 round through the real UI: an SDK 2.4.0 `McpServer` served by `createMcpHandler` on
 * 127.0.0.1 (a `node:http` bridge to the handler's web-standard `fetch`, with CORS for the page's
 * loopback origin), and the demo host page in Chromium with SDK 2.x clients (`?sdk=2`). The tool
 * answers its first call with `input_required` and two elicitations; the host shows them as ONE set;
 * a person fills both and presses the set's one Accept; the client retries the call with both
 * answers under the server's keys and the same `requestState`, and the tool returns what it got.
 */
import { createMcpHandler, inputRequired, McpServer, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { armed, resultText, serveWebHandler, startHostHarness, type HostHarness } from './host-harness.js';

const nameForm: ElicitRequestFormParams = {
  mode: 'form',
  message: 'What is the release called?',
  requestedSchema: {
    type: 'object',
    properties: { release: { type: 'string', title: 'Release name', minLength: 3 } },
    required: ['release'],
  },
};

const regionForm: ElicitRequestFormParams = {
  mode: 'form',
  message: 'Where should it go first?',
  requestedSchema: {
    type: 'object',
    properties: {
      region: {
        type: 'string',
        title: 'Region',
        oneOf: [
          { const: 'eu', title: 'Europe' },
          { const: 'us', title: 'United States' },
        ],
      },
    },
    required: ['region'],
  },
};

/** The 2.x server: one tool asking two questions in one round. */
function planner(): McpServer {
  const server = new McpServer({ name: 'Release planner', version: '2.0.0' });
  server.registerTool('plan_release', { description: 'Asks two questions in one 2026-07-28 round.' }, async (ctx) => {
    const { inputResponses } = ctx.mcpReq;
    if (inputResponses === undefined) {
      return inputRequired({
        inputRequests: { name: inputRequired.elicit(nameForm), region: inputRequired.elicit(regionForm) },
        requestState: 'plan-1',
      });
    }
    const text = JSON.stringify({ answers: inputResponses, state: ctx.mcpReq.requestState() });
    return { content: [{ type: 'text', text }] };
  });
  return server;
}

let harness: HostHarness;
let serverUrl: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  harness = await startHostHarness([]);
  const handler = createMcpHandler(planner);
  ({ url: serverUrl, stop } = await serveWebHandler(
    (request) => handler.fetch(request),
    () => handler.close(),
  ));
});
afterAll(async () => {
  await harness.close();
  await stop();
});

describe('given a 2026-07-28 server sending a round of two elicitations', () => {
  test('the host shows one set; one Accept sends both answers, keyed; the tool completes with them', async () => {
    const { context, page } = await harness.openPage({ urls: [serverUrl], sdk: 2 });
    const tool = page.getByRole('region', { name: 'Release planner' }).getByRole('region', { name: 'plan_release' });
    await tool.getByRole('button', { name: 'Call plan_release' }).click();

    const set = page.getByRole('group', { name: 'Request from Release planner' });
    await set.waitFor();
    expect(
      await page.getByRole('region', { name: 'Requests from MCP servers' }).getByRole('status').first().textContent(),
    ).toBe('2 pending');
    const first = set.getByRole('group', { name: 'Request 1 of 2 from Release planner' });
    const second = set.getByRole('group', { name: 'Request 2 of 2 from Release planner' });
    await first.getByRole('textbox', { name: 'Release name' }).fill('Aurora');
    // Two short options are segments, whose radio lies over its text.
    await second.getByRole('radio', { name: 'United States', exact: true }).click();
    // One Accept for the set.
    expect(await set.getByRole('button', { name: 'Accept' }).count()).toBe(1);
    await armed(set.getByRole('button', { name: 'Accept' })).click();

    expect(JSON.parse(await resultText(tool))).toStrictEqual({
      answers: {
        name: { action: 'accept', content: { release: 'Aurora' } },
        region: { action: 'accept', content: { region: 'us' } },
      },
      state: 'plan-1',
    });
    await set.waitFor({ state: 'detached' });
    await context.close();
  });
});
