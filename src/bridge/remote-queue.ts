/**
 * `createRemoteElicitationQueue`: the browser's side of the bridge, an `ElicitationQueue` whose requests
 * live on the server. The queue's methods are synchronous, so an answer is applied here at once
 * (optimistically) and POSTed; the event stream then reconciles: what the server says wins once it has
 * heard the answer, and an answer it refused or never received puts the entry back.
 */
import {
  type Draft,
  type ElicitationEntry,
  type ElicitationNotice,
  type ElicitationQueue,
  type ElicitationSnapshot,
  type RespondStatus,
} from '../core/index.js';
import { answerOf, fileKeys, formatBytes, roundAnswerOf } from '../core/internal.js';
import { hasOwn } from '../shared/path.js';
import { randomId, randomIds } from '../shared/random-id.js';
import { readSse } from './sse.js';
import {
  BRIDGE_HEADER,
  canonicalJson,
  CLOSED_EVENT,
  createViewDecoder,
  MAX_FILE_BYTES_HEADER,
  notSentNotice,
  readView,
  type BridgeCommand,
  type BridgeOutcome,
  type ViewDecoder,
} from './wire.js';

/** Options of `createRemoteElicitationQueue`. */
export interface RemoteElicitationQueueOptions {
  /** The bridge's URL (where `bridge.handle` is served). */
  url: string | URL;
  /** Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Sent with every request (an `Authorization` header, say); a function is asked each time. */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** `fetch`'s `credentials` (default `same-origin`: the page's cookies go to its own origin). */
  credentials?: RequestCredentials;
  /** A draft is sent this long after the person's last change (default 300 ms). */
  draftDelayMs?: number;
  /** How many times a command is tried before its optimistic change is undone (default 5). */
  attempts?: number;
}

/** The remote queue: an `ElicitationQueue`, plus `close()`. */
export interface RemoteElicitationQueue extends ElicitationQueue {
  /** Ends the event stream and pending retries. The snapshot stays as it was. */
  close(): void;
  /**
   * Why the bridge ended the stream for good (`too-many-streams`: the same principal opened more streams
   * than the bridge keeps, and this was the oldest), or `undefined` while it streams. It then stops
   * reconnecting; the snapshot stays as it was, and subscribers are called once.
   */
  readonly closedReason: string | undefined;
  /**
   * The bridge's `maxFileBytes`, as its event stream says (`undefined` until the stream opens, or from a
   * bridge that does not say): `ElicitationHost`'s file pickers refuse a larger file before reading it.
   */
  readonly maxFileBytes: number | undefined;
}

/**
 * What the page has done that the server has not confirmed yet; `sending`: the bridge said the answer is
 * on its way and its outcome is not known (shown so until the stream says so too).
 */
type Override = 'removed' | 'consented' | 'sending';

/** A command the bridge refused (4xx), by its HTTP status. */
interface Refusal {
  refused: number;
}

const EMPTY: ElicitationSnapshot = Object.freeze({ entries: Object.freeze([]), notices: Object.freeze([]) });

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Connects to a bridge and mirrors the principal's queue. `enqueue` and `enqueueRound` throw: requests come
 * from the MCP clients on the server. `complete` returns `false`: completion arrives through the stream.
 */
