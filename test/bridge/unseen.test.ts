/**
 * The page's view tells the bridge what it shows (`markShown` → a `shown` command), so the bridge's queue knows
 * a request was seen: its record carries the time, and `unseenTimeoutMs` spares it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, expect, test } from 'vitest';

import { createElicitationBridge, createRemoteElicitationQueue, toNodeHandler } from '../../src/bridge/index.js';
import type { ElicitationRecord } from '../../src/core/index.js';
import { authorize, formRequest } from './helpers.js';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

test('a request the page marks shown is recorded as shown on the server, once, and an unknown id changes nothing', async () => {
  const records: ElicitationRecord[] = [];
  const bridge = createElicitationBridge({
    authorize,
    allowedOrigins: () => [base],
    heartbeatMs: 60_000,
    queueOptions: { unseenTimeoutMs: 60_000, onSettled: (record) => void records.push(record) },
  });
  const server: Server = createServer(toNodeHandler(bridge));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closers.push(async () => {
    bridge.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  // Every `shown` command's outcome, as the page's fetch receives it.
  const shownOutcomes: unknown[] = [];
  let heard: () => void = () => undefined;
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (typeof body === 'object' && body !== null && 'type' in body && body.type === 'shown') {
      shownOutcomes.push(await response.clone().json());
      heard();
    }
    return response;
  };
  const remote = createRemoteElicitationQueue({
    url: `${base}/elicit`,
    headers: { authorization: 'Bearer erin', origin: base },
    fetch: recording,
  });
  closers.push(() => remote.close());

  const answer = bridge.queueFor('erin').enqueue(formRequest('Your city?'), { server: { name: 'weather' } });
  await new Promise<void>((resolve) => {
    const stop = remote.subscribe(() => {
      if (remote.getSnapshot().entries.length === 0) return;
      stop();
      resolve();
    });
  });
  const [entry] = remote.getSnapshot().entries;
  const landed = new Promise<void>((resolve) => {
    heard = resolve;
  });
  remote.markShown?.(entry?.id ?? '')();
  // Drawn again on the next render: told only once.
  remote.markShown?.(entry?.id ?? '')();
  // Not in view: nothing is sent.
  remote.markShown?.('elsewhere.elicitation-9')();
  await landed;
  expect(remote.respond(entry?.id ?? '', { action: 'accept', content: { answer: 'Lima' } })).toBe('answered');
  expect(await answer).toStrictEqual({ action: 'accept', content: { answer: 'Lima' } });
  expect(shownOutcomes).toStrictEqual([{ ok: true }]);
  expect(
    records.map(({ answeredBy, arrivedAt, firstShownAt, settledAt, actions }) => [
      answeredBy,
      firstShownAt !== null && arrivedAt <= firstShownAt && firstShownAt <= settledAt,
      actions,
    ]),
  ).toStrictEqual([['person', true, ['accept']]]);
});
