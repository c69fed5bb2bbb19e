/**
 * The bridge's added latency on loopback (`npm run bench -- --only bridge`): a request enqueued on the
 * server until the remote queue shows it (arrival), and `respond` on the remote queue until the server's
 * promise settles (answer), against the local queue in the same run, runs interleaved. The remote queue
 * runs in Node over real HTTP on 127.0.0.1 (`toNodeHandler`), so the figures are the bridge's own cost:
 * SSE, JSON, the POST, not a browser's rendering. With `redis-server` on the PATH, a third subject: two
 * instances on one Redis (`createRedisBroker`), the request held by A while the remote queue talks to B, so
 * both stages cross Redis (pub/sub to the stream, the answer routed from B to A). A runs in a worker thread
 * of its own (`worker_threads`), as in a deployment where A and B are two processes, each with its own event
 * loop; `onePlace` keeps both in this thread (the figure before 2026-12-03). Times that cross threads are read
 * on one clock, `performance.timeOrigin + performance.now()` (the epoch, at sub-millisecond resolution).
 *
 * Every bridge subject runs for each kit it is given, interleaved run by run: this checkout's and, when
 * `run.mjs` built one, an older commit's (`--before`), so their figures share the machine's load. Also the
 * bytes one stream receives per draft save with 30 pending requests of 300 KB each.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData, type MessagePort } from 'node:worker_threads';

import { createClient } from 'redis';

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
export interface Sample {
  arrival: number;
  answer: number;
}

/**
 * The bridge functions of one version of the kit. An older commit's are typed loosely: its options were a
 * subset of today's (`bridgeOptions` adds what this version needs).
 */
export interface BridgeKit {
  readonly name: string;
  readonly createElicitationBridge: (options: never) => ElicitationBridge;
  readonly createRemoteElicitationQueue: (options: never) => ElicitationQueue & { close(): void };
  readonly toNodeHandler: (bridge: never) => Parameters<typeof createServer>[1];
  readonly createRedisBroker: (options: never) => {
    ready(): Promise<void>;
    close(): Promise<void>;
  };
  /** What this version's `createElicitationBridge` needs besides `authorize`, `heartbeatMs` and `broker`. */
  readonly bridgeOptions: Record<string, unknown>;
  /**
   * The URL of a module exporting this version's `createElicitationBridge` and `createRedisBroker`, for the
   * holder's worker thread; absent for this checkout's (the worker runs this module).
   */
  readonly module?: string;
}

/** The origins of the bench's servers, known once each listens (the bridges' `allowedOrigins`). */
const benchOrigins: string[] = [];
const BENCH_ORIGINS = () => benchOrigins;

/** This checkout's bridge. */
export const CURRENT_KIT: BridgeKit = {
  name: 'now',
  createElicitationBridge: createElicitationBridge as BridgeKit['createElicitationBridge'],
  createRemoteElicitationQueue: createRemoteElicitationQueue as BridgeKit['createRemoteElicitationQueue'],
  toNodeHandler: toNodeHandler as unknown as BridgeKit['toNodeHandler'],
  createRedisBroker: createRedisBroker as BridgeKit['createRedisBroker'],
  bridgeOptions: { allowedOrigins: BENCH_ORIGINS },
};

/** Loose calls into a kit (its option types are its own version's). */
const call = <T>(fn: (options: never) => T, options: unknown): T => fn(options as never);

/**
 * Milliseconds since the epoch, one clock for every thread of the process: each thread's `timeOrigin` is its
 * own start (read on the wall clock), and `now()` counts from it on the monotonic clock. `calibrate` measures
 * what is left between two threads.
 */
const clock = () => performance.timeOrigin + performance.now();

/** Where a request is held: `hold` enqueues one there, and resolves with the clock read before and when it settled. */
interface Holder {
  hold(): Promise<{ start: number; end: number }>;
}

/**
 * One bare round trip to Redis (`PING`) on a connection of its own, as the holder's thread sees it, ms: the
 * least any step through Redis costs there. A routed answer takes one such step more than ab503d9's (the
 * holder's commit, made before it applies the answer), so its tail takes one more draw of this one's.
 */
