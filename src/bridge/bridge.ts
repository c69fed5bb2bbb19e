/**
 * `createElicitationBridge`: one elicitation queue per principal on the server, served to that principal's
 * browser over HTTP with the Fetch standard only (`Request` → `Response`), so it runs in Node, route
 * handlers, Bun, Deno and Workers. GET streams the principal's view as Server-Sent Events; POST takes one
 * JSON command. Security rules and the wire format are in `src/bridge/README.md`.
 */
import {
  createElicitationQueue,
  type Draft,
  type ElicitationPrompt,
  type ElicitationEntry,
  type ElicitationNotice,
  type ElicitationQueue,
  type ElicitationQueueOptions,
  type ElicitResult,
} from '../core/index.js';
import { hasOwn, isRecord, jsonText, ownValue, setOwn } from '../shared/path.js';
import {
  answerOf,
  fileKeys,
  formatBytes,
  parseCached,
  redactFileValue,
  roundAnswerOf,
  secretKeys,
} from '../core/internal.js';
import { createInProcessBroker, type BrokerView, type ElicitationBroker, type PublishedPart } from './broker.js';
import { randomId, randomIds } from '../shared/random-id.js';
import { createIdempotencyLedger, sha256 } from './ledger.js';
import {
  BRIDGE_HEADER,
  canonicalJson,
  CLOSED_EVENT,
  depthOf,
  encodeView,
  MAX_FILE_BYTES_HEADER,
  notSentNotice,
  readCommand,
  type BridgeCommand,
  type BridgeOutcome,
  type SentView,
  type StreamClosedReason,
} from './wire.js';

/** Options of `createElicitationBridge`. */
export interface ElicitationBridgeOptions {
  /**
   * Who sends `request` (a user or session id), or `null` when nobody is signed in (401). Read the
   * cookie or header your app already trusts; the bridge never guesses a principal.
   */
  authorize: (request: Request) => string | null | undefined | Promise<string | null | undefined>;
  /**
   * The app's public origins (`https://app.example`; a URL stands for its origin): the only pages that may
   * use the bridge. A request's `Origin` must be one of them; a GET without `Origin` (a same-origin fetch,
   * which browsers send without one) must be addressed to one of their hosts (`Host`), so a page reached
   * through another DNS name (DNS rebinding) is refused. Nothing is read from the request to widen this.
   * A function is asked on every request (for origins known only once the server listens).
   */
  allowedOrigins: readonly (string | URL)[] | (() => readonly (string | URL)[]);
  /** Shared with other instances (a Redis broker); default: one in-process broker of this bridge's own. */
  broker?: ElicitationBroker;
  /** Options of each principal's queue. */
  queueOptions?: ElicitationQueueOptions;
  /** The largest POST body, in bytes (default 65 536): more is refused with 413 before it is parsed. */
  maxBodyBytes?: number;
  /** The largest draft kept per entry, in bytes of JSON (default 16 384): more is refused with 413. */
  maxDraftBytes?: number;
  /**
   * The largest file (decoded bytes) an answer may carry for a SEP-2356 file field (default 10 485 760, 10 MiB).
   * While a principal's form asks for files, its POST bodies may be `maxBodyBytes` plus the base64 of each file
   * field's `maxSize`, each capped at this; a larger body is refused with 413, saying when this cap is the cause.
   */
  maxFileBytes?: number;
  /** How long a POST body may take to arrive (default 10 000 ms): a slower one is cut with 408. */
  bodyTimeoutMs?: number;
  /** How deep a POST body may nest (default 16; a command needs 6): deeper is refused with 400. */
  maxBodyDepth?: number;
  /** Bytes remembered per principal for `requestId` retries (default 262 144): the oldest ids go first. */
  maxIdempotencyBytes?: number;
  /**
   * Event streams per principal on this instance (default 8): one more closes the oldest, which gets a
   * `closed` event with `{"reason":"too-many-streams"}` (the remote queue then stops reconnecting).
   */
  maxStreamsPerPrincipal?: number;
  /** A comment line is sent on an idle stream this often (default 15 000 ms), so proxies keep it open. */
  heartbeatMs?: number;
  /** The reconnection delay the stream suggests to the browser (SSE `retry`, default 2 000 ms). */
  retryMs?: number;
}

/** A bridge: the queues on the server side, and the HTTP handler for the browser side. */
export interface ElicitationBridge {
  /** The principal's queue: attach that principal's MCP clients to it (`attachElicitation`). Same one each call. */
  queueFor(principal: string): ElicitationQueue;
  /** Serves the browser: GET streams the view, POST runs a command. Never throws. */
  handle(request: Request): Promise<Response>;
  /** This instance's id in the broker (entry ids start with it). */
  readonly instanceId: string;
  /** Stops serving routed commands and ends every open stream. */
  close(): void;
}

