/** The types of the elicitation queue: entries, prompts, snapshots, and the queue itself. */
import type { ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult } from './types.js';

/** Who is asking, as the person sees it. A label, never an identity: two servers may report one name. */
export interface ElicitationServer {
  /** Shown to the person (`serverInfo.name`, or what the host calls the server). */
  readonly name: string;
  /** Shown beside the name; when given and `origin.serverKey` is not, it is also the server's key. */
  readonly id?: string;
}

/** Where a request comes from and how long its server waits. */
export interface ElicitationOrigin {
  /** Who asks; shown to the person. */
  readonly server: ElicitationServer;
  /**
   * The connection the request came on: `complete`, `cancelAll` and `maxEntriesPerServer` go by it,
   * so one server can never complete, cancel or crowd out another's requests. `attachElicitation`
   * gives each attachment its own. Default: `server.id`, else `server.name` (for hosts that
   * enqueue by hand and know their names are unique).
   */
  readonly serverKey?: string;
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
export interface EntryCommon {
  /** Unique within this queue; pass it to `respond`, `respondRound`, `dismiss`. */
  readonly id: string;
  /** Who asks (show it: SPEC §3 says the person must see which server is asking). */
  readonly server: ElicitationServer;
  /** `origin.serverKey`, else `server.id`, else `server.name`: pass it to `cancelAll` and `complete`. */
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
   * (no server name, a non-finite deadline) is a programming error: it throws a `TypeError`. A form
   * with a `pattern` appears once the pattern engine has loaded (it starts the load), so that it can
   * be answered; requests arriving meanwhile appear after it, in order.
   */
  enqueue(request: unknown, origin: ElicitationOrigin): Promise<ElicitResult>;
  /**
   * Shows several requests as one entry (a 2026-07-28 round) and resolves with an answer per key.
   * An empty round resolves `{}` at once.
   */
  enqueueRound(
    requests: Readonly<Record<string, unknown>>,
    origin: ElicitationOrigin,
  ): Promise<Record<string, ElicitResult>>;
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
