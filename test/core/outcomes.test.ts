// Only a person's Decline is `decline`; every answer the queue gives on its own is `cancel` with its reason
// under `_meta["mcp-elicit-kit/reason"]`, and each settled request is reported once, without content.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  CANCEL_REASONS,
  REASON_META_KEY,
  createElicitationQueue,
  type ElicitationQueue,
  type ElicitationRecord,
} from '../../src/core/index.js';
import type { ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult } from '../../src/core/types.js';

const form: ElicitRequestFormParams = {
  message: 'Age?',
  requestedSchema: { type: 'object', properties: { age: { type: 'integer' } } },
};
const link: ElicitRequestURLParams = {
  mode: 'url',
  message: 'Sign in',
  url: 'https://example.com/sign-in',
  elicitationId: 'e-1',
};
const server = { name: 'S' };
const START = 1_000_000;

function kitCancel(reason: string): ElicitResult {
  return { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': reason } };
}

function track<T>(promise: Promise<T>): { values: T[] } {
  const seen: { values: T[] } = { values: [] };
  void promise.then((value) => seen.values.push(value));
  return seen;
}

function idOf(queue: ElicitationQueue, message: string): string {
  const entry = queue
    .getSnapshot()
    .entries.find(
      (item) => item.kind === 'single' && item.prompt.mode !== 'invalid' && item.prompt.request.message === message,
    );
  if (entry === undefined) throw new Error(`no entry ${message}`);
  return entry.id;
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

test('the reasons and their key are the documented ones', () => {
  expect(REASON_META_KEY).toBe('mcp-elicit-kit/reason');
  expect(CANCEL_REASONS).toEqual(['not-shown', 'host-closed', 'refused', 'deadline', 'aborted']);
});

describe('given every way a request can end', () => {
  test('only the person’s Decline answers decline; every other path is cancel with its reason', async () => {
    const records: ElicitationRecord[] = [];
    const queue = createElicitationQueue({
      unseenTimeoutMs: 5_000,
      maxEntriesPerServer: 6,
      onSettled: (r) => void records.push(r),
    });
    const controller = new AbortController();
    const ask = (message: string, origin: object = {}) =>
      track(queue.enqueue({ ...form, message }, { server, ...origin }));
    const answers = {
      declined: ask('declined'),
      cancelled: ask('cancelled'),
      aborted: ask('aborted', { signal: controller.signal }),
      deadline: ask('deadline', { deadline: START + 1_000 }),
      unseen: ask('unseen'),
      closed: ask('closed'),
      overflow: ask('overflow'),
      abortedBefore: ask('abortedBefore', { signal: AbortSignal.abort() }),
      lateBefore: ask('lateBefore', { deadline: START }),
      refusedRound: track(queue.enqueueRound({ a: form }, { server, serverKey: 'other', signal: AbortSignal.abort() })),
    };
    const person = (message: string, result: ElicitResult) => {
      const release = queue.markShown?.(idOf(queue, message));
      expect(queue.respond(idOf(queue, message), result)).toBe('answered');
      release?.();
    };
    person('declined', { action: 'decline' });
    person('cancelled', { action: 'cancel' });
    controller.abort('server timeout');
    await vi.advanceTimersByTimeAsync(1_000);
    // Shown once, so the unseen clock spares it; `closed` is shown too, and closed by the host. When that view
    // goes, `unseen` has its full 5 s again.
    queue.markShown?.(idOf(queue, 'closed'))();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(answers.unseen.values).toStrictEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(queue.cancelAll()).toBe(1);
    await vi.advanceTimersByTimeAsync(0);

    expect(Object.fromEntries(Object.entries(answers).map(([key, seen]) => [key, seen.values]))).toStrictEqual({
      declined: [{ action: 'decline' }],
      cancelled: [{ action: 'cancel' }],
      aborted: [kitCancel('aborted')],
      deadline: [kitCancel('deadline')],
      unseen: [kitCancel('not-shown')],
      closed: [kitCancel('host-closed')],
      overflow: [kitCancel('refused')],
      abortedBefore: [kitCancel('aborted')],
      lateBefore: [kitCancel('deadline')],
      refusedRound: [{ a: kitCancel('aborted') }],
    });
    // Each request reported once, in the order it settled, with no content.
    expect(records.map((record) => [record.entryId, record.answeredBy, record.actions, record.reason])).toStrictEqual([
      [null, 'host', ['cancel'], 'refused'],
      [null, 'server', ['cancel'], 'aborted'],
      [null, 'timeout', ['cancel'], 'deadline'],
      [null, 'server', ['cancel'], 'aborted'],
      ['elicitation-1', 'person', ['decline'], undefined],
      ['elicitation-2', 'person', ['cancel'], undefined],
      ['elicitation-3', 'server', ['cancel'], 'aborted'],
      ['elicitation-4', 'timeout', ['cancel'], 'deadline'],
      ['elicitation-5', 'timeout', ['cancel'], 'not-shown'],
      ['elicitation-6', 'host', ['cancel'], 'host-closed'],
    ]);
  });

  test('"Cancel all from …" pressed by the person is a plain cancel; the host closing is host-closed', async () => {
    const queue = createElicitationQueue();
    const byPerson = track(queue.enqueue(form, { server, serverKey: 'a' }));
    const byHost = track(queue.enqueue(form, { server, serverKey: 'b' }));
    expect(queue.cancelAll('a', { byPerson: true })).toBe(1);
    expect(queue.cancelAll('b')).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect([byPerson.values, byHost.values]).toStrictEqual([[{ action: 'cancel' }], [kitCancel('host-closed')]]);
  });
});

describe('given unseenTimeoutMs and nobody watching', () => {
  test('an entry no view shows is cancelled not-shown at exactly that time, and leaves a notice that waits for a view', async () => {
    const queue = createElicitationQueue({ unseenTimeoutMs: 300, noticeDurationMs: 1_000 });
    const answer = track(queue.enqueue(form, { server }));
    await vi.advanceTimersByTimeAsync(299);
    expect(answer.values).toStrictEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(answer.values).toStrictEqual([kitCancel('not-shown')]);
    const [notice] = queue.getSnapshot().notices;
    expect([queue.getSnapshot().entries, notice?.reason, notice?.at]).toStrictEqual([[], 'not-shown', START + 300]);
    // Nobody has seen the notice: it does not expire.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queue.getSnapshot().notices.map((item) => item.id)).toStrictEqual([notice?.id]);
    // A view shows it: from then on it lasts noticeDurationMs.
    queue.markShown?.(notice?.id ?? '');
    await vi.advanceTimersByTimeAsync(999);
    expect(queue.getSnapshot().notices).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queue.getSnapshot().notices).toStrictEqual([]);
  });

  test('an entry shown in time waits for its answer, and its record says when it was first shown', async () => {
    const records: ElicitationRecord[] = [];
    const queue = createElicitationQueue({ unseenTimeoutMs: 300, onSettled: (record) => void records.push(record) });
    const answer = track(queue.enqueue(form, { server }));
    await vi.advanceTimersByTimeAsync(120);
    const release = queue.markShown?.('elicitation-1');
    await vi.advanceTimersByTimeAsync(10_000);
    release?.();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(answer.values).toStrictEqual([]);
    expect(queue.respond('elicitation-1', { action: 'accept', content: { age: 7 } })).toBe('answered');
    await vi.advanceTimersByTimeAsync(0);
    expect(answer.values).toStrictEqual([{ action: 'accept', content: { age: 7 } }]);
    expect(records).toStrictEqual([
      {
        entryId: 'elicitation-1',
        serverKey: 'S',
        server: { name: 'S' },
        kind: 'single',
        arrivedAt: START,
        firstShownAt: START + 120,
        settledAt: START + 20_120,
        answeredBy: 'person',
        actions: ['accept'],
      },
    ]);
  });

  test('while a view shows another entry the clock waits; when nobody looks any more it starts afresh', async () => {
    const queue = createElicitationQueue({ unseenTimeoutMs: 300 });
    void queue.enqueue({ ...form, message: 'head' }, { server });
    const behind = track(queue.enqueue({ ...form, message: 'behind' }, { server }));
    const release = queue.markShown?.(idOf(queue, 'head'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(behind.values).toStrictEqual([]);
    release?.();
    await vi.advanceTimersByTimeAsync(299);
    expect(behind.values).toStrictEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(behind.values).toStrictEqual([kitCancel('not-shown')]);
  });

  test('a URL consent is recorded when given; a round reports one action per request', async () => {
    const records: ElicitationRecord[] = [];
    const queue = createElicitationQueue({ onSettled: (record) => void records.push(record) });
    void queue.enqueue(link, { server });
    void queue.enqueueRound({ a: form, b: form }, { server, serverKey: 'r' });
    queue.markShown?.('elicitation-1');
    expect(queue.respond('elicitation-1', { action: 'accept' })).toBe('answered');
    expect(
      queue.respondRound('elicitation-2', { a: { action: 'decline' }, b: { action: 'accept', content: {} } }),
    ).toBe('answered');
    expect(
      records.map(({ entryId, kind, firstShownAt, answeredBy, actions }) => [
        entryId,
        kind,
        firstShownAt,
        answeredBy,
        actions,
      ]),
    ).toStrictEqual([
      ['elicitation-1', 'single', START, 'person', ['accept']],
      ['elicitation-2', 'round', null, 'person', ['decline', 'accept']],
    ]);
  });

  test('without unseenTimeoutMs nothing is cancelled for being unseen, and a bad value throws', async () => {
    const queue = createElicitationQueue();
    const answer = track(queue.enqueue(form, { server }));
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1_000);
    expect([answer.values, vi.getTimerCount()]).toStrictEqual([[], 0]);
    expect(() => createElicitationQueue({ unseenTimeoutMs: -1 })).toThrow(
      new TypeError('unseenTimeoutMs must be a number of milliseconds, 0 or more'),
    );
    expect(() => createElicitationQueue({ unseenTimeoutMs: Number.NaN })).toThrow(TypeError);
  });
});
