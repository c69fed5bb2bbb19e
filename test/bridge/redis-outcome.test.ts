/**
 * One outcome, told truly, across instances on a real `redis-server`: an answer routed to a stalled
 * instance is either applied and reported `answered`, or reported `ignored` and never applied; and
 * requests are ordered by one sequence, not by each machine's clock.
 */
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';

import { createElicitationBridge, createInProcessBroker, type ElicitationBridge } from '../../src/bridge/index.js';
import {
  createRedisBroker,
  type RedisClientLike,
  type RedisElicitationBroker,
  type RedisMultiLike,
} from '../../src/bridge/redis/index.js';
import type { ElicitResult } from '../../src/core/index.js';
import {
  authorize,
  command,
  formRequest,
  nextEvent,
  openStream,
  ORIGIN,
  type OpenStream,
  type ViewEvent,
} from './helpers.js';
import { startRedis, TEST_SECRET, type RedisServer } from './redis-server.js';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

const brokers: RedisElicitationBroker[] = [];
const bridges: ElicitationBridge[] = [];
const clients: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const bridge of bridges.splice(0)) bridge.close();
  await Promise.all(brokers.splice(0).map((broker) => broker.close()));
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

let tests = 0;
const nextPrefix = () => `o${(tests += 1)}:`;

function newBridge(broker: Parameters<typeof createElicitationBridge>[0]['broker']): ElicitationBridge {
  const bridge = createElicitationBridge({ authorize, broker, allowedOrigins: [ORIGIN], heartbeatMs: 60_000 });
  bridges.push(bridge);
  return bridge;
}

type Listener = (message: string, channel: string) => unknown;

/**
 * A node-redis client whose subscriber connection can stall, as a process whose event loop is blocked
 * does: messages published meanwhile wait, in order, and are heard once it resumes. `held(n)` resolves
 * when the n-th message is waiting.
 */
async function stallableClient(url: string) {
  const client = createClient({ url });
  await client.connect();
  clients.push(client);
  let stalled = false;
  const queue: (() => void)[] = [];
  const waits: { n: number; resolve: () => void }[] = [];
  const wrapped = new Map<Listener, Listener>();
  const subscriber = client.duplicate();
  const stallable: RedisClientLike = {
    get isOpen() {
      return subscriber.isOpen;
    },
    connect: () => subscriber.connect(),
    duplicate: () => stallable,
    sendCommand: (args) => subscriber.sendCommand(args),
    multi: () => {
      throw new Error('the subscriber runs no MULTI');
    },
    subscribe(channel, listener) {
      const own: Listener = (message, from) => {
        if (!stalled) return listener(message, from);
        queue.push(() => listener(message, from));
        for (const wait of waits.filter((item) => item.n <= queue.length)) {
          waits.splice(waits.indexOf(wait), 1);
          wait.resolve();
        }
        return undefined;
      };
      wrapped.set(listener, own);
      return subscriber.subscribe(channel, own);
    },
    unsubscribe: (channel, listener) => subscriber.unsubscribe(channel, wrapped.get(listener) ?? listener),
    close: () => subscriber.close(),
    on: (event, listener) => subscriber.on(event, listener),
  };
  const commands = client as unknown as RedisClientLike;
  // The command connection stalls too when asked (the whole process stalls): its commands wait for `resume`.
  const gate = { closed: false, waiters: [] as (() => void)[] };
  const passed = () => (gate.closed ? new Promise<void>((resolve) => gate.waiters.push(resolve)) : Promise.resolve());
  const bound = bindAll(commands);
  return {
    client: {
      ...bound,
      duplicate: () => stallable,
      sendCommand: async (args) => {
        await passed();
        return bound.sendCommand(args);
      },
      multi: () => {
        const multi = bound.multi();
        const gated: RedisMultiLike = {
          addCommand: (args) => (multi.addCommand(args), gated),
          exec: async () => {
            await passed();
            return multi.exec();
          },
        };
        return gated;
      },
    } as RedisClientLike,
    stall({ commands: all = false }: { commands?: boolean } = {}) {
      stalled = true;
      gate.closed = all;
    },
    resume() {
      stalled = false;
      gate.closed = false;
      for (const open of gate.waiters.splice(0)) open();
      for (const deliver of queue.splice(0)) deliver();
    },
    held(n: number): Promise<void> {
      if (queue.length >= n) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const guard = setTimeout(() => reject(new Error(`hung: ${queue.length} of ${n} messages held`)), 10_000);
        waits.push({ n, resolve: () => (clearTimeout(guard), resolve()) });
      });
    },
  };
}

