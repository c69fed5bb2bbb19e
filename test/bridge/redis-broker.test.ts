/**
 * The Redis broker against a real `redis-server`: versions, parts with expiry, pub/sub, routed commands.
 * Each broker has its own connections, as each process behind a load balancer would.
 */
import { createClient } from 'redis';
import { afterEach, describe, expect, test } from 'vitest';

import type { BridgePart, PublishedPart } from '../../src/bridge/index.js';
import { createRedisBroker, type RedisClientLike, type RedisElicitationBroker } from '../../src/bridge/redis/index.js';
import { createSigner } from '../../src/bridge/redis/signing.js';
import { redisForFile } from './redis-for-file.js';
import { startRedis, TEST_SECRET } from './redis-server.js';

const given = redisForFile();

const brokers: RedisElicitationBroker[] = [];
let prefix = '';
let tests = 0;
/** A broker on this test's own key prefix (so counters start at 0), ready to use. */
async function newBroker(options: { ttlSeconds?: number; routeTimeoutMs?: number } = {}) {
  const broker = createRedisBroker({ url: given.server.url, keyPrefix: prefix, secret: TEST_SECRET, ...options });
  brokers.push(broker);
  await broker.ready();
  return broker;
}
/** Clients a test opened for its brokers: closed after them, also when the test failed. */
const hostClients: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(brokers.splice(0).map((broker) => broker.close()));
  await Promise.all(hostClients.splice(0).map((client) => client.close()));
});
const next = () => {
  tests += 1;
  prefix = `t${tests}:`;
};

const part = (text: string): BridgePart => ({
  entries: [],
  arrivals: [],
  noticeArrivals: [],
  notices: [],
  drafts: { [text]: { answer: text } },
});

/**
 * A count the events themselves advance: `reached(n)` resolves when the n-th `add()` happens (at once if
 * it did), and rejects only past a hang guard of 10 s, far above the milliseconds it takes.
 */
function tally() {
  let count = 0;
  const waits: { n: number; resolve: () => void }[] = [];
  return {
    get count() {
      return count;
    },
    add() {
      count += 1;
      for (const wait of waits.filter((item) => item.n <= count)) {
        waits.splice(waits.indexOf(wait), 1);
        wait.resolve();
      }
    },
    reached(n: number): Promise<void> {
      if (count >= n) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const guard = setTimeout(() => reject(new Error(`hung: ${count} of ${n} events`)), 10_000);
        waits.push({ n, resolve: () => (clearTimeout(guard), resolve()) });
      });
    },
  };
}

describe('given no redis-server on the PATH', () => {
  test('starting one rejects with the spawn error (the bench then runs without Redis), and nothing throws', async () => {
    const path = process.env.PATH;
    process.env.PATH = '';
    try {
      await expect(startRedis()).rejects.toMatchObject({ code: 'ENOENT', syscall: 'spawn redis-server' });
    } finally {
      process.env.PATH = path;
    }
  });
});

