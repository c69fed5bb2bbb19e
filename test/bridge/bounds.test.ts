/**
 * Bounded per principal: request-id memory within a byte budget, a cap on event streams, events that carry
 * changes instead of the whole view, a read deadline for bodies, and 400 for a body of any depth.
 */
import { createHash } from 'node:crypto';

import { afterEach, describe, expect, test, vi } from 'vitest';

import { createElicitationBridge, type ElicitationBridge } from '../../src/bridge/index.js';
import { createIdempotencyLedger, sha256, SYNC_HASH_LIMIT_BYTES } from '../../src/bridge/ledger.js';
import { authorize, command, ENDPOINT, formRequest, ORIGIN, seen } from './helpers.js';

const bridges: ElicitationBridge[] = [];
function newBridge(options: Partial<Parameters<typeof createElicitationBridge>[0]> = {}): ElicitationBridge {
  const bridge = createElicitationBridge({ authorize, allowedOrigins: [ORIGIN], heartbeatMs: 60_000, ...options });
  bridges.push(bridge);
  return bridge;
}
afterEach(() => {
  for (const bridge of bridges.splice(0)) bridge.close();
});

const origin = { server: { name: 'weather', id: 'weather' } };

/** A GET stream read as raw text, one SSE block at a time (`retry` and comments included). */
async function rawStream(bridge: ElicitationBridge, principal: string) {
  const aborted = new AbortController();
  const response = await bridge.handle(
    new Request(ENDPOINT, {
      headers: { authorization: `Bearer ${principal}`, 'x-mcp-elicit': '1' },
      signal: aborted.signal,
    }),
  );
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    /** The next block that carries data, as sent; `undefined` once the stream ended. */
    async next(): Promise<string | undefined> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end + 2);
          buffer = buffer.slice(end + 2);
          if (block.includes('data: ')) return block;
          continue;
        }
        const { done, value } = await reader.read();
        if (done) return undefined;
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close() {
      aborted.abort();
      void reader.cancel().catch(() => undefined);
    },
  };
}

describe('given commands hashed for retries', () => {
  const expected = (text: string) => createHash('sha256').update(text).digest('base64url');

  test('a command up to 4 KiB is hashed on the event loop, a longer one with Web Crypto, to the same SHA-256', async () => {
    const digest = vi.spyOn(globalThis.crypto.subtle, 'digest');
    try {
      const short = `{"type":"respond","result":{"action":"accept","content":{"city":"Zürich"}}}`;
      const edge = 'x'.repeat(SYNC_HASH_LIMIT_BYTES);
      const long = 'x'.repeat(SYNC_HASH_LIMIT_BYTES + 1);
      const hashes = [await sha256(short), await sha256(edge)];
      const webCryptoCalls = digest.mock.calls.length;
      expect({ hashes, webCryptoCalls, long: await sha256(long), after: digest.mock.calls.length }).toEqual({
        hashes: [expected(short), expected(edge)],
        webCryptoCalls: 0,
        long: expected(long),
        after: 1,
      });
    } finally {
      digest.mockRestore();
    }
  });
});

describe('given request ids made up by the thousand', () => {
  test('the ledger keeps a hash and the outcome per id, 10,000 ids stay within its byte budget', async () => {
    const ledger = createIdempotencyLedger(65_536);
    const outcome = Promise.resolve({ ok: true });
    for (let n = 0; n < 10_000; n += 1) {
      ledger.remember('mallory', `r-${String(n).padStart(5, '0')}`, Promise.resolve('h'.repeat(43)), outcome);
    }
    // 7 characters a id: 2 × 7 + 182 = 196 bytes a record; 334 of them fit in 65,536.
    expect({
      bytes: ledger.bytesOf('mallory'),
      first: ledger.get('mallory', 'r-00000'),
      last: (await ledger.get('mallory', 'r-09999')?.outcome) ?? 'forgotten',
      other: ledger.bytesOf('alice'),
    }).toEqual({ bytes: 334 * 196, first: undefined, last: { ok: true }, other: 0 });
  });

  test('the bridge forgets the oldest ids past maxIdempotencyBytes; a recent one still refuses another command', async () => {
    const bridge = newBridge({ maxIdempotencyBytes: 4_096 });
    const first = await seen(await bridge.handle(command('mallory', { type: 'cancelAll', requestId: 'id-0' })));
    for (let n = 1; n <= 100; n += 1) {
      await bridge.handle(command('mallory', { type: 'cancelAll', serverKey: 'x'.repeat(150), requestId: `id-${n}` }));
    }
    const reusedOld = await seen(
      await bridge.handle(command('mallory', { type: 'dismiss', entryId: 'a.b', requestId: 'id-0' })),
    );
    const reusedNew = await seen(
      await bridge.handle(command('mallory', { type: 'dismiss', entryId: 'a.b', requestId: 'id-100' })),
    );
    expect([first.body, reusedOld.status, reusedOld.body, reusedNew.status]).toEqual([
      '{"count":0}',
      200,
      '{"ok":false}',
      409,
    ]);
  });
});

