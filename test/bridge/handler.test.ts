/**
 * The bridge's Fetch handler with real `Request`s: who may ask, what a POST must carry, exactly-once
 * answers, resuming a stream with `Last-Event-ID`, and drafts.
 */
import { afterEach, describe, expect, test } from 'vitest';

import { createElicitationBridge, createInProcessBroker, type ElicitationBridge } from '../../src/bridge/index.js';
import { authorize, command, ENDPOINT, formRequest, openStream, ORIGIN, seen } from './helpers.js';

const bridges: ElicitationBridge[] = [];
function newBridge(options: Partial<Parameters<typeof createElicitationBridge>[0]> = {}): ElicitationBridge {
  const bridge = createElicitationBridge({ authorize, allowedOrigins: [ORIGIN], heartbeatMs: 60_000, ...options });
  bridges.push(bridge);
  return bridge;
}
afterEach(() => {
  for (const bridge of bridges.splice(0)) bridge.close();
});

const origin = { server: { name: 'weather', id: 'weather' } };

describe('given a request without a principal', () => {
  test.each([
    ['GET', new Request(ENDPOINT)],
    ['POST', command('', { type: 'cancelAll' }, { authorization: 'Basic x' })],
    ['DELETE', new Request(ENDPOINT, { method: 'DELETE' })],
  ])('%s gets 401 and nothing else', async (_method, request) => {
    const bridge = newBridge();
    expect(await seen(await bridge.handle(request))).toEqual({ status: 401, body: '', headers: [] });
  });

  test('an authorize that throws gets 500 with a message that quotes nothing', async () => {
    const bridge = newBridge({
      authorize: () => {
        throw new Error('token secret-123 expired');
      },
    });
    const response = await seen(await bridge.handle(command('alice', { type: 'cancelAll' })));
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body)).toEqual({ error: 'The bridge failed to handle this request' });
  });
});

