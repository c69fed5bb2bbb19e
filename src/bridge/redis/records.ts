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

/**
 * Which write of its writer a sealed part is, and when it may be shown: sealed with the part, so a copy put
 * back in Redis carries the sequence and times it was sealed with.
 */
export interface PartSeal {
  /** The writing broker's generation, taken from Redis when it connected: a restarted writer's is higher. */
  readonly writer: number;
  /** The writer's count of parts sealed so far, this one included: it grows with every write. */
  readonly write: number;
  /** When it was sealed (ms since the epoch, by the writer's clock). */
  readonly sealedAt: number;
  /** When its key expires (`sealedAt` plus the writer's `ttlSeconds`): past it, only a copy put back is left. */
  readonly expiresAt: number;
}

/** A non-negative safe integer in decimal, without leading zeros (16 digits at most). */
const NUMBER = '(0|[1-9][0-9]{0,15})';
/** The line a sealed part starts with: `writer write sealedAt expiresAt`. Anchored: a long part is not scanned. */
const SEAL_LINE = new RegExp(`^${NUMBER} ${NUMBER} ${NUMBER} ${NUMBER}\n`);

/** The text a part is sealed as: its seal's line, then the part's JSON. */
export function partText(seal: PartSeal, json: string): string {
  return `${seal.writer} ${seal.write} ${seal.sealedAt} ${seal.expiresAt}\n${json}`;
}

/** A sealed part's text split into its seal and its JSON, or `undefined` when it has no seal line. */
export function readPartText(text: string): { seal: PartSeal; json: string } | undefined {
  const match = SEAL_LINE.exec(text);
  if (match === null) return undefined;
  const [writer, write, sealedAt, expiresAt] = match.slice(1).map(Number) as [number, number, number, number];
  // Sixteen digits can pass 2^53: such a number would compare wrongly.
  if (![writer, write, sealedAt, expiresAt].every((value) => Number.isSafeInteger(value))) return undefined;
  return { seal: { writer, write, sealedAt, expiresAt }, json: text.slice(match[0].length) };
}

/** Whether `a` was sealed before `b` by the same writer: its sequence (`writer`, then `write`) is lower. */
export function sealedBefore(a: PartSeal, b: PartSeal): boolean {
  return a.writer < b.writer || (a.writer === b.writer && a.write < b.write);
}

/**
 * How far apart two instances' clocks may be (60 s): a part is shown from `CLOCK_SKEW_MS` before its
 * `sealedAt` to `CLOCK_SKEW_MS` past its `expiresAt`, by the reader's clock. Generous for servers kept by
 * NTP (milliseconds apart), and within the "few minutes" RFC 7519 (section 4.1.4) allows a token's `exp`.
 */
export const CLOCK_SKEW_MS = 60_000;

/** The newest seal a reader had opened of a part key, and whether it found the key gone after it. */
export interface KnownSeal {
  readonly seal: PartSeal;
  readonly gone: boolean;
}

/**
 * What a reader does with a part sealed `seal`, read at `now` after it knew `known` of that key: `show` it,
 * or refuse it as `expired` (its key would have expired: a copy put back, or clocks too far apart) or as
 * `older` than one it opened before (a copy put back; with `gone`, the same copy put back too).
 */
export function judgeSeal(seal: PartSeal, now: number, known: KnownSeal | undefined): 'show' | 'expired' | 'older' {
  if (now > seal.expiresAt + CLOCK_SKEW_MS || seal.sealedAt > now + CLOCK_SKEW_MS) return 'expired';
  if (known === undefined) return 'show';
  const older = known.gone ? !sealedBefore(known.seal, seal) : sealedBefore(seal, known.seal);
  return older ? 'older' : 'show';
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