/** The client's methods bound to it, so a spread copy still works. */
function bindAll(client: RedisClientLike): RedisClientLike {
  return {
    get isOpen() {
      return client.isOpen;
    },
    connect: () => client.connect(),
    duplicate: () => client.duplicate(),
    sendCommand: (args) => client.sendCommand(args),
    multi: () => client.multi(),
    subscribe: (channel, listener) => client.subscribe(channel, listener),
    unsubscribe: (channel, listener) => client.unsubscribe(channel, listener),
    close: () => client.close(),
    on: (event, listener) => client.on(event, listener),
  };
}

/** A client of the test's own on the test's Redis (closed after the test), and its methods bound to it. */
async function ownClient() {
  const client = createClient({ url: redis.url });
  await client.connect();
  clients.push(client);
  return { client, bound: bindAll(client as unknown as RedisClientLike) };
}

/** The next event with at least `n` notices. */
async function withNotices(stream: OpenStream, n: number): Promise<ViewEvent> {
  let event = await stream.next();
  while (event.notices.length < n) event = await stream.next();
  return event;
}

/** Runs `act` with `Date.now` reading `offset` ms off the real clock: a machine whose clock is skewed. */
function skewed(offset: number, act: () => void): void {
  const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + offset);
  try {
    act();
  } finally {
    clock.mockRestore();
  }
}

/** The next event with at least `n` entries. */
async function withEntries(stream: OpenStream, n: number): Promise<ViewEvent> {
  let event = await stream.next();
  while (event.entries.length < n) event = await stream.next();
  return event;
}

const origin = { server: { name: 'weather', id: 'weather' } };
const messages = (event: ViewEvent) =>
  event.entries.map((entry) => (entry.kind === 'single' ? (entry.prompt.request as { message: string }).message : ''));

const statuses = (event: ViewEvent) => event.entries.map((entry) => entry.status);

