/**
 * `createElicitationQueue`: where elicitations wait for a person, in arrival order, from any number
 * of servers. React-free and SDK-free: adapters (`mcp-elicit-kit/sdk`) put requests in, a UI takes
 * them out through `subscribe`/`getSnapshot` (shaped for React's `useSyncExternalStore`).
 *
 * Rules:
 * - FIFO: `entries` lists entries in the order they arrived (so per server too).
 * - Every promise settles exactly once. The first of answer, server abort, deadline or "cancel all"
 *   wins; anything after it is ignored and reported as `'ignored'`.
 * - A server abort (its `AbortSignal` fires or its `deadline` passes) removes the entry, resolves the
 *   promise with `{ action: 'cancel' }` and leaves a short-lived "stopped waiting" notice. Nothing
 *   reaches the server then: it is no longer listening (the SDK adapters turn this case into the
 *   rejection their SDK expects, see `src/sdk/`).
 * - A request that is not well formed still becomes an entry (as a prompt of mode `invalid`), so the
 *   person sees that something was asked and can decline or cancel it. Accepting it is refused.
 * - An accepted form answer must conform to its `requestedSchema` (`validateElicitContent`) and hold
 *   only `string | number | boolean | string[]` values; otherwise `respond` says `'invalid'` and
 *   the entry stays.
 * - URL mode (SPEC §3): `accept` means consent. A single URL request that carries an
 *   `elicitationId` (2025-11-25) then stays visible as `consented` until `complete(elicitationId)`
 *   marks it `completed`, or the person dismisses it. Without an id (2026-07-28) there is no
 *   completion to wait for and the entry leaves at once.
 * - One server holds at most `maxEntriesPerServer` entries (default 100); a request beyond that
 *   resolves `{ action: 'cancel' }` at once, with no entry, like one the server already gave up on.
 * - All state lives in the closure of one queue; the snapshot is a new frozen object only when
 *   something changed.
 */
import { hasOwn, isRecord, ownValue, pickDefined, setOwn } from './path.js';
import { parseCached } from './schema.js';
import type { ElicitContent, ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult, ElicitValue } from './types.js';
import { inspectUrl } from './url.js';
import { validateElicitContent } from './validate.js';

/** Who is asking. */
export interface ElicitationServer {
  /** Shown to the person (`serverInfo.name`, or what the host calls the server). */
  readonly name: string;
  /** Tells apart two servers with the same name; when given, it is the server's key. */
  readonly id?: string;
}

/** Where a request comes from and how long its server waits. */
export interface ElicitationOrigin {
  /** Who asks; shown to the person and used as the entry's `serverKey`. */
  readonly server: ElicitationServer;
  /** Fires when the server stops waiting (the SDK's per-request signal). */
  readonly signal?: AbortSignal;
  /** Epoch milliseconds after which the server stops waiting. */
  readonly deadline?: number;
}

/** Why a request could not be read as a form or URL elicitation. */
export const REQUEST_PROBLEM_CODES = [
  /** The request (params) is not a JSON object. */
  'not-object',
  /** Reading the request threw (a hostile getter or Proxy). */
  'unreadable',
  /** `mode` is neither absent, `"form"` nor `"url"`. */
  'unknown-mode',
  /** `mode` is `"url"` where only a form can be shown (`ElicitationForm`). */
  'not-form',
  /** `message` is missing or not text. */
  'message-invalid',
  /** Form mode without a `requestedSchema` object. */
  'schema-invalid',
  /** URL mode without a `url` string. */
  'url-invalid',
  /** `elicitationId` is present but not text. */
  'elicitation-id-invalid',
] as const;

/** A request problem code. */
export type RequestProblemCode = (typeof REQUEST_PROBLEM_CODES)[number];

/** What is wrong with a request that is shown as `invalid`. */
export interface RequestProblem {
  /** Stable code. */
  readonly code: RequestProblemCode;
  /** A plain sentence for the person or the developer. */
  readonly message: string;
}

