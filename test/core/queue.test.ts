import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { canAnswer, readFormRequest, requestMessage, toPrompt } from '../../src/core/internal.js';
import {
  createElicitationQueue,
  inspectUrl,
  type ElicitationQueue,
  type ElicitationServer,
  type RequestProblemCode,
} from '../../src/core/index.js';
import type { ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult } from '../../src/core/types.js';

const ALPHA: ElicitationServer = { name: 'alpha' };
const BETA: ElicitationServer = { name: 'beta', id: 'beta-2' };

const ageForm: ElicitRequestFormParams = {
  message: 'How old are you?',
  requestedSchema: { type: 'object', properties: { age: { type: 'integer', minimum: 0 } }, required: ['age'] },
};

const signIn: ElicitRequestURLParams = {
  mode: 'url',
  message: 'Sign in to continue',
  url: 'https://auth.example.com/start?session=1',
  elicitationId: 'el-1',
};

/** Lets promise callbacks run (no timers involved). */
async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

/** Records how each promise ended, and how often. */
/** The kit's own cancel, as the queue answers it without the person. */
function kitCancel(reason: string): ElicitResult {
  return { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': reason } };
}

function track<T>(promise: Promise<T>): { values: T[] } {
  const record: { values: T[] } = { values: [] };
  void promise.then((value) => record.values.push(value));
  return record;
}

function onlyEntryId(queue: ElicitationQueue): string {
  const [entry] = queue.getSnapshot().entries;
  if (entry === undefined) throw new Error('expected an entry');
  return entry.id;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('given an empty queue', () => {
  test('the snapshot is empty, frozen, and the same object until something changes', () => {
    const queue = createElicitationQueue();
    const first = queue.getSnapshot();
    expect(first).toStrictEqual({ entries: [], notices: [] });
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.entries)).toBe(true);
    expect(queue.getSnapshot()).toBe(first);
    expect(queue.respond('elicitation-1', { action: 'cancel' })).toBe('ignored');
    expect(queue.cancelAll()).toBe(0);
    expect(queue.complete('el-1')).toBe(false);
    expect(queue.getSnapshot()).toBe(first);
  });

  test('two queues share nothing: each numbers its own entries from 1', () => {
    const a = createElicitationQueue();
    const b = createElicitationQueue();
    void a.enqueue(ageForm, { server: ALPHA });
    void b.enqueue(ageForm, { server: ALPHA });
    expect(onlyEntryId(a)).toBe('elicitation-1');
    expect(onlyEntryId(b)).toBe('elicitation-1');
  });
});

describe('given requests from two servers', () => {
  test('entries keep arrival order, name who asks, and each change is published once', () => {
    const queue = createElicitationQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    void queue.enqueue(ageForm, { server: ALPHA });
    void queue.enqueue(signIn, { server: BETA, deadline: 1_060_000 });
    void queue.enqueue(ageForm, { server: ALPHA });
    expect(listener).toHaveBeenCalledTimes(3);
    expect(queue.getSnapshot().entries).toStrictEqual([
      {
        id: 'elicitation-1',
        server: { name: 'alpha' },
        serverKey: 'alpha',
        kind: 'single',
        prompt: { mode: 'form', request: ageForm },
        status: 'pending',
      },
      {
        id: 'elicitation-2',
        server: { name: 'beta', id: 'beta-2' },
        serverKey: 'beta-2',
        deadline: 1_060_000,
        kind: 'single',
        prompt: { mode: 'url', request: signIn },
        status: 'pending',
      },
      {
        id: 'elicitation-3',
        server: { name: 'alpha' },
        serverKey: 'alpha',
        kind: 'single',
        prompt: { mode: 'form', request: ageForm },
        status: 'pending',
      },
    ]);
  });

  test('the request object is shown as given, never copied or frozen', () => {
    const queue = createElicitationQueue();
    const request = structuredClone(ageForm);
    void queue.enqueue(request, { server: ALPHA });
    const [entry] = queue.getSnapshot().entries;
    expect(entry?.kind === 'single' && entry.prompt.request).toBe(request);
    expect(Object.isFrozen(request)).toBe(false);
  });
});