describe('given two brokers on one Redis', () => {
  test('a fresh prefix reads an empty view at counter 0, in the epoch Redis now holds', async () => {
    next();
    const a = await newBroker();
    const view = await a.read('alice');
    expect(view).toEqual({ epoch: await given.raw.hGet(`${prefix}version:alice`, 'epoch'), counter: 0, parts: {} });
  });

  test("a part one publishes the other reads, with the counter of every publish of the principal's; undefined removes it", async () => {
    next();
    const [a, b] = [await newBroker(), await newBroker()];
    await a.publish('alice', 'inst-a', part('one'));
    const { epoch } = await b.read('alice');
    expect(await b.read('alice')).toEqual({ epoch, counter: 1, parts: { 'inst-a': part('one') } });
    await b.publish('alice', 'inst-b', part('two'));
    // Bob's publishes count in bob's sequence only: alice's ids tell nothing of his activity.
    await a.publish('bob', 'inst-a', part('three'));
    await a.publish('bob', 'inst-a', part('four'));
    expect(await a.read('alice')).toEqual({
      epoch,
      counter: 2,
      parts: { 'inst-a': part('one'), 'inst-b': part('two') },
    });
    expect((await b.read('bob')).counter).toBe(2);
    await a.publish('alice', 'inst-a', undefined);
    expect(await b.read('alice')).toEqual({ epoch, counter: 3, parts: { 'inst-b': part('two') } });
    expect(await given.raw.exists(`${prefix}part:alice:inst-a`)).toBe(0);
    const ttl = await given.raw.pTTL(`${prefix}part:alice:inst-b`);
    expect([ttl > 0, ttl <= 30_000]).toEqual([true, true]);
  });

  test("a subscribed principal's view takes one round trip: its version, index and the parts found before go out together", async () => {
    next();
    const client = createClient({ url: given.server.url });
    hostClients.push(client);
    await client.connect();
    const log: string[] = [];
    const logged: RedisClientLike = Object.assign(Object.create(client) as RedisClientLike, {
      sendCommand: async (args: string[]) => {
        log.push(`send ${args[0] ?? ''}`);
        const reply = await client.sendCommand(args);
        log.push(`reply ${args[0] ?? ''}`);
        return reply;
      },
    });
    const a = await newBroker();
    const b = createRedisBroker({ client: logged, keyPrefix: prefix, secret: TEST_SECRET });
    brokers.push(b);
    const stop = b.subscribe('alice', () => undefined);
    await b.ready();
    await a.publish('alice', 'inst-a', part('one'));
    await b.read('alice');
    await a.publish('alice', 'inst-a', part('two'));
    log.length = 0;
    const view = await b.read('alice');
    stop();
    expect({ log, parts: view.parts, counter: view.counter }).toEqual({
      log: ['send HMGET', 'send SMEMBERS', 'send MGET', 'reply HMGET', 'reply SMEMBERS', 'reply MGET'],
      parts: { 'inst-a': part('two') },
      counter: 2,
    });
  });

  test('a publish goes out while the one before it on the same part awaits its reply, and the newer part stays', async () => {
    next();
    const client = createClient({ url: given.server.url });
    hostClients.push(client);
    await client.connect();
    const log: string[] = [];
    // The reply to one block is held back, as on a busy connection: the block itself is sent.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = { on: false };
    const logged: RedisClientLike = Object.assign(Object.create(client) as RedisClientLike, {
      sendCommand: (args: string[]) => {
        log.push(`send ${args[0] ?? ''}`);
        return client.sendCommand(args);
      },
      multi: () => {
        const multi = client.multi();
        const wrapped = {
          addCommand: (args: string[]) => (multi.addCommand(args), wrapped),
          exec: async () => {
            const hold = held.on;
            held.on = false;
            log.push(hold ? 'exec (reply held)' : 'exec');
            const reply = await multi.exec();
            if (hold) await released;
            return reply;
          },
        };
        return wrapped;
      },
    });
    const broker = createRedisBroker({ client: logged, keyPrefix: prefix, secret: TEST_SECRET });
    brokers.push(broker);
    const withEntry = (id: string): PublishedPart => ({
      entries: [
        {
          id,
          kind: 'single',
          status: 'pending',
          serverKey: 'weather',
          server: { name: 'Weather' },
          prompt: { mode: 'form', request: { message: id, requestedSchema: { type: 'object', properties: {} } } },
        },
      ],
      notices: [],
      drafts: {},
    });
    await broker.publish('alice', 'inst-a', withEntry('first'));
    log.length = 0;
    held.on = true;
    let removed = false;
    const removal = broker.publish('alice', 'inst-a', undefined).then(() => (removed = true));
    const arrival = broker.publish('alice', 'inst-a', withEntry('second'));
    // One round trip on the same connection, sent after both publishes began: by its reply the second
    // publish has taken its arrival number, though the first one's reply is still held.
    await client.sendCommand(['PING']);
    const early = { log: log.slice(0, 2), removed };
    release();
    await Promise.all([removal, arrival]);
    const view = await broker.read('alice');
    expect({ early, entries: view.parts['inst-a']?.entries.map((item) => item.id) }).toEqual({
      early: { log: ['exec (reply held)', 'send EVAL'], removed: false },
      entries: ['second'],
    });
  });

  test("a host's own client works as the broker's, and stays open after close", async () => {
    next();
    const client = createClient({ url: given.server.url });
    await client.connect();
    const broker = createRedisBroker({ client, keyPrefix: prefix, secret: TEST_SECRET });
    await broker.publish('alice', 'inst-a', part('one'));
    const view = await broker.read('alice');
    await broker.close();
    expect([view.parts, client.isOpen, await client.exists(`${prefix}part:alice:inst-a`)]).toEqual([
      { 'inst-a': part('one') },
      true,
      0,
    ]);
    await client.close();
  });

  test('names are encoded: a principal with a colon never meets another one', async () => {
    next();
    const a = await newBroker();
    await a.publish('a:b', 'c', part('colon in the principal'));
    await a.publish('a', 'b:c', part('colon in the instance'));
    expect((await a.read('a:b')).parts).toEqual({ c: part('colon in the principal') });
    expect((await a.read('a')).parts).toEqual({ 'b:c': part('colon in the instance') });
  });

  test('subscribers hear each publish of their principal only, until they unsubscribe', async () => {
    next();
    const [a, b] = [await newBroker(), await newBroker()];
    const heard = { first: 0, second: 0, other: 0 };
    const second = tally();
    const stopFirst = b.subscribe('alice', () => (heard.first += 1));
    const stopSecond = b.subscribe('alice', () => {
      heard.second += 1;
      second.add();
    });
    const stopOther = b.subscribe('bob', () => (heard.other += 1));
    await b.ready();
    // Once subscribed, each listener is called once so it reads what it may have missed.
    expect(heard).toEqual({ first: 1, second: 1, other: 1 });
    await a.publish('alice', 'inst-a', part('one'));
    await second.reached(2);
    expect(heard).toEqual({ first: 2, second: 2, other: 1 });
    stopFirst();
    await b.ready();
    await a.publish('alice', 'inst-a', part('two'));
    await second.reached(3);
    // The same channel delivers in order: the second listener heard it, so the first would have too.
    expect(heard).toEqual({ first: 2, second: 3, other: 1 });
    stopSecond();
    stopOther();
  });

  test('a part published again unchanged is not written again: no counter, no message to the streams', async () => {
    next();
    const [a, b] = [await newBroker(), await newBroker()];
    const heard = tally();
    const stop = b.subscribe('alice', () => heard.add());
    await b.ready();
    // Three changes, each published three times (as a bridge re-reading an unchanged queue would).
    for (const text of ['one', 'two', 'three'])
      for (let n = 0; n < 3; n += 1) await a.publish('alice', 'inst-a', part(text));
    await a.publish('alice', 'inst-a', undefined);
    await a.publish('alice', 'inst-a', undefined);
    // The subscription's own first call, then one message per change: the last one is the fifth call.
    await heard.reached(5);
    const view = await b.read('alice');
    stop();
    expect([view.counter, heard.count]).toEqual([4, 5]);
  });

  test('a Redis that lost the version starts a new epoch at counter 0 (an old event id is then older)', async () => {
    next();
    const a = await newBroker();
    await a.publish('alice', 'inst-a', part('one'));
    const before = await a.read('alice');
    await given.raw.del(`${prefix}version:alice`);
    const after = await a.read('alice');
    expect(after).toEqual({ epoch: after.epoch, counter: 0, parts: { 'inst-a': part('one') } });
    expect([before.counter, after.epoch === before.epoch]).toEqual([1, false]);
  });
});

