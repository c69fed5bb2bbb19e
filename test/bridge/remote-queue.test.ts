/**
 * The remote queue against a bridge served by Node's `http` on 127.0.0.1 (`toNodeHandler`), in Node's own
 * `fetch`: answers apply at once and reach the server's queue, a dropped stream comes back with
 * `Last-Event-ID` and what changed meanwhile, and requests cannot be enqueued from the browser side.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import {
  createElicitationBridge,
  createRemoteElicitationQueue,
  toNodeHandler,
  type ElicitationBridge,
  type RemoteElicitationQueue,
} from '../../src/bridge/index.js';
import type { ElicitationSnapshot } from '../../src/core/index.js';
import { authorize, formRequest } from './helpers.js';

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

/** Resolves once the queue's snapshot satisfies `ready` (now or after a change). */
function until(queue: RemoteElicitationQueue, ready: (snapshot: ElicitationSnapshot) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (ready(queue.getSnapshot())) return resolve();
    const stop = queue.subscribe(() => {
      if (!ready(queue.getSnapshot())) return;
      stop();
      resolve();
    });
  });
}

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
    await until(remote, (snapshot) => snapshot.entries.length === 1);
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
    await until(remote, (snapshot) => snapshot.entries.length === 1);
    // Every open connection drops (the page's stream among them); two requests arrive meanwhile.
    server.closeAllConnections();
    void queue.enqueue(formRequest('Second?'), { server: { name: 'weather' } });
    void queue.enqueue(formRequest('Third?'), { server: { name: 'weather' } });
    await until(remote, (snapshot) => snapshot.entries.length === 3);
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
    await until(remote, (snapshot) => snapshot.entries.length === 1);
    const before = remote.getSnapshot().entries[0];
    void queue.enqueue(formRequest('Second?'), { server: { name: 'weather' } });
    await until(remote, (snapshot) => snapshot.entries.length === 2);
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
    await until(oldest, (snapshot) => snapshot.entries.length === 1);
    const newest = createRemoteElicitationQueue(options);
    await new Promise<void>((resolve) => {
      const stop = oldest.subscribe(() => {
        if (oldest.closedReason === undefined) return;
        stop();
        resolve();
      });
    });
    await until(newest, (snapshot) => snapshot.entries.length === 1);
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
