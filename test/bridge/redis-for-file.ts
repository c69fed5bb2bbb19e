/** The Redis set-up the broker's test files share (vitest hooks: test files only; the bench uses `redis-server.ts`). */
import { createClient } from 'redis';
import { afterAll, beforeAll } from 'vitest';

import { startRedis, type RedisServer } from './redis-server.js';

/**
 * A `redis-server` for the calling test file and a plain client on it (what a process that can write to Redis but
 * lacks the secret has), started before the file's tests and stopped after them: read the fields inside tests.
 */
export function redisForFile(): { readonly server: RedisServer; readonly raw: ReturnType<typeof createClient> } {
  const given = {} as { server: RedisServer; raw: ReturnType<typeof createClient> };
  beforeAll(async () => {
    given.server = await startRedis();
    given.raw = createClient({ url: given.server.url });
    await given.raw.connect();
  });
  afterAll(async () => {
    await given.raw.close();
    await given.server.stop();
  });
  return given;
}