describe('given the instance holding a request stalls past the route timeout', () => {
  test("the person's Accept is `sending` on every stream while the holder stalls, then applied and answered: never ignored, then applied", async () => {
    const prefix = nextPrefix();
    const stallable = await stallableClient(redis.url);
    const a = createRedisBroker({ client: stallable.client, keyPrefix: prefix, secret: TEST_SECRET });
    // The route timeout is what this test is about: the Accept waits it out once, then is `sending`.
    const b = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET, routeTimeoutMs: 300 });
    const c = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET });
    brokers.push(a, b, c);
    const [bridgeA, bridgeB, bridgeC] = [newBridge(a), newBridge(b), newBridge(c)];
    await Promise.all([a.ready(), b.ready(), c.ready()]);
    let settled = 0;
    let result: ElicitResult | undefined;
    void bridgeA
      .queueFor('alice')
      .enqueue(formRequest('Transfer 100 EUR?'), origin)
      .then((value) => {
        settled += 1;
        result = value;
      });
    const [onB, onC] = [await openStream(bridgeB, 'alice'), await openStream(bridgeC, 'alice')];
    const entryId = (await withEntries(onB, 1)).entries[0]?.id ?? '';
    await withEntries(onC, 1);

    // A's process stalls: its subscriber hears nothing (its part still lives in Redis).
    stallable.stall();
    const accept = { action: 'accept', content: { answer: 'yes' } };
    const told = async (answer: unknown) =>
      (await bridgeB.handle(command('alice', { type: 'respond', entryId, result: answer }))).text();
    const toldAccept = await told(accept);
    const sendingOnB = statuses(await nextEvent(onB, (event) => event.entries[0]?.status === 'sending'));
    const sendingOnC = statuses(await nextEvent(onC, (event) => event.entries[0]?.status === 'sending'));
    // Another answer while the Accept is on its way can never be applied: told so at once.
    const toldDecline = await told({ action: 'decline' });
    const settledWhileStalled = settled;

    stallable.resume();
    const [afterB, afterC] = [
      await nextEvent(onB, (event) => event.entries.length === 0),
      await nextEvent(onC, (event) => event.entries.length === 0),
    ];
    onB.close();
    onC.close();
    expect({
      toldAccept,
      sendingOnB,
      sendingOnC,
      toldDecline,
      settledWhileStalled,
      result,
      settled,
      notices: [afterB.notices, afterC.notices],
    }).toEqual({
      toldAccept: '{"status":"sending"}',
      sendingOnB: ['sending'],
      sendingOnC: ['sending'],
      toldDecline: '{"status":"ignored"}',
      settledWhileStalled: 0,
      result: accept,
      settled: 1,
      notices: [[], []],
    });
  }, 20_000);

  test("the holder's part disappears while the Accept is `sending`: withdrawn, never applied, and the prompt comes back with a not-sent notice", async () => {
    const prefix = nextPrefix();
    const stallable = await stallableClient(redis.url);
    // A refreshes its part every second: once resumed, it writes the part that went away again.
    const a = createRedisBroker({ client: stallable.client, keyPrefix: prefix, secret: TEST_SECRET, ttlSeconds: 3 });
    const b = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET, routeTimeoutMs: 200 });
    const raw = createClient({ url: redis.url });
    await raw.connect();
    clients.push(raw);
    brokers.push(a, b);
    const [bridgeA, bridgeB] = [newBridge(a), newBridge(b)];
    await Promise.all([a.ready(), b.ready()]);
    let settled = 0;
    let result: ElicitResult | undefined;
    void bridgeA
      .queueFor('alice')
      .enqueue(formRequest('Transfer 100 EUR?'), origin)
      .then((value) => {
        settled += 1;
        result = value;
      });
    const stream = await openStream(bridgeB, 'alice');
    const entryId = (await withEntries(stream, 1)).entries[0]?.id ?? '';

    // The whole of A stalls, and its part goes (as it does when its key expires in a long stall).
    stallable.stall({ commands: true });
    const accept = { action: 'accept', content: { answer: 'yes' } };
    const told = async (answer: unknown) =>
      (await bridgeB.handle(command('alice', { type: 'respond', entryId, result: answer }))).text();
    const toldAccept = await told(accept);
    await nextEvent(stream, (event) => event.entries[0]?.status === 'sending');
    await raw.del(`${prefix}part:alice:${encodeURIComponent(bridgeA.instanceId)}`);
    const withdrawn = await nextEvent(stream, (event) => event.notices.length === 1);

    stallable.resume();
    const back = await nextEvent(stream, (event) => event.entries.length === 1);
    const notice = back.notices[0];
    // The person answers again; the server receives that answer, and only it.
    const toldDecline = await told({ action: 'decline' });
    const answered = await nextEvent(stream, (event) => event.entries.length === 0);
    stream.close();
    expect({
      toldAccept,
      withdrawn: [withdrawn.entries.length, withdrawn.notices.map((item) => [item.kind, item.entry.id])],
      back: [statuses(back), back.entries[0]?.id, notice?.kind, notice?.reason, notice?.entry.id],
      toldDecline,
      result,
      settled,
      answered: answered.entries.length,
    }).toEqual({
      toldAccept: '{"status":"sending"}',
      withdrawn: [0, [['not-sent', entryId]]],
      back: [['pending'], entryId, 'not-sent', 'not-sent', entryId],
      toldDecline: '{"status":"answered"}',
      result: { action: 'decline' },
      settled: 1,
      answered: 0,
    });
  }, 20_000);

  test('Redis failing once while the Accept is `sending` leaves it unknown, not stuck: the next check withdraws it when the holder is gone', async () => {
    const prefix = nextPrefix();
    const stallable = await stallableClient(redis.url);
    const a = createRedisBroker({ client: stallable.client, keyPrefix: prefix, secret: TEST_SECRET, ttlSeconds: 3 });
    // B's connection fails its first EXISTS, as a dropped connection would.
    const { client, bound: watched } = await ownClient();
    const failures: string[] = [];
    let failOnce = true;
    const b = createRedisBroker({
      client: {
        ...watched,
        sendCommand(args) {
          if (args[0] === 'EXISTS' && failOnce) {
            failOnce = false;
            return Promise.reject(new Error('connection lost'));
          }
          return client.sendCommand(args);
        },
      },
      keyPrefix: prefix,
      secret: TEST_SECRET,
      routeTimeoutMs: 200,
      onError: (error) => failures.push(error.message),
    });
    const raw = createClient({ url: redis.url });
    await raw.connect();
    clients.push(raw);
    brokers.push(a, b);
    const [bridgeA, bridgeB] = [newBridge(a), newBridge(b)];
    await Promise.all([a.ready(), b.ready()]);
    let settled = 0;
    void bridgeA
      .queueFor('alice')
      .enqueue(formRequest('Transfer 100 EUR?'), origin)
      .then(() => (settled += 1));
    const stream = await openStream(bridgeB, 'alice');
    const entryId = (await withEntries(stream, 1)).entries[0]?.id ?? '';

    stallable.stall({ commands: true });
    const accept = { action: 'accept', content: { answer: 'yes' } };
    const toldAccept = await (
      await bridgeB.handle(command('alice', { type: 'respond', entryId, result: accept }))
    ).text();
    await nextEvent(stream, (event) => event.entries[0]?.status === 'sending');
    await raw.del(`${prefix}part:alice:${encodeURIComponent(bridgeA.instanceId)}`);
    const withdrawn = await nextEvent(stream, (event) => event.notices.length === 1);
    stallable.resume();
    stream.close();
    expect({
      toldAccept,
      withdrawn: withdrawn.notices.map((item) => [item.kind, item.entry.id]),
      failures,
      settled,
    }).toEqual({
      toldAccept: '{"status":"sending"}',
      withdrawn: [['not-sent', entryId]],
      failures: ['connection lost'],
      settled: 0,
    });
  }, 20_000);

  test('a holder that lives but never takes the Accept: past sendingLimitMs it is withdrawn, the prompt is back with a not-sent notice, and the Accept is never applied', async () => {
    const prefix = nextPrefix();
    const stallable = await stallableClient(redis.url);
    const a = createRedisBroker({ client: stallable.client, keyPrefix: prefix, secret: TEST_SECRET });
    // The limit is what this test is about: two checks of the holder, then the claim is withdrawn.
    const b = createRedisBroker({
      url: redis.url,
      keyPrefix: prefix,
      secret: TEST_SECRET,
      routeTimeoutMs: 200,
      sendingLimitMs: 400,
    });
    brokers.push(a, b);
    const [bridgeA, bridgeB] = [newBridge(a), newBridge(b)];
    await Promise.all([a.ready(), b.ready()]);
    let settled = 0;
    let result: ElicitResult | undefined;
    void bridgeA
      .queueFor('alice')
      .enqueue(formRequest('Transfer 100 EUR?'), origin)
      .then((value) => {
        settled += 1;
        result = value;
      });
    const stream = await openStream(bridgeB, 'alice');
    const entryId = (await withEntries(stream, 1)).entries[0]?.id ?? '';

    stallable.stall();
    const accept = { action: 'accept', content: { answer: 'yes' } };
    const told = async (answer: unknown) =>
      (await bridgeB.handle(command('alice', { type: 'respond', entryId, result: answer }))).text();
    const toldAccept = await told(accept);
    const back = await nextEvent(
      stream,
      (event) => event.notices.length === 1 && event.entries[0]?.status === 'pending',
    );
    // A hears the Accept only now: its claim was withdrawn, so it is not applied. The Decline is.
    stallable.resume();
    const toldDecline = await told({ action: 'decline' });
    stream.close();
    expect({
      toldAccept,
      back: [statuses(back), back.notices.map((item) => [item.kind, item.entry.id])],
      toldDecline,
      result,
      settled,
    }).toEqual({
      toldAccept: '{"status":"sending"}',
      back: [['pending'], [['not-sent', entryId]]],
      toldDecline: '{"status":"answered"}',
      result: { action: 'decline' },
      settled: 1,
    });
  }, 20_000);

  test('an answer the holder took is reported answered, and a different answer after it is ignored', async () => {
    const prefix = nextPrefix();
    const a = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET });
    const b = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET });
    brokers.push(a, b);
    const [bridgeA, bridgeB] = [newBridge(a), newBridge(b)];
    await Promise.all([a.ready(), b.ready()]);
    let result: ElicitResult | undefined;
    void bridgeA
      .queueFor('alice')
      .enqueue(formRequest('Transfer 100 EUR?'), origin)
      .then((value) => (result = value));
    const stream = await openStream(bridgeB, 'alice');
    const entryId = (await withEntries(stream, 1)).entries[0]?.id ?? '';
    stream.close();
    const accept = { action: 'accept', content: { answer: 'yes' } };
    const told = async (answer: unknown) =>
      (await bridgeB.handle(command('alice', { type: 'respond', entryId, result: answer }))).text();
    expect([await told(accept), await told({ action: 'decline' }), await told(accept), result]).toEqual([
      '{"status":"answered"}',
      '{"status":"ignored"}',
      '{"status":"answered"}',
      accept,
    ]);
  });
});

