/**
 * `createElicitationQueue`: where elicitations from any number of servers wait for a person, in arrival
 * order (`subscribe`/`getSnapshot` suit `useSyncExternalStore`). Every promise settles exactly once: the
 * first of answer, server abort, deadline or cancel-all wins. Servers are told apart by `serverKey`,
 * never by the name they report. A malformed request still becomes an entry, to be declined.
 */
import { hasOwn, isRecord, ownValue, pickDefined, setOwn } from '../shared/path.js';
import { REASON_META_KEY } from './queue-types.js';
import type {
  AnsweredBy,
  CancelReason,
  ElicitationEntry,
  ElicitationRecord,
  EntryCommon,
  ElicitationNotice,
  ElicitationOrigin,
  ElicitationPrompt,
  ElicitationQueue,
  ElicitationQueueOptions,
  ElicitationServer,
  ElicitationSnapshot,
  RoundPrompt,
} from './queue-types.js';
import { isDraftValue } from './draft.js';
import { toPrompt } from './request.js';
import { isPatternEngineLoaded, loadPatternEngine } from '../shared/pattern-engine.js';
import type { ElicitContent, ElicitResult } from './types.js';
import { validateElicitContent } from './validate.js';
import { hasAnyPattern, isSchemaValidatorLoaded, loadSchemaValidator } from './full-check.js';
import { mayNeedWholeCheck } from './schema.js';

/** Longest delay `setTimeout` honours (2^31 − 1 ms); longer ones fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** The kit's own `cancel`, with its reason. Never shared: callers may own and change what they receive. */
function cancel(reason: CancelReason): ElicitResult {
  return { action: 'cancel', _meta: { [REASON_META_KEY]: reason } };
}

/** Who answered `cancel` on its own, by reason. */
const ANSWERED_BY: Readonly<Record<CancelReason, AnsweredBy>> = {
  'not-shown': 'timeout',
  'host-closed': 'host',
  refused: 'host',
  deadline: 'timeout',
  aborted: 'server',
};

/** The kit's reason in `result._meta`, if it is one. */
function reasonOf(result: ElicitResult): CancelReason | undefined {
  const meta = result._meta;
  const reason = isRecord(meta) ? ownValue(meta, REASON_META_KEY) : undefined;
  return typeof reason === 'string' && hasOwn(ANSWERED_BY, reason) ? (reason as CancelReason) : undefined;
}

const ACTIONS: ReadonlySet<unknown> = new Set(['accept', 'decline', 'cancel']);

interface Live {
  entry: ElicitationEntry;
  settled: boolean;
  arrivedAt: number;
  firstShownAt: number | null;
  finish(results: readonly ElicitResult[]): void;
  detach(): void;
  /** (Re)starts the unseen clock, when the queue has one. */
  armUnseen(): void;
}

/** The result rebuilt from what the UI gave; `undefined` when it is refused. */
function normalizeResult(prompt: ElicitationPrompt, result: unknown): ElicitResult | undefined {
  if (!isRecord(result)) return undefined;
  const action = ownValue(result, 'action');
  if (!ACTIONS.has(action)) return undefined;
  const meta = ownValue(result, '_meta');
  const extra = isRecord(meta) ? { _meta: meta } : {};
  if (action === 'decline' || action === 'cancel') return { action, ...extra };
  switch (prompt.mode) {
    case 'form': {
      const content = ownValue(result, 'content');
      if (!isRecord(content)) return undefined;
      const copy: ElicitContent = {};
      for (const key of Object.keys(content)) {
        const value = content[key];
        // The SDKs' ElicitResult schema refuses null and objects, even under keys the schema lacks.
        if (!isDraftValue(value)) return undefined;
        setOwn(copy, key, Array.isArray(value) ? [...value] : value);
      }
      if (validateElicitContent(prompt.request.requestedSchema, copy).length > 0) return undefined;
      return { action: 'accept', content: copy, ...extra };
    }
    case 'url':
      // URL accept is consent only: there is no content to send (MCP 2025-11-25, "Elicitation" → "Response Actions").
      return { action: 'accept', ...extra };
    case 'invalid':
      return undefined;
    default:
      return prompt satisfies never;
  }
}

/**
 * What `respond(entry.id, result)` settles `entry` with, one result per prompt; `undefined` when the queue
 * refuses it. A round takes only `decline` or `cancel` here, for all its prompts. The bridge's remote
 * queue judges with this and `roundAnswerOf` before sending, so both queues refuse the same answers.
 */