/** One request as the person should see it, classified by mode. */
export type ElicitationPrompt =
  | {
      /** A form (mode absent or `"form"`) with a `requestedSchema` object; `parseRequestedSchema` judges the rest. */
      readonly mode: 'form';
      readonly request: ElicitRequestFormParams;
    }
  | {
      /** A URL to open after consent (SPEC §3); `request.elicitationId` exists in 2025-11-25 only. */
      readonly mode: 'url';
      readonly request: ElicitRequestURLParams;
    }
  | {
      /** Not readable as either: offer decline and cancel, and show `problem`. */
      readonly mode: 'invalid';
      /** Exactly what arrived. */
      readonly request: unknown;
      readonly problem: RequestProblem;
    };

/** One request of a round, with the key its answer goes back under. */
export type RoundPrompt = ElicitationPrompt & {
  /** The `inputRequests` key (2026-07-28) the answer goes back under. */
  readonly key: string;
};

/** `pending`: waits for an answer. `consented`: URL accepted, waits for completion. `completed`: done. */
export type EntryStatus = 'pending' | 'consented' | 'completed';

/** What every entry has. */
interface EntryCommon {
  /** Unique within this queue; pass it to `respond`, `respondRound`, `dismiss`. */
  readonly id: string;
  /** Who asks (show it: SPEC §3 says the person must see which server is asking). */
  readonly server: ElicitationServer;
  /** `server.id` when given, else `server.name`: pass it to `cancelAll` and `complete`. */
  readonly serverKey: string;
  /** When the server stops waiting (epoch ms), if it said. */
  readonly deadline?: number;
}

/** One request, answered with `respond`. */
export interface SingleElicitationEntry extends EntryCommon {
  readonly kind: 'single';
  /** The request, classified. */
  readonly prompt: ElicitationPrompt;
  /** Only URL entries with an `elicitationId` ever leave `pending` without leaving the queue. */
  readonly status: EntryStatus;
}

/** Several requests of one 2026-07-28 round, shown together and answered with `respondRound`. */
export interface RoundElicitationEntry extends EntryCommon {
  readonly kind: 'round';
  /** In the order the server listed them. */
  readonly prompts: readonly RoundPrompt[];
  /** A round leaves the queue when answered (2026-07-28 URL mode has no completion to wait for). */
  readonly status: 'pending';
}

/** An entry of the queue. */
export type ElicitationEntry = SingleElicitationEntry | RoundElicitationEntry;

/** Tells the person that a server stopped waiting for an answer. Expires by itself. */
export interface ElicitationNotice {
  /** Unique within this queue; pass it to `dismissNotice`. */
  readonly id: string;
  /** What happened: the server stopped waiting for the person's answer. */
  readonly kind: 'stopped-waiting';
  /** `aborted`: the server's signal fired; `deadline`: its deadline passed. */
  readonly reason: 'aborted' | 'deadline';
  readonly server: ElicitationServer;
  readonly serverKey: string;
  /** The entry as it was when it was removed (what had been asked). */
  readonly entry: ElicitationEntry;
  /** When it happened (epoch ms). */
  readonly at: number;
}

/** An immutable picture of the queue. The same object until something changes. */
export interface ElicitationSnapshot {
  /** In arrival order: pending entries, and URL entries that wait for completion. */
  readonly entries: readonly ElicitationEntry[];
  /** Oldest first. */
  readonly notices: readonly ElicitationNotice[];
}

/** `answered`: settled now. `ignored`: unknown or already settled. `invalid`: the answer was refused. */
export type RespondStatus = 'answered' | 'ignored' | 'invalid';

