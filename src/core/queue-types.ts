/** The types of the elicitation queue: entries, prompts, snapshots, and the queue itself. */
import type { Draft } from './draft.js';
import type { ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult } from './types.js';

/** Who is asking, as the person sees it. A label, never an identity: two servers may report one name. */
export interface ElicitationServer {
  /** Shown to the person (`serverInfo.name`, or what the host calls the server). */
  readonly name: string;
  /** Shown beside the name; when given and `origin.serverKey` is not, it is also the server's key. */
  readonly id?: string;
  /**
   * What the request belongs to, shown under the name: an ACP agent's session, tool call or request (ACP v1,
   * "Elicitation" → "Creating an elicitation": scope). Text from the agent, shown isolated as the name is. The queue
   * keeps it as given, neither copied nor checked: the ACP adapter builds it checked and frozen, and the bridge's
   * reader takes one off the network only with text values; views draw its values as text.
   */
  readonly scope?: ElicitationScope;
}

/** The scope of a request (ACP v1 `elicitation/create`: `sessionId` with an optional `toolCallId`, or `requestId`). */
export interface ElicitationScope {
  readonly sessionId?: string;
  readonly toolCallId?: string;
  /** The agent's JSON-RPC request the elicitation belongs to, outside a session (as text). */
  readonly requestId?: string;
}

/** Where a request comes from and how long its server waits. */
export interface ElicitationOrigin {
  readonly server: ElicitationServer;
  /**
   * The connection the request came on: `complete`, `cancelAll` and `maxEntriesPerServer` go by it, so one
   * server cannot complete, cancel or crowd out another's. Default: `server.id`, else `server.name`.
   */
  readonly serverKey?: string;
  /** Fires when the server stops waiting (the SDK's per-request signal). */
  readonly signal?: AbortSignal;
  /** Epoch milliseconds after which the server stops waiting. */
  readonly deadline?: number;
}

/** Why a request could not be read as a form or URL elicitation. */
export const REQUEST_PROBLEM_CODES = [
  'not-object',
  /** Reading the request threw (a hostile getter or Proxy). */
  'unreadable',
  'unknown-mode',
  /** `mode` is `"url"` where only a form can be shown (`ElicitationForm`). */
  'not-form',
  'message-invalid',
  'schema-invalid',
  'url-invalid',
  'elicitation-id-invalid',
] as const;

/** A request problem code. */
export type RequestProblemCode = (typeof REQUEST_PROBLEM_CODES)[number];

/** What is wrong with a request that is shown as `invalid`. */
export interface RequestProblem {
  readonly code: RequestProblemCode;
  /** A plain sentence for the person or the developer. */
  readonly message: string;
}

/** One request as the person should see it, classified by mode. */
export type ElicitationPrompt =
  | {
      /** Form mode; `parseRequestedSchema` judges the schema. */
      readonly mode: 'form';
      readonly request: ElicitRequestFormParams;
    }
  | {
      /** A URL to open after consent (MCP 2025-11-25, "Elicitation" → "Security Considerations"); `request.elicitationId` exists in 2025-11-25 only. */
      readonly mode: 'url';
      readonly request: ElicitRequestURLParams;
    }
  | {
      /** Not readable as either: offer decline and cancel, and show `problem`. */
      readonly mode: 'invalid';
      readonly request: unknown;
      readonly problem: RequestProblem;
    };

/** One request of a round, with the key its answer goes back under. */
export type RoundPrompt = ElicitationPrompt & {
  readonly key: string;
};

/**
 * `pending`: waits for an answer. `consented`: URL accepted, waits for completion. `completed`: done.
 * `sending`: a remote queue only: the person's answer is on its way to the server instance holding the
 * request and its outcome is not known yet (show it as being sent, not as a prompt to answer again).
 */
export type EntryStatus = 'pending' | 'consented' | 'completed' | 'sending';

/** What every entry has. */
export interface EntryCommon {
  /** Unique within this queue; pass it to `respond`, `respondRound`, `dismiss`. */
  readonly id: string;
  /** Who asks (show it: MCP 2025-11-25, "Elicitation" → "Security Considerations": the person must see which server is asking). */
  readonly server: ElicitationServer;
  /** `origin.serverKey`, else `server.id`, else `server.name`: pass it to `cancelAll` and `complete`. */
  readonly serverKey: string;
  /** When the server stops waiting (epoch ms), if it said. */
  readonly deadline?: number;
}

