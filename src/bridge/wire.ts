/**
 * What travels between the bridge and the browser: the commands a POST carries, their outcomes, and the
 * view an event carries. Both ends read the other's JSON as untrusted.
 */
import type {
  Draft,
  ElicitationEntry,
  ElicitationNotice,
  ElicitationScope,
  EntryStatus,
  RespondStatus,
} from '../core/index.js';
import { isDraftValue } from '../core/internal.js';
import { hasOwn, isRecord, jsonText, ownValue, setOwn } from '../shared/path.js';

/** The header every POST must carry: a cross-site HTML form cannot set it, and a cross-site fetch needs CORS. */
export const BRIDGE_HEADER = 'x-mcp-elicit';

/**
 * On the event stream's response: the largest file (decoded bytes) an answer may carry through this bridge
 * (`maxFileBytes`), so the page refuses a larger one before reading it, as a tus server's `Tus-Max-Size` does.
 */
export const MAX_FILE_BYTES_HEADER = 'x-mcp-elicit-max-file-bytes';

/** The most characters of an id, a server key or a request id a command may carry. */
const MAX_ID_LENGTH = 200;

/** One command of the browser, as a POST body. `requestId` makes a retry of the same POST safe. */
export type BridgeCommand = (
  | { type: 'respond'; entryId: string; result: unknown }
  | { type: 'respondRound'; entryId: string; results: unknown }
  | { type: 'dismiss'; entryId: string }
  | { type: 'dismissNotice'; noticeId: string }
  | { type: 'cancelAll'; serverKey?: string }
  | { type: 'saveDraft'; entryId: string; draft: Draft }
  /** A view drew this entry or notice (`markShown`): it is no longer unseen. */
  | { type: 'shown'; id: string }
) & { requestId?: string };

/**
 * What a command returns: `status` for answers, `ok` for dismissals and drafts, `count` for cancel-all. An
 * answer's `sending`: it is on its way to the instance holding the entry and its outcome is not known yet;
 * the entry shows as `sending` on every stream until it is answered, or comes back with a `not-sent` notice.
 */
export type BridgeOutcome = { status: RespondStatus | 'sending' } | { ok: boolean } | { count: number };

/** A principal's entries, notices and drafts, as an event carries them (entry ids are the bridge's). */
export interface BridgeView {
  readonly entries: readonly ElicitationEntry[];
  readonly notices: readonly ElicitationNotice[];
  /** The person's unsent form drafts, by entry id. */
  readonly drafts: Readonly<Record<string, Draft>>;
}

/**
 * The `not-sent` notice of `entry`, with `id`: an answer that never reached the instance holding the request
 * (withdrawn), or that the bridge refused; `message` says why, for the person.
 */
export function notSentNotice(id: string, entry: ElicitationEntry, message?: string): ElicitationNotice {
  return {
    id,
    kind: 'not-sent',
    reason: 'not-sent',
    server: entry.server,
    serverKey: entry.serverKey,
    entry,
    at: Date.now(),
    ...(message !== undefined && { message }),
  };
}

/** A JSON object of draft values, or `undefined`. */
export function readDraft(value: unknown): Draft | undefined {
  if (!isRecord(value)) return undefined;
  const draft: Draft = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (!isDraftValue(item)) return undefined;
    setOwn(draft, key, item);
  }
  return draft;
}

function readId(body: Record<string, unknown>, key: string, optional = false): string | { error: string } {
  const value = ownValue(body, key);
  if (value === undefined && optional) return '';
  // The message names the member, never its value: bodies may hold what the person typed.
  if (typeof value !== 'string' || value === '' || value.length > MAX_ID_LENGTH) {
    return { error: `"${key}" must be a non-empty string of at most ${MAX_ID_LENGTH} characters` };
  }
  return value;
}

const TYPES = ['respond', 'respondRound', 'dismiss', 'dismissNotice', 'cancelAll', 'saveDraft', 'shown'] as const;

function isType(value: unknown): value is BridgeCommand['type'] {
  return TYPES.some((known) => known === value);
}

