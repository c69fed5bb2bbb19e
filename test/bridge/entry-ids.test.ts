/**
 * The ids a bridge gives entries on the wire: 128 random bits each after the instance part, drawn from Web
 * Crypto for many ids at a time rather than once per request on its way to the streams.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';

import { createElicitationBridge, type ElicitationBridge } from '../../src/bridge/index.js';
import { authorize, formRequest, openStream, ORIGIN } from './helpers.js';

let bridge: ElicitationBridge | undefined;
afterEach(() => {
  bridge?.close();
  vi.restoreAllMocks();
});

describe('given 32 requests enqueued after a first one', () => {
  test('Web Crypto is asked twice for them (16 ids a draw), each request gets its own id of the instance part and 28 base-36 digits', async () => {
    bridge = createElicitationBridge({ authorize, allowedOrigins: [ORIGIN], heartbeatMs: 60_000 });
    const queue = bridge.queueFor('alice');
    // The first takes the principal's epoch and the first 16 ids' words: 15 are left for the next ones.
    void queue.enqueue(formRequest('First?'), { server: { name: 'srv' } });
    const draws = vi.spyOn(globalThis.crypto, 'getRandomValues');
    for (let n = 0; n < 32; n += 1) void queue.enqueue(formRequest(`Question ${n}?`), { server: { name: 'srv' } });
    expect(draws).toHaveBeenCalledTimes(2);
    draws.mockRestore();
    const stream = await openStream(bridge, 'alice');
    const ids = (await stream.next()).entries.map((entry) => entry.id);
    stream.close();
    const instance = ids[0]?.split('.')[0] ?? '';
    expect(ids).toHaveLength(33);
    expect(new Set(ids).size).toBe(33);
    expect(
      ids.every((id) => id.startsWith(`${instance}.`) && /^[0-9a-z]{28}$/.test(id.slice(instance.length + 1))),
    ).toBe(true);
    queue.cancelAll();
  });
});
