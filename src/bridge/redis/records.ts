/**
 * What the broker reads back from Redis, read as untrusted: Redis is shared infrastructure, so even a
 * value whose MAC holds is checked for the shape the bridge relies on before it reaches a stream.
 */
import { isRecord } from '../../shared/path.js';
import type { BridgePart } from '../broker.js';
import { readDraft } from '../wire.js';

/** An epoch as the broker writes it (`randomId`: base 36). Anything else could break an SSE `id:` line. */
const EPOCH = /^[0-9a-z]{1,32}$/;
/** A counter as `HINCRBY` writes it: a non-negative safe integer in decimal. */
const COUNTER = /^(0|[1-9][0-9]{0,14})$/;

/** The version hash's fields as read, or `undefined` when either would be unsafe to use. */
export function readVersion(
  epoch: string | null | undefined,
  counter: string | null | undefined,
): { epoch: string; counter: number } | undefined {
  if (typeof epoch !== 'string' || !EPOCH.test(epoch)) return undefined;
  if (counter === null || counter === undefined) return { epoch, counter: 0 };
  return COUNTER.test(counter) ? { epoch, counter: Number(counter) } : undefined;
}

const isString = (value: unknown): value is string => typeof value === 'string';

function isPrompt(value: unknown): boolean {
  return isRecord(value) && (value.mode === 'form' || value.mode === 'url' || value.mode === 'invalid');
}

function isEntry(value: unknown): boolean {
  if (!isRecord(value) || !isString(value.id) || !isString(value.serverKey) || !isString(value.status)) return false;
  if (!isRecord(value.server) || !isString(value.server.name)) return false;
  if (value.kind === 'single') return isPrompt(value.prompt);
  return value.kind === 'round' && Array.isArray(value.prompts) && value.prompts.every(isPrompt);
}

function isNotice(value: unknown): boolean {
  return (
    isRecord(value) &&
    isString(value.id) &&
    isString(value.serverKey) &&
    isRecord(value.server) &&
    typeof value.at === 'number' &&
    Number.isFinite(value.at) &&
    isEntry(value.entry)
  );
}

/** Arrival numbers, one safe integer per item of a list of `length`. */
function isNumbering(value: unknown, length: number): boolean {
  return Array.isArray(value) && value.length === length && value.every((at) => Number.isSafeInteger(at));
}

/** Entry ids marked `sending` or `delivered`: absent, or a list of strings. */
function isIdList(value: unknown): boolean {
  return value === undefined || (Array.isArray(value) && value.every(isString));
}

/** A part as the bridge publishes it, or `undefined` (the caller skips and cleans it up). */
export function readPart(value: unknown): BridgePart | undefined {
  if (!isRecord(value)) return undefined;
  const { entries, arrivals, notices, noticeArrivals, drafts } = value;
  if (!Array.isArray(entries) || !entries.every(isEntry)) return undefined;
  if (!isNumbering(arrivals, entries.length)) return undefined;
  if (!Array.isArray(notices) || !notices.every(isNotice)) return undefined;
  if (!isNumbering(noticeArrivals, notices.length)) return undefined;
  if (!isRecord(drafts) || !Object.values(drafts).every((draft) => readDraft(draft) !== undefined)) return undefined;
  if (!isIdList(value.sending) || !isIdList(value.delivered)) return undefined;
  return value as unknown as BridgePart;
}

/** The JSON value of `text`, or `undefined`. */
export function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
