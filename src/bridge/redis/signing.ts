/**
 * HMAC-SHA256 (RFC 2104, FIPS 180-4) over what the broker writes to Redis and publishes through it, with
 * the Web Crypto API only: a process that can write to Redis but lacks the secret can neither forge a
 * part (show a prompt) nor a routed command (answer one). Each MAC covers a context (what the text is and
 * the key or channel it sits in) as well as the text, so a valid text cannot be moved to another place.
 * Short texts (claims, routed commands, replies: the answer path) are MACed on the event loop, in
 * microseconds: with Node's own HMAC where the runtime has it, else with `@noble/hashes` (the same MAC);
 * long ones (parts, up to megabytes) with Web Crypto, off the loop.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

import { nodeCrypto, type NodeCrypto } from '../node-crypto.js';

/** The key every broker uses when the host opted out of a secret: public, so it authenticates nothing. */
const INSECURE_KEY = 'mcp-elicit-kit: insecure development key, authenticates nothing';

/** Messages up to this many bytes are MACed on the event loop (tens of microseconds); longer ones off it. */
const SYNC_LIMIT_BYTES = 4_096;

/** The fewest characters a secret may have (32 random bytes in base64 are 44). */
export const MIN_SECRET_LENGTH = 32;

/** Signs and checks texts with one secret. */
export interface Signer {
  /** The MAC of `text` in `context`, as 64 hex digits. */
  mac(context: string, text: string): Promise<string>;
  /** `mac.text`: what is stored or published. */
  seal(context: string, text: string): Promise<string>;
  /** The text of a sealed value whose MAC holds in `context`, else `undefined`. */
  open(context: string, sealed: unknown): Promise<string | undefined>;
}

const encoder = new TextEncoder();

/**
 * Whether `sealed` starts with the 64 hex digits `expected`, in time that does not depend on where they
 * differ: every digit is compared, whatever came before.
 */
function startsWithMac(sealed: string, expected: string): boolean {
  let difference = 0;
  for (let at = 0; at < 64; at += 1) difference |= sealed.charCodeAt(at) ^ expected.charCodeAt(at);
  return difference === 0;
}

function unhex(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[0-9a-f]{64}$/.test(text)) return undefined;
  const bytes = new Uint8Array(32);
  for (let at = 0; at < 32; at += 1) bytes[at] = Number.parseInt(text.slice(at * 2, at * 2 + 2), 16);
  return bytes;
}

/**
 * HMAC-SHA256 in hex with `@noble/hashes`, each MAC starting from a copy of the key's inner and outer hash states,
 * computed once (RFC 2104, section 4).
 */
function nobleMac(key: Uint8Array): (bytes: Uint8Array) => string {
  const keyed = hmac.create(sha256, key);
  return (bytes) => bytesToHex(keyed.clone().update(bytes).digest());
}

/**
 * A signer with `secret`, or with the public development key when `secret` is `undefined`. `node`: Node's
 * `crypto` module for the short texts (found by default; `undefined` takes `@noble/hashes`, as where there is
 * no Node).
 */
export function createSigner(secret: string | undefined, node: NodeCrypto | undefined = nodeCrypto()): Signer {
  const raw = encoder.encode(secret ?? INSECURE_KEY);
  const key = globalThis.crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  const syncMac =
    node === undefined
      ? nobleMac(raw)
      : (bytes: Uint8Array) => node.createHmac('sha256', raw).update(bytes).digest('hex');
  // The context ends at the first NUL: no context is a prefix of another's message.
  const message = (context: string, text: string) => encoder.encode(`${context}\u0000${text}`);
  const mac = async (context: string, text: string) => {
    const bytes = message(context, text);
    return bytes.byteLength <= SYNC_LIMIT_BYTES
      ? syncMac(bytes)
      : bytesToHex(new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', await key, bytes)));
  };
  return {
    mac,
    async seal(context, text) {
      return `${await mac(context, text)}.${text}`;
    },
    async open(context, sealed) {
      if (typeof sealed !== 'string' || sealed.charAt(64) !== '.') return undefined;
      const text = sealed.slice(65);
      const bytes = message(context, text);
      if (bytes.byteLength <= SYNC_LIMIT_BYTES) {
        // The expected MAC in hex against the sealed one, digit by digit in constant time: a MAC that is not
        // 64 lowercase hex digits differs from every expected one.
        return startsWithMac(sealed, syncMac(bytes)) ? text : undefined;
      }
      const signature = unhex(sealed.slice(0, 64));
      if (signature === undefined) return undefined;
      // Web Crypto's `verify` compares in constant time.
      return (await globalThis.crypto.subtle.verify('HMAC', await key, signature, bytes)) ? text : undefined;
    },
  };
}
