/**
 * What the bridge remembers of each principal's `requestId`s, so that a retried POST gets the first
 * outcome: a SHA-256 of the command and its outcome, never the command itself, within a byte budget per
 * principal (the oldest are forgotten first). Bytes are counted, not measured: strings as UTF-16 (2 bytes
 * a character) plus a fixed share for the record and the map slot.
 */
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';

import { nodeCrypto, type NodeCrypto } from './node-crypto.js';
import type { BridgeOutcome } from './wire.js';

/** A record's fixed share: the hash (43 base64url characters), the outcome (a small object) and the slot. */
const RECORD_OVERHEAD_BYTES = 2 * 43 + 96;

/** One request id's memory. */
interface Remembered {
  hash: string | Promise<string>;
  outcome: BridgeOutcome | Promise<BridgeOutcome>;
  readonly bytes: number;
}

/** A principal's request ids, oldest first. */
interface Book {
  bytes: number;
  readonly byId: Map<string, Remembered>;
}

/** The request-id memory of one bridge instance. */
export interface IdempotencyLedger {
  /** What `requestId` of `principal` was first used for: its command's hash and outcome. */
  get(principal: string, requestId: string): { hash: Promise<string>; outcome: Promise<BridgeOutcome> } | undefined;
  /**
   * Remembers a new request id; once `hash` and `outcome` settle only their values are kept. Forgets the
   * oldest over budget.
   */
  remember(principal: string, requestId: string, hash: Promise<string>, outcome: Promise<BridgeOutcome>): void;
  /** The bytes counted for `principal` now. */
  bytesOf(principal: string): number;
}

/**
 * Texts up to this many bytes are hashed on the event loop (Node's own hash, or `@noble/hashes`: microseconds); longer ones
 * (an answer with files, up to megabytes) with Web Crypto, off the loop. Each Web Crypto call crosses Node's
 * thread pool: for a short command that costs far more than the hash itself, on the path of every answer.
 */
export const SYNC_HASH_LIMIT_BYTES = 4_096;

/** Node's `crypto` where the runtime has it (`node-crypto.ts`): the short texts are hashed with it. */
const NODE = nodeCrypto();

/**
 * SHA-256 (FIPS 180-4) of `text`, base64url. `node`: Node's `crypto` for the short texts (`undefined` takes
 * `@noble/hashes`, as where there is no Node: the same digest).
 */
export async function sha256(text: string, node: NodeCrypto | undefined = NODE): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  if (bytes.byteLength <= SYNC_HASH_LIMIT_BYTES && node !== undefined) {
    return node.hash?.('sha256', bytes, 'base64url') ?? node.createHash('sha256').update(bytes).digest('base64url');
  }
  const digest =
    bytes.byteLength <= SYNC_HASH_LIMIT_BYTES
      ? nobleSha256(bytes)
      : new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A ledger keeping at most `maxBytes` per principal. */
export function createIdempotencyLedger(maxBytes: number): IdempotencyLedger {
  const books = new Map<string, Book>();
  return {
    get(principal, requestId) {
      const kept = books.get(principal)?.byId.get(requestId);
      return kept === undefined
        ? undefined
        : { hash: Promise.resolve(kept.hash), outcome: Promise.resolve(kept.outcome) };
    },
    remember(principal, requestId, hash, outcome) {
      const book = books.get(principal) ?? { bytes: 0, byId: new Map<string, Remembered>() };
      books.set(principal, book);
      const record: Remembered = { hash, outcome, bytes: 2 * requestId.length + RECORD_OVERHEAD_BYTES };
      book.byId.set(requestId, record);
      book.bytes += record.bytes;
      void hash.then(
        (value) => {
          record.hash = value;
        },
        () => undefined,
      );
      void outcome.then(
        (value) => {
          record.outcome = value;
        },
        () => {
          // A failed command is not remembered: its retry runs again.
          if (book.byId.get(requestId) !== record) return;
          book.byId.delete(requestId);
          book.bytes -= record.bytes;
          if (book.byId.size === 0 && books.get(principal) === book) books.delete(principal);
        },
      );
      for (const [id, old] of book.byId) {
        if (book.bytes <= maxBytes) break;
        book.byId.delete(id);
        book.bytes -= old.bytes;
      }
      if (book.byId.size === 0) books.delete(principal);
    },
    bytesOf(principal) {
      return books.get(principal)?.bytes ?? 0;
    },
  };
}
