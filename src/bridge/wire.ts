/**
 * What travels between the bridge and the browser: the commands a POST carries, their outcomes, and the
 * view an event carries. Both ends read the other's JSON as untrusted.
 */
import type { Draft, ElicitationEntry, ElicitationNotice, RespondStatus } from '../core/index.js';
import { isDraftValue } from '../core/internal.js';
import { hasOwn, isRecord, jsonText, ownValue, setOwn } from '../shared/path.js';

/** The header every POST must carry: a cross-site HTML form cannot set it, and a cross-site fetch needs CORS. */
export const BRIDGE_HEADER = 'x-mcp-elicit';

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
) & { requestId?: string };

/** What a command returns: `status` for answers, `ok` for dismissals and drafts, `count` for cancel-all. */
export type BridgeOutcome = { status: RespondStatus } | { ok: boolean } | { count: number };

/** A principal's entries, notices and drafts, as an event carries them (entry ids are the bridge's). */
export interface BridgeView {
  readonly entries: readonly ElicitationEntry[];
  readonly notices: readonly ElicitationNotice[];
  /** The person's unsent form drafts, by entry id. */
  readonly drafts: Readonly<Record<string, Draft>>;
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

const TYPES = ['respond', 'respondRound', 'dismiss', 'dismissNotice', 'cancelAll', 'saveDraft'] as const;

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
    isRecord(entry.server) &&
    typeof entry.server.name === 'string' &&
    (entry.kind === 'single'
      ? isPrompt(entry.prompt)
      : entry.kind === 'round' && Array.isArray(entry.prompts) && entry.prompts.every(isPrompt));
  const isNotice = (notice: unknown) =>
    isRecord(notice) &&
    typeof notice.id === 'string' &&
    typeof notice.serverKey === 'string' &&
    isRecord(notice.server) &&
    typeof notice.at === 'number' &&
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
