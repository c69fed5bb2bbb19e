/**
 * A part captured from Redis and put back later: sealed with the secret, so its MAC holds, yet older than
 * what its writer wrote since. A real `redis-server`; the copy goes back with plain `SET`, as a process that
 * can write to Redis but lacks the secret would put it. Clocks are vitest's fake `Date` (and `setInterval`
 * where the refresh is the subject): nothing here waits for time.
 */
import { createClient } from 'redis';
import { afterEach, describe, expect, test, vi } from 'vitest';

import type { BrokerView, PublishedPart } from '../../src/bridge/index.js';
import { createRedisBroker, type RedisClientLike, type RedisElicitationBroker } from '../../src/bridge/redis/index.js';
import { createSigner } from '../../src/bridge/redis/signing.js';
import type { ElicitationEntry } from '../../src/core/index.js';
import { formRequest } from './helpers.js';
import { redisForFile } from './redis-for-file.js';
import { TEST_SECRET } from './redis-server.js';

const given = redisForFile();

const brokers: RedisElicitationBroker[] = [];
const hostClients: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(brokers.splice(0).map((broker) => broker.close()));
  await Promise.all(hostClients.splice(0).map((client) => client.close()));
});

let tests = 0;
/** A key prefix of this test's own. */
const nextPrefix = () => `r${(tests += 1)}:`;

/** A broker with the test secret (or over `client`) whose `onError` messages land in `errors`; ready to use. */
async function newBroker(keyPrefix: string, errors: string[] = [], client?: RedisClientLike) {
  const onError = (error: Error) => errors.push(error.message);
  const broker = createRedisBroker({
    ...(client === undefined ? { url: given.server.url } : { client }),
    keyPrefix,
    secret: TEST_SECRET,
    onError,
  });
  brokers.push(broker);
  await broker.ready();
  return broker;
}

/** A part holding one pending form request. */
function prompt(id: string, message: string): PublishedPart {
  const entry = {
    id,
    kind: 'single',
    status: 'pending',
    serverKey: 'weather',
    server: { name: 'weather' },
    prompt: { mode: 'form', request: formRequest(message) },
  } as unknown as ElicitationEntry;
  return { entries: [entry], notices: [], drafts: {} };
}

/** What a view shows: each instance's request messages. */
const shown = (view: BrokerView) =>
  Object.fromEntries(
    Object.entries(view.parts).map(([id, part]) => [
      id,
      part.entries.map((entry) =>
        entry.kind === 'single' ? (entry.prompt.request as { message: string }).message : '',
      ),
    ]),
  );

/** Puts `copy` back under `key`, and its instance back in the principal's index, as a forger would. */
async function putBack(prefix: string, key: string, copy: string | null, instance: string) {
  await given.raw.set(key, copy ?? '', { EX: 30 });
  await given.raw.sAdd(`${prefix}parts:alice`, instance);
}

const olderCopy = (key: string) => `Skipped a copy of a part older than one read before (put back) in Redis: ${key}`;
const expired = (key: string) =>
  `Skipped a part sealed outside its lifetime by this machine's clock (put back, or clocks over 60 s apart) in Redis: ${key}`;

/**
 * On a new prefix: a writer, a reader beside it whose skipped records land in `errors`, and the key of the
 * writer's part for alice as instance `inst-w`.
 */
async function writerAndReader() {
  const prefix = nextPrefix();
  const errors: string[] = [];
  const writer = await newBroker(prefix);
  const reader = await newBroker(prefix, errors);
  return { prefix, errors, writer, reader, key: `${prefix}part:alice:inst-w` };
}

/** The line a sealed part's text starts with, as numbers: writer, write, sealedAt, expiresAt. */
async function sealLine(key: string, copy: string | null): Promise<number[]> {
  const text = (await createSigner(TEST_SECRET).open(`part\n${key}`, copy)) ?? '';
  return (text.split('\n')[0] ?? '').split(' ').map(Number);
}