export function answerOf(entry: ElicitationEntry, result: unknown): ElicitResult[] | undefined {
  if (entry.kind === 'single') {
    const one = normalizeResult(entry.prompt, result);
    return one && [one];
  }
  const action = isRecord(result) ? ownValue(result, 'action') : undefined;
  if (action !== 'decline' && action !== 'cancel') return undefined;
  const all: Record<string, unknown> = {};
  for (const prompt of entry.prompts) setOwn(all, prompt.key, result);
  return roundAnswerOf(entry, all);
}

/** What `respondRound(entry.id, results)` settles `entry` with, in prompt order; `undefined` when refused. */
export function roundAnswerOf(entry: ElicitationEntry, results: unknown): ElicitResult[] | undefined {
  if (entry.kind !== 'round' || !isRecord(results)) return undefined;
  if (Object.keys(results).length !== entry.prompts.length) return undefined;
  const answers: ElicitResult[] = [];
  for (const prompt of entry.prompts) {
    const one = hasOwn(results, prompt.key) ? normalizeResult(prompt, ownValue(results, prompt.key)) : undefined;
    if (one === undefined) return undefined;
    answers.push(one);
  }
  return answers;
}

/**
 * Whether a form may have a pattern to check (a field's or its items'), read off the schema: a form is
 * never parsed on arrival, since its view reads one of 100,000 options over several tasks.
 */
function hasPattern(prompt: ElicitationPrompt): boolean {
  const schema: unknown = prompt.mode === 'form' ? prompt.request.requestedSchema : undefined;
  const properties = isRecord(schema) ? schema.properties : undefined;
  return (
    isRecord(properties) &&
    Object.values(properties).some(
      (field) =>
        isRecord(field) && (hasOwn(field, 'pattern') || (isRecord(field.items) && hasOwn(field.items, 'pattern'))),
    )
  );
}

function readOrigin(origin: ElicitationOrigin): {
  server: ElicitationServer;
  serverKey: string;
  signal?: AbortSignal;
  deadline?: number;
} {
  if (!isRecord(origin) || !isRecord(origin.server) || typeof origin.server.name !== 'string') {
    throw new TypeError('origin.server.name must be a string');
  }
  const { name, id } = origin.server;
  if (id !== undefined && typeof id !== 'string') throw new TypeError('origin.server.id must be a string');
  const { serverKey = id ?? name } = origin;
  if (typeof serverKey !== 'string') throw new TypeError('origin.serverKey must be a string');
  if (origin.deadline !== undefined && !Number.isFinite(origin.deadline)) {
    throw new TypeError('origin.deadline must be a finite number');
  }
  // The scope is kept as given: the ACP adapter builds and checks it (the bridge's reader checks the network's).
  const server: ElicitationServer = Object.freeze({ name, ...pickDefined(origin.server, ['id', 'scope']) });
  return { server, serverKey, ...pickDefined(origin, ['signal', 'deadline']) };
}

