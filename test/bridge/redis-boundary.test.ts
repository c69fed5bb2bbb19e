/**
 * Redis is a boundary: a process that can write to it but lacks the secret, or a record gone wrong, must
 * not show a prompt, answer one, or break a principal's stream. A real `redis-server`; each broker has its
 * own connections, as each process behind a load balancer would.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';

import { createElicitationBridge, type ElicitationBridge } from '../../src/bridge/index.js';
import { createRedisBroker, type RedisElicitationBroker } from '../../src/bridge/redis/index.js';
import { createSigner } from '../../src/bridge/redis/signing.js';
import type { ElicitResult } from '../../src/core/index.js';
import { authorize, command, ENDPOINT, formRequest, openStream, ORIGIN, type ViewEvent } from './helpers.js';
import { redisForFile } from './redis-for-file.js';
import { TEST_SECRET } from './redis-server.js';

const given = redisForFile();

const brokers: RedisElicitationBroker[] = [];
const bridges: ElicitationBridge[] = [];
afterEach(async () => {
  for (const bridge of bridges.splice(0)) bridge.close();
  await Promise.all(brokers.splice(0).map((broker) => broker.close()));
});

let tests = 0;
/** A key prefix of this test's own. */
const nextPrefix = () => `b${(tests += 1)}:`;

/** A broker with the test secret whose `onError` messages land in `errors`; ready to use. */
async function newBroker(keyPrefix: string, errors: string[] = [], routeTimeoutMs?: number, heard?: () => void) {
  const broker = createRedisBroker({
    url: given.server.url,
    keyPrefix,
    secret: TEST_SECRET,
    onError: (error) => {
      errors.push(error.message);
      heard?.();
    },
    ...(routeTimeoutMs !== undefined && { routeTimeoutMs }),
  });
  brokers.push(broker);
  await broker.ready();
  return broker;
}

/** A bridge on `broker`, serving routed commands once `ready` resolves. */
async function newBridge(broker: RedisElicitationBroker): Promise<ElicitationBridge> {
  const bridge = createElicitationBridge({ authorize, broker, allowedOrigins: [ORIGIN], heartbeatMs: 60_000 });
  bridges.push(bridge);
  await broker.ready();
  return bridge;
}

const origin = { server: { name: 'weather', id: 'weather' } };
const messages = (event: Pick<ViewEvent, 'entries'>) =>
  event.entries.map((entry) => (entry.kind === 'single' ? (entry.prompt.request as { message?: string }).message : ''));

/** The text of a stream up to the end of the first event that holds `needle` (events end with a blank line). */
async function eventTextUntil(response: Response, needle: string): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  // Whole events only: the needle inside a data line that has ended.
  while (
    !text
      .split('\n\n')
      .slice(0, -1)
      .some((event) => event.includes(needle))
  ) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

describe('given the options a deployment must set', () => {
  test('a missing keyPrefix or secret, or a short secret, is refused with a sentence naming it', () => {
    const attempt = (options: Record<string, unknown>) => {
      try {
        createRedisBroker({ url: given.server.url, ...options } as unknown as Parameters<typeof createRedisBroker>[0]);
        return 'created';
      } catch (error) {
        return (error as Error).message;
      }
    };
    const secretMissing =
      'createRedisBroker: secret is required, at least 32 characters, the same on every instance ' +
      '(or insecureNoSecret: true, for development only)';
    expect([
      attempt({ secret: TEST_SECRET }),
      attempt({ keyPrefix: '', secret: TEST_SECRET }),
      attempt({ keyPrefix: 'app:' }),
      attempt({ keyPrefix: 'app:', secret: 'too short' }),
    ]).toEqual([
      'createRedisBroker: keyPrefix is required; name your app in it (e.g. "myapp:elicit:")',
      'createRedisBroker: keyPrefix is required; name your app in it (e.g. "myapp:elicit:")',
      secretMissing,
      secretMissing,
    ]);
  });

  test('insecureNoSecret warns on the console, and is refused when NODE_ENV is production', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broker = createRedisBroker({ url: given.server.url, keyPrefix: nextPrefix(), insecureNoSecret: true });
    brokers.push(broker);
    const warnings = warn.mock.calls.map((call) => String(call[0]));
    warn.mockRestore();
    vi.stubEnv('NODE_ENV', 'production');
    let refused = '';
    try {
      createRedisBroker({ url: given.server.url, keyPrefix: nextPrefix(), insecureNoSecret: true });
    } catch (error) {
      refused = (error as Error).message;
    }
    vi.unstubAllEnvs();
    await broker.ready();
    expect([warnings, refused]).toEqual([
      [
        'createRedisBroker: INSECURE, no secret. Any process that can write to this Redis can show prompts to ' +
          'your users and answer them. Set `secret` outside development.',
      ],
      'createRedisBroker: insecureNoSecret is refused when NODE_ENV is production; set secret',
    ]);
  });
});

