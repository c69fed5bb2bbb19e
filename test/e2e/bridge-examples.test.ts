/**
 * The files of `examples/bridge/` (the README's "Server-side MCP clients" code), run as a host runs them:
 * `elicitation.ts` makes an `@ai-sdk/mcp` 2.0.99 client of the demo MCP server (SDK 1.32.2 `McpServer`,
 * Streamable HTTP on 127.0.0.1) attached to `bridge.queueFor(user)`; the bridge is served by `server.ts`
 * (Node's `http`, a free loopback port) or by the Next.js route `app/elicit/route.ts` (its `GET` and `POST`
 * called with Fetch `Request`s); a remote queue in Node, signed in with the `session` cookie, answers. The
 * demo's tools return what the server's `elicitInput` resolved with, so results are what the SERVER received.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { MCPClient } from '@ai-sdk/mcp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { startDemoServer, type DemoServer } from '../../demo/server.js';
import { GET, POST } from '../../examples/bridge/app/elicit/route.js';
import { bridge, mcpClientFor } from '../../examples/bridge/elicitation.js';
import { createAppServer } from '../../examples/bridge/server.js';
import { appOrigins, signIn } from '../../examples/bridge/session.js';
import { createRemoteElicitationQueue, type RemoteElicitationQueue } from '../../src/bridge/index.js';
import { fill, person, when } from './scripted-person.js';

let mcp: DemoServer;
let app: Server;
let base: string;
const closers: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  mcp = await startDemoServer({ name: 'ops desk' });
  app = createAppServer((_request, response) => response.writeHead(404).end());
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  // The app's origins: this server, and the public one the Next.js route is asked through below.
  appOrigins.push(base, 'https://app.example');
});

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  bridge.close();
  app.closeAllConnections();
  await new Promise<void>((resolve) => app.close(() => resolve()));
  await mcp.close();
});

async function clientOf(user: string): Promise<MCPClient> {
  const client = await mcpClientFor(user, mcp.url);
  closers.push(() => client.close());
  return client;
}

function remoteQueue(options: Parameters<typeof createRemoteElicitationQueue>[0]): RemoteElicitationQueue {
  const queue = createRemoteElicitationQueue(options);
  closers.push(() => queue.close());
  return queue;
}

describe('given examples/bridge/server.ts on Node http and the AI SDK client of elicitation.ts', () => {
  test("the user's remote queue answers over loopback HTTP; the MCP server receives exactly those answers", async () => {
    const token = signIn('alice');
    const client = await clientOf('alice');
    // Node's fetch sends no Origin of its own: the remote queue sends the one a browser on this page would.
    const queue = remoteQueue({ url: `${base}/elicit`, headers: { cookie: `session=${token}`, origin: base } });
    const { seen } = person(queue, (entry) =>
      entry.kind === 'single' && entry.prompt.mode === 'form' && entry.prompt.request.message.startsWith('Restart')
        ? fill(entry, { backup: false })
        : { action: 'decline' },
    );

    const confirmed = await client.callTool({ name: 'confirm' });
    const declined = await client.callTool({ name: 'everything' });
    await when(queue, (q) => q.getSnapshot().entries.length === 0);
    const outsider = await fetch(`${base}/elicit`);
    const elsewhere = await fetch(`${base}/other`);

    expect({
      confirmed: confirmed.content,
      declined: declined.content,
      asked: seen.map((entry) => entry.kind === 'single' && [entry.server, entry.prompt.mode]),
      statuses: [outsider.status, elsewhere.status],
    }).toStrictEqual({
      confirmed: [{ type: 'text', text: '{"action":"accept","content":{"backup":false}}' }],
      declined: [{ type: 'text', text: '{"action":"decline"}' }],
      asked: [
        [{ name: 'ops desk' }, 'form'],
        [{ name: 'ops desk' }, 'form'],
      ],
      statuses: [401, 404],
    });
    expect(bridge.queueFor('alice').getSnapshot()).toStrictEqual({ entries: [], notices: [] });
  });
});

describe('given the Next.js route examples/bridge/app/elicit/route.ts and the AI SDK client of elicitation.ts', () => {
  test('a URL-mode request is consented through GET/POST, the opened page completes it, the server gets accept', async () => {
    const token = signIn('bob');
    const client = await clientOf('bob');
    const origin = 'https://app.example';
    // What Next.js does with a request to /elicit: the exported handler of its method, given a Fetch Request.
    const route = (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      return request.method === 'POST' ? POST(request) : GET(request);
    };
    const queue = remoteQueue({
      url: `${origin}/elicit`,
      fetch: route,
      headers: { cookie: `session=${token}`, origin },
    });
    const { seen } = person(queue, () => ({ action: 'accept' }));

    const call = client.callTool({ name: 'open_link' });
    await when(queue, (q) => q.getSnapshot().entries[0]?.status === 'consented');
    const [entry] = seen;
    if (entry?.kind !== 'single' || entry.prompt.mode !== 'url') throw new Error('expected one URL-mode entry');
    const { url, elicitationId } = entry.prompt.request;
    // The person opens the page only now, after consent: the tool then sends elicitation/complete.
    expect(mcp.linkRequests).toStrictEqual([]);
    await fetch(url);
    const result = await call;
    await when(queue, (q) => q.getSnapshot().entries[0]?.status === 'completed');

    expect({ content: result.content, url, linkVisits: mcp.linkRequests.length }).toStrictEqual({
      content: [{ type: 'text', text: `Link completed (${elicitationId}).` }],
      url: `${mcp.linkOrigin}/link/${elicitationId}`,
      linkVisits: 1,
    });
    // Alice's queue never saw Bob's request.
    expect(bridge.queueFor('alice').getSnapshot().entries).toStrictEqual([]);
  });
});
