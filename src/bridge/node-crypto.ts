/**
 * Node's own SHA-256 and HMAC-SHA256 (OpenSSL), where the runtime has them: on a short text a few times
 * faster than `@noble/hashes` in JavaScript, and synchronous, as that is. Reached through
 * `process.getBuiltinModule` (Node 20.16 and later), never an `import` of a `node:` module: the bridge also
 * runs where there is no Node (Workers, browsers), and then its callers keep the `@noble/hashes` path.
 */

/** A hash or HMAC being computed (Node's `Hash` and `Hmac`, as far as the bridge uses them). */
export interface NodeDigest {
  update(data: Uint8Array): NodeDigest;
  digest(encoding: 'hex' | 'base64url'): string;
}

/** What the bridge uses of Node's `crypto` module. */
export interface NodeCrypto {
  /** One-shot digest (Node 20.12 and later): no object per hash. */
  hash?(algorithm: 'sha256', data: Uint8Array, encoding: 'base64url'): string;
  createHash(algorithm: 'sha256'): NodeDigest;
  createHmac(algorithm: 'sha256', key: Uint8Array): NodeDigest;
}

function isNodeCrypto(value: unknown): value is NodeCrypto {
  if (typeof value !== 'object' || value === null) return false;
  const { createHash, createHmac } = value as Record<string, unknown>;
  return typeof createHash === 'function' && typeof createHmac === 'function';
}

/** Node's `crypto` module, or `undefined` where the runtime has none (or no `process.getBuiltinModule`). */
export function nodeCrypto(): NodeCrypto | undefined {
  const host = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  try {
    const module = host.process?.getBuiltinModule?.('node:crypto');
    return isNodeCrypto(module) ? module : undefined;
  } catch {
    // A runtime that has the function but not the module (or refuses it): the portable path.
    return undefined;
  }
}