describe('given parts that expire', () => {
  test('an instance that stopped refreshing (its key expired) leaves the view and the index', async () => {
    next();
    const a = await newBroker();
    await a.publish('alice', 'inst-a', part('alive'));
    // What a dead process leaves once its key expired: its id in the index, no part.
    await given.raw.sAdd(`${prefix}parts:alice`, 'inst-dead');
    expect((await a.read('alice')).parts).toEqual({ 'inst-a': part('alive') });
    // The clean-up went out on the broker's connection during that read: a command sent after it on the
    // same connection is answered after it (Redis runs one connection's commands in order).
    await a.read('alice');
    expect((await given.raw.sMembers(`${prefix}parts:alice`)).sort()).toEqual(['inst-a']);
  });

  test('a living instance writes a part again when its key went away, and tells the subscribers', async () => {
    next();
    const a = await newBroker({ ttlSeconds: 1 });
    const b = await newBroker();
    await a.publish('alice', 'inst-a', part('kept'));
    const heard = tally();
    const stop = b.subscribe('alice', () => heard.add());
    await b.ready();
    await given.raw.del(`${prefix}part:alice:inst-a`);
    expect((await b.read('alice')).parts).toEqual({});
    // The refresh runs every third of the TTL (333 ms here) and its publish is the second event.
    await heard.reached(2);
    const view = await b.read('alice');
    expect([view.counter, view.parts]).toEqual([2, { 'inst-a': part('kept') }]);
    stop();
  });

  test('close removes the parts of its process at once', async () => {
    next();
    const [a, b] = [await newBroker(), await newBroker()];
    await a.publish('alice', 'inst-a', part('one'));
    await b.publish('alice', 'inst-b', part('two'));
    await a.close();
    expect((await b.read('alice')).parts).toEqual({ 'inst-b': part('two') });
  });
});