describe('given wrong-shaped or unsealed parts in Redis', () => {
  test.each([
    ['{"entries":5}', false],
    ['{}', false],
    ['{"entries":5}', true],
    ['{}', true],
  ])(
    '%s (sealed with the secret: %s) is skipped, reported, cleaned up, and the stream still shows the rest',
    async (value, sealed) => {
      const prefix = nextPrefix();
      const errors: string[] = [];
      const broker = await newBroker(prefix, errors);
      const bridge = await newBridge(broker);
      void bridge.queueFor('alice').enqueue(formRequest('Your city?'), origin);
      const key = `${prefix}part:alice:inst-bad`;
      const text = sealed ? await createSigner(TEST_SECRET).seal(`part\n${key}`, value) : value;
      await given.raw.set(key, text);
      await given.raw.sAdd(`${prefix}parts:alice`, 'inst-bad');
      const stream = await openStream(bridge, 'alice');
      let event = await stream.next();
      while (event.entries.length === 0) event = await stream.next();
      stream.close();
      // The clean-up went out on the broker's connection during the stream's read: a read after it on the
      // same connection is answered after it.
      await broker.read('alice');
      expect([
        messages(event),
        errors,
        await given.raw.exists(key),
        (await given.raw.sMembers(`${prefix}parts:alice`)).includes('inst-bad'),
      ]).toEqual([
        ['Your city?'],
        [`Skipped ${sealed ? 'a malformed part' : 'a part that is not sealed with the secret'} in Redis: ${key}`],
        0,
        false,
      ]);
    },
  );

  test("a part forged with another secret is not shown: a prompt cannot be pushed into a user's stream", async () => {
    const prefix = nextPrefix();
    const errors: string[] = [];
    const broker = await newBroker(prefix, errors);
    const bridge = await newBridge(broker);
    const key = `${prefix}part:alice:inst-evil`;
    const entry = {
      id: 'inst-evil.1',
      kind: 'single',
      status: 'pending',
      serverKey: 'bank',
      server: { name: 'Your Bank' },
      prompt: { mode: 'form', request: formRequest('Re-enter your password') },
    };
    const part = JSON.stringify({ entries: [entry], arrivals: [1], notices: [], noticeArrivals: [], drafts: {} });
    await given.raw.set(key, await createSigner('another secret, 32 characters or more').seal(`part\n${key}`, part));
    await given.raw.sAdd(`${prefix}parts:alice`, 'inst-evil');
    void bridge.queueFor('alice').enqueue(formRequest('Your city?'), origin);
    const stream = await openStream(bridge, 'alice');
    let event = await stream.next();
    while (event.entries.length === 0) event = await stream.next();
    stream.close();
    expect([messages(event), errors]).toEqual([
      ['Your city?'],
      [`Skipped a part that is not sealed with the secret in Redis: ${key}`],
    ]);
  });
});