/** Options of `createElicitationQueue`. */
export interface ElicitationQueueOptions {
  /** How long a "stopped waiting" notice stays; `Infinity` keeps it until dismissed. Default 10 000. */
  noticeDurationMs?: number;
  /** At most this many notices are kept; the oldest go first. Default 20. */
  maxNotices?: number;
  /** Receives what a listener throws (the other listeners still run). Default: rethrown in a microtask. */
  onListenerError?: (error: unknown) => void;
  /**
   * At most this many entries of one server (by `serverKey`) are in the queue at once, pending or
   * waiting for completion. A request beyond it resolves `{ action: 'cancel' }` at once, with no
   * entry and no notice, as when the server has already given up: nobody answers hundreds of
   * prompts, and a server that floods the queue cannot stall the page (each change publishes a
   * snapshot of every entry, so 50,000 queued requests took 20 s). Default 100.
   */
  maxEntriesPerServer?: number;
}

/** The queue: requests in, a person's answers out. */
export interface ElicitationQueue {
  /**
   * Shows one request and resolves with the answer. `request` is read as untrusted: whatever it is,
   * an entry appears (see `ElicitationPrompt`). Resolves `{ action: 'cancel' }` at once when the
   * signal has already fired or the deadline has passed (no entry, no notice). A malformed `origin`
   * (no server name, a non-finite deadline) is a programming error: it throws a `TypeError`.
   */
  enqueue(request: unknown, origin: ElicitationOrigin): Promise<ElicitResult>;
  /**
   * Shows several requests as one entry (a 2026-07-28 round) and resolves with an answer per key.
   * An empty round resolves `{}` at once.
   */
  enqueueRound(requests: Readonly<Record<string, unknown>>, origin: ElicitationOrigin): Promise<Record<string, ElicitResult>>;
  /**
   * Answers a single entry. On a round only `decline`/`cancel` are taken (for every key).
   * A URL `accept` with an `elicitationId` leaves the entry `consented`.
   */
  respond(entryId: string, result: ElicitResult): RespondStatus;
  /** Answers a round: exactly one result per key. */
  respondRound(entryId: string, results: Readonly<Record<string, ElicitResult>>): RespondStatus;
  /**
   * `notifications/elicitation/complete`: marks the `consented` URL entries with this id (from this
   * server, when `serverKey` is given) as `completed`. Unknown, repeated or not-yet-consented ids are
   * ignored. Returns whether anything changed.
   */
  complete(elicitationId: string, serverKey?: string): boolean;
  /** Removes a `consented` or `completed` entry from view. Pending entries need an answer instead. */
  dismiss(entryId: string): boolean;
  /** Removes a notice before it expires. */
  dismissNotice(noticeId: string): boolean;
  /**
   * Cancels every pending entry of one server (by `serverKey`), or of all servers when omitted, and
   * removes their consented/completed URL entries. Returns how many promises it settled.
   */
  cancelAll(serverKey?: string): number;
  /** Calls `listener` after every change. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot (stable between changes). */
  getSnapshot(): ElicitationSnapshot;
}

/** Longest delay `setTimeout` honours (2^31 − 1 ms); longer ones fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** A fresh `cancel` answer (never shared: callers may own and change what they receive). */
function cancel(): ElicitResult {
  return { action: 'cancel' };
}

const ACTIONS: ReadonlySet<unknown> = new Set(['accept', 'decline', 'cancel']);

/** An entry while it is in the queue. */
interface Live {
  entry: ElicitationEntry;
  settled: boolean;
  /** Resolves the caller's promise with one result per prompt, in prompt order. */
  finish(results: readonly ElicitResult[]): void;
  /** Removes the abort listener and the deadline timer. */
  detach(): void;
}

function problem(request: unknown, code: RequestProblemCode, message: string): ElicitationPrompt {
  return Object.freeze({ mode: 'invalid', request, problem: Object.freeze({ code, message }) });
}

const NOT_OBJECT: RequestProblem = Object.freeze({ code: 'not-object', message: 'The request is not an object.' });
const UNREADABLE: RequestProblem = Object.freeze({ code: 'unreadable', message: 'The request could not be read.' });
const MESSAGE_INVALID: RequestProblem = Object.freeze({ code: 'message-invalid', message: 'The request has no message text.' });
const NOT_FORM: RequestProblem = Object.freeze({ code: 'not-form', message: 'The request is in URL mode, not form mode.' });

