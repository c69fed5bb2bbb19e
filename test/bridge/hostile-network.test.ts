/**
 * The network is hostile: trust comes from `allowedOrigins`, never from `Host` (DNS rebinding, over real
 * loopback HTTP through `toNodeHandler`), every route needs the custom header, and an answer reaches the
 * MCP server with only the form's own properties and no `_meta` from the browser.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { createElicitationBridge, toNodeHandler, type ElicitationBridge } from '../../src/bridge/index.js';
import type { ElicitResult } from '../../src/core/index.js';
import { authorize, command, formRequest, openStream, ORIGIN } from './helpers.js';

const origin = { server: { name: 'weather', id: 'weather' } };

describe('given a bridge on Node http at 127.0.0.1 whose app origin is that address', () => {
  let bridge: ElicitationBridge;
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    bridge = createElicitationBridge({
      authorize,
      allowedOrigins: () => [`http://127.0.0.1:${port}`],
      heartbeatMs: 60_000,
    });
    server = createServer(toNodeHandler(bridge));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    bridge.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** One request with exactly these headers (fetch may not set `Host`); resolves with status and first bytes. */
  function send(method: string, headers: Record<string, string>, body?: string) {
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const outgoing = httpRequest({ host: '127.0.0.1', port, path: '/elicit', method, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          // A stream never ends: its first event is enough to see what it gave away.
          if (response.statusCode === 200 && method === 'GET' && /^data: .*\n\n/m.test(text)) response.destroy();
        });
        response.on('close', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  test('a rebound name (Host: evil.example) is refused on POST and GET, with or without Origin; the app origin is served', async () => {
    let settled: ElicitResult | undefined;
    void bridge
      .queueFor('alice')
      .enqueue(formRequest('Your PIN?'), origin)
      .then((result) => (settled = result));
    const evil = { host: 'evil.example', authorization: 'Bearer alice', 'x-mcp-elicit': '1' };
    const app = await send('GET', { ...evil, host: `127.0.0.1:${port}` });
    const data = JSON.parse(/^data: (.*)$/m.exec(app.text)?.[1] ?? 'null') as { entries: { id: string }[] };
    const entryId = data.entries[0]?.id ?? '';
    const answer = JSON.stringify({ type: 'respond', entryId, result: { action: 'decline' } });
    const json = { 'content-type': 'application/json' };
    const outcomes = [
      await send('POST', { ...evil, ...json, origin: 'http://evil.example' }, answer),
      await send('GET', { ...evil, origin: 'http://evil.example' }),
      // A same-origin GET carries no Origin: the rebound name in Host is all there is to refuse.
      await send('GET', evil),
      await send('GET', { ...evil, host: `127.0.0.1:${port}`, 'x-mcp-elicit': '' }),
    ];
    expect({
      outcomes,
      settled,
      app: [app.status, app.text.includes('Your PIN?')],
    }).toEqual({
      outcomes: [
        { status: 403, text: '{"error":"This origin may not use the bridge"}' },
        { status: 403, text: '{"error":"This origin may not use the bridge"}' },
        { status: 403, text: '{"error":"This origin may not use the bridge"}' },
        { status: 403, text: '{"error":"A request must carry the header x-mcp-elicit: 1"}' },
      ],
      settled: undefined,
      app: [200, true],
    });
  });
});

describe('given allowedOrigins', () => {
  test('a URL stands for its origin; an opaque origin or a missing list is refused at creation', () => {
    const bridge = createElicitationBridge({ authorize, allowedOrigins: ['https://app.test/some/page'] });
    bridge.close();
    expect(
      [
        () => createElicitationBridge({ authorize, allowedOrigins: ['data:text/html,hi'] }),
        () => createElicitationBridge({ authorize } as unknown as Parameters<typeof createElicitationBridge>[0]),
      ].map((make) => {
        try {
          make().close();
          return 'made';
        } catch (error) {
          return (error as Error).message;
        }
      }),
    ).toEqual(['allowedOrigins: data:text/html,hi has no origin', "allowedOrigins must list the app's public origins"]);
  });
});

describe('given answers carrying more than the form asked for', () => {
  test('properties the schema does not define and a 60 KB _meta never reach the queue', async () => {
    const bridge = createElicitationBridge({ authorize, allowedOrigins: [ORIGIN], heartbeatMs: 60_000 });
    const queue = bridge.queueFor('alice');
    const accepted = queue.enqueue(formRequest('Your city?'), origin);
    const declined = queue.enqueue(formRequest('Your street?'), origin);
    const stream = await openStream(bridge, 'alice');
    let view = await stream.next();
    while (view.entries.length < 2) view = await stream.next();
    stream.close();
    const [first, second] = view.entries.map((entry) => entry.id);
    const _meta = { 'evil.example/blob': 'x'.repeat(60_000), 'mcp-elicit-kit/reason': 'host-closed' };
    const content = { answer: 'Oslo', isAdmin: true, __proto__: 'x', note: 'not in the form' };
    const statuses = [
      await bridge.handle(
        command(
          'alice',
          JSON.stringify({ type: 'respond', entryId: first, result: { action: 'accept', content, _meta } }),
        ),
      ),
      await bridge.handle(command('alice', { type: 'respond', entryId: second, result: { action: 'decline', _meta } })),
    ].map((response) => response.status);
    bridge.close();
    expect({ statuses, accepted: await accepted, declined: await declined }).toStrictEqual({
      statuses: [200, 200],
      accepted: { action: 'accept', content: { answer: 'Oslo' } },
      declined: { action: 'decline' },
    });
  });

  test("a round's answers are reduced each by its own form", async () => {
    const bridge = createElicitationBridge({ authorize, allowedOrigins: [ORIGIN], heartbeatMs: 60_000 });
    const round = bridge.queueFor('alice').enqueueRound({ a: formRequest('City?'), b: formRequest('Street?') }, origin);
    const stream = await openStream(bridge, 'alice');
    const entryId = (await stream.next()).entries[0]?.id ?? '';
    stream.close();
    const _meta = { 'evil.example/blob': 'x'.repeat(1_000) };
    const results = {
      a: { action: 'accept', content: { answer: 'Oslo', extra: 'x' }, _meta },
      b: { action: 'decline', _meta },
    };
    const response = await bridge.handle(command('alice', { type: 'respondRound', entryId, results }));
    bridge.close();
    expect({ body: await response.text(), round: await round }).toStrictEqual({
      body: '{"status":"answered"}',
      round: { a: { action: 'accept', content: { answer: 'Oslo' } }, b: { action: 'decline' } },
    });
  });
});