/** What the bridge keeps per principal on this instance. */
interface Principal {
  readonly queue: ElicitationQueue;
  /** Queue id → bridge id, and back: ids on the wire are random, never a counter another user could guess. */
  readonly wireIds: Map<string, string>;
  readonly localIds: Map<string, string>;
  /** By bridge id. */
  readonly drafts: Map<string, Draft>;
  /**
   * The answer each settled entry took (bridge id → SHA-256 of its canonical JSON, as it is computed): its
   * retry is `answered` again.
   */
  readonly answered: Map<string, Promise<string>>;
  /**
   * Queue ids whose routed answer is being committed in the broker, and when that ends: another answer to
   * one of them waits, then is judged against what the commit left.
   */
  readonly committing: Map<string, Promise<unknown>>;
}

/**
 * Answers this instance sent on to another one whose outcome was not known in time (the broker said
 * `sending`), by wire entry id, and the `not-sent` notices of those that were withdrawn.
 */
interface Outbox {
  /** `sending`: shown as such on every stream; `delivered`: answered, hidden until the holder's part says so. */
  readonly marks: Map<string, 'sending' | 'delivered'>;
  /** The entries as they were when their answers went out: a `not-sent` notice shows what was asked. */
  readonly entries: Map<string, ElicitationEntry>;
  readonly notices: Map<string, ElicitationNotice>;
}

/** How long a `delivered` mark hides its entry: far past the holder's publish of its own part. */
const DELIVERED_MARK_MS = 60_000;

/**
 * The most answers one principal may have marked at once on an instance: past it, made-up entry ids sent to
 * a stalled instance cannot grow the part (the oldest `delivered` marks go first, then nothing is marked).
 */
const MAX_MARKS = 256;

const MAX_ANSWERS_KEPT = 1_000;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

/** A refusal with a plain sentence that names what is wrong and never what was sent. */
function refuse(status: number, message: string, headers?: Record<string, string>): Response {
  return json(status, { error: message }, headers);
}

/** Drops the oldest keys beyond `limit` (a Map keeps insertion order). */
function trim<K, V>(map: Map<K, V>, limit: number): void {
  for (const key of map.keys()) {
    if (map.size <= limit) return;
    map.delete(key);
  }
}

/**
 * The body as text; `'too-large'` once it passes `limit` bytes, `'too-slow'` when it has not ended within
 * `timeoutMs` (a slow drip holds a connection and its buffers): the rest is not read.
 */
async function readLimited(
  request: Request,
  limit: number,
  timeoutMs: number,
  widen?: () => Promise<number>,
): Promise<{ text: string } | 'too-large' | 'too-slow'> {
  let wider = widen;
  // Whether `size` bytes fit, asking once for the wider limit (`widen`) when they do not.
  const fits = async (size: number): Promise<boolean> => {
    if (size <= limit) return true;
    const ask = wider;
    wider = undefined;
    if (ask !== undefined) limit = Math.max(limit, await ask());
    return size <= limit;
  };
  const declared = Number(request.headers.get('content-length') ?? '0');
  // Within the limit: no wider one is asked for, and nothing waits.
  if (declared > limit && !(await fits(declared))) return 'too-large';
  if (request.body === null) return { text: '' };
  const reader = request.body.getReader();
  const clock = { late: false };
  const timer = setTimeout(() => {
    clock.late = true;
    reader.cancel().catch(() => undefined);
  }, timeoutMs);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (clock.late) return 'too-slow';
      if (done) break;
      size += value.byteLength;
      if (size > limit && !(await fits(size))) {
        await reader.cancel();
        return 'too-large';
      }
      chunks.push(value);
    }
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
}

