/**
 * `createElicitationBridge`: one elicitation queue per principal on the server, served to that principal's
 * browser over HTTP with the Fetch standard only (`Request` → `Response`), so it runs in Node, route
 * handlers, Bun, Deno and Workers. GET streams the principal's view as Server-Sent Events; POST takes one
 * JSON command. Security rules and the wire format are in `src/bridge/README.md`.
 */
import {
  createElicitationQueue,
  type Draft,
  type ElicitationEntry,
  type ElicitationNotice,
  type ElicitationQueue,
  type ElicitationQueueOptions,
  type ElicitResult,
} from '../core/index.js';
import { jsonText } from '../shared/path.js';
import { createInProcessBroker, type BridgePart, type BrokerView, type ElicitationBroker } from './broker.js';
import { randomId } from '../shared/random-id.js';
import { BRIDGE_HEADER, canonicalJson, readCommand, type BridgeCommand, type BridgeOutcome } from './wire.js';

/** Options of `createElicitationBridge`. */
export interface ElicitationBridgeOptions {
  /**
   * Who sends `request` (a user or session id), or `null` when nobody is signed in (401). Read the
   * cookie or header your app already trusts; the bridge never guesses a principal.
   */
  authorize: (request: Request) => string | null | undefined | Promise<string | null | undefined>;
  /**
   * Origins a POST may come from (`https://app.example`). Default: the request URL's own origin only.
   * Behind a proxy that rewrites the URL, list the public origin here.
   */
  allowedOrigins?: readonly string[];
  /** Shared with other instances (a Redis broker); default: one in-process broker of this bridge's own. */
  broker?: ElicitationBroker;
  /** Options of each principal's queue. */
  queueOptions?: ElicitationQueueOptions;
  /** The largest POST body, in bytes (default 65 536): more is refused with 413 before it is parsed. */
  maxBodyBytes?: number;
  /** The largest draft kept per entry, in bytes of JSON (default 16 384): more is refused with 413. */
  maxDraftBytes?: number;
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
  readonly arrivals: Map<string, number>;
  /** By bridge id. */
  readonly drafts: Map<string, Draft>;
  /** The answer each settled entry took (bridge id → canonical JSON): its retry is `answered` again. */
  readonly answered: Map<string, string>;
}

const MAX_ANSWERS_KEPT = 1_000;
const MAX_REQUEST_IDS_KEPT = 10_000;

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

/** The body as text, or `undefined` once it passes `limit` bytes (the rest is not read). */
async function readLimited(request: Request, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) return undefined;
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
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

/** The view an event carries: every instance's part, entries in arrival order, notices oldest first. */
export function mergeParts(view: BrokerView): {
  entries: ElicitationEntry[];
  notices: ElicitationNotice[];
  drafts: Record<string, Draft>;
} {
  const timed: { at: number; entry: ElicitationEntry }[] = [];
  const notices: ElicitationNotice[] = [];
  const drafts: Record<string, Draft> = {};
  for (const instance of Object.keys(view.parts).sort()) {
    const part = view.parts[instance];
    if (part === undefined) continue;
    part.entries.forEach((entry, index) => timed.push({ at: part.arrivals[index] ?? 0, entry }));
    notices.push(...part.notices);
    Object.assign(drafts, part.drafts);
  }
  // Stable sorts: one instance's entries keep its queue order at equal times.
  timed.sort((a, b) => a.at - b.at);
  notices.sort((a, b) => a.at - b.at);
  return { entries: timed.map((item) => item.entry), notices, drafts };
}

/** `epoch-counter`, the SSE event id of a view. */
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