describe('given an answer routed to the instance holding the entry', () => {
  test('the sender reaches Redis once (claim and publish in one script) and the holder applies it', async () => {
    const prefix = nextPrefix();
    const a = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET });
    const { client, bound: watched } = await ownClient();
    const sent: string[] = [];
    const b = createRedisBroker({
      client: {
        ...watched,
        sendCommand(args) {
          sent.push(
            args[0] === 'EVAL' ? `EVAL ${/PUBLISH/.test(args[1] ?? '') ? 'with' : 'without'} PUBLISH` : (args[0] ?? ''),
          );
          return client.sendCommand(args);
        },
      },
      keyPrefix: prefix,
      secret: TEST_SECRET,
    });
    brokers.push(a, b);
    const ran: unknown[] = [];
    a.serve('inst-a', (principal, command) => {
      ran.push([principal, command.type]);
      return Promise.resolve({ status: 'answered' });
    });
    await Promise.all([a.ready(), b.ready()]);
    sent.length = 0;
    const outcome = await b.route('inst-a', 'alice', {
      type: 'respond',
      entryId: 'inst-a.1',
      result: { action: 'decline' },
    });
    expect([outcome, ran, sent]).toEqual([{ status: 'answered' }, [['alice', 'respond']], ['EVAL with PUBLISH']]);
  });
});