describe('given a pending form request', () => {
  test('an accepted, conforming answer settles it once; a second answer is ignored', async () => {
    const queue = createElicitationQueue();
    const answer = track(queue.enqueue(ageForm, { server: ALPHA }));
    const id = onlyEntryId(queue);
    expect(queue.respond(id, { action: 'accept', content: { age: 42 } })).toBe('answered');
    expect(queue.respond(id, { action: 'decline' })).toBe('ignored');
    await flush();
    expect(answer.values).toStrictEqual([{ action: 'accept', content: { age: 42 } }]);
    expect(queue.getSnapshot().entries).toStrictEqual([]);
  });

  test.each([
    ['a value that breaks the schema', { action: 'accept', content: { age: -1 } }],
    ['a missing required field', { action: 'accept', content: {} }],
    ['no content at all', { action: 'accept' }],
    ['a null value under an unknown key', { action: 'accept', content: { age: 1, note: null } }],
    ['an object value under an unknown key', { action: 'accept', content: { age: 1, note: { a: 1 } } }],
    ['an unknown action', { action: 'maybe' }],
    ['not an object', 'accept'],
  ])('%s is refused as invalid and the entry stays pending', (_name, result) => {
    const queue = createElicitationQueue();
    void queue.enqueue(ageForm, { server: ALPHA });
    const before = queue.getSnapshot();
    expect(queue.respond(onlyEntryId(queue), result as ElicitResult)).toBe('invalid');
    expect(queue.getSnapshot()).toBe(before);
  });

  test.each([
    ['decline', { action: 'decline', content: { age: 3 } }, { action: 'decline' }],
    ['cancel', { action: 'cancel', content: { age: 3 } }, { action: 'cancel' }],
  ] as const)('%s is sent without content, even when the UI passed some', async (_name, result, sent) => {
    const queue = createElicitationQueue();
    const answer = track(queue.enqueue(ageForm, { server: ALPHA }));
    expect(queue.respond(onlyEntryId(queue), result)).toBe('answered');
    await flush();
    expect(answer.values).toStrictEqual([sent]);
  });

  test('the content sent is a copy: changing what the UI passed afterwards changes nothing', async () => {
    const queue = createElicitationQueue();
    const tags: ElicitRequestFormParams = {
      message: 'Tags',
      requestedSchema: {
        type: 'object',
        properties: { tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } },
      },
    };
    const answer = track(queue.enqueue(tags, { server: ALPHA }));
    const content = { tags: ['a'] };
    queue.respond(onlyEntryId(queue), { action: 'accept', content });
    content.tags.push('b');
    await flush();
    expect(answer.values).toStrictEqual([{ action: 'accept', content: { tags: ['a'] } }]);
  });

  test('a "__proto__" field is sent as an own key', async () => {
    const queue = createElicitationQueue();
    const request = JSON.parse(
      '{"message":"m","requestedSchema":{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}}',
    ) as ElicitRequestFormParams;
    const answer = track(queue.enqueue(request, { server: ALPHA }));
    const content = JSON.parse('{"__proto__":"x"}') as Record<string, string>;
    expect(queue.respond(onlyEntryId(queue), { action: 'accept', content })).toBe('answered');
    await flush();
    expect(JSON.stringify(answer.values)).toBe('[{"action":"accept","content":{"__proto__":"x"}}]');
  });
});

describe('given requests that are not well formed', () => {
  const hostile = Object.defineProperty({}, 'mode', {
    enumerable: true,
    get() {
      throw new Error('no');
    },
  });

  test.each<[string, unknown, RequestProblemCode]>([
    ['null', null, 'not-object'],
    ['a string', 'form', 'not-object'],
    ['an array', [ageForm], 'not-object'],
    ['an unknown mode', { ...ageForm, mode: 'voice' }, 'unknown-mode'],
    ['a form without message', { requestedSchema: ageForm.requestedSchema }, 'message-invalid'],
    ['a form without schema', { message: 'm' }, 'schema-invalid'],
    ['a form whose schema is text', { message: 'm', requestedSchema: '{}' }, 'schema-invalid'],
    ['a URL request without url', { mode: 'url', message: 'm' }, 'url-invalid'],
    ['a URL request without message', { mode: 'url', url: 'https://a.example' }, 'message-invalid'],
    ['a numeric elicitationId', { ...signIn, elicitationId: 7 }, 'elicitation-id-invalid'],
    ['a throwing getter', hostile, 'unreadable'],
  ])('%s still appears, as invalid, and can be declined but not accepted', async (_name, request, code) => {
    const queue = createElicitationQueue();
    const answer = track(queue.enqueue(request, { server: ALPHA }));
    const [entry] = queue.getSnapshot().entries;
    expect(entry?.kind === 'single' && entry.prompt.mode === 'invalid' && entry.prompt.problem.code).toBe(code);
    expect(entry?.kind === 'single' && entry.prompt.request).toBe(request);
    const id = onlyEntryId(queue);
    expect(queue.respond(id, { action: 'accept', content: {} })).toBe('invalid');
    expect(queue.respond(id, { action: 'decline' })).toBe('answered');
    await flush();
    expect(answer.values).toStrictEqual([{ action: 'decline' }]);
  });

  test('readFormRequest: the params verdict ElicitationForm and toPrompt share, with every problem in reading order', () => {
    const inherited = Object.create({
      message: 'from the prototype',
      requestedSchema: ageForm.requestedSchema,
    }) as object;
    expect([
      readFormRequest(ageForm),
      readFormRequest({ mode: 'url', requestedSchema: 1 }),
      readFormRequest({ mode: 'voice', message: 'm' }),
      readFormRequest(inherited),
      readFormRequest(null),
      readFormRequest(hostile),
    ]).toStrictEqual([
      { message: ageForm.message, requestedSchema: ageForm.requestedSchema, problems: [] },
      {
        message: undefined,
        requestedSchema: 1,
        problems: [
          { code: 'not-form', message: 'The request is in URL mode, not form mode.' },
          { code: 'message-invalid', message: 'The request has no message text.' },
        ],
      },
      {
        message: 'm',
        requestedSchema: undefined,
        problems: [{ code: 'unknown-mode', message: 'The mode "voice" is not "form" or "url".' }],
      },
      // Own properties only, as the queue has always read them.
      {
        message: undefined,
        requestedSchema: undefined,
        problems: [{ code: 'message-invalid', message: 'The request has no message text.' }],
      },
      {
        message: undefined,
        requestedSchema: undefined,
        problems: [{ code: 'not-object', message: 'The request is not an object.' }],
      },
      {
        message: undefined,
        requestedSchema: undefined,
        problems: [{ code: 'unreadable', message: 'The request could not be read.' }],
      },
    ]);
  });

  test('requestMessage: the own text message of any request, whatever its mode or faults; never throws', () => {
    const inherited = Object.create({ message: 'from the prototype' }) as object;
    expect([
      requestMessage(ageForm),
      requestMessage({ mode: 'url', message: 'Open', url: 7 }),
      requestMessage({ mode: 'voice', message: 'Say it' }),
      requestMessage({ message: 42 }),
      requestMessage(inherited),
      requestMessage('text'),
      requestMessage(
        Object.defineProperty({}, 'message', {
          enumerable: true,
          get: () => {
            throw new Error('no');
          },
        }),
      ),
    ]).toStrictEqual([ageForm.message, 'Open', 'Say it', undefined, undefined, undefined, undefined]);
  });

  test('canAnswer: a form core can draw and a URL inspectUrl allows; nothing else', () => {
    expect(
      [
        ageForm,
        { message: 'm', requestedSchema: { type: 'object', properties: { a: { type: 'object' } } } },
        { message: 7, requestedSchema: ageForm.requestedSchema },
        { mode: 'url', message: 'm', url: 'https://example.com/login' },
        { mode: 'url', message: 'm', url: 'javascript:alert(1)' },
        { mode: 'voice', message: 'm' },
      ].map((request) => canAnswer(toPrompt(request), (url) => inspectUrl(url).ok)),
    ).toStrictEqual([true, false, false, true, false, false]);
  });

  test('an origin without a server name is a programming error', () => {
    const queue = createElicitationQueue();
    expect(() => queue.enqueue(ageForm, { server: {} as ElicitationServer })).toThrow(TypeError);
    expect(() => queue.enqueue(ageForm, { server: ALPHA, deadline: Number.NaN })).toThrow(TypeError);
    expect(queue.getSnapshot().entries).toStrictEqual([]);
  });
});