/** The problem of an own `mode` that is neither absent, `"form"` nor `"url"`. */
function unknownMode(mode: unknown): RequestProblem {
  return Object.freeze({ code: 'unknown-mode', message: `The mode ${JSON.stringify(mode) ?? String(mode)} is not "form" or "url".` });
}

/**
 * The request's own `message` when it is text, else `undefined`; never throws. What every view
 * shows as the server's message, whatever the request's mode or faults. Internal to the kit.
 */
export function requestMessage(request: unknown): string | undefined {
  try {
    const message = isRecord(request) ? ownValue(request, 'message') : undefined;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/** A form-mode request's params as the kit reads them (own properties only), for every consumer. */
export interface FormRequestReading {
  /** The `message` when it is text: shown even when the request is refused. */
  readonly message: string | undefined;
  /** The `requestedSchema` as sent, for `parseRequestedSchema`, which judges it. */
  readonly requestedSchema: unknown;
  /**
   * What is wrong with the params around the schema, in reading order (`not-object` or
   * `unreadable` alone; else `unknown-mode` / `not-form`, then `message-invalid`). Empty when nothing is.
   */
  readonly problems: readonly RequestProblem[];
}

/**
 * Reads an untrusted request as a form request: the one place that decides whether its params
 * (an object, form mode, a text message) are usable. `toPrompt` and `ElicitationForm` both read
 * requests with it. Never throws. Internal to the kit, not part of the `core` entry.
 */
export function readFormRequest(request: unknown): FormRequestReading {
  try {
    if (!isRecord(request)) return { message: undefined, requestedSchema: undefined, problems: [NOT_OBJECT] };
    const mode = ownValue(request, 'mode');
    const message = ownValue(request, 'message');
    const problems: RequestProblem[] = [];
    if (mode === 'url') problems.push(NOT_FORM);
    else if (mode !== undefined && mode !== 'form') problems.push(unknownMode(mode));
    if (typeof message !== 'string') problems.push(MESSAGE_INVALID);
    return { message: typeof message === 'string' ? message : undefined, requestedSchema: ownValue(request, 'requestedSchema'), problems };
  } catch {
    return { message: undefined, requestedSchema: undefined, problems: [UNREADABLE] };
  }
}

/**
 * Reads an untrusted request as a prompt. Never throws. Internal to the kit (the React layer's
 * `ElicitationPrompt` classifies with it too), not part of the `core` entry.
 */
export function toPrompt(request: unknown): ElicitationPrompt {
  try {
    if (isRecord(request) && ownValue(request, 'mode') === 'url') {
      if (typeof ownValue(request, 'message') !== 'string') return problem(request, MESSAGE_INVALID.code, MESSAGE_INVALID.message);
      if (typeof ownValue(request, 'url') !== 'string') return problem(request, 'url-invalid', 'The URL request has no url text.');
      if (hasOwn(request, 'elicitationId') && typeof ownValue(request, 'elicitationId') !== 'string') {
        return problem(request, 'elicitation-id-invalid', 'The elicitationId is not text.');
      }
      return Object.freeze({ mode: 'url', request: request as unknown as ElicitRequestURLParams });
    }
    const reading = readFormRequest(request);
    const first = reading.problems[0];
    if (first) return Object.freeze({ mode: 'invalid', request, problem: first });
    if (!isRecord(reading.requestedSchema)) {
      return problem(request, 'schema-invalid', 'The form request has no requestedSchema object.');
    }
    return Object.freeze({ mode: 'form', request: request as unknown as ElicitRequestFormParams });
  } catch {
    return problem(request, UNREADABLE.code, UNREADABLE.message);
  }
}

/**
 * Whether the person can give a prompt more than `decline`: a form whose params and schema core
 * accepts, a URL `inspectUrl` allows. What a round sends back, as `decline`, for a request the kit
 * cannot answer. Internal to the kit.
 */
export function canAnswer(prompt: ElicitationPrompt): boolean {
  switch (prompt.mode) {
    case 'form': {
      const reading = readFormRequest(prompt.request);
      return reading.problems.length === 0 && parseCached(reading.requestedSchema).ok;
    }
    case 'url':
      return inspectUrl(prompt.request.url).ok;
    case 'invalid':
      return false;
    default:
      return prompt satisfies never;
  }
}

function isElicitValue(value: unknown): value is ElicitValue {
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The result to send for `prompt`, rebuilt from what the UI gave; `undefined` when it is refused. */
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
        if (!isElicitValue(value)) return undefined;
        setOwn(copy, key, Array.isArray(value) ? [...value] : value);
      }
      if (validateElicitContent(prompt.request.requestedSchema, copy).length > 0) return undefined;
      return { action: 'accept', content: copy, ...extra };
    }
    case 'url':
      // URL accept is consent only: there is no content to send (SPEC §2).
      return { action: 'accept', ...extra };
    case 'invalid':
      return undefined;
    default:
      return prompt satisfies never;
  }
}