describe('given an older sealed copy of a part put back with SET', () => {
  test("a reader that read the newer one refuses it; the copy it read last still shows, and so do the principal's other parts", async () => {
    const { prefix, errors, writer, reader, key } = await writerAndReader();
    await writer.publish('alice', 'inst-w', prompt('inst-w.1', 'Transfer 10 EUR?'));
    await writer.publish('alice', 'inst-o', prompt('inst-o.1', 'Your city?'));
    const captured = await given.raw.get(key);
    const before = [shown(await reader.read('alice')), shown(await reader.read('alice'))];
    // The person answered it; the instance holds a new request now.
    await writer.publish('alice', 'inst-w', prompt('inst-w.2', 'Your name?'));
    const current = shown(await reader.read('alice'));
    await putBack(prefix, key, captured, 'inst-w');
    const afterPutBack = shown(await reader.read('alice'));
    // The clean-up went out on the reader's connection during that read: a read after it is answered after it.
    await reader.read('alice');
    expect([before, current, afterPutBack, errors, await given.raw.exists(key)]).toEqual([
      [
        { 'inst-w': ['Transfer 10 EUR?'], 'inst-o': ['Your city?'] },
        { 'inst-w': ['Transfer 10 EUR?'], 'inst-o': ['Your city?'] },
      ],
      { 'inst-w': ['Your name?'], 'inst-o': ['Your city?'] },
      { 'inst-o': ['Your city?'] },
      [olderCopy(key)],
      0,
    ]);
  });

  test('a part removed (its last request answered) and put back is refused by its writer and by a reader that saw it go', async () => {
    const prefix = nextPrefix();
    const [writerErrors, readerErrors]: string[][] = [[], []];
    const writer = await newBroker(prefix, writerErrors);
    const reader = await newBroker(prefix, readerErrors);
    const key = `${prefix}part:alice:inst-w`;
    await writer.publish('alice', 'inst-w', prompt('inst-w.1', 'Transfer 10 EUR?'));
    await writer.publish('alice', 'inst-o', prompt('inst-o.1', 'Your city?'));
    const captured = await given.raw.get(key);
    const before = shown(await reader.read('alice'));
    await writer.publish('alice', 'inst-w', undefined);
    const gone = shown(await reader.read('alice'));
    await putBack(prefix, key, captured, 'inst-w');
    const byWriter = shown(await writer.read('alice'));
    // Its clean-up is done once a later read on its connection is answered; then the copy goes back again.
    await writer.read('alice');
    await putBack(prefix, key, captured, 'inst-w');
    const byReader = shown(await reader.read('alice'));
    expect([before, gone, byWriter, byReader, writerErrors, readerErrors]).toEqual([
      { 'inst-w': ['Transfer 10 EUR?'], 'inst-o': ['Your city?'] },
      { 'inst-o': ['Your city?'] },
      { 'inst-o': ['Your city?'] },
      { 'inst-o': ['Your city?'] },
      [olderCopy(key)],
      [olderCopy(key)],
    ]);
  });

  test('a new reader (no memory) shows it up to its key expiry plus 60 s of clock skew, and refuses it 1 ms later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.UTC(2026, 11, 3, 12, 0, 0);
    vi.setSystemTime(start);
    const prefix = nextPrefix();
    const writer = await newBroker(prefix);
    const key = `${prefix}part:alice:inst-w`;
    await writer.publish('alice', 'inst-w', prompt('inst-w.1', 'Transfer 10 EUR?'));
    const captured = await given.raw.get(key);
    await writer.publish('alice', 'inst-w', undefined);
    // Sealed at `start`, its key expiring 30 s later (ttlSeconds), and 60 s allowed for clocks apart.
    vi.setSystemTime(start + 90_000);
    await writer.publish('alice', 'inst-o', prompt('inst-o.1', 'Your city?'));
    await putBack(prefix, key, captured, 'inst-w');
    const lastErrors: string[] = [];
    const atTheLimit = shown(await (await newBroker(prefix, lastErrors)).read('alice'));
    vi.setSystemTime(start + 90_001);
    const freshErrors: string[] = [];
    const fresh = await newBroker(prefix, freshErrors);
    const past = shown(await fresh.read('alice'));
    await fresh.read('alice');
    expect([
      await sealLine(key, captured),
      atTheLimit,
      lastErrors,
      past,
      freshErrors,
      await given.raw.exists(key),
    ]).toEqual([
      [expect.any(Number), 1, start, start + 30_000],
      { 'inst-w': ['Transfer 10 EUR?'], 'inst-o': ['Your city?'] },
      [],
      { 'inst-o': ['Your city?'] },
      [expired(key)],
      0,
    ]);
  });

  test("a copy sealed more than 60 s ahead of the reader's clock is refused too (a writer's clock that far off is reported)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.UTC(2026, 11, 3, 12, 0, 0);
    vi.setSystemTime(start + 60_001);
    const prefix = nextPrefix();
    const writer = await newBroker(prefix);
    const key = `${prefix}part:alice:inst-w`;
    await writer.publish('alice', 'inst-w', prompt('inst-w.1', 'Your city?'));
    vi.setSystemTime(start);
    const errors: string[] = [];
    const reader = await newBroker(prefix, errors);
    expect([shown(await reader.read('alice')), errors]).toEqual([{}, [expired(key)]]);
  });
});

describe('given a writer that restarts with the same instance id', () => {
  test('its parts start above everything it sealed before (a generation from Redis), even over a garbled generation key', async () => {
    const prefix = nextPrefix();
    const errors: string[] = [];
    const reader = await newBroker(prefix, errors);
    const key = `${prefix}part:alice:inst-w`;
    const before = await newBroker(prefix);
    for (const message of ['One?', 'Two?', 'Three?'])
      await before.publish('alice', 'inst-w', prompt('inst-w.1', message));
    const shownBefore = shown(await reader.read('alice'));
    const oldLine = await sealLine(key, await given.raw.get(key));
    await given.raw.set(`${prefix}writers`, 'not a number');
    // The process ends without removing its part (it died); a new one takes its instance id.
    const after = await newBroker(prefix);
    await after.publish('alice', 'inst-w', prompt('inst-w.2', 'Four?'));
    const newLine = await sealLine(key, await given.raw.get(key));
    expect([
      shownBefore,
      oldLine[1],
      newLine[1],
      (newLine[0] ?? 0) > (oldLine[0] ?? 0),
      Number.isSafeInteger(newLine[0]),
      shown(await reader.read('alice')),
      errors,
    ]).toEqual([{ 'inst-w': ['Three?'] }, 3, 1, true, true, { 'inst-w': ['Four?'] }, []]);
  });
});

