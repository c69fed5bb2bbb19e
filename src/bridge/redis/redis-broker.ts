/**
 * `createRedisBroker`: the broker of several bridge instances, in Redis. Each instance's part of a
 * principal's view is a key with an expiry that the instance refreshes while it lives; one hash per
 * principal holds the epoch and the counter every instance reads that principal's versions from (so one
 * principal's event ids tell nothing of another's activity); a pub/sub channel per principal tells the
 * streams a part changed, and one per instance carries the commands routed to it.
 *
 * Redis is a boundary: parts and messages are sealed with HMAC-SHA256 under the host's secret
 * (`signing.ts`), and everything read back is checked (`records.ts`); a bad record is skipped, reported
 * to `onError` and removed.
 *
 * A MAC (RFC 2104) proves who wrote a text, not when: a part captured earlier and put back with `SET` would
 * open, and show a request that is over. So each sealed part starts with a line `writer write sealedAt
 * expiresAt` (`records.ts`). `writer` is this broker's generation, taken once as it connects (`NEXT_WRITER`:
 * Redis's clock in µs, never below the last one handed out) and `write` counts the parts it has sealed:
 * the pair grows with every write of a part key, across restarts of its writer too. `sealedAt` and
 * `expiresAt` are the writer's clock at sealing and its key's expiry. Each reader remembers per part the
 * newest seal it opened, and whether the part went away after it (removed, or no longer in the index); it
 * refuses a lower seal, or the same one once gone. Commands are numbered in the order they go on the
 * connection, which is the order Redis runs them: a read sent before the one that taught a seal may show
 * the older copy it got, and is not taken for a replay. A reader with no memory (a new process) is bounded
 * by time instead: the writer seals its part anew on each refresh (every third of the TTL), and a part shows
 * only from `CLOCK_SKEW_MS` (60 s) before `sealedAt` to 60 s past `expiresAt` by the reader's clock, so a
 * copy put back fools it for `ttlSeconds` plus 60 s at most. What a reader remembers of a part goes once its
 * seal has expired: every older copy has too.
 *
 * An answer routed to another instance is fenced by one claim per entry (`claims.ts`): it is applied only
 * while its claim holds, and a sender that stops waiting withdraws the claim first, so an answer reported
 * `ignored` is never applied later; while the holder lives but is slow, the answer is `sending` and the
 * claim kept, up to `sendingLimitMs`.
 */
import { createClient } from 'redis';

import { randomId, randomIds } from '../../shared/random-id.js';
import type { BridgePart, BrokerView, CommandExecutor, ElicitationBroker, PublishedPart } from '../broker.js';
import { readCommand, type BridgeCommand, type BridgeOutcome } from '../wire.js';
import {
  carriedStates,
  CLAIM_PUBLISH,
  CLAIM_TTL_MS,
  claimStates,
  GIVE_UP,
  isAnswer,
  refusedState,
  SEEN,
  SEEN_COMMIT,
  SEEN_SETTLE,
  type ClaimStates,
} from './claims.js';
import {
  CLOCK_SKEW_MS,
  judgeSeal,
  parseJson,
  partText,
  readPart,
  readPartText,
  readVersion,
  type KnownSeal,
  type PartSeal,
} from './records.js';
import { createDeadlines, withDeadlines } from './deadlines.js';
import { createSigner, MIN_SECRET_LENGTH } from './signing.js';

/**
 * How long a principal's version outlives its last publish (1 day). Past it the principal starts a new
 * epoch, so a stream resuming with an older id gets the whole view; nothing is skipped.
 */
const VERSION_TTL_SECONDS = '86400';

/** How long a routed command's id is remembered, and the oldest message that is run (1 hour). */
const REPLAY_WINDOW_MS = 3_600_000;

/**
 * The writer generation of a broker that connects: Redis's clock in microseconds, and always above the last
 * one handed out (kept in KEYS[1]), so a writer that restarts never seals below what it sealed before. A
 * stored value that is not a safe integer (written by something else) is ignored.
 */
const NEXT_WRITER = `local t = redis.call('TIME')
local n = tonumber(t[1]) * 1000000 + tonumber(t[2])
local last = tonumber(redis.call('GET', KEYS[1]) or '0')
if last ~= nil and last < 9007199254740000 and n <= last then n = last + 1 end
redis.call('SET', KEYS[1], string.format('%d', n))
return n`;

/**
 * How long a command on a connection the broker opened (`url`) may wait for Redis before it fails: node-redis's
 * own default, kept by the broker (`deadlines.ts`) instead of a timer of node-redis's per command.
 */
const COMMAND_TIMEOUT_MS = 5_000;

/** How many instances a subscribed principal's read guesses besides those its last read found. */
const GUESSED = 8;

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
) &
  (
    | {
        /**
         * The key that seals every part and message (HMAC-SHA256), at least 32 characters, the same on every
         * instance (`openssl rand -base64 32`). Without it, whoever can write to Redis can show or answer prompts.
         */
        secret: string;
        insecureNoSecret?: never;
      }
    | {
        /**
         * Development only: runs with a public key, so nothing is authenticated. Warns on the console when
         * created, and throws when `NODE_ENV` is `production`.
         */
        insecureNoSecret: true;
        secret?: never;
      }
  ) & {
    /**
     * Put before every key and channel name; required, and named after your app (`myapp:elicit:`):
     * two apps on one Redis with one prefix would share principals. Instances that share it must share Redis.
     */
    keyPrefix: string;
    /** How long a part outlives its instance (default 30 s); it is sealed anew every third of that while alive. */
    ttlSeconds?: number;
    /**
     * How long a routed command waits for the instance holding its entry (default 5 000 ms). Past it, an
     * answer is reported `sending` (see `sendingLimitMs`; a caller of `route` without `later` gets its claim
     * withdrawn instead, then it is `ignored` and never applied, unless the holder committed it already); other
     * commands answer as for an unknown id.
     */
    routeTimeoutMs?: number;
    /**
     * How long an answer may stay `sending` after `routeTimeoutMs` while the instance holding its entry lives
     * but does not commit it (default 30 000 ms; checked every `routeTimeoutMs`). Past it, or as soon as the
     * holder's part is gone, the claim is withdrawn: the answer is never applied, and the person gets the
     * request back with a `not-sent` notice. One the holder committed is `answered`: the holder records its
     * commit in Redis before it applies the answer, so even a holder stalled past its part's expiry applies
     * exactly what its sender reports.
     */
    sendingLimitMs?: number;
    /**
     * Connection errors, and records or messages in Redis that were skipped (malformed, or not sealed
     * with the secret): log them. They never carry a command's content. Default: ignored.
     */
    onError?: (error: Error) => void;
  };

