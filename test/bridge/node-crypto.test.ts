/**
 * Node's own SHA-256 and HMAC (through `process.getBuiltinModule`) on the short texts of the answer path, and
 * `@noble/hashes` where there is no Node: the same digests and MACs either way, against Web Crypto as the oracle.
 */
import { describe, expect, test } from 'vitest';

import { sha256 } from '../../src/bridge/ledger.js';
import { nodeCrypto, type NodeCrypto } from '../../src/bridge/node-crypto.js';
import { createSigner } from '../../src/bridge/redis/signing.js';

const SECRET = 'a secret of thirty-two characters or more';

const TEXTS = [
  '',
  '{"type":"respond","answer":{"action":"accept","content":{"city":"Oslo"}}}',
  'Zürich, 東京, 🙂 and a lone surrogate \ud800 (encoded as U+FFFD by both)',
  // Either side of the 4,096 bytes up to which a MAC is taken on the event loop (the rest with Web Crypto).
  'x'.repeat(4_000),
  'x'.repeat(5_000),
];

/** HMAC-SHA256 of `context` NUL `text` with Web Crypto, in hex: what every path must give. */
async function webCryptoMac(context: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${context}\u0000${text}`));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Node's `crypto`, counting the HMACs and hashes taken with it. */
function counted(): { node: NodeCrypto; calls: string[] } {
  const real = nodeCrypto();
  if (real === undefined) throw new Error('this Node has no process.getBuiltinModule');
  const calls: string[] = [];
  const node: NodeCrypto = {
    hash: (algorithm, data, encoding) => {
      calls.push('hash');
      return real.hash?.(algorithm, data, encoding) ?? real.createHash(algorithm).update(data).digest(encoding);
    },
    createHash: (algorithm) => {
      calls.push('createHash');
      return real.createHash(algorithm);
    },
    createHmac: (algorithm, key) => {
      calls.push('createHmac');
      return real.createHmac(algorithm, key);
    },
  };
  return { node, calls };
}

describe('given Node, where process.getBuiltinModule gives its crypto module', () => {
  test('the short texts are MACed and hashed with it, the long ones are not', async () => {
    const { node, calls } = counted();
    const signer = createSigner(SECRET, node);
    await signer.mac('claim\nk', 'short');
    await signer.open('route\nk', await signer.seal('route\nk', 'short'));
    await sha256('short', node);
    expect(calls).toEqual(['createHmac', 'createHmac', 'createHmac', 'hash']);
    calls.length = 0;
    await signer.mac('part\nk', 'x'.repeat(5_000));
    await sha256('x'.repeat(5_000), node);
    expect(calls).toEqual([]);
  });
});

describe('given the same secret with and without Node', () => {
  test.each(TEXTS.map((text) => [text.length, text]))(
    'a text of %i characters gets the same MAC from both, the one Web Crypto gives',
    async (_length, text) => {
      const expected = await webCryptoMac('route\nk:a', text);
      expect(await createSigner(SECRET, counted().node).mac('route\nk:a', text)).toBe(expected);
      expect(await createSigner(SECRET, undefined).mac('route\nk:a', text)).toBe(expected);
    },
  );

  test('what one seals the other opens, and neither opens a MAC changed in any digit or written in capitals', async () => {
    const withNode = createSigner(SECRET, counted().node);
    const withoutNode = createSigner(SECRET, undefined);
    const text = TEXTS[1] ?? '';
    const sealed = await withNode.seal('route\nk:a', text);
    const changed = [0, 31, 63].map((at) => {
      const digit = sealed.charAt(at) === '0' ? '1' : '0';
      return `${sealed.slice(0, at)}${digit}${sealed.slice(at + 1)}`;
    });
    const opened = async (signer: typeof withNode) =>
      Promise.all(
        [sealed, ...changed, sealed.slice(0, 64).toUpperCase() + sealed.slice(64)].map((value) =>
          signer.open('route\nk:a', value),
        ),
      );
    expect(await opened(withNode)).toEqual([text, undefined, undefined, undefined, undefined]);
    expect(await opened(withoutNode)).toEqual([text, undefined, undefined, undefined, undefined]);
    expect(await withNode.open('route\nk:a', await withoutNode.seal('route\nk:a', text))).toBe(text);
  });

  test.each(TEXTS.map((text) => [text.length, text]))(
    'a text of %i characters gets the same SHA-256 from both, the one Web Crypto gives',
    async (_length, text) => {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
      const expected = btoa(String.fromCharCode(...digest))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      expect(await sha256(text, counted().node)).toBe(expected);
      expect(await sha256(text, undefined)).toBe(expected);
    },
  );
});

test("SHA-256 of 'abc' is FIPS 180-4's example digest, with Node and without", async () => {
  // FIPS 180-4 (appendix B.1 of FIPS 180-2): ba7816bf 8f01cfea 414140de 5dae2223 b00361a3 96177a9c b410ff61 f20015ad.
  expect(await sha256('abc', counted().node)).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  expect(await sha256('abc', undefined)).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
});