/** One request, answered with `respond`. */
export interface SingleElicitationEntry extends EntryCommon {
  readonly kind: 'single';
  readonly prompt: ElicitationPrompt;
  /** Only URL entries with an `elicitationId` ever leave `pending` without leaving the queue. */
  readonly status: EntryStatus;
}

/** Several requests of one 2026-07-28 round, shown together and answered with `respondRound`. */
export interface RoundElicitationEntry extends EntryCommon {
  readonly kind: 'round';
  /** In the order the server listed them. */
  readonly prompts: readonly RoundPrompt[];
  /**
   * A round leaves the queue when answered (2026-07-28 URL mode has no completion to wait for); `sending`
   * as for a single entry (a remote queue only).
   */
  readonly status: 'pending' | 'sending';
}

/** An entry of the queue. */
export type ElicitationEntry = SingleElicitationEntry | RoundElicitationEntry;

/** The `_meta` key under which every answer the kit gives without the person carries its reason. */
export const REASON_META_KEY = 'mcp-elicit-kit/reason';

/**
 * Why the kit answered `cancel` on its own (under `_meta["mcp-elicit-kit/reason"]`). Only a person's
 * Decline is `decline` (MCP 2025-11-25, "Elicitation" → "Response Actions": decline is an explicit "no").
 */
export const CANCEL_REASONS = [
  /** No view showed the request within `unseenTimeoutMs`. */
  'not-shown',
  /** The host ended it: `cancelAll` (closing a connection, leaving a page). */
  'host-closed',
  /** The kit will not show it: over `maxEntriesPerServer`, or a round's request it cannot answer. */
  'refused',
  /** The server's deadline passed. */
  'deadline',
  /** The server stopped waiting (its signal fired): MCP cancellation, nothing is sent to it. */
  'aborted',
] as const;

/** A reason the kit answered `cancel` on its own. */
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Who settled a request: the person, the host (`cancelAll`, a refusal), a time limit, or the server. */
export type AnsweredBy = 'person' | 'host' | 'timeout' | 'server';

/** What the queue reports once per request it settled (`onSettled`): times and outcome, never content. */
export interface ElicitationRecord {
  /** The entry's id; `null` for a request answered before it became one (aborted, past its deadline, refused). */
  readonly entryId: string | null;
  readonly serverKey: string;
  readonly server: ElicitationServer;
  /** `single`, or `round` (several requests, one action each). */
  readonly kind: 'single' | 'round';
  /** When `enqueue` or `enqueueRound` was called (epoch ms). */
  readonly arrivedAt: number;
  /** When a view first showed it (epoch ms); `null`: never shown. */
  readonly firstShownAt: number | null;
  /** When it was settled (epoch ms). */
  readonly settledAt: number;
  readonly answeredBy: AnsweredBy;
  /** One action per request, in order (one for a single entry). */
  readonly actions: readonly ('accept' | 'decline' | 'cancel')[];
  /** Set when the kit answered `cancel` on its own. */
  readonly reason?: CancelReason;
}

/**
 * Tells the person that a request ended without them (`stopped-waiting`), or that their answer did not go
 * through (`not-sent`). Expires by itself once a view has shown it.
 */