describe('given a POST that is not a well-formed command', () => {
  const cases: [string, Request, number, string][] = [
    [
      'without the custom header',
      command('alice', { type: 'cancelAll' }, { 'x-mcp-elicit': '' }),
      403,
      'A request must carry the header x-mcp-elicit: 1',
    ],
    [
      'from another origin',
      command('alice', { type: 'cancelAll' }, { origin: 'https://evil.test' }),
      403,
      'This origin may not use the bridge',
    ],
    [
      'as a form post',
      command('alice', 'type=cancelAll', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'The body must be application/json',
    ],
    ['of malformed JSON', command('alice', '{"type": "respond",'), 400, 'The body is not valid JSON'],
    [
      'of an unknown type',
      command('alice', { type: 'enqueue' }),
      400,
      '"type" must be one of respond, respondRound, dismiss, dismissNotice, cancelAll, saveDraft, shown',
    ],
    [
      'without an entry id (carrying an answer)',
      command('alice', { type: 'respond', entryId: 42, result: { action: 'accept', content: { pin: 'secret-9' } } }),
      400,
      '"entryId" must be a non-empty string of at most 200 characters',
    ],
    [
      'with a result that is not an object',
      command('alice', { type: 'respond', entryId: 'x.y', result: 'secret-9' }),
      400,
      '"result" must be an ElicitResult object',
    ],
    [
      'with a draft of nested objects',
      command('alice', { type: 'saveDraft', entryId: 'x.y', draft: { pin: { secret: 9 } } }),
      400,
      '"draft" must be an object of strings, numbers, booleans or string lists',
    ],
    [
      'over the size limit',
      command('alice', { type: 'cancelAll', serverKey: 'k'.repeat(150) }),
      413,
      'The body is larger than 128 bytes',
    ],
  ];
  test.each(cases)('%s: %i with a plain message, nothing changes', async (_name, request, status, message) => {
    const bridge = newBridge({ maxBodyBytes: 128 });
    const settled: unknown[] = [];
    void bridge
      .queueFor('alice')
      .enqueue(formRequest('Your PIN?'), origin)
      .then((result) => settled.push(result));
    const before = bridge.queueFor('alice').getSnapshot();
    const response = await seen(await bridge.handle(request));
    expect({ status: response.status, body: JSON.parse(response.body) as unknown }).toEqual({
      status,
      body: { error: message },
    });
    // The answer's content never comes back in an error.
    expect(response.body).not.toContain('secret');
    expect(bridge.queueFor('alice').getSnapshot()).toBe(before);
    await Promise.resolve();
    expect(settled).toEqual([]);
  });

  test('an origin on the allow-list may send commands; the request URL origin then may not', async () => {
    const bridge = newBridge({ allowedOrigins: ['https://public.example'] });
    const listed = await seen(
      await bridge.handle(command('alice', { type: 'cancelAll' }, { origin: 'https://public.example' })),
    );
    const own = await seen(await bridge.handle(command('alice', { type: 'cancelAll' }, { origin: ORIGIN })));
    expect([listed.status, listed.body, own.status, own.body]).toEqual([
      200,
      '{"count":0}',
      403,
      '{"error":"This origin may not use the bridge"}',
    ]);
  });
});

describe('given an answer sent twice', () => {
  test('the same answer again is answered, a different one after settling is ignored, the server hears one', async () => {
    const bridge = newBridge();
    const answer = bridge.queueFor('alice').enqueue(formRequest('Your city?'), origin);
    const stream = await openStream(bridge, 'alice');
    const { entries } = await stream.next();
    stream.close();
    const entryId = entries[0]?.id ?? '';
    const accept = { action: 'accept', content: { answer: 'Oslo' } };
    const first = await seen(await bridge.handle(command('alice', { type: 'respond', entryId, result: accept })));
    // Keys in another order are the same answer.
    const retry = await seen(
      await bridge.handle(
        command('alice', { type: 'respond', entryId, result: { content: { answer: 'Oslo' }, action: 'accept' } }),
      ),
    );
    const other = await seen(
      await bridge.handle(command('alice', { type: 'respond', entryId, result: { action: 'decline' } })),
    );
    expect([first.body, retry.body, other.body]).toEqual([
      '{"status":"answered"}',
      '{"status":"answered"}',
      '{"status":"ignored"}',
    ]);
    expect(await answer).toEqual(accept);
  });

  test('a repeated requestId returns the first outcome; the same id for another command is refused', async () => {
    const bridge = newBridge();
    void bridge.queueFor('alice').enqueue(formRequest('Your city?'), origin);
    const stream = await openStream(bridge, 'alice');
    const entryId = (await stream.next()).entries[0]?.id ?? '';
    stream.close();
    const body = { type: 'respond', entryId, result: { action: 'decline' }, requestId: 'r-1' };
    const outcomes = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      outcomes.push(await seen(await bridge.handle(command('alice', body))));
    const reused = await seen(await bridge.handle(command('alice', { type: 'cancelAll', requestId: 'r-1' })));
    expect([...outcomes.map((outcome) => outcome.body), reused.status, reused.body]).toEqual([
      '{"status":"answered"}',
      '{"status":"answered"}',
      '{"status":"answered"}',
      409,
      '{"error":"This requestId was used for another command"}',
    ]);
  });
});

describe('given a dropped event stream', () => {
  test('it resumes after Last-Event-ID with what changed meanwhile, never an event twice', async () => {
    const bridge = newBridge();
    const queue = bridge.queueFor('alice');
    void queue.enqueue(formRequest('First?'), origin);
    const first = await openStream(bridge, 'alice');
    const one = await first.next();
    first.close();
    // Changes while no stream is open.
    void queue.enqueue(formRequest('Second?'), origin);
    void queue.enqueue(formRequest('Third?'), origin);
    const second = await openStream(bridge, 'alice', one.id);
    const two = await second.next();
    second.close();
    // Resuming from the latest event: nothing is resent; the next event is the next change.
    const third = await openStream(bridge, 'alice', two.id);
    void queue.enqueue(formRequest('Fourth?'), origin);
    const three = await third.next();
    third.close();
    const messages = (event: { entries: { kind: string; prompt?: { request: unknown } }[] }) =>
      event.entries.map((entry) => (entry.prompt?.request as { message: string }).message);
    expect([messages(one), messages(two), messages(three)]).toEqual([
      ['First?'],
      ['First?', 'Second?', 'Third?'],
      ['First?', 'Second?', 'Third?', 'Fourth?'],
    ]);
    const counter = (id: string) => Number(id.split('-').pop());
    expect(counter(two.id) > counter(one.id) && counter(three.id) > counter(two.id)).toBe(true);
  });

  test("a principal's event ids count its own changes only: however much another does, they stay the same", async () => {
    const bridge = newBridge();
    const alice = bridge.queueFor('alice');
    const bob = bridge.queueFor('bob');
    void alice.enqueue(formRequest('First?'), origin);
    const first = await openStream(bridge, 'alice');
    const one = await first.next();
    first.close();
    // Bob's 30 requests and his cancel-all: 31 changes of his, none of alice's.
    for (let n = 0; n < 30; n += 1) void bob.enqueue(formRequest(`Bob ${n}?`), origin);
    bob.cancelAll();
    const resumed = await openStream(bridge, 'alice', one.id);
    void alice.enqueue(formRequest('Second?'), origin);
    const two = await resumed.next();
    resumed.close();
    const epoch = one.id.slice(0, one.id.lastIndexOf('-'));
    const messages = (event: { entries: { kind: string; prompt?: { request: unknown } }[] }) =>
      event.entries.map((entry) => (entry.prompt?.request as { message: string }).message);
    expect([one.id, two.id, messages(two)]).toEqual([`${epoch}-1`, `${epoch}-2`, ['First?', 'Second?']]);
  });

  test('an unknown Last-Event-ID (another server life) gets the whole view at once', async () => {
    const bridge = newBridge();
    void bridge.queueFor('alice').enqueue(formRequest('First?'), origin);
    const stream = await openStream(bridge, 'alice', 'gone-999999');
    const event = await stream.next();
    stream.close();
    expect(event.entries.length).toBe(1);
  });
});

describe('given a draft', () => {
  test('it is kept per entry, bounded in size, and dropped when the entry is answered', async () => {
    const bridge = newBridge({ maxDraftBytes: 64 });
    void bridge.queueFor('alice').enqueue(formRequest('Your city?'), origin);
    const stream = await openStream(bridge, 'alice');
    const entryId = (await stream.next()).entries[0]?.id ?? '';
    const saved = await seen(
      await bridge.handle(command('alice', { type: 'saveDraft', entryId, draft: { answer: 'Os' } })),
    );
    const withDraft = await stream.next();
    const big = await seen(
      await bridge.handle(command('alice', { type: 'saveDraft', entryId, draft: { answer: 'x'.repeat(80) } })),
    );
    await bridge.handle(command('alice', { type: 'respond', entryId, result: { action: 'cancel' } }));
    const after = await stream.next();
    const late = await seen(
      await bridge.handle(command('alice', { type: 'saveDraft', entryId, draft: { answer: 'Oslo' } })),
    );
    stream.close();
    expect([saved.body, withDraft.drafts, big.status, big.body, after.drafts, after.entries, late.body]).toEqual([
      '{"ok":true}',
      { [entryId]: { answer: 'Os' } },
      413,
      '{"error":"The draft is larger than 64 bytes"}',
      {},
      [],
      '{"ok":false}',
    ]);
  });
});

describe('given two bridge instances sharing a broker', () => {
  test("either one streams the principal's entries and routes an answer to the instance holding it", async () => {
    const broker = createInProcessBroker();
    const holder = newBridge({ broker });
    const other = newBridge({ broker });
    const answer = holder.queueFor('alice').enqueue(formRequest('Your city?'), origin);
    const stream = await openStream(other, 'alice');
    const entryId = (await stream.next()).entries[0]?.id ?? '';
    const result = { action: 'accept', content: { answer: 'Rome' } };
    const routed = await seen(await other.handle(command('alice', { type: 'respond', entryId, result })));
    const after = await stream.next();
    stream.close();
    expect([entryId.startsWith(`${holder.instanceId}.`), routed.body, await answer, after.entries]).toEqual([
      true,
      '{"status":"answered"}',
      result,
      [],
    ]);
  });
});