/** Creates a bridge. Its queues and their requests live in this process; the broker shares the view. */
export function createElicitationBridge(options: ElicitationBridgeOptions): ElicitationBridge {
  const broker = options.broker ?? createInProcessBroker();
  const maxBodyBytes = options.maxBodyBytes ?? 65_536;
  const maxDraftBytes = options.maxDraftBytes ?? 16_384;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const retryMs = options.retryMs ?? 2_000;
  // A dot ends the instance part of every id: `route` reads it back from there.
  const instanceId = randomId(2);
  const principals = new Map<string, Principal>();
  /** The outcome of each request id (`principal NUL id` → canonical command and its outcome). */
  const byRequestId = new Map<string, { command: string; outcome: Promise<BridgeOutcome> }>();
  const streams = new Set<() => void>();
  const encoder = new TextEncoder();

  function partOf(state: Principal): BridgePart {
    const snapshot = state.queue.getSnapshot();
    const wire = (localId: string): string => {
      let id = state.wireIds.get(localId);
      if (id === undefined) {
        id = `${instanceId}.${randomId()}`;
        state.wireIds.set(localId, id);
        state.localIds.set(id, localId);
        state.arrivals.set(localId, Date.now());
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
      state.arrivals.delete(localId);
    }
    // A draft lives while its entry waits for an answer: answered, cancelled or gone, it is dropped.
    const pending = new Set(entries.filter((entry) => entry.status === 'pending').map((entry) => entry.id));
    for (const id of state.drafts.keys()) if (!pending.has(id)) state.drafts.delete(id);
    return {
      entries,
      arrivals: snapshot.entries.map((entry) => state.arrivals.get(entry.id) ?? 0),
      notices,
      drafts: Object.fromEntries(state.drafts),
    };
  }

  function publish(principal: string, state: Principal): void {
    const part = partOf(state);
    const empty = part.entries.length === 0 && part.notices.length === 0;
    void broker.publish(principal, instanceId, empty ? undefined : part).catch(() => undefined);
  }

  function queueFor(principal: string): ElicitationQueue {
    if (typeof principal !== 'string' || principal === '') throw new TypeError('principal must be a non-empty string');
    const known = principals.get(principal);
    if (known !== undefined) return known.queue;
    const state: Principal = {
      queue: createElicitationQueue(options.queueOptions),
      wireIds: new Map(),
      localIds: new Map(),
      arrivals: new Map(),
      drafts: new Map(),
      answered: new Map(),
    };
    principals.set(principal, state);
    state.queue.subscribe(() => publish(principal, state));
    return state.queue;
  }

  /** Runs a command on this instance. A missing id and another principal's id take the same path. */
  function execute(principal: string, command: BridgeCommand): BridgeOutcome {
    const state = principals.get(principal);
    const local = (id: string) => state?.localIds.get(id);
    switch (command.type) {
      case 'respond':
      case 'respondRound': {
        const answer = canonicalJson(command.type === 'respond' ? command.result : command.results);
        const kept = state?.answered.get(command.entryId);
        // The same answer again (a retry after a lost response) gets the status the first one got.
        if (kept !== undefined) return { status: kept === `${command.type}:${answer}` ? 'answered' : 'ignored' };
        const id = local(command.entryId);
        if (state === undefined || id === undefined) return { status: 'ignored' };
        const status =
          command.type === 'respond'
            ? // The queue reads the answer as untrusted and refuses what does not conform (`invalid`).
              state.queue.respond(id, command.result as ElicitResult)
            : state.queue.respondRound(id, command.results as Record<string, ElicitResult>);
        if (status === 'answered') {
          state.answered.set(command.entryId, `${command.type}:${answer}`);
          trim(state.answered, MAX_ANSWERS_KEPT);
        }
        return { status };
      }
      case 'dismiss': {
        const id = local(command.entryId);
        return { ok: state !== undefined && id !== undefined && state.queue.dismiss(id) };
      }
      case 'dismissNotice': {
        const id = local(command.noticeId);
        return { ok: state !== undefined && id !== undefined && state.queue.dismissNotice(id) };
      }
      case 'cancelAll':
        return { count: state === undefined ? 0 : state.queue.cancelAll(command.serverKey) };
      case 'saveDraft': {
        const id = local(command.entryId);
        const entry = state?.queue.getSnapshot().entries.find((item) => item.id === id);
        if (state === undefined || entry === undefined || entry.status !== 'pending') return { ok: false };
        state.drafts.set(command.entryId, command.draft);
        publish(principal, state);
        return { ok: true };
      }
      default:
        return command satisfies never;
    }
  }

  const stopServing = broker.serve(instanceId, (principal, command) => Promise.resolve(execute(principal, command)));

  /** Runs a command where its entry lives; cancel-all runs on every instance holding a part. */
  async function dispatch(principal: string, command: BridgeCommand): Promise<BridgeOutcome> {
    if (command.type === 'cancelAll') {
      const view = await broker.read(principal);
      const instances = new Set([instanceId, ...Object.keys(view.parts)]);
      let count = 0;
      for (const instance of instances) {
        const outcome =
          instance === instanceId ? execute(principal, command) : await broker.route(instance, principal, command);
        if (outcome !== undefined && 'count' in outcome) count += outcome.count;
      }
      return { count };
    }
    const id = command.type === 'dismissNotice' ? command.noticeId : command.entryId;
    const instance = id.slice(0, Math.max(0, id.indexOf('.')));
    if (instance === instanceId) return execute(principal, command);
    const routed = instance === '' ? undefined : await broker.route(instance, principal, command);
    // No such instance: answered exactly as an id it never had.
    return routed ?? execute(principal, command);
  }

  function stream(principal: string, request: Request): Response {
    const header = request.headers.get('last-event-id');
    let last = header === null || header === '' ? undefined : header;
    let closed = false;
    let dirty = false;
    let reading: Promise<void> = Promise.resolve();
    let stop = (): void => {};
    let refresh = (): void => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const write = (text: string) => controller.enqueue(encoder.encode(text));
        refresh = (): void => {
          // A reader that does not keep up gets the latest view when it asks again, not every one between.
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
              write(`id: ${last}\ndata: ${JSON.stringify(mergeParts(view))}\n\n`);
            })
            .catch(() => stop());
        };
        const unsubscribe = broker.subscribe(principal, refresh);
        const timer = setInterval(() => {
          if (!closed && (controller.desiredSize ?? 1) > 0) write(': keep-alive\n\n');
        }, heartbeatMs);
        stop = () => {
          if (closed) return;
          closed = true;
          unsubscribe();
          clearInterval(timer);
          streams.delete(stop);
          request.signal.removeEventListener('abort', stop);
          try {
            controller.close();
          } catch {
            // Already closed or errored by the reader's side.
          }
        };
        streams.add(stop);
        request.signal.addEventListener('abort', stop);
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
      },
    });
  }

  function originAllowed(request: Request): boolean {
    const origin = request.headers.get('origin');
    if (origin === null) return false;
    const allowed = options.allowedOrigins ?? [new URL(request.url).origin];
    return allowed.includes(origin);
  }

  async function post(principal: string, request: Request): Promise<Response> {
    if (request.headers.get(BRIDGE_HEADER) !== '1') {
      return refuse(403, `A command must carry the header ${BRIDGE_HEADER}: 1`);
    }
    if (!originAllowed(request)) return refuse(403, 'This origin may not send commands');
    const type = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) return refuse(415, 'The body must be application/json');
    let text: string | undefined;
    try {
      text = await readLimited(request, maxBodyBytes);
    } catch {
      return refuse(400, 'The body is not valid UTF-8');
    }
    if (text === undefined) return refuse(413, `The body is larger than ${maxBodyBytes} bytes`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return refuse(400, 'The body is not valid JSON');
    }
    const command = readCommand(parsed);
    if ('error' in command) return refuse(400, command.error);
    // Judged before the entry is looked up, so the size of a draft never tells whether an entry exists.
    if (command.type === 'saveDraft' && encoder.encode(JSON.stringify(command.draft)).byteLength > maxDraftBytes) {
      return refuse(413, `The draft is larger than ${maxDraftBytes} bytes`);
    }
    const { requestId } = command;
    if (requestId === undefined) return json(200, await dispatch(principal, command));
    const key = `${principal}\u0000${requestId}`;
    const { requestId: _, ...rest } = command;
    const fingerprint = canonicalJson(rest);
    const seen = byRequestId.get(key);
    if (seen !== undefined) {
      if (seen.command !== fingerprint) return refuse(409, 'This requestId was used for another command');
      return json(200, await seen.outcome);
    }
    const outcome = dispatch(principal, command);
    byRequestId.set(key, { command: fingerprint, outcome });
    trim(byRequestId, MAX_REQUEST_IDS_KEPT);
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
        if (request.method === 'GET') return stream(principal, request);
        if (request.method === 'POST') return await post(principal, request);
        return refuse(405, 'Use GET for the event stream and POST for commands', { allow: 'GET, POST' });
      } catch {
        // The error may quote what was sent (a person's answer): it stays on the server.
        return refuse(500, 'The bridge failed to handle this request');
      }
    },
    close() {
      stopServing();
      for (const stop of [...streams]) stop();
    },
  };
}