/** Reads a parsed POST body as a command, or says in a plain sentence what is wrong with it. */
export function readCommand(body: unknown): BridgeCommand | { error: string } {
  if (!isRecord(body)) return { error: 'The body must be a JSON object' };
  const type = ownValue(body, 'type');
  if (!isType(type)) return { error: `"type" must be one of ${TYPES.join(', ')}` };
  const requestId = readId(body, 'requestId', true);
  if (typeof requestId !== 'string') return requestId;
  const extra = requestId === '' ? {} : { requestId };
  if (type === 'cancelAll') {
    const serverKey = readId(body, 'serverKey', true);
    if (typeof serverKey !== 'string') return serverKey;
    return { type, ...(serverKey !== '' && { serverKey }), ...extra };
  }
  if (type === 'dismissNotice') {
    const noticeId = readId(body, 'noticeId');
    return typeof noticeId === 'string' ? { type, noticeId, ...extra } : noticeId;
  }
  if (type === 'shown') {
    const id = readId(body, 'id');
    return typeof id === 'string' ? { type, id, ...extra } : id;
  }
  const entryId = readId(body, 'entryId');
  if (typeof entryId !== 'string') return entryId;
  switch (type) {
    case 'respond': {
      const result = ownValue(body, 'result');
      if (!isRecord(result)) return { error: '"result" must be an ElicitResult object' };
      return { type, entryId, result, ...extra };
    }
    case 'respondRound': {
      const results = ownValue(body, 'results');
      if (!isRecord(results)) return { error: '"results" must be an object of ElicitResults by key' };
      return { type, entryId, results, ...extra };
    }
    case 'dismiss':
      return { type, entryId, ...extra };
    case 'saveDraft': {
      const draft = readDraft(ownValue(body, 'draft'));
      if (draft === undefined)
        return { error: '"draft" must be an object of strings, numbers, booleans or string lists' };
      return { type, entryId, draft, ...extra };
    }
    default:
      return type satisfies 'cancelAll' | 'dismissNotice';
  }
}

/**
 * JSON with object keys sorted: the same answer sent twice gives the same text whatever order its keys
 * came in, so a retry is known as one.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  // `undefined` (and functions) have no JSON: written as null, as JSON.stringify writes them in arrays.
  return jsonText(value) ?? 'null';
}

/** The statuses an entry can have (`EntryStatus`): the views branch on them, so no other is taken. */
const STATUSES: readonly unknown[] = ['pending', 'consented', 'completed', 'sending'] satisfies EntryStatus[];

/** The keys of a request's scope (`ElicitationScope`: ACP v1 `elicitation/create`'s session, tool call or request). */
const SCOPE_KEYS: readonly string[] = ['sessionId', 'toolCallId', 'requestId'] satisfies (keyof ElicitationScope)[];

/**
 * Who asks, as the prompt's header draws it: a name in text, an id in text or none, and a scope of text values
 * under its known keys or none. The header draws each as text, trusting this reader for what comes off the network.
 */
function isServer(server: unknown): boolean {
  if (!isRecord(server) || typeof server.name !== 'string') return false;
  const { id, scope } = server;
  return (
    (id === undefined || typeof id === 'string') &&
    (scope === undefined ||
      (isRecord(scope) &&
        Object.keys(scope).every((key) => SCOPE_KEYS.includes(key) && typeof scope[key] === 'string')))
  );
}

/** Reads an event's data as a view; `undefined` when it is not one (the stream then waits for the next). */
export function readView(data: unknown): BridgeView | undefined {
  if (!isRecord(data)) return undefined;
  const entries = ownValue(data, 'entries');
  const notices = ownValue(data, 'notices');
  const drafts = ownValue(data, 'drafts');
  if (!Array.isArray(entries) || !Array.isArray(notices) || !isRecord(drafts)) return undefined;
  const isPrompt = (prompt: unknown) =>
    isRecord(prompt) && (prompt.mode === 'form' || prompt.mode === 'url' || prompt.mode === 'invalid');
  // The shape the views rely on; each prompt's request is read as untrusted by core when shown.
  const isEntry = (entry: unknown): entry is Record<string, unknown> =>
    isRecord(entry) &&
    typeof entry.id === 'string' &&
    typeof entry.serverKey === 'string' &&
    STATUSES.includes(entry.status) &&
    isServer(entry.server) &&
    (entry.kind === 'single'
      ? isPrompt(entry.prompt)
      : entry.kind === 'round' && Array.isArray(entry.prompts) && entry.prompts.every(isPrompt));
  // The host picks a notice's label by its kind and draws its server's name and its message as text.
  const isNotice = (notice: unknown) =>
    isRecord(notice) &&
    typeof notice.id === 'string' &&
    (notice.kind === 'stopped-waiting' || notice.kind === 'not-sent') &&
    typeof notice.serverKey === 'string' &&
    isServer(notice.server) &&
    typeof notice.at === 'number' &&
    (notice.message === undefined || typeof notice.message === 'string') &&
    isEntry(notice.entry);
  if (!entries.every(isEntry) || !notices.every(isNotice)) {
    return undefined;
  }
  const kept: Record<string, Draft> = {};
  for (const key of Object.keys(drafts)) {
    const draft = readDraft(drafts[key]);
    if (draft !== undefined && hasOwn(drafts, key)) setOwn(kept, key, draft);
  }
  return {
    entries: entries as unknown as ElicitationEntry[],
    notices: notices as unknown as ElicitationNotice[],
    drafts: kept,
  };
}

