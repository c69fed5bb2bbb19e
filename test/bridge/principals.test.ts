/**
 * Two principals on one bridge: every attempt by alice to read, answer, dismiss, draft or cancel bob's
 * entries and notices must fail exactly as the same command on an id that never existed (same status,
 * body and headers), change nothing of bob's, and alice's stream must never carry anything of bob's.
 * Attempts and failures are counted and printed as one JSON line.
 */
import { afterAll, describe, expect, test } from 'vitest';

import { createElicitationBridge } from '../../src/bridge/index.js';
import { authorize, command, formRequest, openStream, ORIGIN, seen } from './helpers.js';

const bridge = createElicitationBridge({ authorize, allowedOrigins: [ORIGIN], heartbeatMs: 60_000 });
afterAll(() => bridge.close());

describe('given alice and bob with entries of every kind', () => {
  test("alice cannot read or touch any of bob's entries, notices or drafts", async () => {
    const bob = bridge.queueFor('bob');
    const settled: unknown[] = [];
    const track = (promise: Promise<unknown>) => void promise.then((result) => settled.push(result));
    const bobServer = { server: { name: 'bank', id: 'bank-of-bob' } };
    track(bob.enqueue(formRequest('Bob: your account number?'), bobServer));
    track(
      bob.enqueueRound(
        { a: formRequest('Bob: round A?'), b: formRequest('Bob: round B?') },
        { server: { name: 'bank', id: 'bank-round' } },
      ),
    );
    track(
      bob.enqueue(
        { mode: 'url', message: 'Bob: sign in', url: 'https://bank.example/login', elicitationId: 'e-1' },
        bobServer,
      ),
    );
    const stopped = new AbortController();
    track(bob.enqueue(formRequest('Bob: stopped?'), { ...bobServer, signal: stopped.signal }));
    stopped.abort();
    const bobStream = await openStream(bridge, 'bob');
    let bobView = await bobStream.next();
    const [form, round, url] = bobView.entries;
    const notice = bobView.notices[0];
    if (form === undefined || round === undefined || url === undefined || notice === undefined) {
      throw new Error('bob has fewer entries than set up');
    }
    // Bob consents to the URL (it waits for completion) and keeps a draft of the form.
    await bridge.handle(command('bob', { type: 'respond', entryId: url.id, result: { action: 'accept' } }));
    await bridge.handle(command('bob', { type: 'saveDraft', entryId: form.id, draft: { answer: '12-34' } }));
    // Two changes, two events: the consent's, then the draft's.
    await bobStream.next();
    bobView = await bobStream.next();
    const bobBefore = bob.getSnapshot();

    void bridge.queueFor('alice').enqueue(formRequest('Alice: your city?'), { server: { name: 'weather' } });
    const aliceStream = await openStream(bridge, 'alice');
    const aliceView = await aliceStream.next();

    // Each command on bob's id, and the same command on an id of the same shape that never existed.
    const missing = `${bridge.instanceId}.000000000000000000000000000`;
    const accept = { action: 'accept', content: { answer: 'alice was here' } };
    const attempts: [string, (id: string) => unknown][] = [
      ['respond form', (id) => ({ type: 'respond', entryId: id, result: accept })],
      ['decline form', (id) => ({ type: 'respond', entryId: id, result: { action: 'decline' } })],
      ['respond round', (id) => ({ type: 'respondRound', entryId: id, results: { a: accept, b: accept } })],
      ['cancel round', (id) => ({ type: 'respond', entryId: id, result: { action: 'cancel' } })],
      ['consent url', (id) => ({ type: 'respond', entryId: id, result: { action: 'accept' } })],
      ['dismiss', (id) => ({ type: 'dismiss', entryId: id })],
      ['dismiss notice', (id) => ({ type: 'dismissNotice', noticeId: id })],
      ['save draft', (id) => ({ type: 'saveDraft', entryId: id, draft: { answer: 'overwrite' } })],
    ];
    const targets = [form.id, round.id, url.id, notice.id, notice.entry.id];
    let tried = 0;
    let failed = 0;
    const differences: string[] = [];
    for (const target of targets) {
      for (const [name, body] of attempts) {
        tried += 1;
        const theirs = await seen(await bridge.handle(command('alice', body(target))));
        const nobody = await seen(await bridge.handle(command('alice', body(missing))));
        const noEffect = theirs.body === '{"status":"ignored"}' || theirs.body === '{"ok":false}';
        if (noEffect && JSON.stringify(theirs) === JSON.stringify(nobody)) failed += 1;
        else differences.push(`${name} on ${target}: ${theirs.body} vs ${nobody.body}`);
      }
    }
    // Cancel-all by bob's server keys, against keys alice has never seen.
    for (const serverKey of ['bank-of-bob', 'bank-round']) {
      tried += 1;
      const theirs = await seen(await bridge.handle(command('alice', { type: 'cancelAll', serverKey })));
      const nobody = await seen(
        await bridge.handle(command('alice', { type: 'cancelAll', serverKey: 'never-seen-key' })),
      );
      if (JSON.stringify(theirs) === JSON.stringify(nobody) && theirs.body === '{"count":0}') failed += 1;
      else differences.push(`cancelAll ${serverKey}: ${theirs.body}`);
    }
    // Reading: alice's stream (with bob's last event id, too) carries nothing of bob's.
    tried += 1;
    const replay = await openStream(bridge, 'alice', bobView.id);
    const replayed = await replay.next();
    replay.close();
    const aliceText = JSON.stringify([aliceView, replayed]);
    if (!aliceText.includes('Bob') && !targets.some((id) => aliceText.includes(id))) failed += 1;
    else differences.push('alice read something of bob');

    // Bob's side, after all of it: nothing settled but the stopped request, the same snapshot, his draft.
    const bobAfter = bob.getSnapshot();
    aliceStream.close();
    bobStream.close();
    console.log(JSON.stringify({ test: 'bridge-principals', attempts: tried, failures: failed }));
    expect({ differences, tried, failed }).toEqual({ differences: [], tried: 43, failed: 43 });
    expect(bobAfter).toBe(bobBefore);
    // Only bob's own doings settled anything: the aborted request (`cancel`) and his URL consent.
    expect(settled).toEqual([
      { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'aborted' } },
      { action: 'accept' },
    ]);
    expect(bobView.drafts).toEqual({ [form.id]: { answer: '12-34' } });
  });
});
