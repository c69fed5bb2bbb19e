/**
 * A secret typed into a form never reaches the bridge's stored draft: not its memory, not the view it
 * streams, not Redis, whatever the browser sends.
 */
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { createElicitationBridge } from '../../src/bridge/index.js';
import { authorize, command, openStream, ORIGIN, seen } from './helpers.js';
import { post, startInstance, streamOver } from './instances.js';
import { startRedis, type RedisServer } from './redis-server.js';

const SECRET = 'hunter2-do-not-keep';
const origin = { server: { name: 'bank', id: 'bank' } };
const loginRequest = () => ({
  mode: 'form' as const,
  message: 'Sign in to your bank',
  requestedSchema: {
    type: 'object' as const,
    properties: {
      city: { type: 'string' as const, title: 'City' },
      password: { type: 'string' as const, title: 'Password' },
      apiKey: { type: 'string' as const, writeOnly: true },
    },
  },
});

describe('given a saved draft of a form with secret fields', () => {
  test("the bridge keeps the plain fields and drops the secrets' values", async () => {
    const bridge = createElicitationBridge({ authorize, allowedOrigins: [ORIGIN], heartbeatMs: 60_000 });
    void bridge.queueFor('alice').enqueue(loginRequest(), origin);
    const stream = await openStream(bridge, 'alice');
    const entryId = (await stream.next()).entries[0]?.id ?? '';
    const draft = { city: 'Os', password: SECRET, apiKey: SECRET };
    const saved = await seen(await bridge.handle(command('alice', { type: 'saveDraft', entryId, draft })));
    const view = await stream.next();
    stream.close();
    bridge.close();
    expect([saved.body, view.drafts]).toEqual(['{"ok":true}', { [entryId]: { city: 'Os' } }]);
  });
});

describe('given two instances on Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });

  /** Every value Redis holds under `prefix`, as text. */
  async function everythingIn(prefix: string): Promise<string> {
    const client = createClient({ url: redis.url });
    await client.connect();
    const texts: string[] = [];
    try {
      for (const key of await client.keys(`${prefix}*`)) {
        const type = await client.type(key);
        if (type === 'string') texts.push(key, (await client.get(key)) ?? '');
        else if (type === 'hash') texts.push(key, JSON.stringify(await client.hGetAll(key)));
        else if (type === 'zset') texts.push(key, JSON.stringify(await client.zRange(key, 0, -1)));
        else if (type === 'set') texts.push(key, JSON.stringify(await client.sMembers(key)));
        else if (type === 'list') texts.push(key, JSON.stringify(await client.lRange(key, 0, -1)));
        else texts.push(key, `unread type ${type}`);
      }
    } finally {
      await client.quit();
    }
    return texts.join('\n');
  }

  test('the draft another instance streams holds no secret, and neither does Redis', async () => {
    const a = await startInstance(redis.url, 'secrets:');
    const b = await startInstance(redis.url, 'secrets:');
    try {
      void a.bridge.queueFor('alice').enqueue(loginRequest(), origin);
      const stream = await streamOver(b.base, 'alice');
      let event = await stream.next();
      while (event.entries.length === 0) event = await stream.next();
      const entryId = event.entries[0]?.id ?? '';
      const draft = { city: 'Oslo', password: SECRET, apiKey: SECRET };
      const saved = await post(b.base, 'alice', { type: 'saveDraft', entryId, draft, requestId: 'd1' });
      // B streams what Redis holds of A's part: once the draft is there, it has gone through Redis.
      while (Object.keys(event.drafts).length === 0) event = await stream.next();
      stream.close();
      const stored = await everythingIn('secrets:');
      expect([saved.body, event.drafts, stored.includes('Oslo'), stored.includes(SECRET)]).toEqual([
        '{"ok":true}',
        { [entryId]: { city: 'Oslo' } },
        true,
        false,
      ]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