/** Creates an empty queue. Queues share no state. */
export function createElicitationQueue(options: ElicitationQueueOptions = {}): ElicitationQueue {
  const noticeDurationMs = options.noticeDurationMs ?? 10_000;
  const maxNotices = Math.max(0, options.maxNotices ?? 20);
  const maxEntriesPerServer = Math.max(0, options.maxEntriesPerServer ?? 100);
  const { unseenTimeoutMs, onSettled } = options;
  if (unseenTimeoutMs !== undefined && !(unseenTimeoutMs >= 0)) {
    throw new TypeError('unseenTimeoutMs must be a number of milliseconds, 0 or more');
  }
  const onListenerError =
    options.onListenerError ??
    ((error: unknown) => {
      // Like EventTarget: a throwing listener is reported, and never breaks the queue or its caller.
      queueMicrotask(() => {
        throw error;
      });
    });

  const order: Live[] = [];
  const byId = new Map<string, Live>();
  let notices: ElicitationNotice[] = [];
  const noticeTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<{ listener: () => void }>();
  let snapshot: ElicitationSnapshot = Object.freeze({ entries: Object.freeze([]), notices: Object.freeze([]) });
  let nextEntry = 0;
  let nextNotice = 0;
  let waiting: Promise<void> | undefined;
  // How many views show an entry right now: while one does, a person is there and unseen clocks stop.
  let showing = 0;

  function publish(): void {
    snapshot = Object.freeze({
      entries: Object.freeze(order.map((live) => live.entry)),
      notices: Object.freeze([...notices]),
    });
    for (const subscription of [...listeners]) {
      if (!listeners.has(subscription)) continue;
      try {
        subscription.listener();
      } catch (error) {
        onListenerError(error);
      }
    }
  }

  function remove(live: Live): void {
    const index = order.indexOf(live);
    if (index >= 0) order.splice(index, 1);
    byId.delete(live.entry.id);
  }

  function report(
    common: { entryId: string | null; serverKey: string; server: ElicitationServer; kind: 'single' | 'round' },
    times: { arrivedAt: number; firstShownAt: number | null },
    results: readonly ElicitResult[],
  ): void {
    if (onSettled === undefined) return;
    // One reason for the whole entry: the kit's, when every answer is the kit's own cancel.
    const reasons = results.map(reasonOf);
    const reason = reasons.every((one) => one !== undefined && one === reasons[0]) ? reasons[0] : undefined;
    const record: ElicitationRecord = Object.freeze({
      ...common,
      ...times,
      settledAt: Date.now(),
      answeredBy: reason === undefined ? 'person' : ANSWERED_BY[reason],
      actions: Object.freeze(results.map((result) => result.action)),
      ...(reason !== undefined && { reason }),
    });
    try {
      onSettled(record);
    } catch (error) {
      onListenerError(error);
    }
  }

  function settle(live: Live, results: readonly ElicitResult[]): void {
    live.settled = true;
    live.detach();
    live.finish(results);
    const { entry } = live;
    report(
      { entryId: entry.id, serverKey: entry.serverKey, server: entry.server, kind: entry.kind },
      { arrivedAt: live.arrivedAt, firstShownAt: live.firstShownAt },
      results,
    );
  }

  function dropNotice(id: string): boolean {
    const timer = noticeTimers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    noticeTimers.delete(id);
    const before = notices.length;
    notices = notices.filter((notice) => notice.id !== id);
    return notices.length !== before;
  }

  function addNotice(entry: ElicitationEntry, reason: ElicitationNotice['reason']): void {
    if (maxNotices === 0) return;
    nextNotice += 1;
    const notice: ElicitationNotice = Object.freeze({
      id: `notice-${nextNotice}`,
      kind: 'stopped-waiting',
      reason,
      server: entry.server,
      serverKey: entry.serverKey,
      entry,
      at: Date.now(),
    });
    notices = [...notices, notice];
    while (notices.length > maxNotices) {
      const oldest = notices[0];
      if (oldest === undefined) break;
      dropNotice(oldest.id);
    }
    // Nobody was looking: the notice waits for a view (`markShown`) before its time starts.
    if (reason !== 'not-shown') expireLater(notice.id);
  }

  function expireLater(noticeId: string): void {
    if (noticeTimers.has(noticeId)) return;
    if (Number.isFinite(noticeDurationMs)) {
      const timer = setTimeout(
        () => {
          noticeTimers.delete(noticeId);
          if (dropNotice(noticeId)) publish();
        },
        Math.min(Math.max(0, noticeDurationMs), MAX_TIMER_MS),
      );
      noticeTimers.set(noticeId, timer);
    }
  }

  function stopWaiting(live: Live, reason: Exclude<ElicitationNotice['reason'], 'not-sent'>): void {
    if (live.settled) return;
    settle(
      live,
      promptsOf(live.entry).map(() => cancel(reason)),
    );
    remove(live);
    addNotice(live.entry, reason);
    publish();
  }

  function promptsOf(entry: ElicitationEntry): readonly ElicitationPrompt[] {
    return entry.kind === 'single' ? [entry.prompt] : entry.prompts;
  }

  function admit(
    build: (common: EntryCommon) => ElicitationEntry,
    kind: 'single' | 'round',
    count: number,
    origin: ElicitationOrigin,
    arrivedAt: number,
  ): Promise<readonly ElicitResult[]> {
    const { server, serverKey, signal, deadline } = readOrigin(origin);
    const cancelled = (reason: CancelReason) => {
      const results = Array.from({ length: count }, () => cancel(reason));
      report({ entryId: null, serverKey, server, kind }, { arrivedAt, firstShownAt: null }, results);
      return Promise.resolve(results);
    };
    // Already given up: the person never sees it, so there is nothing to tell them either.
    if (signal?.aborted === true) return cancelled('aborted');
    if (deadline !== undefined && deadline <= Date.now()) return cancelled('deadline');
    // Over the server's share: refused, never shown.
    const queued = order.reduce((count, live) => (live.entry.serverKey === serverKey ? count + 1 : count), 0);
    if (queued >= maxEntriesPerServer) return cancelled('refused');
    nextEntry += 1;
    const entryId = `elicitation-${nextEntry}`;
    const entry = build(
      Object.freeze({
        id: entryId,
        server,
        serverKey,
        ...(deadline !== undefined && { deadline }),
      }),
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unseenTimer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => stopWaiting(live, 'aborted');
    let finish: (results: readonly ElicitResult[]) => void = () => {};
    const promise = new Promise<readonly ElicitResult[]>((resolve) => {
      finish = resolve;
    });
    const live: Live = {
      entry,
      settled: false,
      arrivedAt,
      firstShownAt: null,
      finish,
      detach: () => {
        signal?.removeEventListener('abort', onAbort);
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
        clearTimeout(unseenTimer);
        unseenTimer = undefined;
      },
      armUnseen: () => {
        if (unseenTimeoutMs === undefined || live.settled || live.firstShownAt !== null) return;
        clearTimeout(unseenTimer);
        unseenTimer = setTimeout(
          () => {
            unseenTimer = undefined;
            // A person is answering another entry: this one waits its turn, re-armed when they leave.
            if (showing === 0 && live.firstShownAt === null) stopWaiting(live, 'not-shown');
          },
          Math.min(unseenTimeoutMs, MAX_TIMER_MS),
        );
      },
    };
    order.push(live);
    byId.set(entry.id, live);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (deadline !== undefined) {
      // One timer per entry, re-armed only when the deadline is beyond setTimeout's range.
      const arm = (): void => {
        const wait = deadline - Date.now();
        if (wait <= 0) {
          timer = undefined;
          stopWaiting(live, 'deadline');
          return;
        }
        timer = setTimeout(arm, Math.min(wait, MAX_TIMER_MS));
      };
      arm();
    }
    live.armUnseen();
    publish();
    return promise;
  }

  /**
   * Admits at once, or once the pattern engine has loaded when a patterned form (or anything behind one)
   * waits, so arrival order holds.
   */
  function admitWhenAnswerable(
    prompts: readonly ElicitationPrompt[],
    origin: ElicitationOrigin,
    admitNow: () => Promise<readonly ElicitResult[]>,
  ): Promise<readonly ElicitResult[]> {
    const { signal, deadline } = readOrigin(origin);
    const forms = prompts.map((prompt) => (prompt.mode === 'form' ? prompt.request : undefined));
    // Rules core does not check: answers are judged by the complete validator (and its patterns by the engine).
    const needsValidator = !isSchemaValidatorLoaded() && forms.some(mayNeedWholeCheck);
    const needsEngine =
      !isPatternEngineLoaded() && (prompts.some(hasPattern) || (needsValidator && forms.some(hasAnyPattern)));
    if (!needsEngine && !needsValidator && waiting === undefined) return admitNow();
    // A failed load admits the entry anyway: it can still be declined or cancelled.
    const gate = (waiting ?? Promise.resolve()).then(() =>
      Promise.all([
        needsEngine ? loadPatternEngine().catch(() => undefined) : undefined,
        needsValidator ? loadSchemaValidator().catch(() => undefined) : undefined,
      ]).then(() => undefined),
    );
    waiting = gate;
    const admitted = gate.then(() => {
      if (waiting === gate) waiting = undefined;
      // Given up while waiting: `admit` answers cancel and shows nothing.
      return admitNow();
    });
    if (signal === undefined && deadline === undefined) return admitted;
    // The server hears its abort or deadline at once, not when the engine has loaded (or never, should it hang).
    return new Promise((resolve) => {
      const stop = (reason: CancelReason) => resolve(prompts.map(() => cancel(reason)));
      const onAbort = () => stop('aborted');
      signal?.addEventListener('abort', onAbort, { once: true });
      const timer =
        deadline === undefined
          ? undefined
          : setTimeout(() => stop('deadline'), Math.min(deadline - Date.now(), MAX_TIMER_MS));
      void admitted.then((results) => {
        signal?.removeEventListener('abort', onAbort);
        clearTimeout(timer);
        resolve(results);
      });
    });
  }

  const queue: ElicitationQueue = {
    enqueue(request, origin) {
      const arrivedAt = Date.now();
      const prompt = toPrompt(request);
      return admitWhenAnswerable([prompt], origin, () =>
        admit(
          (common) => Object.freeze({ ...common, kind: 'single', prompt, status: 'pending' }),
          'single',
          1,
          origin,
          arrivedAt,
        ),
      ).then((results) => results[0] ?? cancel('refused'));
    },

    enqueueRound(requests, origin) {
      const arrivedAt = Date.now();
      if (!isRecord(requests)) throw new TypeError('requests must be an object');
      const keys = Object.keys(requests);
      if (keys.length === 0) {
        readOrigin(origin);
        return Promise.resolve({});
      }
      const prompts: RoundPrompt[] = keys.map((key) => Object.freeze({ ...toPrompt(ownValue(requests, key)), key }));
      return admitWhenAnswerable(prompts, origin, () =>
        admit(
          (common) => Object.freeze({ ...common, kind: 'round', prompts: Object.freeze(prompts), status: 'pending' }),
          'round',
          keys.length,
          origin,
          arrivedAt,
        ),
      ).then((results) => {
        const answers: Record<string, ElicitResult> = {};
        keys.forEach((key, index) => setOwn(answers, key, results[index] ?? cancel('refused')));
        return answers;
      });
    },

    respond(entryId, result) {
      const live = byId.get(entryId);
      if (live === undefined || live.settled) return 'ignored';
      const { entry } = live;
      const answers = answerOf(entry, result);
      if (answers === undefined) return 'invalid';
      settle(live, answers);
      const waitsForCompletion =
        entry.kind === 'single' &&
        entry.prompt.mode === 'url' &&
        answers[0]?.action === 'accept' &&
        entry.prompt.request.elicitationId !== undefined;
      if (waitsForCompletion) live.entry = Object.freeze({ ...entry, status: 'consented' });
      else remove(live);
      publish();
      return 'answered';
    },

    respondRound(entryId, results) {
      const live = byId.get(entryId);
      if (live === undefined || live.settled) return 'ignored';
      const answers = roundAnswerOf(live.entry, results);
      if (answers === undefined) return 'invalid';
      settle(live, answers);
      remove(live);
      publish();
      return 'answered';
    },

    complete(elicitationId, serverKey) {
      if (typeof elicitationId !== 'string') return false;
      let changed = false;
      for (const live of order) {
        const { entry } = live;
        if (entry.kind !== 'single' || entry.status !== 'consented' || entry.prompt.mode !== 'url') continue;
        if (entry.prompt.request.elicitationId !== elicitationId) continue;
        if (serverKey !== undefined && entry.serverKey !== serverKey) continue;
        live.entry = Object.freeze({ ...entry, status: 'completed' });
        changed = true;
      }
      if (changed) publish();
      return changed;
    },

    dismiss(entryId) {
      const live = byId.get(entryId);
      if (live === undefined || !live.settled) return false;
      remove(live);
      publish();
      return true;
    },

    dismissNotice(noticeId) {
      if (!dropNotice(noticeId)) return false;
      publish();
      return true;
    },

    cancelAll(serverKey, options) {
      const byPerson = isRecord(options) && options.byPerson === true;
      let settledCount = 0;
      let changed = false;
      for (const live of [...order]) {
        if (serverKey !== undefined && live.entry.serverKey !== serverKey) continue;
        if (!live.settled) {
          settle(
            live,
            promptsOf(live.entry).map((): ElicitResult => (byPerson ? { action: 'cancel' } : cancel('host-closed'))),
          );
          settledCount += 1;
        }
        remove(live);
        changed = true;
      }
      if (changed) publish();
      return settledCount;
    },

    markShown(id) {
      const live = byId.get(id);
      if (live === undefined) {
        // A notice of a request cancelled while nobody looked: its time starts once it is seen.
        if (notices.some((notice) => notice.id === id)) expireLater(id);
        return () => undefined;
      }
      live.firstShownAt ??= Date.now();
      showing += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        showing -= 1;
        // Nobody is looking any more: every entry not yet shown has its full time again.
        if (showing === 0) for (const waiting of order) waiting.armUnseen();
      };
    },

    subscribe(listener) {
      const subscription = { listener };
      listeners.add(subscription);
      return () => {
        listeners.delete(subscription);
      };
    },

    getSnapshot() {
      return snapshot;
    },
  };
  return queue;
}
