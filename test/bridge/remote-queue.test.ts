/**
 * The remote queue against a bridge served by Node's `http` on 127.0.0.1 (`toNodeHandler`), in Node's own
 * `fetch`: answers apply at once and reach the server's queue, a dropped stream comes back with
 * `Last-Event-ID` and what changed meanwhile, and requests cannot be enqueued from the browser side.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';

import {
  createElicitationBridge,
  createRemoteElicitationQueue,
  toNodeHandler,
  type ElicitationBridge,
  type RemoteElicitationQueue,
} from '../../src/bridge/index.js';
import type { ElicitationNotice, ElicitationSnapshot, SingleElicitationEntry } from '../../src/core/index.js';
import { encodeView, type BridgeView, type SentView } from '../../src/bridge/wire.js';
import { authorize, formRequest, untilSnapshot } from './helpers.js';

let bridge: ElicitationBridge;
let server: Server;
let base: string;

beforeAll(async () => {
  bridge = createElicitationBridge({ authorize, allowedOrigins: () => [base], retryMs: 20, heartbeatMs: 60_000 });
  server = createServer(toNodeHandler(bridge));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  bridge.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const messages = (snapshot: ElicitationSnapshot) =>
  snapshot.entries.map((entry) =>
    entry.kind === 'single' && entry.prompt.mode === 'form' ? entry.prompt.request.message : '',
  );

describe('given a remote queue over loopback HTTP', () => {
  test('an answer leaves the page at once and settles the request on the server', async () => {
    const remote = createRemoteElicitationQueue({
      url: `${base}/elicit`,
      headers: { authorization: 'Bearer carol', origin: base },
    });
    const answer = bridge.queueFor('carol').enqueue(formRequest('Your city?'), { server: { name: 'weather' } });
    await untilSnapshot(remote, (snapshot) => snapshot.entries.length === 1);
    const entryId = remote.getSnapshot().entries[0]?.id ?? '';
    const result = { action: 'accept' as const, content: { answer: 'Lima' } };
    const statuses = [
      remote.respond(entryId, { action: 'accept', content: { answer: 7 } }),
      remote.respond(entryId, result),
    ];
    const shownAfter = remote.getSnapshot().entries.length;
    const received = await answer;
    remote.close();
    expect({ statuses, shownAfter, received, again: remote.respond(entryId, result) }).toEqual({
      statuses: ['invalid', 'answered'],
      shownAfter: 0,
      received: result,
      again: 'ignored',
    });
    expect(() => remote.enqueue(formRequest('x'), { server: { name: 'page' } })).toThrow(
      'A remote queue shows requests; they are enqueued on the server (bridge.queueFor)',
    );
  });

  test('17 answers sent one after another ask Web Crypto twice for their requestIds (16 a draw), and each reaches the server', async () => {
    const remote = createRemoteElicitationQueue({
      url: `${base}/elicit`,
      headers: { authorization: 'Bearer ida', origin: base },
    });
    const queue = bridge.queueFor('ida');
    const settled = Array.from({ length: 17 }, (_, n) =>
      queue.enqueue(formRequest(`Question ${n}?`), { server: { name: 'weather' } }),
    );
    await untilSnapshot(remote, (snapshot) => snapshot.entries.length === 17);
    const ids = remote.getSnapshot().entries.map((entry) => entry.id);
    const draws = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const statuses = ids.map((id) => remote.respond(id, { action: 'decline' }));
    const calls = draws.mock.calls.length;
    draws.mockRestore();
    const received = await Promise.all(settled);
    remote.close();
    expect({ statuses: new Set(statuses), calls, received: new Set(received.map((result) => result.action)) }).toEqual({
      statuses: new Set(['answered']),
      calls: 2,
      received: new Set(['decline']),
    });
  });

  test('a dropped stream reconnects with Last-Event-ID and shows what arrived meanwhile, once', async () => {
    const streamHeaders: (string | null)[] = [];
    const recording: typeof fetch = (input, init) => {
      if (init?.method === undefined) streamHeaders.push(new Headers(init?.headers).get('last-event-id'));
      return fetch(input, init);
    };
    const remote = createRemoteElicitationQueue({
      url: `${base}/elicit`,
      headers: { authorization: 'Bearer dave', origin: base },
      fetch: recording,
    });
    const queue = bridge.queueFor('dave');
    void queue.enqueue(formRequest('First?'), { server: { name: 'weather' } });
    await untilSnapshot(remote, (snapshot) => snapshot.entries.length === 1);
    // Every open connection drops (the page's stream among them); two requests arrive meanwhile.
    server.closeAllConnections();
    void queue.enqueue(formRequest('Second?'), { server: { name: 'weather' } });
    void queue.enqueue(formRequest('Third?'), { server: { name: 'weather' } });
    await untilSnapshot(remote, (snapshot) => snapshot.entries.length === 3);
    const shown = messages(remote.getSnapshot());
    remote.close();
    expect({
      shown,
      first: streamHeaders[0],
      resumedWithAnId: typeof streamHeaders[1] === 'string' && streamHeaders[1] !== '',
    }).toEqual({ shown: ['First?', 'Second?', 'Third?'], first: null, resumedWithAnId: true });
  });

  test('an unchanged entry keeps its object when later events carry only changes', async () => {
    const remote = createRemoteElicitationQueue({
      url: `${base}/elicit`,
      headers: { authorization: 'Bearer frank', origin: base },
    });
    const queue = bridge.queueFor('frank');
    void queue.enqueue(formRequest('First?'), { server: { name: 'weather' } });
    await untilSnapshot(remote, (snapshot) => snapshot.entries.length === 1);
    const before = remote.getSnapshot().entries[0];
    void queue.enqueue(formRequest('Second?'), { server: { name: 'weather' } });
    await untilSnapshot(remote, (snapshot) => snapshot.entries.length === 2);
    const after = remote.getSnapshot();
    remote.close();
    expect({ same: after.entries[0] === before, shown: messages(after) }).toEqual({
      same: true,
      shown: ['First?', 'Second?'],
    });
  });
});

describe('given a principal with more remote queues than the bridge keeps streams for', () => {
  test('the oldest queue is told too-many-streams and stops reconnecting; the newest streams on', async () => {
    const capped = createElicitationBridge({
      authorize,
      allowedOrigins: () => [cappedBase],
      maxStreamsPerPrincipal: 1,
      retryMs: 20,
      heartbeatMs: 60_000,
    });
    const http = createServer(toNodeHandler(capped));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const cappedBase = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    let streamsAsked = 0;
    const counting: typeof fetch = (input, init) => {
      if (init?.method === undefined) streamsAsked += 1;
      return fetch(input, init);
    };
    const options = { url: `${cappedBase}/elicit`, headers: { authorization: 'Bearer gina', origin: cappedBase } };
    const oldest = createRemoteElicitationQueue({ ...options, fetch: counting });
    void capped.queueFor('gina').enqueue(formRequest('Your city?'), { server: { name: 'weather' } });
    await untilSnapshot(oldest, (snapshot) => snapshot.entries.length === 1);
    const newest = createRemoteElicitationQueue(options);
    await new Promise<void>((resolve) => {
      const stop = oldest.subscribe(() => {
        if (oldest.closedReason === undefined) return;
        stop();
        resolve();
      });
    });
    await untilSnapshot(newest, (snapshot) => snapshot.entries.length === 1);
    newest.close();
    oldest.close();
    capped.close();
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
    expect({ reason: oldest.closedReason, streamsAsked, kept: messages(oldest.getSnapshot()) }).toEqual({
      reason: 'too-many-streams',
      streamsAsked: 1,
      kept: ['Your city?'],
    });
  });
});

describe('given a bridge that answers `sending` (the instance holding the entry is slow)', () => {
  /**
   * A remote queue whose `fetch` is scripted: the stream carries the views `push` is given (encoded as the
   * bridge encodes them), and every POST answers `outcome`.
   */
  function scripted(outcome: unknown) {
    const encoder = new TextEncoder();
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    let opened: () => void = () => undefined;
    const open = new Promise<void>((resolve) => (opened = resolve));
    let sent: SentView | undefined;
    let counter = 0;
    const posted: unknown[] = [];
    const answer: { release: () => void; gate: Promise<void> } = { release: () => undefined, gate: Promise.resolve() };
    answer.gate = new Promise<void>((resolve) => (answer.release = resolve));
    const scriptedFetch: typeof fetch = async (_input, init) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        await answer.gate;
        return new Response(JSON.stringify(outcome), { headers: { 'content-type': 'application/json' } });
      }
      const body = new ReadableStream<Uint8Array>({
        start(given) {
          controller = given;
          opened();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    };
    const remote = createRemoteElicitationQueue({ url: 'http://127.0.0.1:9/elicit', fetch: scriptedFetch });
    return {
      remote,
      posted,
      release: () => answer.release(),
      async push(view: BridgeView) {
        await open;
        const next = encodeView(view, sent);
        sent = next.sent;
        counter += 1;
        controller?.enqueue(encoder.encode(`id: e-${counter}\ndata: ${JSON.stringify(next.data)}\n\n`));
      },
    };
  }

  const entry: SingleElicitationEntry = {
    id: 'inst-a.1',
    kind: 'single',
    server: { name: 'bank' },
    serverKey: 'bank',
    status: 'pending',
    prompt: { mode: 'form', request: formRequest('Transfer 100 EUR?') },
  };
  const notice: ElicitationNotice = {
    id: 'inst-b.9',
    kind: 'not-sent',
    reason: 'not-sent',
    server: { name: 'bank' },
    serverKey: 'bank',
    entry,
    at: 1,
  };
  const shownStatuses = (remote: RemoteElicitationQueue) => remote.getSnapshot().entries.map((item) => item.status);

  test('the answered entry shows as sending (not as a prompt again), then goes once the stream says it was answered', async () => {
    const { remote, push, release, posted } = scripted({ status: 'sending' });
    await push({ entries: [entry], notices: [], drafts: {} });
    await untilSnapshot(remote, (snapshot) => snapshot.entries.length === 1);
    const told = remote.respond(entry.id, { action: 'decline' });
    const optimistic = shownStatuses(remote);
    release();
    await untilSnapshot(remote, (snapshot) => snapshot.entries[0]?.status === 'sending');
    const afterPost = shownStatuses(remote);
    const again = remote.respond(entry.id, { action: 'accept', content: { answer: 'yes' } });
    await push({ entries: [{ ...entry, status: 'sending' }], notices: [], drafts: {} });
    const fromStream = shownStatuses(remote);
    await push({ entries: [], notices: [], drafts: {} });
    await untilSnapshot(remote, (snapshot) => snapshot.entries.length === 0);
    remote.close();
    expect({ told, optimistic, afterPost, again, fromStream, posted: posted.length }).toEqual({
      told: 'answered',
      optimistic: [],
      afterPost: ['sending'],
      again: 'ignored',
      fromStream: ['sending'],
      posted: 1,
    });
  });

  test('an answer that did not go through brings the prompt back with its not-sent notice', async () => {
    const { remote, push, release } = scripted({ status: 'sending' });
    await push({ entries: [entry], notices: [], drafts: {} });
    await untilSnapshot(remote, (snapshot) => snapshot.entries.length === 1);
    remote.respond(entry.id, { action: 'decline' });
    await push({ entries: [{ ...entry, status: 'sending' }], notices: [], drafts: {} });
    await untilSnapshot(remote, (snapshot) => snapshot.entries[0]?.status === 'sending');
    release();
    await push({ entries: [entry], notices: [notice], drafts: {} });
    await untilSnapshot(remote, (snapshot) => snapshot.notices.length === 1);
    const snapshot = remote.getSnapshot();
    remote.close();
    expect([snapshot.entries.map((item) => [item.id, item.status]), snapshot.notices.map((item) => item.kind)]).toEqual(
      [[[entry.id, 'pending']], ['not-sent']],
    );
  });
});