interface Hop {
  hop(): Promise<number>;
  close(): Promise<void>;
}

async function hopOn(url: string): Promise<Hop> {
  const client = createClient({ url });
  await client.connect();
  return {
    async hop() {
      const start = clock();
      await client.sendCommand(['PING']);
      return clock() - start;
    },
    close: () => client.close(),
  };
}

/** A holder in this thread. */
function holderOf(queue: ElicitationQueue): Holder {
  return {
    async hold() {
      const start = clock();
      await queue.enqueue(REQUEST, ORIGIN);
      return { start, end: clock() };
    },
  };
}

/**
 * Enqueues on `server`, waits until `shown` has it, answers there, waits for the server's promise. Before it
 * returns, the answer's POST has had its response (`posts`: the remote queue's, in flight): a kit's leftovers
 * are not left to the subject measured next.
 */
async function once(server: Holder, shown: ElicitationQueue, posts?: Set<Promise<unknown>>): Promise<Sample> {
  const seen = new Promise<{ id: string; at: number }>((resolve) => {
    const stop = shown.subscribe(() => {
      const entry = shown.getSnapshot().entries[0];
      if (entry === undefined) return;
      stop();
      resolve({ id: entry.id, at: clock() });
    });
  });
  const held = server.hold();
  const { id, at } = await seen;
  const answered = clock();
  shown.respond(id, { action: 'accept', content: { city: 'Oslo' } });
  const { start, end } = await held;
  // The remote queue drops the entry only when the server's view says so: wait for it before the next run.
  await new Promise<void>((resolve) => {
    if (shown.getSnapshot().entries.length === 0) return resolve();
    const stop = shown.subscribe(() => {
      if (shown.getSnapshot().entries.length > 0) return;
      stop();
      resolve();
    });
  });
  while (posts !== undefined && posts.size > 0) await Promise.allSettled([...posts]);
  return { arrival: at - start, answer: end - answered };
}

