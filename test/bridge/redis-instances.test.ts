/**
 * Two bridge instances on different loopback ports sharing one real Redis: the MCP client's request lives
 * in one, the person's stream and POST reach the other.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

import type { ElicitResult } from '../../src/core/index.js';
import { formRequest } from './helpers.js';
import { post, startInstance, streamOver, type Instance } from './instances.js';
import { startRedis, type RedisServer } from './redis-server.js';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

const instances: Instance[] = [];
let files = 0;
/** Instances A and B on a key prefix of this test's own. */
async function pair(): Promise<[Instance, Instance]> {
  files += 1;
  const a = await startInstance(redis.url, `pair${files}:`);
  const b = await startInstance(redis.url, `pair${files}:`);
  instances.push(a, b);
  return [a, b];
}
afterEach(async () => {
  await Promise.all(instances.splice(0).map((instance) => instance.close()));
});

const origin = { server: { name: 'weather', id: 'weather' } };
const messages = (event: { entries: { kind: string; prompt?: { request: unknown } }[] }) =>
  event.entries.map((entry) => (entry.prompt?.request as { message?: string } | null)?.message);

describe('given a request held by instance A and a person whose traffic reaches B', () => {
  test("B streams it, B takes the answer, and A's request settles exactly once", async () => {
    const [a, b] = await pair();
    let settled = 0;
    const answer = a.bridge
      .queueFor('alice')
      .enqueue(formRequest('Your city?'), origin)
      .then((result: ElicitResult) => {
        settled += 1;
        return result;
      });
    const stream = await streamOver(b.base, 'alice');
    let first = await stream.next();
    while (first.entries.length === 0) first = await stream.next();
    const entryId = first.entries[0]?.id ?? '';
    const result = { action: 'accept', content: { answer: 'Oslo' } };
    const viaB = await post(b.base, 'alice', { type: 'respond', entryId, result, requestId: 'r1' });
    const after = await stream.next();
    // A retry of the same answer through A (a lost response) is `answered` again; another answer is not.
    const retry = await post(a.base, 'alice', { type: 'respond', entryId, result, requestId: 'r2' });
    const other = { action: 'accept', content: { answer: 'Rome' } };
    const late = await post(b.base, 'alice', { type: 'respond', entryId, result: other, requestId: 'r3' });
    stream.close();
    expect([
      messages(first),
      entryId.startsWith(`${a.bridge.instanceId}.`),
      viaB,
      after.entries,
      retry,
      late,
      await answer,
      settled,
    ]).toEqual([
      ['Your city?'],
      true,
      { status: 200, body: '{"status":"answered"}' },
      [],
      { status: 200, body: '{"status":"answered"}' },
      { status: 200, body: '{"status":"ignored"}' },
      result,
      1,
    ]);
  });

  test('a stream resumed on A with the last event id B sent repeats nothing and misses nothing', async () => {
    const [a, b] = await pair();
    void a.bridge.queueFor('alice').enqueue(formRequest('First?'), origin);
    const onB = await streamOver(b.base, 'alice');
    let seen = await onB.next();
    while (seen.entries.length === 0) seen = await onB.next();
    onB.close();
    // Bob's activity on both instances is counted in his own sequence: alice's ids do not move.
    for (let n = 0; n < 10; n += 1)
      void [a, b][n % 2]?.bridge.queueFor('bob').enqueue(formRequest(`Bob ${n}?`), origin);
    // A sends only views newer than the one B sent, and no part is published again unchanged: the first
    // event after the resume is the one that brings the second request.
    const onA = await streamOver(a.base, 'alice', seen.id);
    void b.bridge.queueFor('alice').enqueue(formRequest('Second?'), origin);
    const resumed = await onA.next();
    onA.close();
    const epoch = seen.id.slice(0, seen.id.lastIndexOf('-'));
    expect([seen.id, messages(seen), resumed.id, messages(resumed)]).toEqual([
      `${epoch}-1`,
      ['First?'],
      `${epoch}-2`,
      ['First?', 'Second?'],
    ]);
  });

  test("once A is gone, its entries leave B's stream and an answer to one of them is ignored", async () => {
    const [a, b] = await pair();
    void a.bridge.queueFor('alice').enqueue(formRequest('Held by A?'), origin);
    void b.bridge.queueFor('alice').enqueue(formRequest('Held by B?'), origin);
    const stream = await streamOver(b.base, 'alice');
    let seen = await stream.next();
    while (seen.entries.length < 2) seen = await stream.next();
    const heldByA = seen.entries.find((entry) => entry.id.startsWith(`${a.bridge.instanceId}.`))?.id ?? '';
    await a.close();
    let after = await stream.next();
    while (after.entries.length > 1) after = await stream.next();
    const result = { action: 'decline' };
    const answered = await post(b.base, 'alice', { type: 'respond', entryId: heldByA, result });
    stream.close();
    expect([messages(after), answered]).toEqual([['Held by B?'], { status: 200, body: '{"status":"ignored"}' }]);
  });
});