export function createRemoteElicitationQueue(options: RemoteElicitationQueueOptions): RemoteElicitationQueue {
  const url = String(options.url);
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  const draftDelayMs = options.draftDelayMs ?? 300;
  const attempts = Math.max(1, options.attempts ?? 5);
  const stopped = new AbortController();
  const headers = () => (typeof options.headers === 'function' ? options.headers() : (options.headers ?? {}));
  const credentials = options.credentials ?? 'same-origin';

  let server: { entries: readonly ElicitationEntry[]; notices: readonly ElicitationNotice[] } = EMPTY;
  let serverDrafts: Readonly<Record<string, Draft>> = {};
  /** Entry and notice objects by their JSON: an unchanged entry keeps its object, so its form keeps its state. */
  let known = new Map<string, ElicitationEntry | ElicitationNotice>();
  const overrides = new Map<string, Override>();
  const hiddenNotices = new Set<string>();
  /** `not-sent` notices of answers the bridge refused, by entry id: this page's own, never on the server. */
  const refusals = new Map<string, ElicitationNotice>();
  const localDrafts = new Map<string, { draft: Draft; text: string; timer?: ReturnType<typeof setTimeout> }>();
  // Entries and notices this page has told the bridge it shows (`markShown`).
  const shownIds = new Set<string>();
  /** Each command's `requestId` (128 random bits): Web Crypto asked for 16 at a time, not on every answer's way. */
  const nextRequestId = randomIds();
  let snapshot: ElicitationSnapshot = EMPTY;
  const listeners = new Set<() => void>();
  let lastEventId: string | undefined;
  let retryMs = 2_000;
  let maxFileBytes: number | undefined;
  /** Set once the bridge ends the stream for good (`closedReason`). */
  const ended: { reason?: string } = {};
  const isEnded = () => ended.reason !== undefined;
  /** Entries and notices as last built, by id: one the event did not change keeps its object. */
  let byId = new Map<string, ElicitationEntry | ElicitationNotice>();

  function publish(): void {
    const entries: ElicitationEntry[] = [];
    for (const entry of server.entries) {
      const override = overrides.get(entry.id);
      if (override === 'removed') continue;
      const consented = override === 'consented' && entry.kind === 'single';
      if (consented) entries.push(Object.freeze({ ...entry, status: 'consented' as const }));
      else if (override === 'sending' && entry.status === 'pending') {
        entries.push(Object.freeze({ ...entry, status: 'sending' as const }));
      } else entries.push(entry);
    }
    const notices = [...server.notices.filter((notice) => !hiddenNotices.has(notice.id)), ...refusals.values()];
    const same =
      entries.length === snapshot.entries.length &&
      entries.every((entry, index) => entry === snapshot.entries[index]) &&
      notices.length === snapshot.notices.length &&
      notices.every((notice, index) => notice === snapshot.notices[index]);
    if (same) return;
    snapshot = Object.freeze({ entries: Object.freeze(entries), notices: Object.freeze(notices) });
    for (const listener of [...listeners]) listener();
  }

  function reuse<T extends ElicitationEntry | ElicitationNotice>(
    item: T,
    next: Map<string, ElicitationEntry | ElicitationNotice>,
  ): T {
    const text = canonicalJson(item);
    // The same JSON is the same entry (ids are unique), so the cast keeps its kind.
    const object = (next.get(text) ?? known.get(text) ?? Object.freeze(item)) as T;
    next.set(text, object);
    return object;
  }

  /** Applies one event of the connection `decoder` reads; `false` when it cannot be (the stream is then read again). */
  function receive(data: string, decoder: ViewDecoder): boolean {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return false;
    }
    const decoded = decoder.apply(parsed);
    const view = decoded && readView(decoded.view);
    if (decoded === undefined || view === undefined) return false;
    const next = new Map<string, ElicitationEntry | ElicitationNotice>();
    const nextById = new Map<string, ElicitationEntry | ElicitationNotice>();
    // Unchanged since the last event: the same object. After a reconnect (a reset), the same JSON is.
    const keep = <T extends ElicitationEntry | ElicitationNotice>(item: T): T => {
      const before = decoded.changed.has(item.id) ? undefined : byId.get(item.id);
      const object = (before ?? (decoded.reset ? reuse(item, next) : Object.freeze(item))) as T;
      nextById.set(item.id, object);
      return object;
    };
    server = { entries: view.entries.map(keep), notices: view.notices.map(keep) };
    byId = nextById;
    if (decoded.reset) known = next;
    serverDrafts = view.drafts;
    // The server has heard the change once its entry left `pending` (or left): its view wins from then on.
    // An answer it shows as `sending` is its to show (then answered, or back with a `not-sent` notice).
    for (const [id, override] of overrides) {
      const entry = server.entries.find((item) => item.id === id);
      const heard =
        entry === undefined || entry.status === 'sending' || (override !== 'removed' && entry.status !== 'pending');
      if (heard) overrides.delete(id);
    }
    for (const id of hiddenNotices) if (!server.notices.some((notice) => notice.id === id)) hiddenNotices.delete(id);
    const pending = new Set(server.entries.filter((entry) => entry.status === 'pending').map((entry) => entry.id));
    // A refusal's notice stays while its entry waits for another answer.
    for (const id of refusals.keys()) if (!pending.has(id)) refusals.delete(id);
    for (const [id, local] of localDrafts) {
      if (pending.has(id)) continue;
      clearTimeout(local.timer);
      localDrafts.delete(id);
    }
    publish();
    return true;
  }

  async function connect(): Promise<void> {
    let failures = 0;
    while (!stopped.signal.aborted && !isEnded()) {
      const reading = new AbortController();
      const onStop = () => reading.abort();
      stopped.signal.addEventListener('abort', onStop, { once: true });
      try {
        const response = await send(url, {
          headers: {
            ...headers(),
            accept: 'text/event-stream',
            [BRIDGE_HEADER]: '1',
            ...(lastEventId !== undefined && { 'last-event-id': lastEventId }),
          },
          credentials,
          cache: 'no-store',
          signal: reading.signal,
        });
        if (!response.ok || response.body === null) throw new Error(`stream refused: ${response.status}`);
        failures = 0;
        const limit = Number(response.headers.get(MAX_FILE_BYTES_HEADER));
        maxFileBytes = Number.isSafeInteger(limit) && limit > 0 ? limit : undefined;
        // Events are changes to what this connection sent before; the first one holds everything.
        const decoder = createViewDecoder();
        await readSse(
          response.body,
          (event) => {
            if (event.type === CLOSED_EVENT) {
              let reason: unknown;
              try {
                reason = (JSON.parse(event.data) as { reason?: unknown } | null)?.reason;
              } catch {
                reason = undefined;
              }
              ended.reason = typeof reason === 'string' ? reason : CLOSED_EVENT;
              // The snapshot is unchanged; listeners are told so a host can say the view stopped updating.
              for (const listener of [...listeners]) listener();
              return;
            }
            if (reading.signal.aborted) return;
            // An event that cannot be applied: read the stream again from the last one that could.
            if (!receive(event.data, decoder)) {
              reading.abort();
              return;
            }
            if (event.id !== undefined) lastEventId = event.id;
          },
          (ms) => {
            retryMs = ms;
          },
        );
      } catch {
        failures += 1;
      } finally {
        stopped.signal.removeEventListener('abort', onStop);
      }
      if (isEnded()) break;
      // A dropped stream comes back after `retry`; a refused one backs off, up to 30 s.
      await sleep(Math.min(30_000, retryMs * 2 ** Math.max(0, failures - 1)), stopped.signal);
    }
  }

  /** POSTs a command, retrying with the same `requestId` (the bridge answers a retry as the first); `undefined` when it never got through. */
  async function command(body: BridgeCommand): Promise<BridgeOutcome | Refusal | undefined> {
    const withId = { ...body, requestId: nextRequestId() };
    for (let attempt = 0; attempt < attempts && !stopped.signal.aborted; attempt += 1) {
      if (attempt > 0) await sleep(250 * 2 ** (attempt - 1), stopped.signal);
      try {
        const response = await send(url, {
          method: 'POST',
          headers: { ...headers(), 'content-type': 'application/json', [BRIDGE_HEADER]: '1' },
          body: JSON.stringify(withId),
          credentials,
          signal: stopped.signal,
        });
        // A refusal of the command itself (4xx) will not change on a retry.
        if (response.status >= 400 && response.status < 500) return { refused: response.status };
        if (response.ok) return (await response.json()) as BridgeOutcome;
      } catch {
        // The network dropped it, or the response: the same requestId makes the next try safe.
      }
    }
    return undefined;
  }

  /** Applies `override` now; undoes it when the server did not take the command. */
  function optimistic(ids: readonly string[], override: Override, body: BridgeCommand): void {
    for (const id of ids) overrides.set(id, override);
    publish();
    void command(body).then((outcome) => {
      if (outcome !== undefined && 'status' in outcome && outcome.status === 'sending') {
        // Not a refusal: shown as being sent, not as a prompt to answer again (unless the stream moved on).
        for (const id of ids) if (overrides.get(id) === override) overrides.set(id, 'sending');
        publish();
        return;
      }
      const taken =
        outcome !== undefined &&
        (('status' in outcome && outcome.status === 'answered') ||
          ('ok' in outcome && outcome.ok) ||
          'count' in outcome);
      if (taken) return;
      for (const id of ids) if (overrides.get(id) === override) overrides.delete(id);
      // An answer the bridge refused (413: larger than the app takes) comes back with a notice saying why; the
      // form starts again from the draft the page kept.
      const entry = server.entries.find((item) => item.id === ids[0]);
      if (outcome !== undefined && 'refused' in outcome && body.type.startsWith('respond') && entry !== undefined) {
        // The refused file leaves the draft the form starts from: its field shows empty, under the notice that
        // says why, not as a file lost to a reload.
        const draft =
          localDrafts.get(entry.id)?.draft ?? (hasOwn(serverDrafts, entry.id) ? serverDrafts[entry.id] : undefined);
        const files =
          entry.kind === 'single' && entry.prompt.mode === 'form'
            ? fileKeys(entry.prompt.request.requestedSchema)
            : new Set<string>();
        if (draft !== undefined && [...files].some((key) => hasOwn(draft, key))) {
          const kept: Draft = Object.fromEntries(Object.entries(draft).filter(([key]) => !files.has(key)));
          // A draft still waiting to go out goes as it was: after a reload, the form says to choose the file again.
          const timer = localDrafts.get(entry.id)?.timer;
          localDrafts.set(entry.id, { draft: kept, text: canonicalJson(kept), ...(timer !== undefined && { timer }) });
        }
        refusals.set(
          entry.id,
          Object.freeze(
            notSentNotice(
              `refused.${randomId()}`,
              entry,
              outcome.refused === 413 ? tooLarge(files.size > 0 ? maxFileBytes : undefined) : undefined,
            ),
          ),
        );
      }
      publish();
    });
  }

  /**
   * What a person reads when the bridge refused an answer as too large (HTTP 413): the bridge's own sentence names
   * its byte limits and options, which is for the app's developer (it stays in the response).
   */
  function tooLarge(fileLimit: number | undefined): string {
    return fileLimit === undefined
      ? 'The answer is larger than this app can send.'
      : `This app sends files up to ${formatBytes(fileLimit)}: choose a smaller file.`;
  }

  function entryOf(id: string): ElicitationEntry | undefined {
    return snapshot.entries.find((entry) => entry.id === id);
  }

  void connect();

  return {
    get closedReason() {
      return ended.reason;
    },
    get maxFileBytes() {
      return maxFileBytes;
    },
    enqueue() {
      throw new Error('A remote queue shows requests; they are enqueued on the server (bridge.queueFor)');
    },
    enqueueRound() {
      throw new Error('A remote queue shows requests; they are enqueued on the server (bridge.queueFor)');
    },
    respond(entryId, result): RespondStatus {
      const entry = entryOf(entryId);
      if (entry === undefined || entry.status !== 'pending') return 'ignored';
      if (answerOf(entry, result) === undefined) return 'invalid';
      const waits =
        entry.kind === 'single' &&
        entry.prompt.mode === 'url' &&
        result.action === 'accept' &&
        entry.prompt.request.elicitationId !== undefined;
      optimistic([entryId], waits ? 'consented' : 'removed', { type: 'respond', entryId, result });
      return 'answered';
    },
    respondRound(entryId, results) {
      const entry = entryOf(entryId);
      if (entry === undefined || entry.status !== 'pending') return 'ignored';
      if (roundAnswerOf(entry, results) === undefined) return 'invalid';
      optimistic([entryId], 'removed', { type: 'respondRound', entryId, results: { ...results } });
      return 'answered';
    },
    complete() {
      return false;
    },
    dismiss(entryId) {
      const entry = entryOf(entryId);
      if (entry === undefined || entry.status === 'pending') return false;
      optimistic([entryId], 'removed', { type: 'dismiss', entryId });
      return true;
    },
    dismissNotice(noticeId) {
      if (!snapshot.notices.some((notice) => notice.id === noticeId)) return false;
      // This page's own notice: the bridge never had it.
      for (const [entryId, notice] of refusals) {
        if (notice.id !== noticeId) continue;
        refusals.delete(entryId);
        publish();
        return true;
      }
      hiddenNotices.add(noticeId);
      publish();
      void command({ type: 'dismissNotice', noticeId }).then((outcome) => {
        if (outcome !== undefined && 'ok' in outcome && outcome.ok) return;
        hiddenNotices.delete(noticeId);
        publish();
      });
      return true;
    },
    cancelAll(serverKey) {
      const mine = snapshot.entries.filter((entry) => serverKey === undefined || entry.serverKey === serverKey);
      if (mine.length === 0) return 0;
      const count = mine.filter((entry) => entry.status === 'pending').length;
      optimistic(
        mine.map((entry) => entry.id),
        'removed',
        { type: 'cancelAll', ...(serverKey !== undefined && { serverKey }) },
      );
      return count;
    },
    markShown(id) {
      // Told once per id while it is in view; the bridge's queue keeps the time it was first shown.
      const inView = new Set([...snapshot.entries, ...snapshot.notices].map((item) => item.id));
      for (const told of shownIds) if (!inView.has(told)) shownIds.delete(told);
      const own = [...refusals.values()].some((notice) => notice.id === id);
      if (inView.has(id) && !shownIds.has(id) && !own) {
        shownIds.add(id);
        void command({ type: 'shown', id });
      }
      return () => undefined;
    },
    subscribe(listener) {
      const own = () => listener();
      listeners.add(own);
      return () => {
        listeners.delete(own);
      };
    },
    getSnapshot() {
      return snapshot;
    },
    getDraft(entryId) {
      return localDrafts.get(entryId)?.draft ?? (hasOwn(serverDrafts, entryId) ? serverDrafts[entryId] : undefined);
    },
    saveDraft(entryId, draft) {
      const entry = entryOf(entryId);
      if (entry === undefined || entry.status !== 'pending') return;
      // Through JSON first: an emptied field (`undefined`) is absent, as the bridge keeps drafts.
      const copy = JSON.parse(JSON.stringify(draft)) as Draft;
      const text = canonicalJson(copy);
      const local = localDrafts.get(entryId);
      const stored = hasOwn(serverDrafts, entryId) ? canonicalJson(serverDrafts[entryId]) : undefined;
      if ((local?.text ?? stored) === text) return;
      clearTimeout(local?.timer);
      // Coalesced: the draft goes out once the person pauses, not on every keystroke.
      const timer = setTimeout(() => {
        void command({ type: 'saveDraft', entryId, draft: copy });
      }, draftDelayMs);
      localDrafts.set(entryId, { draft: copy, text, timer });
    },
    close() {
      stopped.abort();
      for (const local of localDrafts.values()) clearTimeout(local.timer);
    },
  };
}