/** A bridge served over HTTP on 127.0.0.1, and (unless `remote` is false) a remote queue connected to it. */
async function serve(kit: BridgeKit, bridge: ElicitationBridge, remote = true) {
  const http = createServer(call(kit.toNodeHandler, bridge));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  benchOrigins.push(base);
  // The remote queue's POSTs until each has its response read (the queue reads it as JSON).
  const posts = new Set<Promise<unknown>>();
  const tracked: typeof fetch = (input, init) => {
    const response = fetch(input, init);
    if (init?.method !== 'POST') return response;
    const read = response.then((answered) => answered.clone().text());
    posts.add(read);
    void read.then(
      () => posts.delete(read),
      () => posts.delete(read),
    );
    return response;
  };
  const queue = remote
    ? call(kit.createRemoteElicitationQueue, { url: base, headers: { origin: base }, fetch: tracked })
    : undefined;
  return {
    base,
    posts,
    remote: queue as ElicitationQueue,
    async close() {
      queue?.close();
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

const SECRET = 'bench: a secret of 32 characters or more';

/** The clock of a holder's thread against this one's, ms (`offset`: theirs minus ours). */
export interface Calibration {
  /** At the fastest exchange, whose error is at most half its round trip. */
  offset: number;
  /** The fastest exchange's round trip. */
  roundTrip: number;
  /** The median over all exchanges (a message's two ways need not take as long). */
  medianOffset: number;
}

/** What the main thread asks of a holder's thread (`id` pairs each with its reply). */
type HolderCall =
  | { type: 'start'; redisUrl: string; keyPrefix: string; bridgeOptions: Record<string, unknown>; module?: string }
  | { type: 'hold' }
  | { type: 'ping' }
  | { type: 'hop' }
  | { type: 'close' };
type HolderReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/** The `workerData` that makes this module, loaded in a worker thread, a holder. */
const HOLDER = 'mcp-elicit-kit bench: bridge holder';

/** Instance A of `kit` in a worker thread of its own, on Redis at `redisUrl`. */
async function holderThread(
  kit: BridgeKit,
  redisUrl: string,
  bridgeOptions: Record<string, unknown>,
): Promise<Holder & Hop & { ping(): Promise<number> }> {
  // This module as bundled by `run.mjs` (`.scratch/bench-node/node.mjs`): its last lines run the holder.
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: HOLDER });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  // Once the thread is gone, nothing will answer: every call waiting, and every later one, fails with why.
  let gone: Error | undefined;
  const fail = (error: Error) => {
    gone ??= error;
    for (const each of waiting.values()) each.reject(error);
    waiting.clear();
  };
  worker.on('message', (reply: HolderReply) => {
    const waiter = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.ok) waiter?.resolve(reply.value);
    else waiter?.reject(new Error(`the holder thread: ${reply.error}`));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the holder thread exited (${code})`)));
  const ask = <T>(message: HolderCall) =>
    new Promise<T>((resolve, reject) => {
      if (gone !== undefined) return reject(gone);
      const id = next++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  try {
    await ask({ type: 'start', redisUrl, keyPrefix: `bench-${kit.name}:`, bridgeOptions, module: kit.module });
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    hold: () => ask({ type: 'hold' }),
    ping: () => ask({ type: 'ping' }),
    hop: () => ask({ type: 'hop' }),
    async close() {
      try {
        await ask({ type: 'close' });
      } finally {
        await worker.terminate();
      }
    },
  };
}

/** In a holder's thread: instance A (its own broker and bridge), holding requests as the main thread asks. */
function runHolder(port: MessagePort) {
  let held: ElicitationQueue | undefined;
  let probe: Hop | undefined;
  let close: (() => Promise<void>) | undefined;
  const calls: Record<HolderCall['type'], (message: never) => unknown> = {
    async start(message: Extract<HolderCall, { type: 'start' }>) {
      const kit: Pick<BridgeKit, 'createElicitationBridge' | 'createRedisBroker'> =
        message.module === undefined ? CURRENT_KIT : ((await import(message.module)) as BridgeKit);
      const broker = call(kit.createRedisBroker, {
        url: message.redisUrl,
        keyPrefix: message.keyPrefix,
        secret: SECRET,
      });
      const bridge = call(kit.createElicitationBridge, {
        authorize: () => 'bench',
        heartbeatMs: 60_000,
        ...message.bridgeOptions,
        broker,
      });
      await broker.ready();
      held = bridge.queueFor('bench');
      probe = await hopOn(message.redisUrl);
      close = async () => {
        bridge.close();
        await Promise.all([broker.close(), probe?.close()]);
      };
    },
    hold: () => {
      if (held === undefined) throw new Error('not started');
      return holderOf(held).hold();
    },
    ping: () => clock(),
    hop: () => {
      if (probe === undefined) throw new Error('not started');
      return probe.hop();
    },
    close: () => close?.(),
  };
  port.on('message', (message: HolderCall & { id: number }) => {
    void (async () => {
      try {
        const value = await calls[message.type](message as never);
        port.postMessage({ id: message.id, ok: true, value } satisfies HolderReply);
      } catch (error) {
        const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
        port.postMessage({ id: message.id, ok: false, error: text } satisfies HolderReply);
      }
    })();
  });
}

/**
 * The holder thread's clock against this one's: `exchanges` messages each way, each answered with the other
 * thread's clock; the offset is theirs minus the midpoint of ours around it.
 */
async function calibrate(holder: { ping(): Promise<number> }, exchanges = 200): Promise<Calibration> {
  const offsets: number[] = [];
  let best = { offset: 0, roundTrip: Number.POSITIVE_INFINITY };
  for (let n = 0; n < exchanges; n += 1) {
    const sent = clock();
    const there = await holder.ping();
    const back = clock();
    const offset = there - (sent + back) / 2;
    offsets.push(offset);
    if (back - sent < best.roundTrip) best = { offset, roundTrip: back - sent };
  }
  offsets.sort((a, b) => a - b);
  return { ...best, medianOffset: offsets[Math.floor(offsets.length / 2)] ?? Number.NaN };
}

/**
 * One kit's subjects: one instance, and (with Redis) two instances on one Redis, A (the holder) in a worker
 * thread of its own unless `onePlace`.
 */
async function subjectsOf(kit: BridgeKit, redisUrl: string | undefined, onePlace: boolean) {
  const newBridge = (broker?: unknown) =>
    call(kit.createElicitationBridge, {
      authorize: () => 'bench',
      heartbeatMs: 60_000,
      ...kit.bridgeOptions,
      ...(broker !== undefined && { broker }),
    });
  const single = newBridge();
  const served = await serve(kit, single);
  let pair:
    | {
        held: Holder;
        /** A bare round trip to Redis from where the holder runs. */
        hop: Hop;
        remote: ElicitationQueue;
        posts: Set<Promise<unknown>>;
        clock: Calibration | undefined;
        close(): Promise<void>;
      }
    | undefined;
  if (redisUrl !== undefined) {
    const newBroker = () =>
      call(kit.createRedisBroker, { url: redisUrl, keyPrefix: `bench-${kit.name}:`, secret: SECRET });
    const brokerB = newBroker();
    const b = newBridge(brokerB);
    const brokerA = onePlace ? newBroker() : undefined;
    const a = brokerA && newBridge(brokerA);
    await Promise.all([brokerB.ready(), brokerA?.ready()]);
    const viaB = await serve(kit, b);
    // The holder's thread gets the options as values (a function does not cross threads), origins included.
    const options = Object.fromEntries(
      Object.entries(kit.bridgeOptions).map(([key, value]) => [
        key,
        typeof value === 'function' ? (value as () => unknown)() : value,
      ]),
    );
    let thread: Awaited<ReturnType<typeof holderThread>> | undefined;
    let here: Hop | undefined;
    const stop = async () => {
      await viaB.close();
      a?.close();
      await thread?.close();
      await Promise.all([brokerB.close(), brokerA?.close(), here?.close()]);
    };
    try {
      thread = a === undefined ? await holderThread(kit, redisUrl, options) : undefined;
      here = thread === undefined ? await hopOn(redisUrl) : undefined;
      pair = {
        held: thread ?? holderOf((a as ElicitationBridge).queueFor('bench')),
        hop: (thread ?? here) as Hop,
        remote: viaB.remote,
        posts: viaB.posts,
        clock: thread && (await calibrate(thread)),
        close: stop,
      };
    } catch (error) {
      // Nothing of this kit is left running when it fails to start (an older commit's options, a thread's error).
      await stop();
      await served.close();
      throw error;
    }
  }
  return {
    single: { held: holderOf(single.queueFor('bench')), remote: served.remote, posts: served.posts },
    pair,
    async close() {
      await served.close();
      await pair?.close();
    },
  };
}

/**
 * Samples by kit name: one instance, and two on Redis with a bare round trip to Redis from the holder's
 * thread after each (both absent without `redis-server`).
 */
export type KitSamples = Record<string, { bridge: Sample[]; redis: Sample[] | undefined; hops: number[] | undefined }>;

/**
 * `runs` round trips each through the local queue and, for every kit, the bridge and (when `redis-server`
 * starts) two bridge instances on Redis, after `warmup` of each, interleaved run by run. The Redis pair's
 * holder (A) runs in a worker thread of its own, unless `onePlace` keeps it in this thread; `clocks` has
 * each holder thread's calibration. After each of the pair's round trips, one bare round trip to Redis from
 * the holder's thread (`hops`).
 */
export async function bridgeBench(
  runs: number,
  warmup = 20,
  kits: readonly BridgeKit[] = [CURRENT_KIT],
  { onePlace = false }: { onePlace?: boolean } = {},
): Promise<{ local: Sample[]; kits: KitSamples; clocks: Record<string, Calibration> }> {
  const local = createElicitationQueue();
  const localHolder = holderOf(local);
  const redisServer = await tryRedis();
  const subjects: ({ kit: BridgeKit } & Awaited<ReturnType<typeof subjectsOf>>)[] = [];
  const samples = { local: [] as Sample[], kits: {} as KitSamples, clocks: {} as Record<string, Calibration> };
  try {
    // Inside the `try`: a kit that fails to start (an older commit's options) still stops redis-server.
    for (const kit of kits) subjects.push({ kit, ...(await subjectsOf(kit, redisServer?.url, onePlace)) });
    for (const { kit, pair } of subjects) {
      samples.kits[kit.name] = { bridge: [], redis: pair && [], hops: pair && [] };
      if (pair?.clock !== undefined) samples.clocks[kit.name] = pair.clock;
    }
    for (let run = 0; run < warmup + runs; run += 1) {
      const viaLocal = await once(localHolder, local);
      if (run >= warmup) samples.local.push(viaLocal);
      // Kits take turns going first: whichever follows another's round trip meets its leftovers (its
      // collector's debt, its publishes still settling), so neither kit always does.
      for (const { kit, single, pair } of run % 2 === 0 ? subjects : [...subjects].reverse()) {
        const viaBridge = await once(single.held, single.remote, single.posts);
        const viaRedis = pair === undefined ? undefined : await once(pair.held, pair.remote, pair.posts);
        const hop = await pair?.hop.hop();
        if (run < warmup) continue;
        samples.kits[kit.name]?.bridge.push(viaBridge);
        if (viaRedis !== undefined) samples.kits[kit.name]?.redis?.push(viaRedis);
        if (hop !== undefined) samples.kits[kit.name]?.hops?.push(hop);
      }
    }
  } finally {
    for (const subject of subjects) await subject.close();
    await redisServer?.stop();
  }
  return samples;
}

/**
 * Bytes of event stream one connection receives per draft save, with `pending` requests of about `size`
 * bytes each waiting (the person is filling in one of them): `saves` saves, each awaited on the stream.
 */
export async function draftBytes(kit: BridgeKit, pending = 30, size = 300_000, saves = 10): Promise<number> {
  const bridge = call(kit.createElicitationBridge, {
    authorize: () => 'bench',
    heartbeatMs: 60_000,
    ...kit.bridgeOptions,
  });
  const served = await serve(kit, bridge, false);
  const queue = bridge.queueFor('bench');
  for (let n = 0; n < pending; n += 1) {
    void queue.enqueue({ ...REQUEST, message: `${n}: ${'x'.repeat(size)}` }, ORIGIN);
  }
  const headers = { origin: served.base, 'x-mcp-elicit': '1' };
  const aborted = new AbortController();
  const response = await fetch(served.base, {
    headers: { ...headers, accept: 'text/event-stream' },
    signal: aborted.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let tail = '';
  let bytes = 0;
  /** Reads until the stream holds `marker` after what was read before; returns the bytes read meanwhile. */
  const until = async (marker: string) => {
    const start = bytes;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error('the stream ended');
      bytes += value.byteLength;
      const text = tail + decoder.decode(value, { stream: true });
      // Only a tail is kept between chunks: a marker is short, an event may be megabytes.
      tail = text.slice(-256);
      if (text.includes(marker)) {
        tail = '';
        return bytes - start;
      }
    }
  };
  try {
    // The first event (the whole view, in every version) ends with its drafts, none yet.
    await until('"drafts":{}}');
    // The first event holds the whole view in every version: the entry ids are read from the queue.
    const entryId = await firstEntryId(served.base, headers);
    let total = 0;
    for (let save = 0; save < saves; save += 1) {
      const draft = { city: `draft-${save}-` };
      const posted = fetch(served.base, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'saveDraft', entryId, draft }),
      });
      total += await until(`draft-${save}-`);
      await (await posted).text();
    }
    return total / saves;
  } finally {
    aborted.abort();
    queue.cancelAll();
    await served.close();
  }
}

/** The id of the first entry a fresh stream shows (its first event holds the whole view). */
async function firstEntryId(base: string, headers: Record<string, string>): Promise<string> {
  const aborted = new AbortController();
  const response = await fetch(base, { headers: { ...headers, accept: 'text/event-stream' }, signal: aborted.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error('the stream ended');
      text += decoder.decode(value, { stream: true });
      const match = /"entries":\[\{"id":"([^"]+)"/.exec(text);
      if (match?.[1] !== undefined) return match[1];
    }
  } finally {
    aborted.abort();
  }
}

// Loaded in a holder's worker thread (`holderThread`): hold requests there.
if (!isMainThread && workerData === HOLDER && parentPort !== null) runHolder(parentPort);