describe('given a forged version in Redis', () => {
  test('an epoch with line breaks cannot inject an event: a new epoch starts and the stream carries the real view', async () => {
    const prefix = nextPrefix();
    const errors: string[] = [];
    const broker = await newBroker(prefix, errors);
    const bridge = await newBridge(broker);
    const fake = JSON.stringify({ entries: [{ id: 'x', prompt: { request: { message: 'Your Bank: password?' } } }] });
    await given.raw.hSet(`${prefix}version:alice`, { epoch: `evil\n\ndata: ${fake}\n\n`, counter: '7' });
    // The stream first, then the request: its events are read until one carries the request (the request's
    // publication to Redis and the stream's first view may come in either order).
    const response = await bridge.handle(
      new Request(ENDPOINT, { headers: { authorization: 'Bearer alice', 'x-mcp-elicit': '1' } }),
    );
    void bridge.queueFor('alice').enqueue(formRequest('Your city?'), origin);
    const text = await eventTextUntil(response, 'Your city?');
    const epoch = await given.raw.hGet(`${prefix}version:alice`, 'epoch');
    const ids = text.split('\n').filter((line) => line.startsWith('id: '));
    expect([
      text.startsWith('retry: 2000\n\nid: '),
      /^[0-9a-z]+$/.test(epoch ?? ''),
      ids.length > 0 && ids.every((line) => new RegExp(`^id: ${epoch ?? ''}-\\d+$`).test(line)),
      text.includes('Your Bank'),
      errors.includes(`Skipped a malformed version (a new epoch starts) in Redis: ${prefix}version:alice`),
    ]).toEqual([true, true, true, false, true]);
  });

  test('a counter that is not a number does not stop publishing: the version is mended and counts again', async () => {
    const prefix = nextPrefix();
    const errors: string[] = [];
    const broker = await newBroker(prefix, errors);
    await given.raw.hSet(`${prefix}version:alice`, { epoch: 'old', counter: 'not a number' });
    const part = { entries: [], arrivals: [], notices: [], noticeArrivals: [], drafts: { e: { answer: 'x' } } };
    await broker.publish('alice', 'inst-a', part);
    const view = await broker.read('alice');
    expect([view.epoch === 'old', view.counter, view.parts]).toEqual([false, 1, { 'inst-a': part }]);
  });
});

describe('given messages published to Redis by a process without the secret', () => {
  test("an unsealed or forged routed answer is not run; the person's own answer is the one applied", async () => {
    const prefix = nextPrefix();
    const errorsA: string[] = [];
    let heardBoth: () => void = () => undefined;
    const bothSkipped = new Promise<void>((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`hung: ${errorsA.length} of 2 errors`)), 10_000);
      heardBoth = () => (clearTimeout(guard), resolve());
    });
    const a = await newBroker(prefix, errorsA, undefined, () => {
      if (errorsA.length === 2) heardBoth();
    });
    const b = await newBroker(prefix);
    const [bridgeA, bridgeB] = [await newBridge(a), await newBridge(b)];
    let result: ElicitResult | undefined;
    void bridgeA
      .queueFor('alice')
      .enqueue(formRequest('Your city?'), origin)
      .then((value) => (result = value));
    const stream = await openStream(bridgeB, 'alice');
    let event = await stream.next();
    while (event.entries.length === 0) event = await stream.next();
    stream.close();
    const entryId = event.entries[0]?.id ?? '';
    const channel = `${prefix}route:${bridgeA.instanceId}`;
    const forged = JSON.stringify({
      id: 'f1',
      reply: `${prefix}reply:evil`,
      principal: 'alice',
      command: { type: 'respond', entryId, result: { action: 'decline' } },
    });
    await given.raw.publish(channel, forged);
    await given.raw.publish(
      channel,
      await createSigner('another secret, 32 characters or more').seal(`route\n${channel}`, forged),
    );
    const mine = { action: 'accept', content: { answer: 'Oslo' } };
    const response = await bridgeB.handle(command('alice', { type: 'respond', entryId, result: mine }));
    const told = await response.text();
    // Both forgeries were read (and dropped) by A: its onError says so.
    await bothSkipped;
    expect([told, result, errorsA]).toEqual([
      '{"status":"answered"}',
      mine,
      [
        `Skipped a routed command that is not sealed with the secret in Redis: ${channel}`,
        `Skipped a routed command that is not sealed with the secret in Redis: ${channel}`,
      ],
    ]);
  });

  test('a forged reply cannot make the sender report an answer as applied', async () => {
    const prefix = nextPrefix();
    const errors: string[] = [];
    let heardForgery: () => void = () => undefined;
    const forgerySkipped = new Promise<void>((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error('hung: the forged reply was not reported')), 10_000);
      heardForgery = () => (clearTimeout(guard), resolve());
    });
    const b = await newBroker(prefix, errors, 300, () => {
      if (errors.some((error) => error.startsWith('Skipped a reply'))) heardForgery();
    });
    // The "instance" holding the entry is the forger: it hears the routed command and replies unsealed.
    const forger = given.raw.duplicate();
    await forger.connect();
    await forger.subscribe(`${prefix}route:inst-x`, (message) => {
      const { id, reply } = JSON.parse(message.slice(65)) as { id: string; reply: string };
      void given.raw.publish(reply, JSON.stringify({ id, outcome: { status: 'answered' } }));
    });
    const outcome = await b.route('inst-x', 'alice', {
      type: 'respond',
      entryId: 'inst-x.1',
      result: { action: 'decline' },
    });
    await forgerySkipped;
    await forger.close();
    expect([outcome, errors.filter((error) => error.startsWith('Skipped a reply')).length]).toEqual([
      { status: 'ignored' },
      1,
    ]);
  });
});