describe('given the holder committed an answer just as the sender stopped waiting', () => {
  test("the sender cannot withdraw it: it reports the holder's outcome, not ignored", async () => {
    const prefix = nextPrefix();
    const a = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET });
    // B's connection, watched: `gaveUp` resolves once B's attempt to withdraw the claim has been answered.
    const { client, bound: watched } = await ownClient();
    let sawGiveUp: () => void = () => undefined;
    let hasTaken: () => void = () => undefined;
    const took = new Promise<void>((resolve) => (hasTaken = resolve));
    const gaveUp = new Promise<void>((resolve) => (sawGiveUp = resolve));
    const b = createRedisBroker({
      client: {
        ...watched,
        async sendCommand(args) {
          // GIVE_UP is the only script whose second argument is the refused state. It goes out only once
          // the holder committed the answer: the order this test is about, by cause.
          const givingUp = args[0] === 'EVAL' && args[5]?.startsWith('refused.') === true;
          if (givingUp) await took;
          const reply = await client.sendCommand(args);
          if (givingUp) sawGiveUp();
          return reply;
        },
      },
      keyPrefix: prefix,
      secret: TEST_SECRET,
      routeTimeoutMs: 200,
    });
    brokers.push(a, b);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const ran: string[] = [];
    // The holder has committed the answer and is applying it, slowly.
    a.serve('inst-a', async (principal, _command, commit) => {
      ran.push(principal);
      if ((await commit?.()) !== true) return { status: 'ignored' };
      hasTaken();
      await gate;
      return { status: 'answered' };
    });
    await a.publish('alice', 'inst-a', { entries: [], arrivals: [], notices: [], drafts: {} });
    await Promise.all([a.ready(), b.ready()]);
    const outcome = b.route('inst-a', 'alice', { type: 'respond', entryId: 'inst-a.1', result: { action: 'decline' } });
    await gaveUp;
    release();
    expect([await outcome, ran]).toEqual([{ status: 'answered' }, ['alice']]);
  });
});

describe("given the request is cancelled by its server while the holder's commit of the Accept is on its way", () => {
  test('the person is told ignored, and a retry of the Accept through any instance reads the claim withdrawn, not done', async () => {
    const prefix = nextPrefix();
    const { client, bound } = await ownClient();
    const server = new AbortController();
    // The holder's connection: its commit (the script that marks the message seen and turns claimed into
    // done) goes out only once the MCP server has cancelled the request, as if the cancellation arrived while
    // the commit was on the wire.
    const a = createRedisBroker({
      client: {
        ...bound,
        sendCommand(args) {
          if (args[0] === 'EVAL' && args.some((arg) => arg.includes(':seen:')) && !server.signal.aborted) {
            server.abort();
          }
          return client.sendCommand(args);
        },
      },
      keyPrefix: prefix,
      secret: TEST_SECRET,
    });
    const b = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET });
    brokers.push(a, b);
    const [bridgeA, bridgeB] = [newBridge(a), newBridge(b)];
    await Promise.all([a.ready(), b.ready()]);
    const received = bridgeA
      .queueFor('alice')
      .enqueue(formRequest('Transfer 100 EUR?'), { ...origin, signal: server.signal });
    const stream = await openStream(bridgeB, 'alice');
    const entryId = (await withEntries(stream, 1)).entries[0]?.id ?? '';
    stream.close();
    const accept = { action: 'accept', content: { answer: 'yes' } };
    const respond = async () =>
      (await bridgeB.handle(command('alice', { type: 'respond', entryId, result: accept }))).text();
    const told = await respond();
    const claim = await client.get(`${prefix}claim:alice:${encodeURIComponent(entryId)}`);
    // The same Accept again (a retry after a lost response): once `done` stood for it, B answered "answered"
    // from the claim alone.
    const retried = await respond();
    expect({ told, claim: claim?.split('.')[0], retried, result: await received }).toEqual({
      told: '{"status":"ignored"}',
      claim: 'refused',
      retried: '{"status":"ignored"}',
      result: { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'aborted' } },
    });
  });
});

