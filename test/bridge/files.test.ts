/**
 * SEP-2356 file fields through the bridge: a stored draft never holds file bytes, and the body limit makes room
 * for a file up to the field's `maxSize` unless the host's `maxFileBytes` is lower, which the event stream tells
 * the page (so its picker refuses a larger file first) and a refusal says.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { describe, expect, test } from 'vitest';

import {
  createElicitationBridge,
  createInProcessBroker,
  createRemoteElicitationQueue,
  toNodeHandler,
  type ElicitationBridgeOptions,
} from '../../src/bridge/index.js';
import { authorize, command, openStream, ORIGIN, seen, untilSnapshot } from './helpers.js';

const origin = { server: { name: 'photos', id: 'photos' } };
const photoRequest = (maxSize: number) => ({
  mode: 'form' as const,
  message: 'Please select a profile photo.',
  requestedSchema: {
    type: 'object' as const,
    properties: {
      caption: { type: 'string' as const, title: 'Caption' },
      photo: { type: 'string' as const, format: 'uri' as const, 'x-mcp-file': { accept: ['image/png'], maxSize } },
    },
  },
});
/** A PNG `data:` URI of `bytes` decoded bytes (zeros). */
const pngOf = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes).toString('base64')}`;

async function entryOf(bridge: ReturnType<typeof createElicitationBridge>) {
  const stream = await openStream(bridge, 'alice');
  const entryId = (await stream.next()).entries[0]?.id ?? '';
  return { stream, entryId };
}

describe('given a saved draft of a form with a file field', () => {
  test('the bridge keeps the type and size of the file, never its bytes', async () => {
    const bridge = createElicitationBridge({ authorize, allowedOrigins: [ORIGIN], heartbeatMs: 60_000 });
    void bridge.queueFor('alice').enqueue(photoRequest(1024), origin);
    const { stream, entryId } = await entryOf(bridge);
    const draft = { caption: 'me', photo: pngOf(10) };
    const saved = await seen(await bridge.handle(command('alice', { type: 'saveDraft', entryId, draft })));
    const view = await stream.next();
    stream.close();
    bridge.close();
    expect([saved.body, view.drafts]).toEqual([
      '{"ok":true}',
      { [entryId]: { caption: 'me', photo: 'data:image/png;base64,[10 bytes]' } },
    ]);
  });
});

describe('given an answer that carries a file', () => {
  test('a file up to the field maxSize passes a body limit far below it', async () => {
    const bridge = createElicitationBridge({
      authorize,
      allowedOrigins: [ORIGIN],
      heartbeatMs: 60_000,
      maxBodyBytes: 4096,
    });
    const answer = bridge.queueFor('alice').enqueue(photoRequest(100_000), origin);
    const { stream, entryId } = await entryOf(bridge);
    stream.close();
    const result = { action: 'accept', content: { photo: pngOf(100_000) } };
    const response = await seen(await bridge.handle(command('alice', { type: 'respond', entryId, result })));
    expect(response).toMatchObject({ status: 200, body: '{"status":"answered"}' });
    expect(await answer).toEqual(result);
    bridge.close();
  });

  test('one sent to an instance that does not hold its entry passes the same limit, the room read from the shared view', async () => {
    const broker = createInProcessBroker();
    const options = { authorize, allowedOrigins: [ORIGIN], heartbeatMs: 60_000, maxBodyBytes: 4096, broker };
    const holder = createElicitationBridge(options);
    const other = createElicitationBridge(options);
    const answer = holder.queueFor('alice').enqueue(photoRequest(100_000), origin);
    const { stream, entryId } = await entryOf(other);
    stream.close();
    const result = { action: 'accept', content: { photo: pngOf(100_000) } };
    const response = await seen(await other.handle(command('alice', { type: 'respond', entryId, result })));
    expect([response.status, response.body]).toEqual([200, '{"status":"answered"}']);
    expect(await answer).toEqual(result);
    // Past the room the shared view gives, it is still refused.
    const again = holder.queueFor('alice').enqueue(photoRequest(100_000), origin);
    const next = await entryOf(other);
    next.stream.close();
    const large = { action: 'accept', content: { photo: pngOf(200_000) } };
    const refused = await seen(
      await other.handle(command('alice', { type: 'respond', entryId: next.entryId, result: large })),
    );
    expect(refused.status).toBe(413);
    holder.queueFor('alice').cancelAll('photos');
    await again;
    holder.close();
    other.close();
  });

  test("when the host's maxFileBytes is lower than the field's maxSize, the refusal says so", async () => {
    const bridge = createElicitationBridge({
      authorize,
      allowedOrigins: [ORIGIN],
      heartbeatMs: 60_000,
      maxBodyBytes: 4096,
      maxFileBytes: 10_240,
    });
    void bridge.queueFor('alice').enqueue(photoRequest(2_097_152), origin);
    const { stream, entryId } = await entryOf(bridge);
    stream.close();
    const result = { action: 'accept', content: { photo: pngOf(100_000) } };
    const response = await seen(await bridge.handle(command('alice', { type: 'respond', entryId, result })));
    bridge.close();
    // 4096 + base64 of 10 KiB (13 656) + 512 bytes of room for the data: header.
    expect([response.status, JSON.parse(response.body)]).toEqual([
      413,
      {
        error:
          'The body is larger than 18264 bytes: this app takes files up to 10 KB (maxFileBytes), less than the 2 MB the server accepts',
      },
    ]);
  });

  test('without a pending file field the limit is maxBodyBytes alone', async () => {
    const bridge = createElicitationBridge({
      authorize,
      allowedOrigins: [ORIGIN],
      heartbeatMs: 60_000,
      maxBodyBytes: 4096,
    });
    const response = await seen(
      await bridge.handle(command('alice', { type: 'saveDraft', entryId: 'x', draft: { a: 'b'.repeat(5000) } })),
    );
    bridge.close();
    expect([response.status, JSON.parse(response.body)]).toEqual([
      413,
      { error: 'The body is larger than 4096 bytes' },
    ]);
  });
});

/** A bridge with `options` served by Node's `http` on 127.0.0.1, and a remote queue of `principal` on it. */
async function served(options: Partial<ElicitationBridgeOptions>, principal: string) {
  let base = '';
  const bridge = createElicitationBridge({ authorize, allowedOrigins: () => [base], heartbeatMs: 60_000, ...options });
  const http = createServer(toNodeHandler(bridge));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const remote = createRemoteElicitationQueue({
    url: `${base}/elicit`,
    headers: { authorization: `Bearer ${principal}`, origin: base },
  });
  return {
    bridge,
    remote,
    async close() {
      remote.close();
      bridge.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

describe("given a remote queue on a bridge whose maxFileBytes is lower than a field's maxSize (loopback HTTP)", () => {
  test('the event stream tells the page the limit, before any file is chosen', async () => {
    const { bridge, remote, close } = await served({ maxFileBytes: 10_240 }, 'erin');
    const before = remote.maxFileBytes;
    void bridge.queueFor('erin').enqueue(photoRequest(2_097_152), origin);
    await untilSnapshot(remote, (snapshot) => snapshot.entries.length === 1);
    const after = remote.maxFileBytes;
    await close();
    expect([before, after]).toEqual([undefined, 10_240]);
  });
});

describe('given an answer the bridge refuses as too large (a page that did not know its limit)', () => {
  test('the entry comes back with a not-sent notice in the bridge’s words, the draft kept but the file; a smaller answer settles it', async () => {
    const { bridge, remote, close } = await served({ maxBodyBytes: 4096, maxFileBytes: 10_240 }, 'fay');
    const answer = bridge.queueFor('fay').enqueue(photoRequest(2_097_152), origin);
    await untilSnapshot(remote, (snapshot) => snapshot.entries.length === 1);
    const entryId = remote.getSnapshot().entries[0]?.id ?? '';
    // What ElicitationHost saves as the person fills the form: the file as its type and size.
    remote.saveDraft?.(entryId, { caption: 'me', photo: 'data:image/png;base64,[100000 bytes]' });
    const told = remote.respond(entryId, { action: 'accept', content: { caption: 'me', photo: pngOf(100_000) } });
    const hidden = remote.getSnapshot().entries.length;
    await untilSnapshot(remote, (snapshot) => snapshot.notices.length === 1);
    const { entries, notices } = remote.getSnapshot();
    const [notice] = notices;
    expect({
      told,
      hidden,
      entries: entries.map((entry) => [entry.id, entry.status]),
      notice: notice && {
        ...notice,
        id: notice.id.startsWith('refused.'),
        at: typeof notice.at,
        entry: notice.entry.id,
      },
      draft: remote.getDraft?.(entryId),
    }).toEqual({
      told: 'answered',
      hidden: 0,
      entries: [[entryId, 'pending']],
      notice: {
        id: true,
        kind: 'not-sent',
        reason: 'not-sent',
        server: origin.server,
        serverKey: 'photos',
        entry: entryId,
        at: 'number',
        message: 'This app sends files up to 10 KB: choose a smaller file.',
      },
      // The form starts again from it: the caption kept, the refused file left out (not "lost to a reload").
      draft: { caption: 'me' },
    });
    // Answered again within the limit: the server takes it, and the notice goes with the entry.
    const smaller = { action: 'accept' as const, content: { caption: 'me', photo: pngOf(10_240) } };
    expect(remote.respond(entryId, smaller)).toBe('answered');
    await expect(answer).resolves.toEqual(smaller);
    await untilSnapshot(remote, (snapshot) => snapshot.entries.length === 0 && snapshot.notices.length === 0);
    await close();
  });

  test('its notice is dismissed on the page alone', async () => {
    const { bridge, remote, close } = await served({ maxBodyBytes: 4096, maxFileBytes: 10_240 }, 'gil');
    void bridge.queueFor('gil').enqueue(photoRequest(2_097_152), origin);
    await untilSnapshot(remote, (snapshot) => snapshot.entries.length === 1);
    const entryId = remote.getSnapshot().entries[0]?.id ?? '';
    remote.respond(entryId, { action: 'accept', content: { photo: pngOf(100_000) } });
    await untilSnapshot(remote, (snapshot) => snapshot.notices.length === 1);
    const noticeId = remote.getSnapshot().notices[0]?.id ?? '';
    const dismissed = remote.dismissNotice(noticeId);
    const after = remote.getSnapshot().notices.length;
    const again = remote.dismissNotice(noticeId);
    await close();
    expect([dismissed, after, again]).toEqual([true, 0, false]);
  });
});
