/**
 * The broker's own bound on its commands: one timer for all of them instead of node-redis's
 * `AbortSignal.timeout` per command, on the connections the broker opens (`url`).
 */
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';

import { createDeadlines } from '../../src/bridge/redis/deadlines.js';
import { createRedisBroker, type RedisElicitationBroker } from '../../src/bridge/redis/index.js';
import { startRedis, TEST_SECRET, type RedisServer } from './redis-server.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('given commands Redis does not answer', () => {
  test('each fails 5,000 ms after it was sent, not before, and one timer keeps them all', async () => {
    vi.useFakeTimers();
    const deadlines = createDeadlines(5_000, () => new Error('late'));
    const outcomes: string[] = [];
    const never = (name: string) =>
      deadlines
        .bound(new Promise<never>(() => undefined))
        .catch((error: Error) => outcomes.push(`${name} ${error.message}`));
    void never('first');
    await vi.advanceTimersByTimeAsync(1_000);
    void never('second');
    void never('third');
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(outcomes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcomes).toEqual(['first late']);
    await vi.advanceTimersByTimeAsync(999);
    expect(outcomes).toEqual(['first late']);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcomes).toEqual(['first late', 'second late', 'third late']);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('a command that is answered in time keeps its reply, or its own error, and later ones are still bounded', async () => {
    vi.useFakeTimers();
    const deadlines = createDeadlines(5_000, () => new Error('late'));
    const replied = deadlines.bound(Promise.resolve('OK'));
    const failed = deadlines.bound(Promise.reject(new Error('ERR wrong type'))).catch((error: Error) => error.message);
    expect([await replied, await failed]).toEqual(['OK', 'ERR wrong type']);
    // The timer set for the first command finds nothing due; the next command is bounded from its own start.
    await vi.advanceTimersByTimeAsync(4_000);
    const late = deadlines.bound(new Promise<never>(() => undefined)).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await late).toBe('late');
  });
});

describe('given two brokers on connections they opened themselves', () => {
  let redis: RedisServer;
  const brokers: RedisElicitationBroker[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(brokers.map((broker) => broker.close()));
    await redis.stop();
  });

  test('an answer routed from one to the other makes no AbortSignal timer of node-redis', async () => {
    const [a, b] = [0, 1].map(() =>
      createRedisBroker({ url: redis.url, keyPrefix: 'deadlines:', secret: TEST_SECRET }),
    );
    if (a === undefined || b === undefined) throw new Error('two brokers');
    brokers.push(a, b);
    const executed: unknown[] = [];
    a.serve('a', async (_principal, command, commit) => {
      executed.push(command);
      return { status: (await commit?.()) === true ? 'answered' : 'ignored' };
    });
    await Promise.all([a.ready(), b.ready()]);
    const timeouts = vi.spyOn(AbortSignal, 'timeout');
    const command = { type: 'respond', entryId: 'a.1', result: { action: 'decline' } } as const;

    const outcome = await b.route('a', 'alice', command);

    expect(outcome).toEqual({ status: 'answered' });
    expect(executed).toEqual([command]);
    expect(timeouts).toHaveBeenCalledTimes(0);
  });

  test('a part written while Redis holds writes fails at its deadline: a MULTI block is bounded as a command is', async () => {
    // Fake time that also runs on its own, so the connection opens as usual; the deadline is then reached at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const errors: string[] = [];
    const broker = createRedisBroker({
      url: redis.url,
      keyPrefix: 'deadlines-multi:',
      secret: TEST_SECRET,
      onError: (error) => errors.push(error.message),
    });
    brokers.push(broker);
    await broker.ready();
    const pauser = createClient({ url: redis.url });
    await pauser.connect();
    await pauser.sendCommand(['CLIENT', 'PAUSE', '60000', 'WRITE']);
    try {
      const written = broker.publish('alice', 'inst-a', { entries: [], arrivals: [], notices: [], drafts: {} });
      await vi.advanceTimersByTimeAsync(4_900);
      expect(errors).toEqual([]);
      await vi.advanceTimersByTimeAsync(200);
      expect(errors).toEqual(['Redis did not answer in 5000 ms']);
      // Writes resume: the broker's second try (after mending the version) is written.
      await pauser.sendCommand(['CLIENT', 'UNPAUSE']);
      await written;
    } finally {
      await pauser.sendCommand(['CLIENT', 'UNPAUSE']);
      await pauser.close();
    }
  });
});