function readOrigin(origin: ElicitationOrigin): { server: ElicitationServer; signal?: AbortSignal; deadline?: number } {
  if (!isRecord(origin) || !isRecord(origin.server) || typeof origin.server.name !== 'string') {
    throw new TypeError('origin.server.name must be a string');
  }
  const { name, id } = origin.server;
  if (id !== undefined && typeof id !== 'string') throw new TypeError('origin.server.id must be a string when given');
  if (origin.deadline !== undefined && !Number.isFinite(origin.deadline)) {
    throw new TypeError('origin.deadline must be a finite number of epoch milliseconds when given');
  }
  const server: ElicitationServer = Object.freeze(id === undefined ? { name } : { name, id });
  return { server, ...pickDefined(origin, ['signal', 'deadline']) };
}

/** Creates an empty queue. Each queue is independent: no state is shared between queues. */
export function createElicitationQueue(options: ElicitationQueueOptions = {}): ElicitationQueue {
  const noticeDurationMs = options.noticeDurationMs ?? 10_000;
  const maxNotices = Math.max(0, options.maxNotices ?? 20);
  const maxEntriesPerServer = Math.max(0, options.maxEntriesPerServer ?? 100);
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

  function publish(): void {
    snapshot = Object.freeze({
      entries: Object.freeze(order.map((live) => live.entry)),
      notices: Object.freeze([...notices]),
    });
    for (const subscription of [...listeners]) {
      // A listener unsubscribed by an earlier one in this round is not called.
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

  function settle(live: Live, results: readonly ElicitResult[]): void {
    live.settled = true;
    live.detach();
    live.finish(results);
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
    if (Number.isFinite(noticeDurationMs)) {
      const timer = setTimeout(
        () => {
          noticeTimers.delete(notice.id);
          if (dropNotice(notice.id)) publish();
        },
        Math.min(Math.max(0, noticeDurationMs), MAX_TIMER_MS),
      );
      noticeTimers.set(notice.id, timer);
    }
  }

  /** The server stopped waiting: remove, settle with cancel, tell the person. */
  function stopWaiting(live: Live, reason: ElicitationNotice['reason']): void {
    if (live.settled) return;
    settle(live, promptsOf(live.entry).map(cancel));
    remove(live);
    addNotice(live.entry, reason);
    publish();
  }

  function promptsOf(entry: ElicitationEntry): readonly ElicitationPrompt[] {
    return entry.kind === 'single' ? [entry.prompt] : entry.prompts;
  }

  /** Shared by `enqueue` and `enqueueRound`: one entry, one promise of one result per prompt. */
  function admit(
    build: (common: EntryCommon) => ElicitationEntry,
    count: number,
    origin: ElicitationOrigin,
  ): Promise<readonly ElicitResult[]> {
    const { server, signal, deadline } = readOrigin(origin);
    const cancelled = () => Promise.resolve(Array.from({ length: count }, cancel));
    // Already given up: the person never sees it, so there is nothing to tell them either.
    if (signal?.aborted === true || (deadline !== undefined && deadline <= Date.now())) return cancelled();
    const serverKey = server.id ?? server.name;
    // Over the server's share: answered like a request it already gave up on. Counted, not tracked:
    // the cap keeps the queue short.
    const queued = order.reduce((count, live) => (live.entry.serverKey === serverKey ? count + 1 : count), 0);
    if (queued >= maxEntriesPerServer) return cancelled();
    nextEntry += 1;
    const entry = build(
      Object.freeze({
        id: `elicitation-${nextEntry}`,
        server,
        serverKey,
        ...(deadline !== undefined && { deadline }),
      }),
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => stopWaiting(live, 'aborted');
    let finish: (results: readonly ElicitResult[]) => void = () => {};
    const promise = new Promise<readonly ElicitResult[]>((resolve) => {
      finish = resolve;
    });
    const live: Live = {
      entry,
      settled: false,
      finish,
      detach: () => {
        signal?.removeEventListener('abort', onAbort);
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
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
    publish();
    return promise;
  }

  const queue: ElicitationQueue = {
    enqueue(request, origin) {
      const prompt = toPrompt(request);
      return admit((common) => Object.freeze({ ...common, kind: 'single', prompt, status: 'pending' }), 1, origin).then(
        (results) => results[0] ?? cancel(),
      );
    },

    enqueueRound(requests, origin) {
      if (!isRecord(requests)) throw new TypeError('requests must be an object of inputRequests keyed by their keys');
      const keys = Object.keys(requests);
      if (keys.length === 0) {
        readOrigin(origin);
        return Promise.resolve({});
      }
      const prompts: RoundPrompt[] = keys.map((key) => Object.freeze({ ...toPrompt(ownValue(requests, key)), key }));
      return admit(
        (common) => Object.freeze({ ...common, kind: 'round', prompts: Object.freeze(prompts), status: 'pending' }),
        keys.length,
        origin,
      ).then((results) => {
        const answers: Record<string, ElicitResult> = {};
        keys.forEach((key, index) => setOwn(answers, key, results[index] ?? cancel()));
        return answers;
      });
    },

    respond(entryId, result) {
      const live = byId.get(entryId);
      if (live === undefined || live.settled) return 'ignored';
      const { entry } = live;
      if (entry.kind === 'round') {
        const action = isRecord(result) ? ownValue(result, 'action') : undefined;
        if (action !== 'decline' && action !== 'cancel') return 'invalid';
        const all: Record<string, ElicitResult> = {};
        for (const prompt of entry.prompts) setOwn(all, prompt.key, result);
        return queue.respondRound(entryId, all);
      }
      const normalized = normalizeResult(entry.prompt, result);
      if (normalized === undefined) return 'invalid';
      settle(live, [normalized]);
      const waitsForCompletion =
        entry.prompt.mode === 'url' && normalized.action === 'accept' && entry.prompt.request.elicitationId !== undefined;
      if (waitsForCompletion) live.entry = Object.freeze({ ...entry, status: 'consented' });
      else remove(live);
      publish();
      return 'answered';
    },

    respondRound(entryId, results) {
      const live = byId.get(entryId);
      if (live === undefined || live.settled) return 'ignored';
      const { entry } = live;
      if (entry.kind !== 'round' || !isRecord(results)) return 'invalid';
      if (Object.keys(results).length !== entry.prompts.length) return 'invalid';
      const normalized: ElicitResult[] = [];
      for (const prompt of entry.prompts) {
        if (!hasOwn(results, prompt.key)) return 'invalid';
        const one = normalizeResult(prompt, ownValue(results, prompt.key));
        if (one === undefined) return 'invalid';
        normalized.push(one);
      }
      settle(live, normalized);
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

    cancelAll(serverKey) {
      let settledCount = 0;
      let changed = false;
      for (const live of [...order]) {
        if (serverKey !== undefined && live.entry.serverKey !== serverKey) continue;
        if (!live.settled) {
          settle(live, promptsOf(live.entry).map(cancel));
          settledCount += 1;
        }
        remove(live);
        changed = true;
      }
      if (changed) publish();
      return settledCount;
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