describe('given a Redis that answers the writer generation with a negative number', () => {
  test('the broker is not ready and reports why: it never seals with it (the seal line holds non-negative numbers only)', async () => {
    const client = createClient({ url: given.server.url });
    hostClients.push(client);
    await client.connect();
    // The script that hands out generations reads Redis's clock: its answer, and only that one, is replaced.
    const lying: RedisClientLike = Object.assign(Object.create(client) as RedisClientLike, {
      sendCommand: async (args: string[]) =>
        args[0] === 'EVAL' && args[1]?.includes("redis.call('TIME')") === true ? -1 : client.sendCommand(args),
    });
    const errors: string[] = [];
    const ready = await newBroker(nextPrefix(), errors, lying).then(
      () => 'ready',
      (error: Error) => error.message,
    );
    const why = 'The broker could not take a writer generation from Redis';
    expect([ready, errors]).toEqual([why, [why]]);
  });
});

describe("given the writer's refresh (every third of the TTL)", () => {
  test('it seals the part anew, later in its sequence and with the time now, with no event; the copy before it is then refused', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const start = Date.UTC(2026, 11, 3, 12, 0, 0);
    vi.setSystemTime(start);
    const { prefix, errors, writer, reader, key } = await writerAndReader();
    await writer.publish('alice', 'inst-w', prompt('inst-w.1', 'Your city?'));
    const first = await given.raw.get(key);
    const counter = await given.raw.hGet(`${prefix}version:alice`, 'counter');
    vi.advanceTimersByTime(10_000);
    await writer.ready();
    const second = await given.raw.get(key);
    const [before, after] = [await sealLine(key, first), await sealLine(key, second)];
    const opened = async (copy: string | null) =>
      ((await createSigner(TEST_SECRET).open(`part\n${key}`, copy)) ?? '').split('\n')[1];
    const seen = shown(await reader.read('alice'));
    await putBack(prefix, key, first, 'inst-w');
    const putBackSeen = shown(await reader.read('alice'));
    expect([
      after[0] === before[0],
      (after[1] ?? 0) - (before[1] ?? 0),
      before.slice(2),
      after.slice(2),
      (await opened(second)) === (await opened(first)),
      await given.raw.hGet(`${prefix}version:alice`, 'counter'),
      seen,
      putBackSeen,
      errors,
    ]).toEqual([
      true,
      1,
      [start, start + 30_000],
      [start + 10_000, start + 40_000],
      true,
      counter,
      { 'inst-w': ['Your city?'] },
      {},
      [olderCopy(key)],
    ]);
  });
});

describe('given two reads of one broker racing a write', () => {
  test('a read sent before the write may still show the older copy: it is not taken for one put back', async () => {
    const prefix = nextPrefix();
    const errors: string[] = [];
    const client = createClient({ url: given.server.url });
    hostClients.push(client);
    await client.connect();
    // One MGET's reply, once Redis has answered it, is held back until the test lets it go: a read overtaken
    // by a later one of the same broker.
    let hold: { answered: () => void; released: Promise<void> } | undefined;
    const slow: RedisClientLike = Object.assign(Object.create(client) as RedisClientLike, {
      sendCommand: async (args: string[]) => {
        const reply = await client.sendCommand(args);
        const held = args[0] === 'MGET' ? hold : undefined;
        if (held !== undefined) {
          hold = undefined;
          held.answered();
          await held.released;
        }
        return reply;
      },
    });
    const writer = await newBroker(prefix);
    const broker = await newBroker(prefix, errors, slow);
    await writer.publish('alice', 'inst-w', prompt('inst-w.1', 'Transfer 10 EUR?'));
    await broker.read('alice');
    let answered: () => void = () => undefined;
    const wasAnswered = new Promise<void>((resolve) => (answered = resolve));
    let release: () => void = () => undefined;
    hold = { answered, released: new Promise<void>((resolve) => (release = resolve)) };
    const overtaken = broker.read('alice');
    // Redis answered that read with the copy of the time; only then is the part written anew.
    await wasAnswered;
    await writer.publish('alice', 'inst-w', prompt('inst-w.2', 'Your name?'));
    const later = shown(await broker.read('alice'));
    release();
    expect([shown(await overtaken), later, errors]).toEqual([
      { 'inst-w': ['Transfer 10 EUR?'] },
      { 'inst-w': ['Your name?'] },
      [],
    ]);
  });
});
