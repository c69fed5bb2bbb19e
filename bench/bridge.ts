/**
 * The bridge's added latency on loopback (`npm run bench -- --only bridge`): a request enqueued on the
 * server until the remote queue shows it (arrival), and `respond` on the remote queue until the server's
 * promise settles (answer), against the local queue in the same run, runs interleaved. The remote queue
 * runs in Node over real HTTP on 127.0.0.1 (`toNodeHandler`), so the figures are the bridge's own cost:
 * SSE, JSON, the POST, not a browser's rendering. With `redis-server` on the PATH, a third subject: two
 * instances on one Redis (`createRedisBroker`), the request held by A while the remote queue talks to B, so
 * both stages cross Redis (pub/sub to the stream, the answer routed from B to A).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  createElicitationBridge,
  createRemoteElicitationQueue,
  toNodeHandler,
  type ElicitationBridge,
} from '../src/bridge/index.js';
import { createRedisBroker } from '../src/bridge/redis/index.js';
import { createElicitationQueue, type ElicitationQueue } from '../src/core/index.js';
// The tests' own way to run a throwaway redis-server on a free loopback port.
import { startRedis } from '../test/bridge/redis-server.js';

const REQUEST = {
  mode: 'form',
  message: 'Your city?',
  requestedSchema: { type: 'object', properties: { city: { type: 'string' } } },
};
const ORIGIN = { server: { name: 'bench' } };

/** Milliseconds per stage of one round trip. */
interface Sample {
  arrival: number;
  answer: number;
}

/** Enqueues on `server`, waits until `shown` has it, answers there, waits for the server's promise. */
async function once(server: ElicitationQueue, shown: ElicitationQueue): Promise<Sample> {
  const seen = new Promise<{ id: string; at: number }>((resolve) => {
    const stop = shown.subscribe(() => {
      const entry = shown.getSnapshot().entries[0];
      if (entry === undefined) return;
      stop();
      resolve({ id: entry.id, at: performance.now() });
    });
  });
  const start = performance.now();
  const settled = server.enqueue(REQUEST, ORIGIN);
  const { id, at } = await seen;
  const answered = performance.now();
  shown.respond(id, { action: 'accept', content: { city: 'Oslo' } });
  await settled;
  const end = performance.now();
  // The remote queue drops the entry only when the server's view says so: wait for it before the next run.
  await new Promise<void>((resolve) => {
    if (shown.getSnapshot().entries.length === 0) return resolve();
    const stop = shown.subscribe(() => {
      if (shown.getSnapshot().entries.length > 0) return;
      stop();
      resolve();
    });
  });
  return { arrival: at - start, answer: end - answered };
}

/** The origins of the bench's servers, known once each listens (the bridges' `allowedOrigins`). */
const benchOrigins: string[] = [];
const BENCH_ORIGINS = () => benchOrigins;

/** A bridge served over HTTP on 127.0.0.1, and a remote queue connected to it. */
async function serve(bridge: ElicitationBridge) {
  const http = createServer(toNodeHandler(bridge));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  benchOrigins.push(base);
  const remote = createRemoteElicitationQueue({ url: base, headers: { origin: base } });
  return {
    remote,
    async close() {
      remote.close();
      bridge.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Whether `redis-server` can be started here (it is optional for the bench). */
async function tryRedis() {
  try {
    return await startRedis();
  } catch {
    return undefined;
  }
}

/**
 * `runs` round trips each through the local queue, the bridge, and (when `redis-server` starts) two
 * bridge instances on Redis, after `warmup` of each, interleaved run by run.
 */
export async function bridgeBench(
  runs: number,
  warmup = 20,
): Promise<{ local: Sample[]; bridge: Sample[]; redis: Sample[] | undefined }> {
  const bridge = createElicitationBridge({
    authorize: () => 'bench',
    allowedOrigins: BENCH_ORIGINS,
    heartbeatMs: 60_000,
  });
  const single = await serve(bridge);
  const serverQueue = bridge.queueFor('bench');
  const local = createElicitationQueue();
  const redisServer = await tryRedis();
  let pair: { held: ElicitationQueue; remote: ElicitationQueue; close(): Promise<void> } | undefined;
  if (redisServer !== undefined) {
    const brokers = [0, 1].map(() =>
      createRedisBroker({
        url: redisServer.url,
        keyPrefix: 'bench:',
        secret: 'bench: a secret of 32 characters or more',
      }),
    );
    const [a, b] = brokers.map((broker) =>
      createElicitationBridge({ authorize: () => 'bench', allowedOrigins: BENCH_ORIGINS, broker, heartbeatMs: 60_000 }),
    );
    await Promise.all(brokers.map((broker) => broker.ready()));
    const viaB = await serve(b as ElicitationBridge);
    pair = {
      held: (a as ElicitationBridge).queueFor('bench'),
      remote: viaB.remote,
      async close() {
        await viaB.close();
        (a as ElicitationBridge).close();
        await Promise.all(brokers.map((broker) => broker.close()));
        await redisServer.stop();
      },
    };
  }
  const samples = {
    local: [] as Sample[],
    bridge: [] as Sample[],
    redis: pair === undefined ? undefined : ([] as Sample[]),
  };
  try {
    for (let run = 0; run < warmup + runs; run += 1) {
      const viaLocal = await once(local, local);
      const viaBridge = await once(serverQueue, single.remote);
      const viaRedis = pair === undefined ? undefined : await once(pair.held, pair.remote);
      if (run < warmup) continue;
      samples.local.push(viaLocal);
      samples.bridge.push(viaBridge);
      if (viaRedis !== undefined) samples.redis?.push(viaRedis);
    }
  } finally {
    await single.close();
    await pair?.close();
  }
  return samples;
}