describe('given a sealed message captured from Redis and published again', () => {
  test('a replayed cancel-all is not run again: a request that came after it stays pending', async () => {
    const prefix = nextPrefix();
    const errorsA: string[] = [];
    let heardReplay: () => void = () => undefined;
    const replaySkipped = new Promise<void>((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error('hung: the replay was not reported')), 10_000);
      heardReplay = () => (clearTimeout(guard), resolve());
    });
    const a = await newBroker(prefix, errorsA, undefined, () => heardReplay());
    const b = await newBroker(prefix);
    const [bridgeA, bridgeB] = [await newBridge(a), await newBridge(b)];
    const channel = `${prefix}route:${bridgeA.instanceId}`;
    const captured: string[] = [];
    const spy = given.raw.duplicate();
    await spy.connect();
    await spy.subscribe(channel, (message) => captured.push(message));
    const settled: string[] = [];
    void bridgeA
      .queueFor('alice')
      .enqueue(formRequest('First?'), origin)
      .then((result) => settled.push(`First? ${result.action}`));
    // B's stream shows A's part: its cancel-all then goes to A, through Redis.
    const stream = await openStream(bridgeB, 'alice');
    let event = await stream.next();
    while (event.entries.length === 0) event = await stream.next();
    stream.close();
    const cancelled = await (await bridgeB.handle(command('alice', { type: 'cancelAll' }))).text();
    void bridgeA
      .queueFor('alice')
      .enqueue(formRequest('Second?'), origin)
      .then((result) => settled.push(`Second? ${result.action}`));
    await given.raw.publish(channel, captured[0] ?? '');
    await replaySkipped;
    await spy.close();
    expect([cancelled, settled, bridgeA.queueFor('alice').getSnapshot().entries.length, errorsA]).toEqual([
      '{"count":1}',
      ['First? cancel'],
      1,
      [`Skipped a routed command that is stale or was run already (replayed) in Redis: ${channel}`],
    ]);
  });
});

describe('given two apps on one Redis', () => {
  test('with their own prefixes they share no principal: app 2\'s "admin" neither sees nor answers app 1\'s', async () => {
    const one = await newBridge(await newBroker('app1:elicit:'));
    const two = await newBridge(await newBroker('app2:elicit:'));
    let settled = 0;
    void one
      .queueFor('admin')
      .enqueue(formRequest('Deploy?'), origin)
      .then(() => (settled += 1));
    void two.queueFor('admin').enqueue(formRequest('App 2 asks'), origin);
    const onOne = await openStream(one, 'admin');
    let seenByOne = await onOne.next();
    while (seenByOne.entries.length === 0) seenByOne = await onOne.next();
    onOne.close();
    const onTwo = await openStream(two, 'admin');
    let seenByTwo = await onTwo.next();
    while (seenByTwo.entries.length === 0) seenByTwo = await onTwo.next();
    onTwo.close();
    const entryId = seenByOne.entries[0]?.id ?? '';
    const response = await two.handle(command('admin', { type: 'respond', entryId, result: { action: 'decline' } }));
    expect([messages(seenByOne), messages(seenByTwo), await response.text(), settled]).toEqual([
      ['Deploy?'],
      ['App 2 asks'],
      '{"status":"ignored"}',
      0,
    ]);
  });
});
