/**
 * `createRedisBroker`: the broker of several bridge instances, in Redis. Each instance's part of a
 * principal's view is a key with an expiry that the instance refreshes while it lives; one hash holds the
 * epoch and the counter every instance reads versions from; a pub/sub channel per principal tells the
 * streams a part changed, and one per instance carries the commands routed to it.
 */
import { createClient } from 'redis';

import { randomId } from '../../shared/random-id.js';
import type { BridgePart, BrokerView, CommandExecutor, ElicitationBroker } from '../broker.js';
import { readCommand, type BridgeCommand, type BridgeOutcome } from '../wire.js';

/** A pub/sub listener as node-redis calls it. */
type Listener = (message: string, channel: string) => unknown;

/** A MULTI block being written (node-redis's `client.multi()`). */
export interface RedisMultiLike {
  addCommand(args: string[]): RedisMultiLike;
  exec(): Promise<unknown>;
}

/**
 * The part of a node-redis client (`redis` 5 or 6, `createClient()`) the broker uses: raw commands, so
 * the broker does not depend on the typings of one major version.
 */
export interface RedisClientLike {
  readonly isOpen: boolean;
  connect(): Promise<unknown>;
  /** A new client with the same options: the broker's subscriber connection. */
  duplicate(): RedisClientLike;
  sendCommand(args: string[]): Promise<unknown>;
  multi(): RedisMultiLike;
  subscribe(channel: string, listener: Listener): Promise<unknown>;
  unsubscribe(channel: string, listener: Listener): Promise<unknown>;
  close(): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** Options of `createRedisBroker`: a client of the host's, or a URL to open one. */
export type RedisBrokerOptions = (
  | {
      /** A connected client. The broker opens a second connection from it (`duplicate()`) to subscribe, and never closes this one. */
      client: RedisClientLike;
      url?: never;
    }
  | {
      /** `redis://host:port`: the broker opens both its connections and closes them in `close()`. */
      url: string;
      client?: never;
    }
) & {
  /** Put before every key and channel name (default `mcp-elicit:`): instances that share one must share Redis. */
  keyPrefix?: string;
  /** How long a part outlives its instance (default 30 s); it is refreshed every third of that while alive. */
  ttlSeconds?: number;
  /** How long a routed command waits for the instance holding its entry (default 5 000 ms); then `undefined`. */
  routeTimeoutMs?: number;
  /** Connection errors (they never carry a command's content). Default: ignored; node-redis reconnects. */
  onError?: (error: Error) => void;
};

/** The Redis broker: an `ElicitationBroker`, plus `ready` and `close`. */
export interface RedisElicitationBroker extends ElicitationBroker {
  /** Resolves once both connections are open and every `subscribe` and `serve` so far listens. */
  ready(): Promise<void>;
  /** Removes this process's parts, stops serving, and closes the connections the broker opened. */
  close(): Promise<void>;
}

/** What this process published, to refresh it and to write it again if its key went away. */
interface OwnPart {
  readonly principal: string;
  readonly instanceId: string;
  readonly part: BridgePart;
}

/** A routed command waiting for its reply. */
interface Waiting {
  settle(outcome: BridgeOutcome | undefined): void;
  fail(): void;
}

/**
 * Removes an instance from a principal's index only when its part is gone, in one step: a part written
 * again between a read and the clean-up keeps its place.
 */
const DROP_IF_GONE =
  "if redis.call('EXISTS', KEYS[2]) == 0 then return redis.call('SREM', KEYS[1], ARGV[1]) end return 0";

function isOutcome(value: unknown): value is BridgeOutcome {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    ['answered', 'ignored', 'invalid'].includes(String(record.status)) ||
    typeof record.ok === 'boolean' ||
    (typeof record.count === 'number' && Number.isInteger(record.count))
  );
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A reply as a list of strings or nulls: RESP3 may answer a set where RESP2 answers an array. */
function list(reply: unknown): (string | null)[] {
  const items = Array.isArray(reply) ? reply : reply instanceof Set ? [...reply] : [];
  return items.map((item) => (typeof item === 'string' ? item : null));
}

/** Creates a broker over Redis; bridges in several processes share it when they share Redis and `keyPrefix`. */
export function createRedisBroker(options: RedisBrokerOptions): RedisElicitationBroker {
  const prefix = options.keyPrefix ?? 'mcp-elicit:';
  const ttl = String(Math.max(1, Math.round(options.ttlSeconds ?? 30)));
  const routeTimeoutMs = options.routeTimeoutMs ?? 5_000;
  const onError = options.onError ?? (() => undefined);
  const owned = options.client === undefined;
  const commands: RedisClientLike = options.client ?? createClient({ url: options.url });
  const subscriber = commands.duplicate();
  if (owned) commands.on('error', onError);
  subscriber.on('error', onError);

  // Principals and instance ids are any strings: encoded, a `:` in one cannot make two names meet.
  const name = (kind: string, ...parts: string[]) => `${prefix}${kind}:${parts.map(encodeURIComponent).join(':')}`;
  const versionKey = `${prefix}version`;
  const replyChannel = name('reply', randomId());

  const own = new Map<string, OwnPart>();
  const views = new Map<string, { listeners: Set<() => void>; onMessage: Listener }>();
  const executors = new Map<string, CommandExecutor>();
  const waiting = new Map<string, Waiting>();
  const pending = new Set<Promise<unknown>>();
  let closed = false;

  /** Keeps `ready()` waiting for `work`; its failure goes to `onError`. */
  const track = (work: Promise<unknown>): void => {
    const tracked = work.catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))));
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
  };

  const connected = (async () => {
    await Promise.all([owned || !commands.isOpen ? commands.connect() : undefined, subscriber.connect()]);
    await subscriber.subscribe(replyChannel, (message) => {
      const reply = parseJson(message) as { id?: unknown; outcome?: unknown; failed?: unknown } | undefined;
      const wait = typeof reply?.id === 'string' ? waiting.get(reply.id) : undefined;
      if (wait === undefined) return;
      if (reply?.failed === true) wait.fail();
      else wait.settle(isOutcome(reply?.outcome) ? reply.outcome : undefined);
    });
  })();
  track(connected);

  async function publish(principal: string, instanceId: string, part: BridgePart | undefined): Promise<void> {
    const key = name('part', principal, instanceId);
    const index = name('parts', principal);
    // Noted before Redis is reached: if this write is lost, the refresh finds the key missing and writes it.
    if (part === undefined) own.delete(key);
    else own.set(key, { principal, instanceId, part });
    await connected;
    const multi = commands.multi();
    if (part === undefined) multi.addCommand(['DEL', key]).addCommand(['SREM', index, instanceId]);
    else {
      multi
        .addCommand(['SET', key, JSON.stringify(part), 'EX', ttl])
        .addCommand(['SADD', index, instanceId])
        .addCommand(['EXPIRE', index, ttl]);
    }
    // One block: a reader that sees the new counter sees the part written before it.
    await multi
      .addCommand(['HINCRBY', versionKey, 'counter', '1'])
      .addCommand(['PUBLISH', name('view', principal), ''])
      .exec();
  }

  async function version(): Promise<{ epoch: string; counter: number }> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [epoch, counter] = list(await commands.sendCommand(['HMGET', versionKey, 'epoch', 'counter']));
      if (epoch !== null && epoch !== undefined) return { epoch, counter: Number(counter ?? 0) };
      // A Redis that lost its data (restarted without persistence, evicted the key) starts a new epoch:
      // a stream resuming with an id of the old one then gets the whole view.
      await commands.sendCommand(['HSETNX', versionKey, 'epoch', randomId(2)]);
    }
    throw new Error('The broker could not read the version from Redis');
  }

  async function read(principal: string): Promise<BrokerView> {
    await connected;
    // The version first, then the parts: whatever a counter covers was written before it, so a view
    // may be newer than its version (sent again later) but never older.
    const { epoch, counter } = await version();
    const index = name('parts', principal);
    const ids = list(await commands.sendCommand(['SMEMBERS', index])).filter((id) => id !== null);
    const parts: Record<string, BridgePart> = {};
    if (ids.length === 0) return { epoch, counter, parts };
    const keys = ids.map((id) => name('part', principal, id));
    const texts = list(await commands.sendCommand(['MGET', ...keys]));
    ids.forEach((id, at) => {
      const part = parseJson(texts[at]);
      if (typeof part === 'object' && part !== null) {
        parts[id] = part as BridgePart;
        return;
      }
      // The instance stopped refreshing its part (it died): forget it.
      void commands
        .sendCommand(['EVAL', DROP_IF_GONE, '2', index, keys[at] ?? '', id])
        .catch((error: unknown) => onError(error as Error));
    });
    return { epoch, counter, parts };
  }

  function subscribe(principal: string, listener: () => void): () => void {
    let view = views.get(principal);
    if (view === undefined) {
      const listeners = new Set<() => void>();
      const created = { listeners, onMessage: () => [...listeners].forEach((call) => call()) };
      view = created;
      views.set(principal, view);
      // A publish between a stream's first read and the moment the subscription holds would not reach
      // it: once subscribed, every listener reads once more.
      track(
        connected.then(() => subscriber.subscribe(name('view', principal), created.onMessage)).then(created.onMessage),
      );
    }
    view.listeners.add(listener);
    const mine = view;
    return () => {
      mine.listeners.delete(listener);
      if (mine.listeners.size > 0 || views.get(principal) !== mine) return;
      views.delete(principal);
      track(connected.then(() => subscriber.unsubscribe(name('view', principal), mine.onMessage)));
    };
  }

  /** Runs one routed command and publishes its outcome to the sender's reply channel. */
  async function run(message: string, execute: CommandExecutor): Promise<void> {
    const parsed = parseJson(message);
    const request: Record<string, unknown> = typeof parsed === 'object' && parsed !== null ? { ...parsed } : {};
    const { id, reply, principal } = request;
    // Only to a reply channel of this prefix: a message in Redis cannot make the broker publish elsewhere.
    if (typeof id !== 'string' || typeof principal !== 'string' || typeof reply !== 'string') return;
    if (!reply.startsWith(`${prefix}reply:`)) return;
    // Read again as untrusted, as a POST body is: Redis is shared with whatever else can reach it.
    const command = readCommand(request.command);
    let answer: { id: string; outcome: BridgeOutcome } | { id: string; failed: true };
    try {
      answer = 'error' in command ? { id, failed: true } : { id, outcome: await execute(principal, command) };
    } catch {
      answer = { id, failed: true };
    }
    await commands.sendCommand(['PUBLISH', reply, JSON.stringify(answer)]);
  }

  function serve(instanceId: string, execute: CommandExecutor): () => void {
    executors.set(instanceId, execute);
    const channel = name('route', instanceId);
    const onMessage: Listener = (message) => {
      void run(message, execute).catch((error: unknown) => onError(error as Error));
    };
    track(connected.then(() => subscriber.subscribe(channel, onMessage)));
    return () => {
      if (executors.get(instanceId) === execute) executors.delete(instanceId);
      track(connected.then(() => subscriber.unsubscribe(channel, onMessage)));
    };
  }

  async function route(
    instanceId: string,
    principal: string,
    command: BridgeCommand,
  ): Promise<BridgeOutcome | undefined> {
    // An instance of this process needs no round trip through Redis.
    const local = executors.get(instanceId);
    if (local !== undefined) return local(principal, command);
    if (closed) return undefined;
    await connected;
    const id = randomId();
    return new Promise<BridgeOutcome | undefined>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        waiting.delete(id);
      };
      // No reply in time: the instance died or hangs; the bridge then answers as for an unknown id.
      const timer = setTimeout(() => {
        done();
        resolve(undefined);
      }, routeTimeoutMs);
      waiting.set(id, {
        settle(outcome) {
          done();
          resolve(outcome);
        },
        fail() {
          done();
          // A fixed sentence: the command may hold what the person typed.
          reject(new Error('The instance holding the entry failed to run the command'));
        },
      });
      const body = JSON.stringify({ id, reply: replyChannel, principal, command });
      commands.sendCommand(['PUBLISH', name('route', instanceId), body]).then(
        (receivers) => {
          // Nobody listens on that channel: no such instance (any more).
          if (receivers === 0) waiting.get(id)?.settle(undefined);
        },
        () => {
          done();
          reject(new Error('The broker could not reach Redis'));
        },
      );
    });
  }

  /** Keeps this process's parts alive; one that went away (expired in a stall, Redis restarted) is written again. */
  async function refresh(): Promise<void> {
    for (const [key, item] of [...own]) {
      const replies = await commands
        .multi()
        .addCommand(['EXPIRE', key, ttl])
        .addCommand(['EXPIRE', name('parts', item.principal), ttl])
        .exec();
      // EXPIRE answers 0 for a key that is not there.
      const alive = Array.isArray(replies) && Number(replies[0]) === 1;
      if (!alive && own.get(key) === item) await publish(item.principal, item.instanceId, item.part);
    }
  }

  const every = (Number(ttl) * 1_000) / 3;
  const timer = setInterval(() => {
    if (!closed) void connected.then(refresh).catch((error: unknown) => onError(error as Error));
  }, every);

  return {
    publish,
    read,
    subscribe,
    serve,
    route,
    async ready() {
      await connected;
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      for (const wait of [...waiting.values()]) wait.settle(undefined);
      executors.clear();
      try {
        await connected;
        // Its MCP requests end with this process: other instances stop showing them now, not at expiry.
        await Promise.all([...own.values()].map((item) => publish(item.principal, item.instanceId, undefined)));
      } catch {
        // Redis is unreachable: the parts expire on their own.
      }
      await Promise.allSettled([subscriber.close(), owned ? commands.close() : undefined]);
    },
  };
}