describe('given commands routed to another instance', () => {
  test('the instance serving the id runs it and its outcome comes back', async () => {
    next();
    const [a, b] = [await newBroker(), await newBroker()];
    const ran: unknown[] = [];
    a.serve('inst-a', (principal, command) => {
      ran.push([principal, command]);
      return Promise.resolve({ status: 'answered' });
    });
    await a.ready();
    const command = { type: 'respond' as const, entryId: 'inst-a.x', result: { action: 'decline' } };
    expect(await b.route('inst-a', 'alice', command)).toEqual({ status: 'answered' });
    expect(ran).toEqual([['alice', command]]);
  });

  test('an instance nobody serves (it died, or closed) gets undefined', async () => {
    next();
    const [a, b] = [await newBroker(), await newBroker()];
    const stop = a.serve('inst-a', () => Promise.resolve({ ok: true }));
    await a.ready();
    stop();
    await a.ready();
    expect(await b.route('inst-a', 'alice', { type: 'dismiss', entryId: 'inst-a.x' })).toBeUndefined();
    expect(await b.route('inst-never', 'alice', { type: 'dismiss', entryId: 'inst-never.x' })).toBeUndefined();
  });

  test('an instance that never replies gets undefined after the route timeout', async () => {
    next();
    const b = await newBroker({ routeTimeoutMs: 200 });
    const silent = given.raw.duplicate();
    await silent.connect();
    await silent.subscribe(`${prefix}route:inst-hung`, () => undefined);
    expect(await b.route('inst-hung', 'alice', { type: 'cancelAll' })).toBeUndefined();
    await silent.close();
  });

  test('an executor that throws rejects the route with a sentence that quotes nothing', async () => {
    next();
    const [a, b] = [await newBroker(), await newBroker()];
    a.serve('inst-a', () => Promise.reject(new Error('secret answer: 1234')));
    await a.ready();
    const routed = b.route('inst-a', 'alice', {
      type: 'respond',
      entryId: 'inst-a.x',
      result: { action: 'accept', content: { pin: '1234' } },
    });
    await expect(routed).rejects.toThrow(new Error('The instance holding the entry failed to run the command'));
  });

  test('a malformed command sealed with the secret is not run, and the sender hears that it failed', async () => {
    next();
    const a = await newBroker();
    let ran = 0;
    a.serve('inst-a', () => {
      ran += 1;
      return Promise.resolve({ ok: true });
    });
    await a.ready();
    const listener = given.raw.duplicate();
    await listener.connect();
    const replies: string[] = [];
    const heard = tally();
    await listener.subscribe(`${prefix}reply:mine`, (message) => {
      replies.push(message);
      heard.add();
    });
    const signer = createSigner(TEST_SECRET);
    const channel = `${prefix}route:inst-a`;
    const malformed = {
      id: 'r1',
      sent: Date.now(),
      reply: `${prefix}reply:mine`,
      principal: 'alice',
      command: { type: 'drop-table' },
    };
    await given.raw.publish(channel, await signer.seal(`route\n${channel}`, JSON.stringify(malformed)));
    await heard.reached(1);
    const opened = await signer.open(`reply\n${prefix}reply:mine`, replies[0]);
    expect([ran, replies.length, opened]).toEqual([0, 1, JSON.stringify({ id: 'r1', failed: true })]);
    await listener.close();
  });
});