/** How deep a parsed value nests (a scalar is 0), counted without recursion; stops once past `limit`. */
export function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, level]);
  }
  return deepest;
}

/** The name of the event that ends a stream the bridge closes on purpose; its data is `{ "reason": … }`. */
export const CLOSED_EVENT = 'closed';

/** Why the bridge closed a stream: the principal opened more than `maxStreamsPerPrincipal`. */
export type StreamClosedReason = 'too-many-streams';

/** Top-level fields of an object as JSON texts: what a stream compares to send only what changed. */
type Fields = ReadonlyMap<string, string>;

/** What one stream has sent so far: the client holds exactly this, so the next event is only the changes. */
export interface SentView {
  readonly entries: ReadonlyMap<string, Fields>;
  readonly notices: ReadonlyMap<string, { readonly fields: Fields; readonly entry: Fields }>;
  readonly drafts: ReadonlyMap<string, string>;
}

function fieldsOf(object: object): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(object)) fields.set(key, JSON.stringify(value));
  return fields;
}

/** `{ id, …fields that differ from previous }`; a field that went away is `null` (no top-level field is ever null). */
function changesOf(id: string, object: Record<string, unknown>, fields: Fields, previous: Fields | undefined) {
  const changes: Record<string, unknown> = { id };
  for (const [key, text] of fields) if (key !== 'id' && previous?.get(key) !== text) setOwn(changes, key, object[key]);
  for (const key of previous?.keys() ?? []) if (!fields.has(key)) setOwn(changes, key, null);
  return changes;
}

/**
 * The event data that takes a client from `sent` to `view`, and what it then holds; `data` is `undefined`
 * when nothing changed. The stream's first event (`sent` undefined) has `reset: true` and every field.
 * Every event lists all entry and notice ids in order; an entry's request goes once, then only what
 * changed in it (its status), and drafts go as changed (`null`: dropped).
 */
export function encodeView(
  view: BridgeView,
  sent: SentView | undefined,
): { data: Record<string, unknown> | undefined; sent: SentView } {
  let changed = sent === undefined;
  const entries = new Map<string, Fields>();
  const entryChanges = view.entries.map((entry) => {
    const fields = fieldsOf(entry);
    entries.set(entry.id, fields);
    const changes = changesOf(
      entry.id,
      entry as unknown as Record<string, unknown>,
      fields,
      sent?.entries.get(entry.id),
    );
    if (Object.keys(changes).length > 1) changed = true;
    return changes;
  });
  const notices = new Map<string, { fields: Fields; entry: Fields }>();
  const noticeChanges = view.notices.map((notice) => {
    const { entry, ...rest } = notice;
    const fields = fieldsOf(rest);
    const entryFields = fieldsOf(entry);
    notices.set(notice.id, { fields, entry: entryFields });
    const before = sent?.notices.get(notice.id);
    const changes = changesOf(notice.id, rest, fields, before?.fields);
    // A notice's entry is mostly the entry the client held until now: only what differs goes.
    const entryChanges = changesOf(
      entry.id,
      entry as unknown as Record<string, unknown>,
      entryFields,
      before?.entry ?? sent?.entries.get(entry.id),
    );
    if (before === undefined || Object.keys(entryChanges).length > 1) changes.entry = entryChanges;
    if (Object.keys(changes).length > 1) changed = true;
    return changes;
  });
  const order = (map: ReadonlyMap<string, unknown> | undefined) => [...(map?.keys() ?? [])].join('\u0000');
  if (order(entries) !== order(sent?.entries) || order(notices) !== order(sent?.notices)) changed = true;
  const drafts = new Map<string, string>();
  const draftChanges: Record<string, Draft | null> = {};
  for (const id of Object.keys(view.drafts)) {
    const draft = view.drafts[id] as Draft;
    const text = JSON.stringify(draft);
    drafts.set(id, text);
    if (sent?.drafts.get(id) !== text) setOwn(draftChanges, id, draft);
  }
  for (const id of sent?.drafts.keys() ?? []) if (!drafts.has(id)) setOwn(draftChanges, id, null);
  if (Object.keys(draftChanges).length > 0) changed = true;
  const next: SentView = { entries, notices, drafts };
  if (!changed) return { data: undefined, sent: next };
  return {
    data: {
      ...(sent === undefined && { reset: true }),
      entries: entryChanges,
      notices: noticeChanges,
      drafts: draftChanges,
    },
    sent: next,
  };
}