/** A copy that is plain JSON, or `undefined` when the value cannot be written as JSON. */
function jsonCopy<T>(value: T): T | undefined {
  try {
    const text = jsonText(value);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

/**
 * The answer as the MCP server may receive it from the browser: the action, and for a form's accept only
 * the properties its `requestedSchema` defines. `_meta` from the browser is dropped: `ElicitResult._meta`
 * (MCP 2025-11-25, "Elicitation") is the client's, and the page is not the client. The queue then checks
 * what is left against the schema.
 */
function reduceAnswer(prompt: ElicitationPrompt | undefined, result: unknown): unknown {
  if (!isRecord(result)) return result;
  const action = ownValue(result, 'action');
  const content = ownValue(result, 'content');
  if (action !== 'accept' || prompt?.mode !== 'form' || !isRecord(content)) return { action };
  const schema: unknown = prompt.request.requestedSchema;
  const properties = isRecord(schema) ? ownValue(schema, 'properties') : undefined;
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(content)) {
    if (isRecord(properties) && hasOwn(properties, key)) setOwn(kept, key, content[key]);
  }
  return { action, content: kept };
}

/** Each answer of a round reduced by its own prompt (keys the round lacks stay, for the queue to refuse). */
function reduceRound(entry: ElicitationEntry | undefined, results: unknown): unknown {
  if (!isRecord(results) || entry?.kind !== 'round') return results;
  const reduced: Record<string, unknown> = {};
  for (const key of Object.keys(results)) {
    const prompt = entry.prompts.find((item) => item.key === key);
    setOwn(reduced, key, reduceAnswer(prompt, results[key]));
  }
  return reduced;
}

/**
 * The view an event carries: every instance's part, entries and notices each in the order of the broker's
 * sequence (Redis's, or the in-process broker's), never a machine's clock: an instance whose clock is
 * behind cannot put a new request ahead of the one the person is reading, nor reorder notices.
 */
export function mergeParts(view: BrokerView): {
  entries: ElicitationEntry[];
  notices: ElicitationNotice[];
  drafts: Record<string, Draft>;
} {
  const entries: { at: number; entry: ElicitationEntry }[] = [];
  const notices: { at: number; notice: ElicitationNotice }[] = [];
  const drafts: Record<string, Draft> = {};
  const sending = new Set<string>();
  const delivered = new Set<string>();
  for (const part of Object.values(view.parts)) {
    for (const id of part.sending ?? []) sending.add(id);
    for (const id of part.delivered ?? []) delivered.add(id);
  }
  // An answer on its way shows as `sending` on every stream, not as a prompt to answer again; one known to
  // be answered goes at once, even while its holder's part still lists it.
  const marked = (entry: ElicitationEntry): ElicitationEntry =>
    entry.status === 'pending' && sending.has(entry.id) ? { ...entry, status: 'sending' } : entry;
  for (const instance of Object.keys(view.parts).sort()) {
    const part = view.parts[instance];
    if (part === undefined) continue;
    part.entries.forEach((entry, index) => {
      if (!delivered.has(entry.id)) entries.push({ at: part.arrivals[index] ?? 0, entry: marked(entry) });
    });
    part.notices.forEach((notice, index) => notices.push({ at: part.noticeArrivals[index] ?? 0, notice }));
    Object.assign(drafts, part.drafts);
  }
  // Stable sorts: one instance's entries keep its queue order at equal numbers.
  entries.sort((a, b) => a.at - b.at);
  notices.sort((a, b) => a.at - b.at);
  return { entries: entries.map((item) => item.entry), notices: notices.map((item) => item.notice), drafts };
}

/** `epoch-counter`, the SSE event id of a view: the principal's own sequence, so it tells nothing of others. */
function eventId(view: BrokerView): string {
  return `${view.epoch}-${view.counter}`;
}

/** Whether `view` is newer than the event id a client last saw (any id of another epoch is older). */
function isNewer(view: BrokerView, last: string | undefined): boolean {
  if (last === undefined) return true;
  const dash = last.lastIndexOf('-');
  if (last.slice(0, dash) !== view.epoch) return true;
  const seen = Number(last.slice(dash + 1));
  return !Number.isInteger(seen) || view.counter > seen;
}

/** The allow-list as serialized origins, and their hosts (for a same-origin GET, which has no `Origin`). */
function readAllowedOrigins(list: readonly (string | URL)[]): { origins: Set<string>; hosts: Set<string> } {
  if (!Array.isArray(list)) throw new TypeError("allowedOrigins must list the app's public origins");
  const origins = new Set<string>();
  const hosts = new Set<string>();
  for (const item of list) {
    const url = new URL(String(item));
    // `null` (file:, data:, sandboxed frames) names no one page: it can never be allowed.
    if (url.origin === 'null') throw new TypeError(`allowedOrigins: ${String(item)} has no origin`);
    origins.add(url.origin);
    hosts.add(url.host);
  }
  return { origins, hosts };
}

/** The host a request was addressed to: its `Host` header, else its URL's. */
function hostOf(request: Request): string {
  return request.headers.get('host') ?? new URL(request.url).host;
}

/**
 * `draft` without the values of the entry's secret fields, and with each file field's value reduced to its type and
 * size (of any of a round's forms: its drafts share one object). The key stays, so a reloaded page can ask for
 * the file again.
 */
function withoutSecrets(entry: ElicitationEntry, draft: Draft): Draft {
  const prompts = entry.kind === 'single' ? [entry.prompt] : entry.prompts;
  const secrets = new Set<string>();
  const files = new Set<string>();
  for (const prompt of prompts) {
    if (prompt.mode !== 'form') continue;
    for (const key of secretKeys(prompt.request.requestedSchema)) secrets.add(key);
    for (const key of fileKeys(prompt.request.requestedSchema)) files.add(key);
  }
  if (secrets.size === 0 && files.size === 0) return draft;
  const kept: Draft = {};
  for (const key of Object.keys(draft)) {
    // SEP-2356 ("Logging and telemetry"): file bytes are sensitive; a draft never holds them.
    if (files.has(key)) setOwn(kept, key, redactFileValue(draft[key]));
    else if (!secrets.has(key)) setOwn(kept, key, draft[key]);
  }
  return kept;
}

/** Room for one file field's `data:` URI around its base64: the media type, `;base64,`, the JSON key. */
const FILE_OVERHEAD_BYTES = 512;

/**
 * The `maxSize` of each file field of `entry`'s forms (`undefined`: the field names none), as core reads the
 * server's schema; a form core refuses takes no answer, so it makes no room.
 */
function fileSizes(entry: ElicitationEntry): (number | undefined)[] {
  const sizes: (number | undefined)[] = [];
  for (const prompt of entry.kind === 'single' ? [entry.prompt] : entry.prompts) {
    const parsed = prompt.mode === 'form' ? parseCached(prompt.request.requestedSchema) : undefined;
    if (parsed?.ok) for (const field of parsed.fields) if (field.kind === 'file') sizes.push(field.maxSize);
  }
  return sizes;
}

/** Creates a bridge. Its queues and their requests live in this process; the broker shares the view. */
export function createElicitationBridge(options: ElicitationBridgeOptions): ElicitationBridge {
  const broker = options.broker ?? createInProcessBroker();
  const maxBodyBytes = options.maxBodyBytes ?? 65_536;
  const maxDraftBytes = options.maxDraftBytes ?? 16_384;
  const maxFileBytes = options.maxFileBytes ?? 10_485_760;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const retryMs = options.retryMs ?? 2_000;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 10_000;
  const maxBodyDepth = options.maxBodyDepth ?? 16;
  const maxStreams = Math.max(1, options.maxStreamsPerPrincipal ?? 8);
  const listed = options.allowedOrigins;
  const fixed = typeof listed === 'function' ? undefined : readAllowedOrigins(listed);
  const allowed = () => fixed ?? readAllowedOrigins((listed as () => readonly (string | URL)[])());
  // A dot ends the instance part of every id: `route` reads it back from there.
  const instanceId = randomId(2);
  /**
   * The random part of entry and notice ids: 128 bits each, as `randomId()`'s, drawn from Web Crypto for many
   * ids at a time: a call into it per id costs microseconds on the way of every new request to its event.
   */
  const nextId = randomIds();
  const principals = new Map<string, Principal>();
  const ledger = createIdempotencyLedger(options.maxIdempotencyBytes ?? 262_144);
  /** Each principal's open streams on this instance, oldest first: a call closes one. */
  const streams = new Map<string, Set<(reason?: StreamClosedReason) => void>>();
  const encoder = new TextEncoder();
  const outboxes = new Map<string, Outbox>();
  const outboxTimers = new Set<ReturnType<typeof setTimeout>>();
  const noticeDurationMs = options.queueOptions?.noticeDurationMs ?? 10_000;
  const maxNotices = options.queueOptions?.maxNotices ?? 20;

  function partOf(state: Principal): PublishedPart {
    const snapshot = state.queue.getSnapshot();
    const wire = (localId: string): string => {
      let id = state.wireIds.get(localId);
      if (id === undefined) {
        id = `${instanceId}.${nextId()}`;
        state.wireIds.set(localId, id);
        state.localIds.set(id, localId);
      }
      return id;
    };
    const unreadable = (entry: ElicitationEntry): ElicitationEntry => ({
      ...entry,
      ...(entry.kind === 'single'
        ? {
            prompt: {
              mode: 'invalid',
              request: null,
              problem: { code: 'unreadable', message: 'The request cannot be written as JSON' },
            },
          }
        : { prompts: [] }),
    });
    // A request a host enqueued by hand might not be JSON; it still shows, to be declined.
    const entryOut = (entry: ElicitationEntry): ElicitationEntry =>
      jsonCopy({ ...entry, id: wire(entry.id) }) ?? unreadable({ ...entry, id: wire(entry.id) });
    const entries = snapshot.entries.map(entryOut);
    const notices = snapshot.notices.map((notice) => ({
      ...notice,
      id: wire(notice.id),
      entry: entryOut(notice.entry),
    }));
    const live = new Set([...snapshot.entries.map((entry) => entry.id), ...snapshot.notices.map((n) => n.id)]);
    const kept = new Set([...live, ...snapshot.notices.map((notice) => notice.entry.id)]);
    for (const [localId, id] of state.wireIds) {
      if (kept.has(localId)) continue;
      state.wireIds.delete(localId);
      state.localIds.delete(id);
    }
    // A draft lives while its entry waits for an answer: answered, cancelled or gone, it is dropped.
    const pending = new Set(entries.filter((entry) => entry.status === 'pending').map((entry) => entry.id));
    for (const id of state.drafts.keys()) if (!pending.has(id)) state.drafts.delete(id);
    // No arrival numbers: the broker numbers entries and notices from one sequence, never a clock.
    return {
      entries,
      notices,
      drafts: Object.fromEntries(state.drafts),
    };
  }

  function publish(principal: string): void {
    const state = principals.get(principal);
    const outbox = outboxes.get(principal);
    const own = state === undefined ? { entries: [], notices: [], drafts: {} } : partOf(state);
    const marks = [...(outbox?.marks ?? [])];
    const part: PublishedPart = {
      ...own,
      notices: [...own.notices, ...(outbox?.notices.values() ?? [])],
      ...(marks.length > 0 && {
        sending: marks.filter(([, mark]) => mark === 'sending').map(([id]) => id),
        delivered: marks.filter(([, mark]) => mark === 'delivered').map(([id]) => id),
      }),
    };
    const empty = part.entries.length === 0 && part.notices.length === 0 && marks.length === 0;
    void broker.publish(principal, instanceId, empty ? undefined : part).catch(() => undefined);
  }

  /** Runs `act` after `ms` (never when `Infinity`), unless the bridge closes first. */
  function after(ms: number, act: () => void): void {
    if (!Number.isFinite(ms)) return;
    const timer = setTimeout(() => {
      outboxTimers.delete(timer);
      act();
    }, ms);
    outboxTimers.add(timer);
  }

  function outboxOf(principal: string): Outbox {
    const known = outboxes.get(principal);
    if (known !== undefined) return known;
    const created: Outbox = { marks: new Map(), entries: new Map(), notices: new Map() };
    outboxes.set(principal, created);
    return created;
  }

  /** Forgets an outbox with nothing left in it. */
  function tidy(principal: string, outbox: Outbox): void {
    if (outbox.marks.size === 0 && outbox.notices.size === 0 && outboxes.get(principal) === outbox) {
      outboxes.delete(principal);
    }
  }

  /** The broker said `sending`: every stream shows the entry so until its outcome is known. */
  function markSending(principal: string, entryId: string): void {
    const outbox = outboxOf(principal);
    for (const [id, mark] of outbox.marks) {
      if (outbox.marks.size < MAX_MARKS) break;
      if (mark === 'delivered') outbox.marks.delete(id);
    }
    if (outbox.marks.size >= MAX_MARKS) return;
    outbox.marks.set(entryId, 'sending');
    // A notice that an earlier answer did not go through is past: a new one is on its way.
    for (const [id, notice] of outbox.notices) if (notice.entry.id === entryId) outbox.notices.delete(id);
    publish(principal);
    // What was asked, for the notice should this answer be withdrawn.
    void broker
      .read(principal)
      .then((view) => {
        const entry = mergeParts(view).entries.find((item) => item.id === entryId);
        if (entry !== undefined && outbox.marks.get(entryId) === 'sending') {
          outbox.entries.set(entryId, { ...entry, status: 'pending' });
        }
      })
      .catch(() => undefined);
  }

  /** The outcome of an answer that was `sending`: answered (hidden now), or withdrawn (back, with a notice). */
  function landed(principal: string, entryId: string, outcome: BridgeOutcome): void {
    const outbox = outboxOf(principal);
    if (outbox.marks.get(entryId) !== 'sending') return;
    const entry = outbox.entries.get(entryId);
    outbox.entries.delete(entryId);
    if ('status' in outcome && outcome.status === 'answered') {
      outbox.marks.set(entryId, 'delivered');
      after(DELIVERED_MARK_MS, () => {
        if (outbox.marks.get(entryId) !== 'delivered') return;
        outbox.marks.delete(entryId);
        tidy(principal, outbox);
        publish(principal);
      });
    } else {
      outbox.marks.delete(entryId);
      if (entry !== undefined) {
        const id = `${instanceId}.${nextId()}`;
        outbox.notices.set(id, notSentNotice(id, entry));
        trim(outbox.notices, maxNotices);
        after(noticeDurationMs, () => {
          if (!outbox.notices.delete(id)) return;
          tidy(principal, outbox);
          publish(principal);
        });
      }
      tidy(principal, outbox);
    }
    publish(principal);
  }

  function queueFor(principal: string): ElicitationQueue {
    if (typeof principal !== 'string' || principal === '') throw new TypeError('principal must be a non-empty string');
    const known = principals.get(principal);
    if (known !== undefined) return known.queue;
    const state: Principal = {
      queue: createElicitationQueue(options.queueOptions),
      wireIds: new Map(),
      localIds: new Map(),
      drafts: new Map(),
      answered: new Map(),
      committing: new Map(),
    };
    principals.set(principal, state);
    state.queue.subscribe(() => publish(principal));
    return state.queue;
  }

  /**
   * Runs a command on this instance. A missing id and another principal's id take the same path. An answer
   * routed with a `commit` (see `CommandExecutor`) is applied only once the broker committed it.
   */
  async function execute(
    principal: string,
    command: BridgeCommand,
    commit?: () => Promise<boolean>,
  ): Promise<BridgeOutcome> {
    // What a retry of an answer is known by (a short answer is hashed on the event loop, a long one by Web
    // Crypto off it: only a retry of a settled entry waits for that).
    const answer =
      command.type === 'respond' || command.type === 'respondRound'
        ? sha256(`${command.type}:${canonicalJson(command.type === 'respond' ? command.result : command.results)}`)
        : Promise.resolve('');
    // From here on nothing waits before a change: the look-up and the change happen in one turn.
    const state = principals.get(principal);
    const local = (id: string) => state?.localIds.get(id);
    switch (command.type) {
      case 'respond':
      case 'respondRound': {
        const kept = state?.answered.get(command.entryId);
        // The same answer again (a retry after a lost response) gets the status the first one got.
        if (kept !== undefined) return { status: (await kept) === (await answer) ? 'answered' : 'ignored' };
        const id = local(command.entryId);
        if (state === undefined || id === undefined) return { status: 'ignored' };
        // An entry whose routed answer is being committed takes no other answer until the commit is known.
        const busy = state.committing.get(id);
        if (busy !== undefined) return busy.then(() => execute(principal, command, commit));
        const entry = state.queue.getSnapshot().entries.find((item) => item.id === id);
        const prompt = entry?.kind === 'single' ? entry.prompt : undefined;
        const reduced =
          command.type === 'respond' ? reduceAnswer(prompt, command.result) : reduceRound(entry, command.results);
        if (commit !== undefined) {
          // Judged as the queue will judge it, before the commit: an answer that would not apply is never
          // recorded as applied. While the broker commits, the entry is held for this answer.
          if (entry?.status !== 'pending') return { status: 'ignored' };
          const answers = command.type === 'respond' ? answerOf(entry, reduced) : roundAnswerOf(entry, reduced);
          if (answers === undefined) return { status: 'invalid' };
          const committing = commit();
          const ends = committing.catch(() => undefined);
          state.committing.set(id, ends);
          let committed: boolean;
          try {
            committed = await committing;
          } finally {
            if (state.committing.get(id) === ends) state.committing.delete(id);
          }
          // Withdrawn by its sender (who told the person it was not sent), or another answer's claim.
          if (!committed) return { status: 'ignored' };
        }
        const status =
          command.type === 'respond'
            ? // The queue reads the answer as untrusted and refuses what does not conform (`invalid`).
              state.queue.respond(id, reduced as ElicitResult)
            : state.queue.respondRound(id, reduced as Record<string, ElicitResult>);
        if (status === 'answered') {
          state.answered.set(command.entryId, answer);
          trim(state.answered, MAX_ANSWERS_KEPT);
        }
        return { status };
      }
      case 'dismiss': {
        const id = local(command.entryId);
        return { ok: state !== undefined && id !== undefined && state.queue.dismiss(id) };
      }
      case 'dismissNotice': {
        const outbox = outboxes.get(principal);
        if (outbox?.notices.delete(command.noticeId) === true) {
          tidy(principal, outbox);
          publish(principal);
          return { ok: true };
        }
        const id = local(command.noticeId);
        return { ok: state !== undefined && id !== undefined && state.queue.dismissNotice(id) };
      }
      case 'shown': {
        // The page drew it once: marked shown, and released at once (the page's own view tells no more).
        const id = local(command.id);
        const release = state === undefined || id === undefined ? undefined : state.queue.markShown?.(id);
        release?.();
        return { ok: release !== undefined };
      }
      case 'cancelAll':
        // From the page, as its answers are: the person's (a browser cannot vouch for a reason of the host's).
        return { count: state === undefined ? 0 : state.queue.cancelAll(command.serverKey, { byPerson: true }) };
      case 'saveDraft': {
        const id = local(command.entryId);
        const entry = state?.queue.getSnapshot().entries.find((item) => item.id === id);
        if (state === undefined || entry === undefined || entry.status !== 'pending') return { ok: false };
        // A secret never reaches the bridge's memory, its broker or Redis, whatever a browser sends: MCP 2025-11-25,
        // "Elicitation" → "Security Considerations" (no credentials in form mode; the kit keeps them out of drafts).
        state.drafts.set(command.entryId, withoutSecrets(entry, command.draft));
        publish(principal);
        return { ok: true };
      }
      default:
        return command satisfies never;
    }
  }

  const stopServing = broker.serve(instanceId, execute);

  /** Runs a command where its entry lives; cancel-all runs on every instance holding a part. */
  async function dispatch(principal: string, command: BridgeCommand): Promise<BridgeOutcome> {
    if (command.type === 'cancelAll') {
      const view = await broker.read(principal);
      const instances = new Set([instanceId, ...Object.keys(view.parts)]);
      let count = 0;
      for (const instance of instances) {
        const outcome =
          instance === instanceId
            ? await execute(principal, command)
            : await broker.route(instance, principal, command);
        if (outcome !== undefined && 'count' in outcome) count += outcome.count;
      }
      return { count };
    }
    const id =
      command.type === 'dismissNotice' ? command.noticeId : command.type === 'shown' ? command.id : command.entryId;
    const instance = id.slice(0, Math.max(0, id.indexOf('.')));
    if (instance === instanceId) return execute(principal, command);
    if (instance === '') return execute(principal, command);
    if (command.type !== 'respond' && command.type !== 'respondRound') {
      // No such instance: answered exactly as an id it never had.
      return (await broker.route(instance, principal, command)) ?? execute(principal, command);
    }
    // The outcome of an answer reported `sending` may come before this call resumes: kept until then.
    const entryId = command.entryId;
    const track: { final?: BridgeOutcome; waiting: boolean } = { waiting: false };
    const routed = await broker.route(instance, principal, command, (final) => {
      if (track.waiting) landed(principal, entryId, final);
      else track.final = final;
    });
    if (routed !== undefined && 'status' in routed && routed.status === 'sending') {
      markSending(principal, entryId);
      track.waiting = true;
      if (track.final !== undefined) landed(principal, entryId, track.final);
    }
    return routed ?? execute(principal, command);
  }

  function stream(principal: string, request: Request): Response {
    const header = request.headers.get('last-event-id');
    let last = header === null || header === '' ? undefined : header;
    /** What this connection's client holds: each event carries only what changed since. */
    let sent: SentView | undefined;
    let closed = false;
    let dirty = false;
    let reading: Promise<void> = Promise.resolve();
    let stop = (_reason?: StreamClosedReason): void => {};
    let refresh = (): void => {};
    const mine = streams.get(principal) ?? new Set<(reason?: StreamClosedReason) => void>();
    streams.set(principal, mine);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const write = (text: string) => controller.enqueue(encoder.encode(text));
        refresh = (): void => {
          // A reader that does not keep up gets the latest changes when it asks again, not every step between.
          if ((controller.desiredSize ?? 1) <= 0) {
            dirty = true;
            return;
          }
          dirty = false;
          // One read at a time, in order: an older view is never sent after a newer one.
          reading = reading
            .then(async () => {
              const view = await broker.read(principal);
              if (closed || !isNewer(view, last)) return;
              last = eventId(view);
              const next = encodeView(mergeParts(view), sent);
              sent = next.sent;
              if (next.data !== undefined) write(`id: ${last}\ndata: ${JSON.stringify(next.data)}\n\n`);
            })
            .catch(() => stop());
        };
        const unsubscribe = broker.subscribe(principal, refresh);
        const timer = setInterval(() => {
          if (!closed && (controller.desiredSize ?? 1) > 0) write(': keep-alive\n\n');
        }, heartbeatMs);
        stop = (reason) => {
          if (closed) return;
          closed = true;
          unsubscribe();
          clearInterval(timer);
          mine.delete(stop);
          if (mine.size === 0 && streams.get(principal) === mine) streams.delete(principal);
          request.signal.removeEventListener('abort', onAbort);
          try {
            if (reason !== undefined) write(`event: ${CLOSED_EVENT}\ndata: ${JSON.stringify({ reason })}\n\n`);
            controller.close();
          } catch {
            // Already closed or errored by the reader's side.
          }
        };
        const onAbort = () => stop();
        // One stream too many: the oldest goes, and is told why.
        for (const oldest of mine) {
          if (mine.size < maxStreams) break;
          oldest('too-many-streams');
        }
        mine.add(stop);
        request.signal.addEventListener('abort', onAbort);
        write(`retry: ${retryMs}\n\n`);
        refresh();
      },
      pull() {
        if (dirty && !closed) refresh();
      },
      cancel() {
        stop();
      },
    });
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        [MAX_FILE_BYTES_HEADER]: String(maxFileBytes),
      },
    });
  }

  /**
   * Whether the request comes from the app's own pages: the custom header (a cross-site form or EventSource
   * cannot set it, and a cross-site fetch with it needs a CORS preflight the bridge never grants), then the
   * `Origin` on the allow-list. Browsers send `Origin` with every POST but not with a same-origin GET (Fetch
   * standard, "append a request `Origin` header"): such a GET must name an allowed host, since a page
   * reached through a rebound DNS name is same-origin with itself and sends that name as `Host`.
   */
  function refusal(request: Request): Response | undefined {
    if (request.headers.get(BRIDGE_HEADER) !== '1') {
      return refuse(403, `A request must carry the header ${BRIDGE_HEADER}: 1`);
    }
    const origin = request.headers.get('origin');
    const { origins, hosts } = allowed();
    if (origin !== null ? origins.has(origin) : request.method === 'GET' && hosts.has(hostOf(request))) {
      return undefined;
    }
    return refuse(403, 'This origin may not use the bridge');
  }

  /**
   * The body a principal's answer may take: `maxBodyBytes`, plus, for its pending entry with the most room for files,
   * the base64 of each file field's `maxSize` (SEP-2356) capped at `maxFileBytes`; and whether that cap cut it.
   */
  function bodyLimit(entries: readonly ElicitationEntry[]): { bytes: number; capped?: { wanted: number } } {
    let room = 0;
    let wanted = 0;
    for (const entry of entries) {
      if (entry.status !== 'pending') continue;
      const sizes = fileSizes(entry);
      const files = sizes.reduce<number>(
        (sum, size) => sum + 4 * Math.ceil(Math.min(size ?? maxFileBytes, maxFileBytes) / 3) + FILE_OVERHEAD_BYTES,
        0,
      );
      room = Math.max(room, files);
      wanted = Math.max(
        wanted,
        sizes.reduce<number>((sum, size) => sum + (size !== undefined && size > maxFileBytes ? size : 0), 0),
      );
    }
    return { bytes: maxBodyBytes + room, ...(wanted > 0 && { capped: { wanted } }) };
  }

  async function post(principal: string, request: Request): Promise<Response> {
    const type = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) return refuse(415, 'The body must be application/json');
    // The room for files of the entries this instance holds; a larger body may answer one another instance
    // holds, so the shared view is read for it (only then: most bodies are small).
    let limit = bodyLimit(principals.get(principal)?.queue.getSnapshot().entries ?? []);
    const shared = async (): Promise<number> => {
      try {
        limit = bodyLimit(mergeParts(await broker.read(principal)).entries);
      } catch {
        // The shared view could not be read (the broker is down): the local limit stands.
      }
      return limit.bytes;
    };
    let read: Awaited<ReturnType<typeof readLimited>>;
    try {
      read = await readLimited(request, limit.bytes, bodyTimeoutMs, shared);
    } catch {
      return refuse(400, 'The body is not valid UTF-8');
    }
    if (read === 'too-large') {
      return refuse(
        413,
        limit.capped === undefined
          ? `The body is larger than ${limit.bytes} bytes`
          : `The body is larger than ${limit.bytes} bytes: this app takes files up to ${formatBytes(maxFileBytes)} (maxFileBytes), less than the ${formatBytes(limit.capped.wanted)} the server accepts`,
      );
    }
    if (read === 'too-slow') return refuse(408, `The body did not arrive within ${bodyTimeoutMs} ms`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(read.text);
    } catch {
      return refuse(400, 'The body is not valid JSON');
    }
    // Refused before anything walks it: a deep body would overflow the stack of what reads it next.
    if (depthOf(parsed, maxBodyDepth) > maxBodyDepth) {
      return refuse(400, `The body nests deeper than ${maxBodyDepth} levels`);
    }
    const command = readCommand(parsed);
    if ('error' in command) return refuse(400, command.error);
    // Judged before the entry is looked up, so the size of a draft never tells whether an entry exists.
    if (command.type === 'saveDraft' && encoder.encode(JSON.stringify(command.draft)).byteLength > maxDraftBytes) {
      return refuse(413, `The draft is larger than ${maxDraftBytes} bytes`);
    }
    const { requestId } = command;
    if (requestId === undefined) return json(200, await dispatch(principal, command));
    const { requestId: _, ...rest } = command;
    const hashOf = () => sha256(canonicalJson(rest));
    const seen = ledger.get(principal, requestId);
    if (seen !== undefined) {
      if ((await seen.hash) !== (await hashOf())) return refuse(409, 'This requestId was used for another command');
      return json(200, await seen.outcome);
    }
    const outcome = dispatch(principal, command);
    // Hashed once the command has run, not on its way: only a retry of this id reads the hash, and it waits
    // for the outcome anyway. The command is held meanwhile by `dispatch` itself.
    const hash = outcome.then(hashOf, hashOf);
    ledger.remember(principal, requestId, hash, outcome);
    return json(200, await outcome);
  }

  return {
    instanceId,
    queueFor,
    async handle(request) {
      try {
        const principal = await options.authorize(request);
        // 401 and nothing else: not even whether the path or the method exist.
        if (typeof principal !== 'string' || principal === '') return new Response(null, { status: 401 });
        if (request.method !== 'GET' && request.method !== 'POST') {
          return refuse(405, 'Use GET for the event stream and POST for commands', { allow: 'GET, POST' });
        }
        const refused = refusal(request);
        if (refused !== undefined) return refused;
        if (request.method === 'GET') return stream(principal, request);
        return await post(principal, request);
      } catch {
        // The error may quote what was sent (a person's answer): it stays on the server.
        return refuse(500, 'The bridge failed to handle this request');
      }
    },
    close() {
      stopServing();
      for (const timer of outboxTimers) clearTimeout(timer);
      outboxTimers.clear();
      for (const mine of [...streams.values()]) for (const stop of [...mine]) stop();
    },
  };
}
