/**
 * How a bridge shows an answer its broker reports `sending` (the instance holding the entry is slow), with
 * the in-process broker and a `route` that holds answers until the test says what became of them: every
 * stream shows the entry as `sending`; `answered` hides it at once; a withdrawn answer brings it back with a
 * `not-sent` notice; and a principal cannot grow its part without bound with made-up ids.
 */
import { describe, expect, test } from 'vitest';

import {
  createElicitationBridge,
  createInProcessBroker,
  type ElicitationBridge,
  type ElicitationBroker,
  type PublishedPart,
} from '../../src/bridge/index.js';
import type { BridgeOutcome } from '../../src/bridge/wire.js';
import { authorize, command, formRequest, nextEvent, openStream, ORIGIN } from './helpers.js';

/** Two bridges on one in-process broker; B's answers for A stay `sending` until `settle` is called. */
function pair() {
  const shared = createInProcessBroker();
  const held: ((outcome: BridgeOutcome) => void)[] = [];
  const parts: (PublishedPart | undefined)[] = [];
  const slow: ElicitationBroker = {
    ...shared,
    publish(principal, instanceId, part) {
      parts.push(part);
      return shared.publish(principal, instanceId, part);
    },
    route(instanceId, principal, sent, later) {
      if ((sent.type !== 'respond' && sent.type !== 'respondRound') || later === undefined) {
        return shared.route(instanceId, principal, sent);
      }
      held.push(later);
      return Promise.resolve({ status: 'sending' });
    },
  };
  const options = { authorize, allowedOrigins: [ORIGIN], heartbeatMs: 60_000 };
  const a: ElicitationBridge = createElicitationBridge({ ...options, broker: shared });
  const b: ElicitationBridge = createElicitationBridge({ ...options, broker: slow });
  return { a, b, held, parts };
}

const origin = { server: { name: 'bank' } };
const answer = (entryId: string) => ({ type: 'respond', entryId, result: { action: 'decline' } });

describe('given an answer its broker reports sending', () => {
  test('every stream shows it as sending; answered, it goes at once, before its holder says so', async () => {
    const { a, b, held } = pair();
    void a.queueFor('alice').enqueue(formRequest('Transfer?'), origin);
    const [onA, onB] = [await openStream(a, 'alice'), await openStream(b, 'alice')];
    const entryId = (await nextEvent(onB, (event) => event.entries.length === 1)).entries[0]?.id ?? '';
    const told = await (await b.handle(command('alice', answer(entryId)))).text();
    const sending = [
      (await nextEvent(onA, (event) => event.entries[0]?.status === 'sending')).entries.map((item) => item.status),
      (await nextEvent(onB, (event) => event.entries[0]?.status === 'sending')).entries.map((item) => item.status),
    ];
    held[0]?.({ status: 'answered' });
    const gone = (await nextEvent(onA, (event) => event.entries.length === 0)).entries;
    const stillHeld = a.queueFor('alice').getSnapshot().entries.length;
    onA.close();
    onB.close();
    a.close();
    b.close();
    expect({ told, sending, gone, stillHeld }).toEqual({
      told: '{"status":"sending"}',
      sending: [['sending'], ['sending']],
      gone: [],
      stillHeld: 1,
    });
  });

  test('withdrawn, it is back as pending with a not-sent notice, which Dismiss removes', async () => {
    const { a, b, held } = pair();
    void a.queueFor('alice').enqueue(formRequest('Transfer?'), origin);
    const stream = await openStream(a, 'alice');
    const entryId = (await nextEvent(stream, (event) => event.entries.length === 1)).entries[0]?.id ?? '';
    await b.handle(command('alice', answer(entryId)));
    await nextEvent(stream, (event) => event.entries[0]?.status === 'sending');
    held[0]?.({ status: 'ignored' });
    const back = await nextEvent(stream, (event) => event.notices.length === 1);
    const notice = back.notices[0];
    const dismissed = await (
      await a.handle(command('alice', { type: 'dismissNotice', noticeId: notice?.id ?? '' }))
    ).text();
    const after = await nextEvent(stream, (event) => event.notices.length === 0);
    stream.close();
    a.close();
    b.close();
    expect({
      back: back.entries.map((item) => [item.id, item.status]),
      notice: [
        notice?.kind,
        notice?.reason,
        notice?.entry.id,
        notice?.entry.status,
        notice?.id.startsWith(b.instanceId),
      ],
      dismissed,
      after: after.entries.map((item) => item.status),
    }).toEqual({
      back: [[entryId, 'pending']],
      notice: ['not-sent', 'not-sent', entryId, 'pending', true],
      dismissed: '{"ok":true}',
      after: ['pending'],
    });
  });

  test('made-up ids sent to a slow instance mark at most 256 answers of one principal', async () => {
    const { b, held, parts } = pair();
    for (let n = 0; n < 300; n += 1) await b.handle(command('mallory', answer(`slow.${n}`)));
    const last = parts.at(-1);
    b.close();
    expect([held.length, last?.sending?.length, last?.entries.length]).toEqual([300, 256, 0]);
  });
});