/** A copy of `base` with `changes` applied (`null` removes a field); own keys only, so `__proto__` stays data. */
function applyChanges(base: Record<string, unknown> | undefined, changes: Record<string, unknown>) {
  const object: Record<string, unknown> = {};
  const removed = (key: string) => hasOwn(changes, key) && changes[key] === null;
  for (const key of Object.keys(base ?? {})) if (!removed(key)) setOwn(object, key, base?.[key]);
  for (const key of Object.keys(changes)) if (key !== 'entry' && !removed(key)) setOwn(object, key, changes[key]);
  return object;
}

/** The client's side of `encodeView`: what a stream's events add up to. */
export interface ViewDecoder {
  /**
   * Applies one event's data; returns the whole view (still to be read with `readView`) and the ids of
   * entries and notices that changed (all of them on a reset), or `undefined` when the data is not an event
   * of this stream (then the stream should be read again from the start).
   */
  apply(data: unknown): { view: Record<string, unknown>; changed: ReadonlySet<string>; reset: boolean } | undefined;
}

/** A decoder for one connection: its first event must be a reset. */
export function createViewDecoder(): ViewDecoder {
  let entries: Map<string, Record<string, unknown>> | undefined;
  let notices = new Map<string, Record<string, unknown>>();
  let drafts: Record<string, unknown> = {};
  const isChanges = (item: unknown): item is Record<string, unknown> & { id: string } =>
    isRecord(item) && typeof item.id === 'string';
  return {
    apply(data) {
      if (!isRecord(data)) return undefined;
      const reset = data.reset === true;
      if (!reset && entries === undefined) return undefined;
      const entryList = ownValue(data, 'entries');
      const noticeList = ownValue(data, 'notices');
      const draftChanges = ownValue(data, 'drafts');
      if (!Array.isArray(entryList) || !Array.isArray(noticeList) || !isRecord(draftChanges)) return undefined;
      if (!entryList.every(isChanges) || !noticeList.every(isChanges)) return undefined;
      const before = reset
        ? new Map<string, Record<string, unknown>>()
        : (entries ?? new Map<string, Record<string, unknown>>());
      const noticesBefore = reset ? new Map<string, Record<string, unknown>>() : notices;
      const changed = new Set<string>();
      const nextEntries = new Map<string, Record<string, unknown>>();
      for (const item of entryList) {
        if (reset || Object.keys(item).length > 1 || !before.has(item.id)) changed.add(item.id);
        nextEntries.set(item.id, applyChanges(before.get(item.id), item));
      }
      const nextNotices = new Map<string, Record<string, unknown>>();
      for (const item of noticeList) {
        const previous = noticesBefore.get(item.id);
        const entryChanges = ownValue(item, 'entry');
        let entry = previous?.entry as Record<string, unknown> | undefined;
        if (isChanges(entryChanges)) {
          const base = (previous?.entry as Record<string, unknown> | undefined) ?? before.get(entryChanges.id);
          entry = applyChanges(base, entryChanges);
        }
        if (entry === undefined) return undefined;
        if (reset || previous === undefined || Object.keys(item).length > 1) changed.add(item.id);
        nextNotices.set(item.id, { ...applyChanges(previous, item), entry });
      }
      const nextDrafts: Record<string, unknown> = {};
      const dropped = (id: string) => hasOwn(draftChanges, id) && draftChanges[id] === null;
      for (const id of reset ? [] : Object.keys(drafts)) if (!dropped(id)) setOwn(nextDrafts, id, drafts[id]);
      for (const id of Object.keys(draftChanges)) if (!dropped(id)) setOwn(nextDrafts, id, draftChanges[id]);
      entries = nextEntries;
      notices = nextNotices;
      drafts = nextDrafts;
      return {
        view: { entries: [...entries.values()], notices: [...notices.values()], drafts: { ...drafts } },
        changed,
        reset,
      };
    },
  };
}