export interface ElicitationNotice {
  /** Unique within this queue; pass it to `dismissNotice`. */
  readonly id: string;
  /**
   * `not-sent` comes from the bridge only: an answer sent through another instance never reached the one
   * holding the request, and was withdrawn, or the bridge refused it (`message` says why, as a body over its
   * limits); `entry` is back in the queue, to be answered again.
   */
  readonly kind: 'stopped-waiting' | 'not-sent';
  /**
   * `aborted`: the server's signal fired; `deadline`: its deadline passed; `not-shown`: the queue cancelled it
   * because no view showed it within `unseenTimeoutMs` (such a notice stays until a view has shown it);
   * `not-sent`: the notice of that kind.
   */
  readonly reason: 'aborted' | 'deadline' | 'not-shown' | 'not-sent';
  readonly server: ElicitationServer;
  readonly serverKey: string;
  /** The entry as it was when it was removed (what had been asked). */
  readonly entry: ElicitationEntry;
  /** When it happened (epoch ms). */
  readonly at: number;
  /**
   * Why, in a sentence for the person, when the bridge refused the answer as too large (a remote queue's `not-sent`
   * notice): the app's file limit when the request has a file field.
   */
  readonly message?: string;
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
   * The most entries of one server (by `serverKey`) at once; a request beyond it resolves `cancel` at once,
   * with no entry: a flooding server cannot stall the page (every change publishes a snapshot). Default 100.
   */
  maxEntriesPerServer?: number;
  /**
   * Answers `cancel` with reason `"not-shown"` a request that no view has shown (`markShown`) this many
   * milliseconds after it arrived, so its server hears "nobody saw it" instead of waiting for a timeout.
   * The clock stops while a view shows another entry of this queue (a person is there, answering in turn)
   * and starts afresh when none does. Default: off.
   */
  unseenTimeoutMs?: number;
  /** Called once for every request the queue settles: times and outcome, never the content. */
  onSettled?: (record: ElicitationRecord) => void;
}

/** The queue: requests in, a person's answers out. */
export interface ElicitationQueue {
  /**
   * Shows one request (read as untrusted: whatever it is, an entry appears) and resolves with the answer;
   * `cancel` at once when the signal fired or the deadline passed. A malformed `origin` throws a `TypeError`.
   * A form with a `pattern` appears once the pattern engine has loaded; later requests queue behind it.
   */
  enqueue(request: unknown, origin: ElicitationOrigin): Promise<ElicitResult>;
  /** Shows several requests as one entry (a 2026-07-28 round) and resolves with an answer per key. */
  enqueueRound(
    requests: Readonly<Record<string, unknown>>,
    origin: ElicitationOrigin,
  ): Promise<Record<string, ElicitResult>>;
  /**
   * Answers a single entry (on a round only `decline`/`cancel`, for every key). A URL `accept` with an
   * `elicitationId` leaves it `consented`.
   */
  respond(entryId: string, result: ElicitResult): RespondStatus;
  /** Answers a round: exactly one result per key. */
  respondRound(entryId: string, results: Readonly<Record<string, ElicitResult>>): RespondStatus;
  /**
   * `notifications/elicitation/complete`: marks this id's `consented` URL entries (of `serverKey`, when
   * given) `completed`; other ids are ignored. Returns whether anything changed.
   */
  complete(elicitationId: string, serverKey?: string): boolean;
  /** Removes a `consented` or `completed` entry from view. Pending entries need an answer instead. */
  dismiss(entryId: string): boolean;
  /** Removes a notice before it expires. */
  dismissNotice(noticeId: string): boolean;
  /**
   * Cancels every pending entry of one server (or all) and removes its URL entries; returns how many it settled.
   * The answers carry reason `"host-closed"` (the host closes a connection or a page), unless `byPerson` says a
   * person asked for it (the host's "Cancel all from …" button): then they are plain `cancel`s.
   */
  cancelAll(serverKey?: string, options?: { byPerson?: boolean }): number;
  /**
   * Optional: a view calls it while it draws an entry or a notice, and calls the returned function when it
   * stops. The queue records when an entry was first shown, and `unseenTimeoutMs` counts only unshown time.
   */
  markShown?(id: string): () => void;
  /** Calls `listener` after every change. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot (stable between changes). */
  getSnapshot(): ElicitationSnapshot;
  /**
   * Optional: the person's unsent draft of a form entry, kept outside the page (the bridge's remote queue
   * keeps it on the server), so `ElicitationHost` restores it after a re-mount or a reload.
   */
  getDraft?(entryId: string): Readonly<Draft> | undefined;
  /** Optional: keeps the draft of a form entry; `ElicitationHost` calls it as the person types. */
  saveDraft?(entryId: string, draft: Readonly<Draft>): void;
  /**
   * Optional: the largest file (decoded bytes) an answer can carry through this queue, when that is less than
   * a SEP-2356 file field may ask for (the bridge's `maxFileBytes`, read by the remote queue). `ElicitationHost`'s
   * file pickers then take the lower of it and the field's `maxSize`, and refuse a larger file before reading it.
   */
  readonly maxFileBytes?: number | undefined;
}