describe("given the holder's executor fails on a routed answer before it commits it", () => {
  test("the claim is freed: the person's next answer is taken, not ignored until the claim expires", async () => {
    const prefix = nextPrefix();
    const a = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET });
    const b = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET, routeTimeoutMs: 2_000 });
    brokers.push(a, b);
    const ran: unknown[] = [];
    let calls = 0;
    a.serve('inst-a', async (_principal, command, commit) => {
      calls += 1;
      if (calls === 1) throw new Error('the executor failed');
      if ((await commit?.()) !== true) return { status: 'ignored' };
      ran.push(command);
      return { status: 'answered' };
    });
    await a.publish('alice', 'inst-a', { entries: [], arrivals: [], notices: [], drafts: {} });
    await Promise.all([a.ready(), b.ready()]);
    const first = b.route('inst-a', 'alice', { type: 'respond', entryId: 'inst-a.1', result: { action: 'decline' } });
    await expect(first).rejects.toThrow('The instance holding the entry failed to run the command');
    const cancel = { type: 'respond' as const, entryId: 'inst-a.1', result: { action: 'cancel' as const } };
    expect([await b.route('inst-a', 'alice', cancel), ran]).toEqual([{ status: 'answered' }, [cancel]]);
  });
});

describe('given one instance whose clock is 2 s behind', () => {
  test('a later request goes after the one the person is reading, over Redis', async () => {
    const prefix = nextPrefix();
    const a = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET });
    const b = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET });
    brokers.push(a, b);
    const [bridgeA, bridgeB] = [newBridge(a), newBridge(b)];
    await Promise.all([a.ready(), b.ready()]);
    void bridgeA.queueFor('alice').enqueue(formRequest('First?'), origin);
    const stream = await openStream(bridgeA, 'alice');
    const reading = await withEntries(stream, 1);
    const now = Date.now();
    // B's clock, for the moment it takes the request: 2 s behind A's.
    const skewed = vi.spyOn(Date, 'now').mockReturnValue(now - 2_000);
    void bridgeB.queueFor('alice').enqueue(formRequest('Second?'), origin);
    skewed.mockRestore();
    const both = await withEntries(stream, 2);
    stream.close();
    expect([messages(reading), messages(both)]).toEqual([['First?'], ['First?', 'Second?']]);
  });

  test('a later request goes after the one the person is reading, in one process (the in-process broker)', async () => {
    const broker = createInProcessBroker();
    const [bridgeA, bridgeB] = [newBridge(broker), newBridge(broker)];
    void bridgeA.queueFor('alice').enqueue(formRequest('First?'), origin);
    const stream = await openStream(bridgeA, 'alice');
    const reading = await withEntries(stream, 1);
    const skewed = vi.spyOn(Date, 'now').mockReturnValue(Date.now() - 2_000);
    void bridgeB.queueFor('alice').enqueue(formRequest('Second?'), origin);
    skewed.mockRestore();
    const both = await withEntries(stream, 2);
    stream.close();
    expect([messages(reading), messages(both)]).toEqual([['First?'], ['First?', 'Second?']]);
  });
});