/** The Redis broker: an `ElicitationBroker`, plus `ready` and `close`. */
export interface RedisElicitationBroker extends ElicitationBroker {
  /**
   * Resolves once both connections are open, every `subscribe` and `serve` so far listens, and every refresh
   * of this process's parts started so far is written.
   */
  ready(): Promise<void>;
  /** Removes this process's parts, stops serving, and closes the connections the broker opened. */
  close(): Promise<void>;
}

/** What this process published, to refresh it and to write it again if its key went away. */
interface OwnPart {
  readonly principal: string;
  readonly instanceId: string;
  readonly part: PublishedPart;
}

/** The reply to a routed command, or why there is none. */
type Reply = { outcome: BridgeOutcome } | 'nobody' | 'timeout';

/** A routed command in flight: its reply may be awaited more than once. */
interface Call {
  next(ms: number): Promise<Reply>;
  end(): void;
}

/**
 * Removes an instance from a principal's index when its part is gone or still holds the bad value that was
 * read (ARGV[2]; '' for gone), in one step: a part written again in between keeps its place.
 */
const DROP_IF_UNCHANGED = `local v = redis.call('GET', KEYS[2])
if (not v and ARGV[2] == '') or v == ARGV[2] then
  redis.call('DEL', KEYS[2])
  return redis.call('SREM', KEYS[1], ARGV[1])
end
return 0`;

/** Starts a new epoch when the version still holds the malformed fields that were read. */
const RESET_VERSION = `if (redis.call('HGET', KEYS[1], 'epoch') or '') == ARGV[1]
  and (redis.call('HGET', KEYS[1], 'counter') or '') == ARGV[2] then
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'epoch', ARGV[3])
  return 1
end
return 0`;

/**
 * The next `ARGV[1]` arrival numbers, never below `ARGV[2]` (the highest this process holds): one sequence
 * for every instance, so order never depends on a machine's clock. Returns the last number taken.
 */