describe('given a server that stops waiting', () => {
  test('its abort removes the entry, resolves cancel, leaves a notice, and later answers are ignored', async () => {
    const queue = createElicitationQueue();
    const controller = new AbortController();
    const answer = track(queue.enqueue(ageForm, { server: BETA, signal: controller.signal }));
    const id = onlyEntryId(queue);
    controller.abort();
    expect(queue.respond(id, { action: 'accept', content: { age: 1 } })).toBe('ignored');
    await flush();
    expect(answer.values).toStrictEqual([kitCancel('aborted')]);
    const { entries, notices } = queue.getSnapshot();
    expect(entries).toStrictEqual([]);
    expect(notices).toStrictEqual([
      {
        id: 'notice-1',
        kind: 'stopped-waiting',
        reason: 'aborted',
        server: { name: 'beta', id: 'beta-2' },
        serverKey: 'beta-2',
        entry: {
          id,
          server: { name: 'beta', id: 'beta-2' },
          serverKey: 'beta-2',
          kind: 'single',
          prompt: { mode: 'form', request: ageForm },
          status: 'pending',
        },
        at: 1_000_000,
      },
    ]);
  });

  test('the notice expires by itself after noticeDurationMs, or goes when dismissed', () => {
    const queue = createElicitationQueue({ noticeDurationMs: 5_000 });
    const first = new AbortController();
    const second = new AbortController();
    void queue.enqueue(ageForm, { server: ALPHA, signal: first.signal });
    void queue.enqueue(ageForm, { server: ALPHA, signal: second.signal });
    first.abort();
    second.abort();
    expect(queue.getSnapshot().notices.map((notice) => notice.id)).toStrictEqual(['notice-1', 'notice-2']);
    expect(queue.dismissNotice('notice-2')).toBe(true);
    expect(queue.dismissNotice('notice-2')).toBe(false);
    vi.advanceTimersByTime(4_999);
    expect(queue.getSnapshot().notices.map((notice) => notice.id)).toStrictEqual(['notice-1']);
    vi.advanceTimersByTime(1);
    expect(queue.getSnapshot().notices).toStrictEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('maxNotices keeps only the newest notices', () => {
    const queue = createElicitationQueue({ maxNotices: 2, noticeDurationMs: Number.POSITIVE_INFINITY });
    for (let i = 0; i < 3; i += 1) {
      const controller = new AbortController();
      void queue.enqueue(ageForm, { server: ALPHA, signal: controller.signal });
      controller.abort();
    }
    expect(queue.getSnapshot().notices.map((notice) => notice.entry.id)).toStrictEqual([
      'elicitation-2',
      'elicitation-3',
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('a deadline fires exactly at its time, from one timer that an answer clears', async () => {
    const queue = createElicitationQueue();
    const late = track(queue.enqueue(ageForm, { server: ALPHA, deadline: 1_030_000 }));
    void queue.enqueue(ageForm, { server: ALPHA, deadline: 1_090_000 });
    expect(vi.getTimerCount()).toBe(2);
    queue.respond('elicitation-2', { action: 'decline' });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(29_999);
    expect(queue.getSnapshot().entries.map((entry) => entry.id)).toStrictEqual(['elicitation-1']);
    vi.advanceTimersByTime(1);
    await flush();
    expect(late.values).toStrictEqual([kitCancel('deadline')]);
    expect(queue.getSnapshot().entries).toStrictEqual([]);
    expect(queue.getSnapshot().notices.map((notice) => [notice.reason, notice.at])).toStrictEqual([
      ['deadline', 1_030_000],
    ]);
  });

  test('a deadline beyond setTimeout range is re-armed instead of firing at once', () => {
    const queue = createElicitationQueue();
    const farAway = 1_000_000 + 40 * 24 * 60 * 60 * 1000;
    void queue.enqueue(ageForm, { server: ALPHA, deadline: farAway });
    vi.advanceTimersByTime(2_147_483_647);
    expect(queue.getSnapshot().entries).toHaveLength(1);
    vi.advanceTimersByTime(farAway - 1_000_000 - 2_147_483_647);
    expect(queue.getSnapshot().entries).toHaveLength(0);
    expect(queue.getSnapshot().notices[0]?.reason).toBe('deadline');
  });

  test('a signal that already fired, or a deadline already past, resolves cancel with no entry and no notice', async () => {
    const queue = createElicitationQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    const answers = [
      track(queue.enqueue(ageForm, { server: ALPHA, signal: AbortSignal.abort() })),
      track(queue.enqueue(ageForm, { server: ALPHA, deadline: 1_000_000 })),
      track(queue.enqueueRound({ a: ageForm }, { server: ALPHA, signal: AbortSignal.abort() })),
    ];
    await flush();
    expect(answers.map((answer) => answer.values)).toStrictEqual([
      [kitCancel('aborted')],
      [kitCancel('deadline')],
      [{ a: kitCancel('aborted') }],
    ]);
    expect(listener).not.toHaveBeenCalled();
    expect(queue.getSnapshot()).toStrictEqual({ entries: [], notices: [] });
  });

  test('an abort after the answer changes nothing', async () => {
    const queue = createElicitationQueue();
    const controller = new AbortController();
    const answer = track(queue.enqueue(ageForm, { server: ALPHA, signal: controller.signal }));
    queue.respond(onlyEntryId(queue), { action: 'decline' });
    const after = queue.getSnapshot();
    controller.abort();
    await flush();
    expect(answer.values).toStrictEqual([{ action: 'decline' }]);
    expect(queue.getSnapshot()).toBe(after);
  });
});

describe('given "cancel all from this server"', () => {
  test('cancelAll(serverKey) cancels only that server, by id when it has one', async () => {
    const queue = createElicitationQueue();
    const a1 = track(queue.enqueue(ageForm, { server: ALPHA }));
    const b1 = track(queue.enqueue(ageForm, { server: BETA }));
    const a2 = track(queue.enqueueRound({ x: ageForm, y: signIn }, { server: ALPHA }));
    expect(queue.cancelAll('beta')).toBe(0);
    expect(queue.cancelAll('alpha')).toBe(2);
    await flush();
    expect(a1.values).toStrictEqual([kitCancel('host-closed')]);
    expect(a2.values).toStrictEqual([{ x: kitCancel('host-closed'), y: kitCancel('host-closed') }]);
    expect(b1.values).toStrictEqual([]);
    expect(queue.getSnapshot().entries.map((entry) => entry.serverKey)).toStrictEqual(['beta-2']);
    expect(queue.getSnapshot().notices).toStrictEqual([]);
  });

  test('cancelAll() with no key empties the queue, including URL entries waiting for completion', async () => {
    const queue = createElicitationQueue();
    void queue.enqueue(signIn, { server: BETA });
    queue.respond('elicitation-1', { action: 'accept' });
    const a = track(queue.enqueue(ageForm, { server: ALPHA }));
    expect(queue.cancelAll()).toBe(1);
    await flush();
    expect(a.values).toStrictEqual([kitCancel('host-closed')]);
    expect(queue.getSnapshot().entries).toStrictEqual([]);
  });
});

describe('given a URL-mode request (MCP 2025-11-25, "Elicitation" → "Security Considerations")', () => {
  test('accept is consent: the answer goes at once, then the entry waits for completion', async () => {
    const queue = createElicitationQueue();
    const answer = track(queue.enqueue(signIn, { server: BETA }));
    const id = onlyEntryId(queue);
    expect(queue.respond(id, { action: 'accept', content: { ignored: 'yes' } })).toBe('answered');
    await flush();
    expect(answer.values).toStrictEqual([{ action: 'accept' }]);
    expect(queue.getSnapshot().entries.map((entry) => entry.status)).toStrictEqual(['consented']);
    expect(queue.respond(id, { action: 'cancel' })).toBe('ignored');
  });

  test('complete() moves consented → completed; unknown, other-server and repeated ids are ignored', () => {
    const queue = createElicitationQueue();
    void queue.enqueue(signIn, { server: BETA });
    const id = onlyEntryId(queue);
    queue.respond(id, { action: 'accept' });
    const consented = queue.getSnapshot();
    expect(queue.complete('el-unknown')).toBe(false);
    expect(queue.complete('el-1', 'alpha')).toBe(false);
    expect(queue.getSnapshot()).toBe(consented);
    expect(queue.complete('el-1', 'beta-2')).toBe(true);
    expect(queue.getSnapshot().entries.map((entry) => entry.status)).toStrictEqual(['completed']);
    const completed = queue.getSnapshot();
    expect(queue.complete('el-1')).toBe(false);
    expect(queue.getSnapshot()).toBe(completed);
    expect(queue.dismiss(id)).toBe(true);
    expect(queue.getSnapshot().entries).toStrictEqual([]);
  });

  test('a completion before consent is ignored: the request still waits for the person', () => {
    const queue = createElicitationQueue();
    void queue.enqueue(signIn, { server: BETA });
    expect(queue.complete('el-1')).toBe(false);
    expect(queue.getSnapshot().entries.map((entry) => entry.status)).toStrictEqual(['pending']);
    expect(queue.dismiss(onlyEntryId(queue))).toBe(false);
  });

  test('without an elicitationId (2026-07-28) accept leaves the queue at once', () => {
    const queue = createElicitationQueue();
    const { elicitationId: _, ...withoutId } = signIn;
    void queue.enqueue(withoutId, { server: BETA });
    queue.respond(onlyEntryId(queue), { action: 'accept' });
    expect(queue.getSnapshot().entries).toStrictEqual([]);
  });

  test('declining a URL request removes it (nothing to wait for)', () => {
    const queue = createElicitationQueue();
    void queue.enqueue(signIn, { server: BETA });
    queue.respond(onlyEntryId(queue), { action: 'decline' });
    expect(queue.getSnapshot().entries).toStrictEqual([]);
  });
});

describe('given a 2026-07-28 round with two requests', () => {
  const colorForm: ElicitRequestFormParams = {
    message: 'Favourite colour?',
    requestedSchema: { type: 'object', properties: { color: { type: 'string', enum: ['red', 'green'] } } },
  };

  test('it is ONE entry holding both prompts, keyed as the server keyed them', () => {
    const queue = createElicitationQueue();
    void queue.enqueueRound({ age: ageForm, color: colorForm }, { server: ALPHA });
    expect(queue.getSnapshot().entries).toStrictEqual([
      {
        id: 'elicitation-1',
        server: { name: 'alpha' },
        serverKey: 'alpha',
        kind: 'round',
        prompts: [
          { key: 'age', mode: 'form', request: ageForm },
          { key: 'color', mode: 'form', request: colorForm },
        ],
        status: 'pending',
      },
    ]);
  });

  test('respondRound sends one answer per key; missing, extra or wrong answers are refused', async () => {
    const queue = createElicitationQueue();
    const answer = track(queue.enqueueRound({ age: ageForm, color: colorForm }, { server: ALPHA }));
    const id = onlyEntryId(queue);
    expect(queue.respond(id, { action: 'accept', content: { age: 1 } })).toBe('invalid');
    expect(queue.respondRound(id, { age: { action: 'accept', content: { age: 1 } } })).toBe('invalid');
    expect(
      queue.respondRound(id, {
        age: { action: 'decline' },
        color: { action: 'decline' },
        extra: { action: 'decline' },
      }),
    ).toBe('invalid');
    expect(
      queue.respondRound(id, { age: { action: 'accept', content: { age: -5 } }, color: { action: 'cancel' } }),
    ).toBe('invalid');
    expect(
      queue.respondRound(id, {
        age: { action: 'accept', content: { age: 30 } },
        color: { action: 'accept', content: { color: 'green' } },
      }),
    ).toBe('answered');
    expect(queue.respondRound(id, { age: { action: 'decline' }, color: { action: 'decline' } })).toBe('ignored');
    await flush();
    expect(answer.values).toStrictEqual([
      { age: { action: 'accept', content: { age: 30 } }, color: { action: 'accept', content: { color: 'green' } } },
    ]);
  });

  test('respond(decline) on a round declines every key; respondRound on a single entry is refused', async () => {
    const queue = createElicitationQueue();
    const round = track(queue.enqueueRound({ age: ageForm, color: colorForm }, { server: ALPHA }));
    void queue.enqueue(ageForm, { server: ALPHA });
    expect(queue.respondRound('elicitation-2', { age: { action: 'decline' } })).toBe('invalid');
    expect(queue.respond('elicitation-1', { action: 'decline' })).toBe('answered');
    await flush();
    expect(round.values).toStrictEqual([{ age: { action: 'decline' }, color: { action: 'decline' } }]);
  });

  test('a server abort cancels the whole round and leaves one notice', async () => {
    const queue = createElicitationQueue();
    const controller = new AbortController();
    const round = track(
      queue.enqueueRound({ age: ageForm, color: colorForm }, { server: ALPHA, signal: controller.signal }),
    );
    controller.abort();
    await flush();
    expect(round.values).toStrictEqual([{ age: kitCancel('aborted'), color: kitCancel('aborted') }]);
    expect(queue.getSnapshot().notices.map((notice) => notice.entry.kind)).toStrictEqual(['round']);
  });

  test('an empty round resolves {} at once without an entry; a malformed key still shows', async () => {
    const queue = createElicitationQueue();
    const empty = track(queue.enqueueRound({}, { server: ALPHA }));
    await flush();
    expect(empty.values).toStrictEqual([{}]);
    void queue.enqueueRound({ good: ageForm, bad: 42 }, { server: ALPHA });
    const [entry] = queue.getSnapshot().entries;
    expect(entry?.kind === 'round' && entry.prompts.map((prompt) => [prompt.key, prompt.mode])).toStrictEqual([
      ['good', 'form'],
      ['bad', 'invalid'],
    ]);
  });
});

describe('given a server that sends more requests than anyone could answer', () => {
  test('past maxEntriesPerServer a request is cancelled at once, with no entry, no notice and no change', async () => {
    const queue = createElicitationQueue({ maxEntriesPerServer: 2 });
    const first = track(queue.enqueue(ageForm, { server: ALPHA }));
    void queue.enqueueRound({ a: ageForm, b: ageForm }, { server: ALPHA });
    const before = queue.getSnapshot();
    const calls: number[] = [];
    queue.subscribe(() => calls.push(queue.getSnapshot().entries.length));
    const third = track(queue.enqueue(ageForm, { server: ALPHA }));
    const round = track(queue.enqueueRound({ a: ageForm }, { server: ALPHA }));
    await flush();
    expect([third.values, round.values, calls]).toEqual([[kitCancel('refused')], [{ a: kitCancel('refused') }], []]);
    expect(queue.getSnapshot()).toBe(before);
    // Another server has its own share.
    void queue.enqueue(ageForm, { server: BETA });
    expect(queue.getSnapshot().entries.map((entry) => [entry.id, entry.serverKey])).toEqual([
      ['elicitation-1', 'alpha'],
      ['elicitation-2', 'alpha'],
      ['elicitation-3', 'beta-2'],
    ]);
    // An answer frees a place.
    expect(queue.respond('elicitation-1', { action: 'decline' })).toBe('answered');
    await flush();
    expect(first.values).toEqual([{ action: 'decline' }]);
    void queue.enqueue(ageForm, { server: ALPHA });
    expect(queue.getSnapshot().entries.map((entry) => entry.id)).toEqual([
      'elicitation-2',
      'elicitation-3',
      'elicitation-4',
    ]);
  });

  test('a URL entry waiting for completion still takes its place until dismissed', () => {
    const queue = createElicitationQueue({ maxEntriesPerServer: 1 });
    void queue.enqueue(signIn, { server: ALPHA });
    expect(queue.respond('elicitation-1', { action: 'accept' })).toBe('answered');
    const refused = track(queue.enqueue(ageForm, { server: ALPHA }));
    expect(queue.getSnapshot().entries.map((entry) => [entry.id, entry.status])).toEqual([
      ['elicitation-1', 'consented'],
    ]);
    expect(queue.dismiss('elicitation-1')).toBe(true);
    void queue.enqueue(ageForm, { server: ALPHA });
    // A refused request takes no entry id.
    expect(queue.getSnapshot().entries.map((entry) => entry.id)).toEqual(['elicitation-2']);
    return flush().then(() => expect(refused.values).toEqual([kitCancel('refused')]));
  });
});

describe('given subscribers', () => {
  test('unsubscribe stops the calls; a throwing listener is reported and the others still run', () => {
    const errors: unknown[] = [];
    const queue = createElicitationQueue({ onListenerError: (error) => errors.push(error) });
    const calls: string[] = [];
    queue.subscribe(() => {
      throw new Error('boom');
    });
    const stop = queue.subscribe(() => calls.push('second'));
    void queue.enqueue(ageForm, { server: ALPHA });
    stop();
    stop();
    void queue.enqueue(ageForm, { server: ALPHA });
    expect(calls).toStrictEqual(['second']);
    expect(errors.map((error) => (error as Error).message)).toStrictEqual(['boom', 'boom']);
    expect(queue.getSnapshot().entries).toHaveLength(2);
  });

  test('a listener may answer from inside the notification (re-entrant), and sees the newest snapshot', async () => {
    const queue = createElicitationQueue();
    const seen: number[] = [];
    queue.subscribe(() => {
      const { entries } = queue.getSnapshot();
      seen.push(entries.length);
      const head = entries[0];
      if (head !== undefined) queue.respond(head.id, { action: 'decline' });
    });
    const answer = track(queue.enqueue(ageForm, { server: ALPHA }));
    await flush();
    expect(answer.values).toStrictEqual([{ action: 'decline' }]);
    expect(seen).toStrictEqual([1, 0]);
  });
});

/**
 * Model-based test: random interleavings of every operation, checked against a plain model after
 * each step. Invariants: the snapshot equals the model (entries in arrival order, per server too;
 * statuses; notices); every promise resolves with what the model says won first, exactly once, and
 * stays pending until then; `respond` on a settled entry says 'ignored'; at the end every promise
 * has settled.
 */
describe('given random interleavings (fast-check model)', () => {
  const SERVERS: readonly ElicitationServer[] = [{ name: 'one' }, { name: 'two', id: 'two#1' }, { name: 'three' }];

  type Mode = 'form' | 'url-id' | 'url';
  interface ModelEntry {
    id: string;
    seq: number;
    server: number;
    kind: 'single' | 'round';
    modes: Mode[];
    status: 'pending' | 'consented' | 'completed';
    controller?: AbortController;
    deadline?: number;
  }
  interface Model {
    entries: ModelEntry[];
    notices: string[];
    expected: Map<string, unknown>;
    settledIds: string[];
  }
  interface Real {
    queue: ElicitationQueue;
    answers: Map<string, unknown[]>;
    publishes: number;
  }

  function request(mode: Mode, seq: number): unknown {
    switch (mode) {
      case 'form':
        return {
          message: `#${seq}`,
          requestedSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
        };
      case 'url-id':
        return { mode: 'url', message: `#${seq}`, url: `https://example.com/${seq}`, elicitationId: `id-${seq}` };
      case 'url':
        return { mode: 'url', message: `#${seq}`, url: `https://example.com/${seq}` };
      default:
        return mode satisfies never;
    }
  }

  function answerFor(
    mode: Mode,
    action: 'accept' | 'decline' | 'cancel',
    seq: number,
  ): { given: ElicitResult; sent: ElicitResult } {
    if (action !== 'accept') return { given: { action }, sent: { action } };
    if (mode === 'form') return { given: { action, content: { n: seq } }, sent: { action, content: { n: seq } } };
    return { given: { action }, sent: { action } };
  }

  const keysOf = (count: number) => Array.from({ length: count }, (_, index) => `k${index}`);

  function cancelled(entry: ModelEntry, reason: string): unknown {
    if (entry.kind === 'single') return kitCancel(reason);
    return Object.fromEntries(keysOf(entry.modes.length).map((key) => [key, kitCancel(reason)]));
  }

  function removeEntry(model: Model, entry: ModelEntry): void {
    model.entries = model.entries.filter((other) => other !== entry);
  }

  function settleModel(model: Model, entry: ModelEntry, value: unknown): void {
    expect(model.expected.has(entry.id)).toBe(false);
    model.expected.set(entry.id, value);
    model.settledIds.push(entry.id);
  }

  async function checkInvariants(model: Model, real: Real): Promise<void> {
    await flush();
    const snapshot = real.queue.getSnapshot();
    expect(Object.isFrozen(snapshot) && Object.isFrozen(snapshot.entries)).toBe(true);
    expect(snapshot.entries.map((entry) => [entry.id, entry.status, entry.serverKey])).toStrictEqual(
      model.entries.map((entry) => {
        const server = SERVERS[entry.server];
        return [entry.id, entry.status, server?.id ?? server?.name];
      }),
    );
    // FIFO per server: within each server, arrival numbers only go up.
    for (let server = 0; server < SERVERS.length; server += 1) {
      const seqs = model.entries.filter((entry) => entry.server === server).map((entry) => entry.seq);
      expect(seqs).toStrictEqual([...seqs].sort((a, b) => a - b));
    }
    expect(snapshot.notices.map((notice) => notice.entry.id)).toStrictEqual(model.notices);
    for (const [id, values] of real.answers) {
      if (model.expected.has(id)) expect(values).toStrictEqual([model.expected.get(id)]);
      else expect(values).toStrictEqual([]);
    }
  }

  type Command = fc.AsyncCommand<Model, Real>;

  class Enqueue implements Command {
    constructor(
      readonly server: number,
      readonly modes: Mode[],
      readonly round: boolean,
      readonly withSignal: boolean,
      readonly deadlineIn: number | undefined,
    ) {}
    check = () => true;
    async run(model: Model, real: Real): Promise<void> {
      const seq = real.answers.size + 1;
      const controller = this.withSignal ? new AbortController() : undefined;
      const deadline = this.deadlineIn === undefined ? undefined : Date.now() + this.deadlineIn;
      const origin = {
        server: SERVERS[this.server] ?? { name: 'none' },
        ...(controller !== undefined && { signal: controller.signal }),
        ...(deadline !== undefined && { deadline }),
      };
      const single = !this.round || this.modes.length === 1;
      const modes = single ? this.modes.slice(0, 1) : this.modes;
      const before = real.publishes;
      const promise: Promise<unknown> = single
        ? real.queue.enqueue(request(modes[0] ?? 'form', seq), origin)
        : real.queue.enqueueRound(
            Object.fromEntries(keysOf(modes.length).map((key, index) => [key, request(modes[index] ?? 'form', seq)])),
            origin,
          );
      const id = real.queue.getSnapshot().entries.at(-1)?.id ?? '';
      expect(id).toBe(`elicitation-${seq}`);
      expect(real.publishes).toBe(before + 1);
      const values: unknown[] = [];
      real.answers.set(id, values);
      void promise.then((value) => values.push(value));
      model.entries.push({
        id,
        seq,
        server: this.server,
        kind: single ? 'single' : 'round',
        modes,
        status: 'pending',
        ...(controller !== undefined && { controller }),
        ...(deadline !== undefined && { deadline }),
      });
      await checkInvariants(model, real);
    }
    toString = () =>
      `enqueue(${this.server}, ${this.modes.join('+')}, round=${this.round}, signal=${this.withSignal}, deadlineIn=${this.deadlineIn})`;
  }

  class Respond implements Command {
    constructor(
      readonly pick: number,
      readonly actions: ('accept' | 'decline' | 'cancel')[],
    ) {}
    check = () => true;
    async run(model: Model, real: Real): Promise<void> {
      const pending = model.entries.filter((entry) => entry.status === 'pending');
      const entry = pending[this.pick % Math.max(1, pending.length)];
      if (entry === undefined) return;
      const seq = entry.seq;
      const parts = entry.modes.map((mode, index) =>
        answerFor(mode, this.actions[index % this.actions.length] ?? 'decline', seq),
      );
      if (entry.kind === 'single') {
        const [part] = parts;
        if (part === undefined) return;
        expect(real.queue.respond(entry.id, part.given)).toBe('answered');
        settleModel(model, entry, part.sent);
        if (entry.modes[0] === 'url-id' && part.sent.action === 'accept') entry.status = 'consented';
        else removeEntry(model, entry);
      } else {
        const keys = keysOf(entry.modes.length);
        const given = Object.fromEntries(keys.map((key, index) => [key, parts[index]?.given]));
        expect(real.queue.respondRound(entry.id, given as Record<string, ElicitResult>)).toBe('answered');
        settleModel(model, entry, Object.fromEntries(keys.map((key, index) => [key, parts[index]?.sent])));
        removeEntry(model, entry);
      }
      await checkInvariants(model, real);
    }
    toString = () => `respond(${this.pick}, ${this.actions.join('+')})`;
  }

  class RespondAgain implements Command {
    constructor(readonly pick: number) {}
    check = (model: Readonly<Model>) => model.settledIds.length > 0;
    async run(model: Model, real: Real): Promise<void> {
      const id = model.settledIds[this.pick % model.settledIds.length] ?? '';
      const before = real.queue.getSnapshot();
      expect(real.queue.respond(id, { action: 'decline' })).toBe('ignored');
      expect(real.queue.respondRound(id, {})).toBe('ignored');
      expect(real.queue.getSnapshot()).toBe(before);
      await checkInvariants(model, real);
    }
    toString = () => `respondAgain(${this.pick})`;
  }

  class Abort implements Command {
    constructor(readonly pick: number) {}
    check = () => true;
    async run(model: Model, real: Real): Promise<void> {
      const withSignal = model.entries.filter(
        (entry) => entry.controller !== undefined && !entry.controller.signal.aborted,
      );
      const entry = withSignal[this.pick % Math.max(1, withSignal.length)];
      if (entry === undefined) return;
      entry.controller?.abort();
      if (entry.status === 'pending') {
        settleModel(model, entry, cancelled(entry, 'aborted'));
        removeEntry(model, entry);
        model.notices.push(entry.id);
      }
      await checkInvariants(model, real);
    }
    toString = () => `abort(${this.pick})`;
  }

  class Advance implements Command {
    constructor(readonly ms: number) {}
    check = () => true;
    async run(model: Model, real: Real): Promise<void> {
      const now = Date.now() + this.ms;
      const expired = model.entries
        .filter((entry) => entry.status === 'pending' && entry.deadline !== undefined && entry.deadline <= now)
        .sort((a, b) => (a.deadline ?? 0) - (b.deadline ?? 0) || a.seq - b.seq);
      const before = real.publishes;
      vi.advanceTimersByTime(this.ms);
      expect(real.publishes - before).toBe(expired.length);
      for (const entry of expired) {
        settleModel(model, entry, cancelled(entry, 'deadline'));
        removeEntry(model, entry);
        model.notices.push(entry.id);
      }
      await checkInvariants(model, real);
    }
    toString = () => `advance(${this.ms})`;
  }

  class CancelAll implements Command {
    constructor(readonly server: number | undefined) {}
    check = () => true;
    async run(model: Model, real: Real): Promise<void> {
      const server = this.server === undefined ? undefined : SERVERS[this.server];
      const matching = model.entries.filter((entry) => this.server === undefined || entry.server === this.server);
      const pending = matching.filter((entry) => entry.status === 'pending');
      expect(real.queue.cancelAll(server === undefined ? undefined : (server.id ?? server.name))).toBe(pending.length);
      for (const entry of pending) settleModel(model, entry, cancelled(entry, 'host-closed'));
      for (const entry of matching) removeEntry(model, entry);
      await checkInvariants(model, real);
    }
    toString = () => `cancelAll(${this.server})`;
  }

  class Complete implements Command {
    constructor(
      readonly pick: number,
      readonly wrongServer: boolean,
    ) {}
    check = () => true;
    async run(model: Model, real: Real): Promise<void> {
      const urls = model.entries.filter((entry) => entry.modes[0] === 'url-id' && entry.kind === 'single');
      const entry = urls[this.pick % Math.max(1, urls.length)];
      if (entry === undefined) return;
      const server = SERVERS[(entry.server + (this.wrongServer ? 1 : 0)) % SERVERS.length];
      const changes = entry.status === 'consented' && !this.wrongServer;
      expect(real.queue.complete(`id-${entry.seq}`, server?.id ?? server?.name)).toBe(changes);
      if (changes) entry.status = 'completed';
      await checkInvariants(model, real);
    }
    toString = () => `complete(${this.pick}, wrongServer=${this.wrongServer})`;
  }

  class Dismiss implements Command {
    constructor(readonly pick: number) {}
    check = () => true;
    async run(model: Model, real: Real): Promise<void> {
      const entry = model.entries[this.pick % Math.max(1, model.entries.length)];
      if (entry === undefined) return;
      const removable = entry.status !== 'pending';
      expect(real.queue.dismiss(entry.id)).toBe(removable);
      if (removable) removeEntry(model, entry);
      await checkInvariants(model, real);
    }
    toString = () => `dismiss(${this.pick})`;
  }

  const mode = fc.constantFrom<Mode>('form', 'url-id', 'url');
  const action = fc.constantFrom('accept' as const, 'decline' as const, 'cancel' as const);
  const commands = fc.commands(
    [
      fc
        .tuple(
          fc.nat(2),
          fc.array(mode, { minLength: 1, maxLength: 3 }),
          fc.boolean(),
          fc.boolean(),
          fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: undefined }),
        )
        .map(([server, modes, round, signal, deadline]) => new Enqueue(server, modes, round, signal, deadline)),
      fc
        .tuple(fc.nat(20), fc.array(action, { minLength: 1, maxLength: 3 }))
        .map(([pick, actions]) => new Respond(pick, actions)),
      fc.nat(20).map((pick) => new RespondAgain(pick)),
      fc.nat(20).map((pick) => new Abort(pick)),
      fc.integer({ min: 0, max: 3_000 }).map((ms) => new Advance(ms)),
      fc.option(fc.nat(2), { nil: undefined }).map((server) => new CancelAll(server)),
      fc.tuple(fc.nat(20), fc.boolean()).map(([pick, wrong]) => new Complete(pick, wrong)),
      fc.nat(20).map((pick) => new Dismiss(pick)),
    ],
    { maxCommands: 40 },
  );

  test('every promise settles exactly once with the first outcome, and the snapshot matches the model', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        vi.clearAllTimers();
        const queue = createElicitationQueue({ noticeDurationMs: Number.POSITIVE_INFINITY, maxNotices: 1_000 });
        const real: Real = { queue, answers: new Map(), publishes: 0 };
        queue.subscribe(() => {
          real.publishes += 1;
        });
        const model: Model = { entries: [], notices: [], expected: new Map(), settledIds: [] };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        // However the run ended, cancelling everything settles every promise still open.
        const open = model.entries.filter((entry) => entry.status === 'pending');
        expect(queue.cancelAll()).toBe(open.length);
        for (const entry of open) settleModel(model, entry, cancelled(entry, 'host-closed'));
        model.entries = [];
        await checkInvariants(model, real);
        expect([...real.answers.values()].every((values) => values.length === 1)).toBe(true);
        expect(vi.getTimerCount()).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