describe('given two instances whose clocks are minutes apart', () => {
  const minutes = 10 * 60_000;
  /**
   * A (clock 10 minutes ahead) takes a request, then B (10 minutes behind) takes one; A's server stops
   * waiting, then B's. Returns the entries' messages once both show, and the notices' once both stopped.
   */
  async function sequence(bridgeA: ElicitationBridge, bridgeB: ElicitationBridge) {
    const [stopA, stopB] = [new AbortController(), new AbortController()];
    skewed(
      minutes,
      () => void bridgeA.queueFor('alice').enqueue(formRequest('First?'), { ...origin, signal: stopA.signal }),
    );
    const stream = await openStream(bridgeB, 'alice');
    await withEntries(stream, 1);
    skewed(
      -minutes,
      () => void bridgeB.queueFor('alice').enqueue(formRequest('Second?'), { ...origin, signal: stopB.signal }),
    );
    const both = await withEntries(stream, 2);
    skewed(minutes, () => stopA.abort());
    await withNotices(stream, 1);
    skewed(-minutes, () => stopB.abort());
    const stopped = await withNotices(stream, 2);
    stream.close();
    const noticeMessages = stopped.notices.map((notice) =>
      notice.entry.kind === 'single' ? (notice.entry.prompt.request as { message: string }).message : '',
    );
    return [messages(both), noticeMessages];
  }

  test('entries and notices keep the order they happened in, over Redis', async () => {
    const prefix = nextPrefix();
    const a = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET });
    const b = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET });
    brokers.push(a, b);
    const [bridgeA, bridgeB] = [newBridge(a), newBridge(b)];
    await Promise.all([a.ready(), b.ready()]);
    expect(await sequence(bridgeA, bridgeB)).toEqual([
      ['First?', 'Second?'],
      ['First?', 'Second?'],
    ]);
  });

  test('entries and notices keep the order they happened in, in one process (the in-process broker)', async () => {
    const broker = createInProcessBroker();
    expect(await sequence(newBridge(broker), newBridge(broker))).toEqual([
      ['First?', 'Second?'],
      ['First?', 'Second?'],
    ]);
  });
});

/**
 * A client whose replies stall, as a process stopped (a GC pause, SIGSTOP) just after Redis ran its command:
 * once `armed`, the reply to the next command naming a `seen` key (the holder's step in Redis for a routed
 * command: its id marked seen, the answer's claim settled) is held until `resume()`; the command itself has run.
 */
async function replyStallingClient(url: string) {
  const client = createClient({ url });
  await client.connect();
  clients.push(client);
  const bound = bindAll(client as unknown as RedisClientLike);
  const state: { armed: boolean; ran: () => void; open: () => void } = {
    armed: false,
    ran: () => undefined,
    open: () => undefined,
  };
  const ran = new Promise<void>((resolve) => (state.ran = resolve));
  const resumed = new Promise<void>((resolve) => (state.open = resolve));
  return {
    client: {
      ...bound,
      async sendCommand(args: string[]) {
        const held = state.armed && args.some((arg) => arg.includes(':seen:'));
        if (held) state.armed = false;
        const reply = await client.sendCommand(args);
        if (held) {
          state.ran();
          await resumed;
        }
        return reply;
      },
    } as RedisClientLike,
    arm() {
      state.armed = true;
    },
    /** Resolves once the held command has run in Redis. */
    ran,
    resume() {
      state.open();
    },
  };
}

describe("given the holder stalls just after its step in Redis for the person's Accept, past its part's expiry", () => {
  test('the sender tells the person what the server receives: the Accept, answered (no not-sent notice, no prompt back)', async () => {
    const prefix = nextPrefix();
    const stalling = await replyStallingClient(redis.url);
    const a = createRedisBroker({ client: stalling.client, keyPrefix: prefix, secret: TEST_SECRET });
    const b = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET, routeTimeoutMs: 200 });
    const raw = createClient({ url: redis.url });
    await raw.connect();
    clients.push(raw);
    brokers.push(a, b);
    const [bridgeA, bridgeB] = [newBridge(a), newBridge(b)];
    await Promise.all([a.ready(), b.ready()]);
    const received = bridgeA.queueFor('alice').enqueue(formRequest('Transfer 100 EUR?'), origin);
    const stream = await openStream(bridgeB, 'alice');
    const entryId = (await withEntries(stream, 1)).entries[0]?.id ?? '';

    stalling.arm();
    const accept = { action: 'accept', content: { answer: 'yes' } };
    const toldAccept = await (
      await bridgeB.handle(command('alice', { type: 'respond', entryId, result: accept }))
    ).text();
    await stalling.ran;
    await nextEvent(stream, (event) => event.entries[0]?.status === 'sending');
    // A's part expires while it stalls (deleted here, as its key's expiry would).
    await raw.del(`${prefix}part:alice:${encodeURIComponent(bridgeA.instanceId)}`);
    // What B makes of it: the next change it publishes is the Accept's outcome.
    const told = await nextEvent(stream, (event) => event.notices.length > 0 || event.entries.length === 0);
    stalling.resume();
    const result = await received;
    stream.close();
    expect({
      toldAccept,
      told: [told.entries.length, told.notices.map((notice) => [notice.kind, notice.entry.id])],
      result,
    }).toEqual({ toldAccept: '{"status":"sending"}', told: [0, []], result: accept });
  }, 20_000);
});