const NEXT_ARRIVALS = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
local floor = tonumber(ARGV[2])
if n == nil or n < floor then n = floor end
n = n + tonumber(ARGV[1])
redis.call('SET', KEYS[1], string.format('%d', n))
return n`;

function isOutcome(value: unknown): value is BridgeOutcome {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    ['answered', 'ignored', 'invalid'].includes(String(record.status)) ||
    typeof record.ok === 'boolean' ||
    (typeof record.count === 'number' && Number.isInteger(record.count))
  );
}

/** A reply as a list of strings or nulls: RESP3 may answer a set where RESP2 answers an array. */
function list(reply: unknown): (string | null)[] {
  const items = Array.isArray(reply) ? reply : reply instanceof Set ? [...reply] : [];
  return items.map((item) => (typeof item === 'string' ? item : null));
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** `NODE_ENV` where there is a `process` (the broker runs in Node); read without importing a `node:` module. */
function nodeEnv(): string | undefined {
  const host = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return host.process?.env?.NODE_ENV;
}

/** Checks the options a deployment must set; throws a TypeError naming the one that is wrong. */
function checkOptions(options: RedisBrokerOptions): void {
  const { keyPrefix, secret, insecureNoSecret } = options as {
    keyPrefix?: unknown;
    secret?: unknown;
    insecureNoSecret?: unknown;
  };
  if (typeof keyPrefix !== 'string' || keyPrefix === '') {
    throw new TypeError('createRedisBroker: keyPrefix is required; name your app in it (e.g. "myapp:elicit:")');
  }
  if (insecureNoSecret === true && secret === undefined) {
    if (nodeEnv() === 'production') {
      throw new TypeError('createRedisBroker: insecureNoSecret is refused when NODE_ENV is production; set secret');
    }
    console.warn(
      'createRedisBroker: INSECURE, no secret. Any process that can write to this Redis can show prompts to ' +
        'your users and answer them. Set `secret` outside development.',
    );
    return;
  }
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) {
    throw new TypeError(
      `createRedisBroker: secret is required, at least ${MIN_SECRET_LENGTH} characters, the same on every ` +
        'instance (or insecureNoSecret: true, for development only)',
    );
  }
}

/** Creates a broker over Redis; bridges in several processes share it when they share Redis, `keyPrefix` and `secret`. */
export function createRedisBroker(options: RedisBrokerOptions): RedisElicitationBroker {
  checkOptions(options);
  const prefix = options.keyPrefix;
  const signer = createSigner(options.secret);
  const ttl = String(Math.max(1, Math.round(options.ttlSeconds ?? 30)));
  const routeTimeoutMs = options.routeTimeoutMs ?? 5_000;
  const sendingLimitMs = options.sendingLimitMs ?? 30_000;
  const onError = options.onError ?? (() => undefined);
  const owned = options.client === undefined;
  // A connection of the broker's own has no per-command timeout of node-redis's (an AbortSignal and its timer
  // for each command, more than the command's round trip on loopback): every command and MULTI block on it is
  // bounded by the broker's deadlines instead. A client of the host's keeps the options the host gave it.
  // (No timer is set until a command is bounded: with a host's client, none ever is.)
  const deadlines = createDeadlines(
    COMMAND_TIMEOUT_MS,
    () => new Error(`Redis did not answer in ${COMMAND_TIMEOUT_MS} ms`),
  );
  const commands: RedisClientLike =
    options.client ?? withDeadlines(createClient({ url: options.url, commandOptions: { timeout: 0 } }), deadlines);
  const subscriber = commands.duplicate();
  if (owned) commands.on('error', onError);
  subscriber.on('error', onError);

  // Principals and instance ids are any strings: encoded, a `:` in one cannot make two names meet.
  const name = (kind: string, ...parts: string[]) => `${prefix}${kind}:${parts.map(encodeURIComponent).join(':')}`;
  /** A principal's version: its epoch and counter. */
  const versionKey = (principal: string) => name('version', principal);
  const arrivalKey = `${prefix}arrival`;
  const replyChannel = name('reply', randomId());
  /** Routed commands' ids: 128 random bits each, as `randomId()`'s. */
  const messageId = randomIds();

  const own = new Map<string, OwnPart>();
  /** Arrival numbers of this process's entries and notices, by part key, then entry or notice id. */
  const arrivals = new Map<string, Map<string, number>>();
  /** The highest arrival number this process handed out: the sequence never goes below it. */
  let highest = 0;
  /**
   * What this process last wrote under each part key (its JSON before numbering): publishing the same part
   * again writes nothing, bumps no counter and wakes no stream.
   */
  const written = new Map<string, string>();
  /**
   * Publishes of one part key, one after the other: each resolves once its block is on the connection (or
   * the write ended without one), and the next starts then.
   */
  const chains = new Map<string, Promise<void>>();
  /**
   * Each subscribed principal's listeners, and the instances the last read of its view found (read again at
   * once with the next read's version: one round trip while they do not change).
   */
  const views = new Map<string, { listeners: Set<() => void>; onMessage: Listener; ids: string[] }>();
  const executors = new Map<string, CommandExecutor>();
  const waiting = new Map<string, (reply: Reply | 'failed') => void>();
  const pending = new Set<Promise<unknown>>();
  /** Answers reported `sending` whose outcome is still awaited: `close()` lets them settle their claims first. */
  const follows = new Set<Promise<unknown>>();
  /** Commits being retried (`commitAnswer`): `close()` ends their waits, then awaits their last try. */
  const commits = new Set<Promise<unknown>>();
  const wakers = new Set<() => void>();
  let closed = false;
  /** This broker's writer generation (`NEXT_WRITER`), once connected, and how many parts it has sealed. */
  let writer = 0;
  let writes = 0;
  /**
   * Commands that write or read parts, numbered in the order they go on the connection (so in the order
   * Redis runs them): a copy read by a command sent before the one that taught a seal may be older legitimately.
   */
  let issued = 0;
  /**
   * The newest seal opened (or written) per principal and instance, and the number of the command that taught
   * it: a copy sealed before it, read by a later command, was put back. Forgotten once that seal has expired
   * (past it, every older copy has too).
   */
  const seals = new Map<string, Map<string, KnownSeal & { issue: number }>>();

  /** Keeps `ready()` waiting for `work`; its failure goes to `onError`. */
  const track = (work: Promise<unknown>): void => {
    const tracked = work.catch((error: unknown) => onError(asError(error)));
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
  };

  /** Tells the host about a record or message it should look into; the key names where, never what. */
  const skipped = (what: string, where: string) => onError(new Error(`Skipped ${what} in Redis: ${where}`));

  /** A seal of this broker's `write`, made now and shown until its key expires. */
  const sealNow = (write: number): PartSeal => {
    const sealedAt = Date.now();
    return { writer, write, sealedAt, expiresAt: sealedAt + Number(ttl) * 1_000 };
  };
  /** The seal of the next part this broker writes: the next in its sequence. */
  const nextSeal = (): PartSeal => sealNow((writes += 1));

  /** Learns `seal` of the principal's part from `instanceId` from command `issue`, unless a later one taught more. */
  const learn = (principal: string, instanceId: string, seal: PartSeal, gone: boolean, issue: number): void => {
    const known = seals.get(principal) ?? new Map<string, KnownSeal & { issue: number }>();
    seals.set(principal, known);
    const before = known.get(instanceId);
    if (before === undefined || before.issue < issue) known.set(instanceId, { seal, gone, issue });
  };

  const connected = (async () => {
    await Promise.all([owned || !commands.isOpen ? commands.connect() : undefined, subscriber.connect()]);
    const [generation] = await Promise.all([
      commands.sendCommand(['EVAL', NEXT_WRITER, '1', `${prefix}writers`]),
      subscriber.subscribe(replyChannel, (message) => {
        void hearReply(message).catch((error: unknown) => onError(asError(error)));
      }),
    ]);
    writer = Number(generation);
    // The script answers a non-negative integer; anything else would seal parts no reader could read or order.
    if (!Number.isSafeInteger(writer) || writer < 0)
      throw new Error('The broker could not take a writer generation from Redis');
  })();
  track(connected);

  async function hearReply(message: string): Promise<void> {
    const text = await signer.open(`reply\n${replyChannel}`, message);
    if (text === undefined) {
      skipped('a reply that is not sealed with the secret', replyChannel);
      return;
    }
    const reply = parseJson(text) as { id?: unknown; outcome?: unknown; failed?: unknown } | undefined;
    const settle = typeof reply?.id === 'string' ? waiting.get(reply.id) : undefined;
    if (settle === undefined) return;
    if (reply?.failed === true) settle('failed');
    else if (isOutcome(reply?.outcome)) settle({ outcome: reply.outcome });
  }

  /**
   * The part with an arrival number for each entry and notice: the ones they had, and the next ones Redis
   * hands out (one sequence for entries and notices of every instance).
   */
  async function stamp(key: string, part: PublishedPart): Promise<BridgePart> {
    const known = arrivals.get(key) ?? new Map<string, number>();
    const ids = [...part.entries.map((entry) => entry.id), ...part.notices.map((notice) => notice.id)];
    const fresh = ids.filter((id) => !known.has(id)).length;
    if (fresh > 0) {
      const last = Number(
        await commands.sendCommand(['EVAL', NEXT_ARRIVALS, '1', arrivalKey, String(fresh), String(highest)]),
      );
      // The script answers an integer; anything else would make this process's own part unreadable.
      if (!Number.isSafeInteger(last)) throw new Error('The broker could not take arrival numbers from Redis');
      highest = Math.max(highest, last);
      let next = last - fresh;
      for (const id of ids) if (!known.has(id)) known.set(id, (next += 1));
    }
    const kept = new Set(ids);
    for (const id of known.keys()) if (!kept.has(id)) known.delete(id);
    arrivals.set(key, known);
    return {
      ...part,
      arrivals: part.entries.map((entry) => known.get(entry.id) ?? 0),
      noticeArrivals: part.notices.map((notice) => known.get(notice.id) ?? 0),
    };
  }

  /**
   * Writes the part unless it is what this process last wrote there (`again`: write it all the same), once the
   * write before it on this key is on the connection (`previous`); `next()` tells the next one this write's
   * block is. `retry`: a failed block is written once more, as the part is by then.
   */
  async function write(
    principal: string,
    instanceId: string,
    part: PublishedPart | undefined,
    again: boolean,
    previous: Promise<void>,
    next: () => void,
    retry: boolean,
  ): Promise<void> {
    const key = name('part', principal, instanceId);
    const index = name('parts', principal);
    const text = part === undefined ? '' : JSON.stringify({ ...part, arrivals: [], noticeArrivals: [] });
    try {
      await previous;
      // Nothing a stream would show changed (the same entries, notices and drafts): no write, no event.
      if (!again && (written.get(key) ?? '') === text) return;
      await connected;
      const multi = commands.multi();
      let seal: PartSeal;
      if (part === undefined) {
        arrivals.delete(key);
        multi.addCommand(['DEL', key]).addCommand(['SREM', index, instanceId]);
        // Every copy this broker sealed of the key so far is older than its removal.
        seal = sealNow(writes);
      } else {
        const json = JSON.stringify(await stamp(key, part));
        seal = nextSeal();
        const sealed = await signer.seal(`part\n${key}`, partText(seal, json));
        multi
          .addCommand(['SET', key, sealed, 'EX', ttl])
          .addCommand(['SADD', index, instanceId])
          .addCommand(['EXPIRE', index, ttl]);
      }
      // One block: a reader that sees the new counter sees the part written before it.
      const block = multi
        .addCommand(['HINCRBY', versionKey(principal), 'counter', '1'])
        .addCommand(['EXPIRE', versionKey(principal), VERSION_TTL_SECONDS])
        .addCommand(['PUBLISH', name('view', principal), ''])
        .exec();
      const issue = (issued += 1);
      // The block is on the connection: the next write of this key may start (its stamp, its block), since
      // Redis runs one connection's commands in the order they are sent. A part is never overwritten by an
      // older one, and a publish does not wait a round trip for the one before it.
      if (text === '') written.delete(key);
      else written.set(key, text);
      next();
      await block;
      // Written: this broker's own reads now refuse the copies before it (and, once removed, the last one too).
      learn(principal, instanceId, seal, part === undefined, issue);
    } catch (error) {
      next();
      // Not known to be written: the next publish of the same part writes it.
      if (written.get(key) === text) written.delete(key);
      if (!retry) throw error;
      // A counter that is not an integer (written by something else) fails HINCRBY: mend the version, then
      // write the part as it is now (a later publish's, if one came meanwhile: never an older one), once.
      onError(asError(error));
      await version(principal);
      const current = own.get(key);
      await publish(principal, instanceId, current?.part, true, false);
    } finally {
      // Whatever happened, the next write of this key goes on (at once when this one wrote nothing).
      next();
    }
  }

  function publish(
    principal: string,
    instanceId: string,
    part: PublishedPart | undefined,
    again = false,
    retry = true,
  ): Promise<void> {
    const key = name('part', principal, instanceId);
    // Noted before Redis is reached: if this write is lost, the refresh finds the key missing and writes it.
    if (part === undefined) own.delete(key);
    else own.set(key, { principal, instanceId, part });
    return chained(key, (previous, next) => write(principal, instanceId, part, again, previous, next, retry));
  }

  /**
   * Runs a write of `key` after the one before it (`previous`) is on the connection; the write calls `next()`
   * once its own is, and the write after it starts then.
   */
  function chained(key: string, job: (previous: Promise<void>, next: () => void) => Promise<void>): Promise<void> {
    const previous = chains.get(key) ?? Promise.resolve();
    let next = () => {};
    const mine = new Promise<void>((resolve) => {
      next = resolve;
    });
    chains.set(key, mine);
    void mine.then(() => {
      if (chains.get(key) === mine) chains.delete(key);
    });
    return job(previous, next);
  }

  /** The principal's version, read as untrusted: a malformed one starts a new epoch. */
  async function version(principal: string): Promise<{ epoch: string; counter: number }> {
    const key = versionKey(principal);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [epoch, counter] = list(await commands.sendCommand(['HMGET', key, 'epoch', 'counter']));
      if (epoch === null || epoch === undefined) {
        // A principal seen for the first time, or a Redis that lost the key (restarted without persistence,
        // evicted it, or it expired unused), starts a new epoch: a stream resuming with an id of the old one
        // then gets the whole view.
        await commands
          .multi()
          .addCommand(['HSETNX', key, 'epoch', randomId(2)])
          .addCommand(['EXPIRE', key, VERSION_TTL_SECONDS])
          .exec();
        continue;
      }
      const read = readVersion(epoch, counter);
      if (read !== undefined) return read;
      // An epoch or counter the broker never writes would break the stream's `id:` line: a new epoch.
      skipped('a malformed version (a new epoch starts)', key);
      await commands.sendCommand(['EVAL', RESET_VERSION, '1', key, epoch, counter ?? '', randomId(2)]);
    }
    throw new Error('The broker could not read the version from Redis');
  }

  /** Removes `id` from the principal's index, with its part if that still holds `seen` ('' for none). */
  function drop(index: string, key: string, id: string, seen: string): void {
    void commands
      .sendCommand(['EVAL', DROP_IF_UNCHANGED, '2', index, key, id, seen])
      .catch((error: unknown) => onError(asError(error)));
  }

  /**
   * The parts of `ids` (their sealed texts as read from `keys`, each with the number of the command that read
   * it), opened and checked; a part gone or bad is dropped from the index.
   */
  async function openParts(
    principal: string,
    index: string,
    ids: readonly string[],
    keys: readonly string[],
    texts: readonly { text: string | null | undefined; issue: number }[],
  ): Promise<Record<string, BridgePart>> {
    const parts: Record<string, BridgePart> = {};
    await Promise.all(
      ids.map(async (id, at) => {
        const key = keys[at] ?? '';
        const { text, issue } = texts[at] ?? { text: undefined, issue: 0 };
        // The instance stopped refreshing its part (it died), or removed it: forget it. A copy of what was
        // last read put back now is older than the removal.
        if (text === null || text === undefined) {
          const known = seals.get(principal)?.get(id);
          if (known !== undefined) learn(principal, id, known.seal, true, issue);
          drop(index, key, id, '');
          return;
        }
        const opened = await signer.open(`part\n${key}`, text);
        const sealed = opened === undefined ? undefined : readPartText(opened);
        let problem = opened === undefined ? 'a part that is not sealed with the secret' : 'a malformed part';
        if (sealed !== undefined) {
          // Only what a command sent before this one taught: a read sent earlier may hold an older copy legitimately.
          const known = seals.get(principal)?.get(id);
          const verdict = judgeSeal(
            sealed.seal,
            Date.now(),
            known !== undefined && known.issue < issue ? known : undefined,
          );
          const part = verdict === 'show' ? readPart(parseJson(sealed.json)) : undefined;
          if (part !== undefined) {
            learn(principal, id, sealed.seal, false, issue);
            parts[id] = part;
            return;
          }
          if (verdict === 'older') problem = 'a copy of a part older than one read before (put back)';
          if (verdict === 'expired') {
            problem = `a part sealed outside its lifetime by this machine's clock (put back, or clocks over ${CLOCK_SKEW_MS / 1_000} s apart)`;
          }
        }
        // Skipped, never the end of the view: the principal's other parts still show.
        skipped(problem, key);
        drop(index, key, id, text);
      }),
    );
    return parts;
  }

  async function read(principal: string): Promise<BrokerView> {
    await connected;
    const index = name('parts', principal);
    const partKey = (id: string) => name('part', principal, id);
    // The version, the index and the parts of the instances the last read found, in one round trip: Redis runs
    // the commands of one connection in the order they are sent, so the version is still read before any part
    // and whatever its counter covers was written before it (a view may be newer than its version, never older).
    const view = views.get(principal);
    const guessed = view?.ids ?? [];
    // The index and the guessed parts are read by consecutive commands: nothing of this broker goes between.
    const guessIssue = (issued += 1);
    let indexIssue = guessIssue;
    const [fields, members, guessedTexts] = await Promise.all([
      commands.sendCommand(['HMGET', versionKey(principal), 'epoch', 'counter']),
      commands.sendCommand(['SMEMBERS', index]),
      guessed.length === 0 ? [] : commands.sendCommand(['MGET', ...guessed.map(partKey)]),
    ]);
    const [epochField, counterField] = list(fields);
    let current = readVersion(epochField, counterField);
    let ids = list(members).filter((id) => id !== null);
    const texts = list(guessedTexts);
    let byId = new Map(guessed.map((id, at) => [id, { text: texts[at], issue: guessIssue }]));
    if (current === undefined) {
      // A principal seen for the first time, or a version to mend (`version`): then the index and the parts
      // again, read after it.
      current = await version(principal);
      indexIssue = issued += 1;
      ids = list(await commands.sendCommand(['SMEMBERS', index])).filter((id) => id !== null);
      byId = new Map();
    }
    const { epoch, counter } = current;
    // A part the index no longer lists was removed (or expired): a copy of the last one read, put back with
    // its id, is older than the removal.
    const listed = new Set(ids);
    for (const [id, known] of seals.get(principal) ?? []) {
      if (!listed.has(id)) learn(principal, id, known.seal, true, indexIssue);
    }
    // Instances that just left stay guessed a while (a part that comes and goes, as one request after another
    // does, is read at once when it comes back); the index alone says which parts are in the view.
    if (view !== undefined) view.ids = [...new Set([...ids, ...guessed])].slice(0, Math.max(ids.length, GUESSED));
    if (ids.length === 0) return { epoch, counter, parts: {} };
    // An instance the index lists that the last read did not: its part read now (after the index, as before).
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) {
      const issue = (issued += 1);
      const more = list(await commands.sendCommand(['MGET', ...missing.map(partKey)]));
      missing.forEach((id, at) => byId.set(id, { text: more[at], issue }));
    }
    const keys = ids.map(partKey);
    const parts = await openParts(
      principal,
      index,
      ids,
      keys,
      ids.map((id) => byId.get(id) ?? { text: undefined, issue: 0 }),
    );
    return { epoch, counter, parts };
  }

  function subscribe(principal: string, listener: () => void): () => void {
    let view = views.get(principal);
    if (view === undefined) {
      const listeners = new Set<() => void>();
      const created = { listeners, onMessage: () => [...listeners].forEach((call) => call()), ids: [] as string[] };
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

  /** The claim key of an answer's entry. */
  function claimKey(principal: string, command: BridgeCommand): string {
    return name('claim', principal, 'entryId' in command ? command.entryId : '');
  }

  /** Waits `ms`, or less when the broker closes (`close()` wakes every wait). */
  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });
  }

  /**
   * The holder's commit of a routed answer (`SEEN_COMMIT`): 1 apply it, 0 never, -1 a replay. When Redis's
   * reply is lost (the connection dropped), the script may have run or not, and the sender will go by what
   * the claim holds: so the claim is read (at once, then every `routeTimeoutMs` while Redis does not answer,
   * for as long as a part lives): `done` applies the answer, `claimed` means the script did not run and it
   * is tried again, anything else (withdrawn, another answer's) never applies it. A broker that closes
   * retries no more: one last try at once, then the commit fails and the answer is not applied (its sender
   * then withdraws the claim, or finds it done: the holder's process is ending, as a holder that dies).
   */
  async function commitAnswer(seen: string, key: string, states: Omit<ClaimStates, 'refused'>): Promise<number> {
    const attempts = Math.ceil((Number(ttl) * 1_000) / routeTimeoutMs) + 1;
    let lost = false;
    let last = false;
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (lost) {
          const now = await commands.sendCommand(['GET', key]);
          if (now !== states.claimed) return now === states.done ? 1 : 0;
        }
        return Number(
          await commands.sendCommand([
            'EVAL',
            SEEN_COMMIT,
            '2',
            seen,
            key,
            String(REPLAY_WINDOW_MS),
            states.claimed,
            states.done,
          ]),
        );
      } catch (error) {
        if (attempt >= attempts || last) throw error;
        onError(asError(error));
        if (lost && !closed) await pause(routeTimeoutMs);
        last = closed;
        lost = true;
      }
    }
  }

  /** Runs one routed command and publishes its outcome, sealed, to the sender's reply channel. */
  async function run(channel: string, message: string, execute: CommandExecutor): Promise<void> {
    const text = await signer.open(`route\n${channel}`, message);
    // Not sealed with the secret: not run, and no reply (a forger cannot make the broker publish anything).
    if (text === undefined) {
      skipped('a routed command that is not sealed with the secret', channel);
      return;
    }
    const parsed = parseJson(text);
    const request: Record<string, unknown> = typeof parsed === 'object' && parsed !== null ? { ...parsed } : {};
    const { id, reply, principal } = request;
    // Only to a reply channel of this prefix: a message in Redis cannot make the broker publish elsewhere.
    const { sent } = request;
    if (typeof id !== 'string' || typeof principal !== 'string' || typeof reply !== 'string') return;
    if (!reply.startsWith(`${prefix}reply:`)) return;
    // A sealed message captured and published again is run once only: its id is claimed for the replay
    // window, and a message older than the window (by this machine's clock, far beyond any skew) is refused.
    const fresh = typeof sent === 'number' && Math.abs(Date.now() - sent) < REPLAY_WINDOW_MS;
    // Read again as untrusted, as a POST body is.
    const command = readCommand(request.command);
    const key = 'error' in command || !isAnswer(command) ? undefined : claimKey(principal, command);
    // The states the sender claimed with come in the sealed message; computed here only when they do not.
    const claim =
      key === undefined || 'error' in command
        ? undefined
        : { key, states: carriedStates(request.claim) ?? (await claimStates(signer, key, command)) };
    if (!fresh) {
      skipped('a routed command that is stale or was run already (replayed)', channel);
      return;
    }
    const seen = name('seen', id);
    let answer: { id: string; outcome: BridgeOutcome } | { id: string; failed: true };
    // The holder's step in Redis: for an answer, its commit (`SEEN_COMMIT`), asked for by the executor right
    // before it applies the answer; for any other command, or an answer the executor did not commit, the id
    // marked seen. -1: the id was seen already (a replay), nothing runs and nothing is replied.
    let step: Promise<number> | undefined;
    try {
      if ('error' in command || claim === undefined) {
        step = commands.sendCommand(['EVAL', SEEN, '1', seen, String(REPLAY_WINDOW_MS)]).then(Number);
        if ((await step) === -1) {
          skipped('a routed command that is stale or was run already (replayed)', channel);
          return;
        }
        answer = 'error' in command ? { id, failed: true } : { id, outcome: await execute(principal, command) };
      } else {
        const { key, states } = claim;
        const commit = async (): Promise<boolean> => {
          if (step === undefined) {
            const committing = commitAnswer(seen, key, states);
            const ended = committing.catch(() => undefined);
            commits.add(ended);
            void ended.finally(() => commits.delete(ended));
            step = committing;
          }
          return (await step) === 1;
        };
        const outcome = await execute(principal, command, commit);
        answer = { id, outcome };
        const applied = 'status' in outcome && outcome.status === 'answered';
        const committing = step;
        if (committing === undefined) {
          // Not committed: the executor found the answer would not apply (the claim is freed for another
          // answer), or it runs without a fence (an applied answer is then recorded done after the fact).
          const done = applied ? states.done : '';
          step = commands
            .sendCommand(['EVAL', SEEN_SETTLE, '2', seen, key, String(REPLAY_WINDOW_MS), states.claimed, done])
            .then(Number);
        }
        if ((await step) === -1) {
          skipped('a routed command that is stale or was run already (replayed)', channel);
          return;
        }
        if (committing !== undefined && (await committing) === 1 && !applied) {
          // Committed, then not applied: the entry went within the commit's round trip (its server cancelled
          // it). The claim goes back from `done` to withdrawn before the reply is sent, so that neither this
          // sender, nor a retry of the answer through any instance, reads `done` for an answer never applied.
          const refused = await refusedState(signer, key, states.claimed);
          await commands
            .sendCommand(['EVAL', GIVE_UP, '1', key, states.done, refused])
            .catch((error: unknown) => onError(asError(error)));
        }
      }
    } catch {
      answer = { id, failed: true };
      // An answer whose executor failed before it committed was not applied: its claim is freed, so the
      // person's next answer is taken instead of being ignored until the claim expires (an hour).
      if (claim !== undefined && step === undefined) {
        await commands
          .sendCommand(['EVAL', SEEN_SETTLE, '2', seen, claim.key, String(REPLAY_WINDOW_MS), claim.states.claimed, ''])
          .catch((error: unknown) => onError(asError(error)));
      }
    }
    const sealed = await signer.seal(`reply\n${reply}`, JSON.stringify(answer));
    await commands.sendCommand(['PUBLISH', reply, sealed]);
  }

  function serve(instanceId: string, execute: CommandExecutor): () => void {
    executors.set(instanceId, execute);
    const channel = name('route', instanceId);
    const onMessage: Listener = (message) => {
      void run(channel, message, execute).catch((error: unknown) => onError(asError(error)));
    };
    track(connected.then(() => subscriber.subscribe(channel, onMessage)));
    return () => {
      if (executors.get(instanceId) === execute) executors.delete(instanceId);
      track(connected.then(() => subscriber.unsubscribe(channel, onMessage)));
    };
  }

  /**
   * A routed command's id and its message, sealed for the holding instance's channel (sealing starts now);
   * an answer carries the states of its claim.
   */
  function prepare(instanceId: string, principal: string, command: BridgeCommand, states?: ClaimStates) {
    const id = messageId();
    const channel = name('route', instanceId);
    const claim = states === undefined ? undefined : [states.claimed, states.done];
    const body = JSON.stringify({ id, sent: Date.now(), reply: replyChannel, principal, command, claim });
    const message = signer.seal(`route\n${channel}`, body);
    message.catch(() => undefined);
    return { id, channel, message };
  }

  /**
   * Waits for the reply to the routed command `id` (registered before the command is sent, so a quick
   * reply is not missed). `nobody()` says the command reached no listener.
   */
  function listen(id: string): Call & { nobody(): void } {
    let settle: (reply: Reply) => void = () => undefined;
    let fail: (error: Error) => void = () => undefined;
    const replied = new Promise<Reply>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    // A failure may come while no `next` is racing (between two waits): the next one still sees it.
    replied.catch(() => undefined);
    waiting.set(id, (reply) =>
      // A fixed sentence: the command may hold what the person typed.
      reply === 'failed' ? fail(new Error('The instance holding the entry failed to run the command')) : settle(reply),
    );
    return {
      async next(ms) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<Reply>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), ms);
        });
        try {
          return await Promise.race([replied, timeout]);
        } finally {
          clearTimeout(timer);
        }
      },
      nobody() {
        settle('nobody');
      },
      end() {
        waiting.delete(id);
        settle('timeout');
      },
    };
  }

  /**
   * The outcome of an answer routed and claimed: the holder's reply; or, when none comes, the claim is
   * withdrawn unless the holder committed it. `patience` is how many `routeTimeoutMs` the claim is kept
   * while the holder's part lives (0: withdrawn at the first silence); the holder's part gone (it died, or
   * its key expired in a stall) withdraws it at once. Bounded: a Redis that keeps failing ends it with an
   * error once the holder's TTL has passed.
   */
  async function settleAnswer(
    routed: Call,
    key: string,
    states: ClaimStates,
    part: string,
    patience: number,
  ): Promise<BridgeOutcome> {
    try {
      const rounds = patience + Math.ceil((Number(ttl) * 1_000) / routeTimeoutMs) + 1;
      for (let round = 0; round < rounds; round += 1) {
        const reply = await routed.next(routeTimeoutMs);
        if (typeof reply === 'object') return reply.outcome;
        try {
          const alive = !closed && reply !== 'nobody' && Number(await commands.sendCommand(['EXISTS', part])) === 1;
          if (alive && round < patience) continue;
          // Withdrawn unless the holder committed it: the claim alone says which, whatever the holder does
          // next (it records the commit before it applies the answer, so a stall cannot come between).
          const refused = await states.refused();
          const after = await commands.sendCommand(['EVAL', GIVE_UP, '1', key, states.claimed, refused]);
          return { status: after === states.done ? 'answered' : 'ignored' };
        } catch (error) {
          // Redis did not answer: the outcome is still unknown and the claim stands; asked again next round.
          if (round === rounds - 1) throw error;
          onError(asError(error));
        }
      }
      return { status: 'ignored' };
    } finally {
      routed.end();
    }
  }

  /**
   * An answer for another instance: claimed and published in one script, so that of two answers to one
   * entry only the claimed one can ever be applied; withdrawn if the holder does not commit it in time.
   */
  async function routeAnswer(
    instanceId: string,
    principal: string,
    command: BridgeCommand,
    later: ((outcome: BridgeOutcome) => void) | undefined,
  ): Promise<BridgeOutcome> {
    const key = claimKey(principal, command);
    const states = await claimStates(signer, key, command);
    const { id, channel, message } = prepare(instanceId, principal, command, states);
    const sealed = await message;
    const routed = listen(id);
    let held: unknown;
    try {
      held = await commands.sendCommand([
        'EVAL',
        CLAIM_PUBLISH,
        '1',
        key,
        states.claimed,
        String(CLAIM_TTL_MS),
        channel,
        sealed,
      ]);
    } catch {
      routed.end();
      throw new Error('The broker could not reach Redis');
    }
    const [now, receivers] = Array.isArray(held) ? (held as unknown[]) : [];
    if (now !== states.claimed) {
      routed.end();
      // Applied already (a retry of this answer), or another answer holds the claim: this one never applies.
      return { status: now === states.done ? 'answered' : 'ignored' };
    }
    // Nobody listens on that channel: no such instance (any more).
    if (Number(receivers) === 0) routed.nobody();
    const part = name('part', principal, instanceId);
    if (later === undefined) return settleAnswer(routed, key, states, part, 0);
    // Silent past routeTimeoutMs: reported `sending`, and the claim kept while the holder lives, up to
    // sendingLimitMs; the outcome that stands goes to `later`. Never "ignored, then applied".
    const outcome = settleAnswer(routed, key, states, part, Math.ceil(sendingLimitMs / routeTimeoutMs));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<'sending'>((resolve) => {
      timer = setTimeout(() => resolve('sending'), routeTimeoutMs);
    });
    const first = await Promise.race([outcome, slow]).finally(() => clearTimeout(timer));
    if (first !== 'sending') return first;
    const followed = outcome.then(later, (error: unknown) => onError(asError(error)));
    follows.add(followed);
    void followed.finally(() => follows.delete(followed));
    return { status: 'sending' };
  }

  async function route(
    instanceId: string,
    principal: string,
    command: BridgeCommand,
    later?: (outcome: BridgeOutcome) => void,
  ): Promise<BridgeOutcome | undefined> {
    // An instance of this process needs no round trip through Redis.
    const local = executors.get(instanceId);
    if (local !== undefined) return local(principal, command);
    if (closed) return undefined;
    await connected;
    if (isAnswer(command)) return routeAnswer(instanceId, principal, command, later);
    const { id, channel, message } = prepare(instanceId, principal, command);
    const routed = listen(id);
    try {
      const receivers = await commands.sendCommand(['PUBLISH', channel, await message]);
      // Nobody listens on that channel: no such instance (any more).
      if (receivers === 0) routed.nobody();
    } catch {
      routed.end();
      throw new Error('The broker could not reach Redis');
    }
    try {
      const reply = await routed.next(routeTimeoutMs);
      // No reply in time, or nobody there: the bridge then answers as for an unknown id.
      return typeof reply === 'object' ? reply.outcome : undefined;
    } finally {
      routed.end();
    }
  }

  /**
   * Keeps this process's part `key` alive, sealed anew (the next in its sequence, and now): a copy of it
   * captured earlier is older than what every reader reads next, and soon past its lifetime. Written after
   * the writes before it, unless a newer one of the part is on its way (that one seals it); only the part and
   * its index's expiry (no counter, no event: nothing a stream shows changed). A part that went away (expired
   * in a stall, Redis restarted, removed as bad) is published again.
   */
  function reseal(key: string, item: OwnPart): Promise<void> {
    return chained(key, async (previous, next) => {
      try {
        await previous;
        if (own.get(key) !== item) return;
        const json = JSON.stringify(await stamp(key, item.part));
        const seal = nextSeal();
        const sealed = await signer.seal(`part\n${key}`, partText(seal, json));
        const block = commands
          .multi()
          .addCommand(['SET', key, sealed, 'XX', 'EX', ttl])
          .addCommand(['EXPIRE', name('parts', item.principal), ttl])
          .exec();
        const issue = (issued += 1);
        next();
        const replies = await block;
        // SET … XX answers null when the key is not there, and writes nothing.
        if (Array.isArray(replies) && replies[0] === 'OK') learn(item.principal, item.instanceId, seal, false, issue);
        else if (own.get(key) === item) await publish(item.principal, item.instanceId, item.part, true);
      } finally {
        next();
      }
    });
  }

  /** Keeps this process's parts alive (`reseal`), and forgets the seals whose copies have all expired. */
  async function refresh(): Promise<void> {
    const now = Date.now();
    for (const [principal, known] of seals) {
      for (const [id, { seal }] of known) if (now > seal.expiresAt + CLOCK_SKEW_MS) known.delete(id);
      if (known.size === 0) seals.delete(principal);
    }
    for (const [key, item] of [...own]) await reseal(key, item);
  }

  const every = (Number(ttl) * 1_000) / 3;
  const timer = setInterval(() => {
    if (!closed) track(connected.then(refresh));
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
      // Waiting answers go on to withdraw their claims; other commands answer as for an unknown id.
      for (const settle of [...waiting.values()]) settle('timeout');
      waiting.clear();
      executors.clear();
      // Commits being retried make one last try now; answers still `sending` withdraw their claims (or learn
      // they were committed) while Redis is still open.
      for (const wake of [...wakers]) wake();
      await Promise.allSettled([...commits, ...follows]);
      try {
        await connected;
        // Its MCP requests end with this process: other instances stop showing them now, not at expiry.
        await Promise.all([...own.values()].map((item) => publish(item.principal, item.instanceId, undefined)));
      } catch {
        // Redis is unreachable: the parts expire on their own.
      }
      await Promise.allSettled([subscriber.close(), owned ? commands.close() : undefined]);
      deadlines.close();
    },
  };
}