describe('given more event streams than maxStreamsPerPrincipal', () => {
  test('the oldest is closed with a reason event; another principal keeps its own', async () => {
    const bridge = newBridge({ maxStreamsPerPrincipal: 2 });
    void bridge.queueFor('alice').enqueue(formRequest('Your city?'), origin);
    const bob = await rawStream(bridge, 'bob');
    const oldest = await rawStream(bridge, 'alice');
    await oldest.next();
    const second = await rawStream(bridge, 'alice');
    const third = await rawStream(bridge, 'alice');
    const ending = [await oldest.next(), await oldest.next()];
    const others = [await second.next(), await third.next()].map((block) => block?.includes('Your city?'));
    void bridge.queueFor('bob').enqueue(formRequest('Bob?'), origin);
    const bobs = await bob.next();
    for (const stream of [bob, second, third]) stream.close();
    expect({ ending, others, bob: bobs?.includes('Bob?') }).toEqual({
      ending: ['event: closed\ndata: {"reason":"too-many-streams"}\n\n', undefined],
      others: [true, true],
      bob: true,
    });
  });
});

describe('given 30 pending entries of about 300 KB each', () => {
  test('the first event carries them once; a draft save then streams 1,689 bytes of data, not the view', async () => {
    const bridge = newBridge();
    const queue = bridge.queueFor('alice');
    for (let n = 0; n < 30; n += 1) {
      void queue.enqueue(formRequest(`${String(n).padStart(2, '0')} ${'x'.repeat(300_000)}`), origin);
    }
    const stream = await rawStream(bridge, 'alice');
    const first = (await stream.next()) ?? '';
    const ids = [...first.matchAll(/"id":"([^"]+\.[^"]+)"/g)].map((match) => match[1]);
    const entryId = ids[0] ?? '';
    const saved = await seen(
      await bridge.handle(command('alice', { type: 'saveDraft', entryId, draft: { answer: 'Os' } })),
    );
    const draft = (await stream.next()) ?? '';
    stream.close();
    const data = (block: string) => Buffer.byteLength(/^data: (.*)$/m.exec(block)?.[1] ?? '');
    const expected = {
      entries: ids.map((id) => ({ id })),
      notices: [],
      drafts: { [entryId]: { answer: 'Os' } },
    };
    expect({
      saved: saved.body,
      firstOver9MB: data(first) > 9_000_000,
      draft: JSON.parse(/^data: (.*)$/m.exec(draft)?.[1] ?? 'null') as unknown,
      draftBytes: data(draft),
    }).toEqual({ saved: '{"ok":true}', firstOver9MB: true, draft: expected, draftBytes: 1_689 });
  });
});

describe('given a body that arrives too slowly or nests too deep', () => {
  test('a body still open at bodyTimeoutMs is cut with 408', async () => {
    const bridge = newBridge({ bodyTimeoutMs: 50 });
    // One byte, then nothing, and the body never ends (a slow drip).
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{'));
      },
    });
    const request = new Request(ENDPOINT, {
      method: 'POST',
      headers: {
        authorization: 'Bearer alice',
        origin: ORIGIN,
        'content-type': 'application/json',
        'x-mcp-elicit': '1',
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(await seen(await bridge.handle(request))).toMatchObject({
      status: 408,
      body: '{"error":"The body did not arrive within 50 ms"}',
    });
  });

  test.each([
    [
      'arrays',
      `{"type":"respond","entryId":"a.b","result":{"action":"accept","content":{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}}}`,
    ],
    ['objects', `{"type":"saveDraft","entryId":"a.b","draft":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`],
    ['a round', `{"type":"respondRound","entryId":"a.b","results":${'{"k":'.repeat(17)}1${'}'.repeat(17)}}`],
  ])('a body of deeply nested %s is 400, not 500', async (_kind, body) => {
    const bridge = newBridge({ maxBodyBytes: 200_000 });
    expect(await seen(await bridge.handle(command('alice', body)))).toMatchObject({
      status: 400,
      body: '{"error":"The body nests deeper than 16 levels"}',
    });
  });
});