describe("given Redis runs the holder's commit but its reply is lost (the connection drops)", () => {
  test('the holder learns from the claim that it committed: the Accept is applied and the person told answered', async () => {
    const prefix = nextPrefix();
    const { client, bound } = await ownClient();
    let dropOnce = true;
    const failures: string[] = [];
    const a = createRedisBroker({
      client: {
        ...bound,
        async sendCommand(args) {
          const reply = await client.sendCommand(args);
          // The holder's step for the routed answer ran in Redis; its reply never arrives.
          if (dropOnce && args.some((arg) => arg.includes(':seen:'))) {
            dropOnce = false;
            throw new Error('connection lost');
          }
          return reply;
        },
      },
      keyPrefix: prefix,
      secret: TEST_SECRET,
      onError: (error) => failures.push(error.message),
    });
    const b = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET });
    brokers.push(a, b);
    const [bridgeA, bridgeB] = [newBridge(a), newBridge(b)];
    await Promise.all([a.ready(), b.ready()]);
    const received = bridgeA.queueFor('alice').enqueue(formRequest('Transfer 100 EUR?'), origin);
    const stream = await openStream(bridgeB, 'alice');
    const entryId = (await withEntries(stream, 1)).entries[0]?.id ?? '';
    stream.close();
    const accept = { action: 'accept', content: { answer: 'yes' } };
    const told = await (await bridgeB.handle(command('alice', { type: 'respond', entryId, result: accept }))).text();
    // Only awaited when the person was told it went: otherwise nothing settles it.
    const result = told === '{"status":"answered"}' ? await received : 'not applied';
    expect({ told, result, failures }).toEqual({
      told: '{"status":"answered"}',
      result: accept,
      failures: ['connection lost'],
    });
  });
});

describe("given the holder's broker closes while it retries a commit Redis did not answer", () => {
  test('the retries stop at once: one last look at the claim, then the commit fails and the answer is not applied', async () => {
    const prefix = nextPrefix();
    const { bound } = await ownClient();
    // The holder's commit step and its reads of the claim fail as on a dropped connection; the rest goes through.
    let tries = 0;
    let secondTry = () => {};
    const retrying = new Promise<void>((resolve) => (secondTry = resolve));
    const a = createRedisBroker({
      client: {
        ...bound,
        sendCommand(args) {
          const commitStep = args.some((arg) => arg.includes(':seen:'));
          const claimRead = args[0] === 'GET' && (args[1] ?? '').includes(':claim:');
          if (!commitStep && !claimRead) return bound.sendCommand(args);
          tries += 1;
          if (tries === 2) secondTry();
          return Promise.reject(new Error('connection lost'));
        },
      },
      keyPrefix: prefix,
      secret: TEST_SECRET,
      ttlSeconds: 5,
      routeTimeoutMs: 1_000,
    });
    const b = createRedisBroker({ url: redis.url, keyPrefix: prefix, secret: TEST_SECRET, routeTimeoutMs: 1_000 });
    brokers.push(a, b);
    let failed: (message: string) => void = () => {};
    const commitFailed = new Promise<string>((resolve) => (failed = resolve));
    let applied = false;
    a.serve('inst-a', async (_principal, _command, commit) => {
      try {
        applied = (await commit?.()) === true;
        return { status: applied ? 'answered' : 'ignored' };
      } catch (error) {
        failed((error as Error).message);
        throw error;
      }
    });
    await Promise.all([a.ready(), b.ready()]);
    // Only `setTimeout` is faked: Redis I/O and the client's own scheduling stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const accept: ElicitResult = { action: 'accept', content: { answer: 'yes' } };
      void b.route('inst-a', 'alice', { type: 'respond', entryId: 'inst-a.1', result: accept }).catch(() => undefined);
      // The commit failed, then the read of the claim: the holder would read it again every second.
      await retrying;
      await a.close();
      // Far past every try the holder makes while its part lives (5 s, one a second).
      await vi.advanceTimersByTimeAsync(20_000);
      expect({ message: await commitFailed, tries, applied }).toEqual({
        message: 'connection lost',
        tries: 3,
        applied: false,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
