/**
 * The bridge's added latency on loopback (`npm run bench -- --only bridge`): a request enqueued on the
 * server until the remote queue shows it (arrival), and `respond` on the remote queue until the server's
 * promise settles (answer), against the local queue in the same run, runs interleaved. The remote queue
 * runs in Node over real HTTP on 127.0.0.1 (`toNodeHandler`), so the figures are the bridge's own cost:
 * SSE, JSON, the POST, not a browser's rendering.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createElicitationBridge, createRemoteElicitationQueue, toNodeHandler } from '../src/bridge/index.js';
import { createElicitationQueue, type ElicitationQueue } from '../src/core/index.js';

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

/** `runs` round trips each through the local queue and through the bridge, after `warmup` of each. */
export async function bridgeBench(runs: number, warmup = 20): Promise<{ local: Sample[]; bridge: Sample[] }> {
  const bridge = createElicitationBridge({ authorize: () => 'bench', heartbeatMs: 60_000 });
  const http = createServer(toNodeHandler(bridge));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const remote = createRemoteElicitationQueue({ url: base, headers: { origin: base } });
  const serverQueue = bridge.queueFor('bench');
  const local = createElicitationQueue();
  const samples = { local: [] as Sample[], bridge: [] as Sample[] };
  try {
    for (let run = 0; run < warmup + runs; run += 1) {
      const viaLocal = await once(local, local);
      const viaBridge = await once(serverQueue, remote);
      if (run < warmup) continue;
      samples.local.push(viaLocal);
      samples.bridge.push(viaBridge);
    }
  } finally {
    remote.close();
    bridge.close();
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  }
  return samples;
}
