/**
 * The pieces the Redis broker reads Redis with, without Redis: the HMAC seal, and the shapes a part and a
 * version must have before they reach a stream.
 */
import { createHmac } from 'node:crypto';

import { describe, expect, test } from 'vitest';

import { carriedStates, claimStates } from '../../src/bridge/redis/claims.js';
import { judgeSeal, partText, readPart, readPartText, readVersion } from '../../src/bridge/redis/records.js';
import { createSigner } from '../../src/bridge/redis/signing.js';
import { formRequest } from './helpers.js';

const SECRET = 'a secret of thirty-two characters or more';

describe('given a sealed text', () => {
  test('it opens in its own context only, with its own secret only, and unchanged only', async () => {
    const signer = createSigner(SECRET);
    const sealed = await signer.seal('part\nk:alice:a', '{"entries":[]}');
    const other = await createSigner('another secret of thirty-two characters').seal(
      'part\nk:alice:a',
      '{"entries":[]}',
    );
    const tampered = `${sealed.slice(0, -2)}1]}`;
    expect([
      sealed.slice(64, 65),
      await signer.open('part\nk:alice:a', sealed),
      await signer.open('part\nk:bob:a', sealed),
      await signer.open('part\nk:alice:a', other),
      await signer.open('part\nk:alice:a', tampered),
      await signer.open('part\nk:alice:a', '{"entries":[]}'),
      await signer.open('part\nk:alice:a', 42),
    ]).toEqual(['.', '{"entries":[]}', undefined, undefined, undefined, undefined, undefined]);
  });

  test('the MAC is HMAC-SHA256 (RFC 2104) of the context, a NUL and the text, in hex (as node:crypto computes it)', async () => {
    const mac = await createSigner('Jefe').mac('what do ya want', 'for nothing?');
    expect(mac).toBe(createHmac('sha256', 'Jefe').update('what do ya want\u0000for nothing?').digest('hex'));
  });
});

describe('given texts on either side of the size MACed on the event loop (4,096 bytes with the context)', () => {
  test.each([
    ['a short text (noble, on the event loop)', 'x'.repeat(100)],
    ['one just at the limit', 'x'.repeat(4_096 - 'route\nk'.length - 1)],
    ['one just past it (Web Crypto)', 'x'.repeat(4_096 - 'route\nk'.length)],
    ['a long text (Web Crypto)', 'x'.repeat(300_000)],
  ])('%s: its MAC is node:crypto HMAC-SHA256, and it opens sealed, and not tampered', async (_name, text) => {
    const signer = createSigner(SECRET);
    const sealed = await signer.seal('route\nk', text);
    const tampered = `${sealed.slice(0, 64)}.${text.slice(1)}y`;
    expect([
      await signer.mac('route\nk', text),
      (await signer.open('route\nk', sealed)) === text,
      await signer.open('route\nk', tampered),
    ]).toEqual([createHmac('sha256', SECRET).update(`route\nk\u0000${text}`).digest('hex'), true, undefined]);
  });
});

describe('given a version read from Redis', () => {
  test.each([
    ['k3x9', '12', { epoch: 'k3x9', counter: 12 }],
    ['k3x9', null, { epoch: 'k3x9', counter: 0 }],
    ['k3x9', '0', { epoch: 'k3x9', counter: 0 }],
    ['evil\n\ndata: {}', '1', undefined],
    ['', '1', undefined],
    ['K3X9', '1', undefined],
    ['k3x9', 'abc', undefined],
    ['k3x9', '-1', undefined],
    ['k3x9', '01', undefined],
    ['k3x9', '1e3', undefined],
    ['k3x9', '9999999999999999', undefined],
    [null, '1', undefined],
  ])('epoch %j, counter %j → %j', (epoch, counter, expected) => {
    expect(readVersion(epoch, counter)).toEqual(expected);
  });
});

describe('given a part read from Redis', () => {
  const entry = {
    id: 'a.1',
    kind: 'single',
    status: 'pending',
    serverKey: 'weather',
    server: { name: 'weather' },
    prompt: { mode: 'form', request: formRequest('Your city?') },
  };
  const good = {
    entries: [entry],
    arrivals: [3],
    notices: [],
    noticeArrivals: [],
    drafts: { 'a.1': { answer: 'Os' } },
  };
  const notice = { id: 'a.2', kind: 'stopped-waiting', serverKey: 'w', server: { name: 'w' }, at: 5, entry };
  test.each([
    ['a well-formed part', good, true],
    ['one with a notice', { ...good, notices: [notice], noticeArrivals: [4] }, true],
    ['`{"entries":5}`', { entries: 5 }, false],
    ['`{}`', {}, false],
    ['an array', [good], false],
    ['arrivals not one per entry', { ...good, arrivals: [] }, false],
    ['an arrival that is not an integer', { ...good, arrivals: [1.5] }, false],
    ['a notice without an arrival number', { ...good, notices: [notice] }, false],
    ['a notice arrival that is not an integer', { ...good, notices: [notice], noticeArrivals: ['4'] }, false],
    ['no notice arrivals at all', { entries: [entry], arrivals: [3], notices: [], drafts: {} }, false],
    ['an entry without an id', { ...good, entries: [{ ...entry, id: 7 }] }, false],
    ['an entry of no known kind', { ...good, entries: [{ ...entry, kind: 'evil' }] }, false],
    ['a prompt of no known mode', { ...good, entries: [{ ...entry, prompt: { mode: 'html' } }] }, false],
    ['a server without a name', { ...good, entries: [{ ...entry, server: {} }] }, false],
    ['a notice without a time', { ...good, notices: [{ ...notice, at: 'now' }] }, false],
    ['a draft value that is an object', { ...good, drafts: { 'a.1': { answer: { x: 1 } } } }, false],
    ['answers marked sending and delivered', { ...good, sending: ['b.1'], delivered: ['b.2'] }, true],
    ['`sending` that is not a list', { ...good, sending: 'b.1' }, false],
    ['a `delivered` id that is not a string', { ...good, delivered: [7] }, false],
  ])('%s: read %s', (_name, value, readable) => {
    expect(readPart(value)).toEqual(readable ? value : undefined);
  });
});

describe("given a sealed part's text", () => {
  const seal = { writer: 1796299200000000, write: 7, sealedAt: 1796299200000, expiresAt: 1796299230000 };
  test('it starts with the seal line, and reads back as the seal and the JSON', () => {
    const text = partText(seal, '{"entries":[]}');
    expect([text, readPartText(text)]).toEqual([
      '1796299200000000 7 1796299200000 1796299230000\n{"entries":[]}',
      { seal, json: '{"entries":[]}' },
    ]);
  });

  test.each([
    ['no seal line (a part of an older kit)', '{"entries":[]}'],
    ['three numbers', '1 7 1796299200000\n{}'],
    ['a negative number', '1 -7 1796299200000 1796299230000\n{}'],
    ['a leading zero', '1 07 1796299200000 1796299230000\n{}'],
    ['a fraction', '1 7.5 1796299200000 1796299230000\n{}'],
    ['a number past 2^53', '9007199254740993 7 1796299200000 1796299230000\n{}'],
    ['17 digits', '10000000000000000 7 1796299200000 1796299230000\n{}'],
    ['a space too many', '1  7 1796299200000 1796299230000\n{}'],
    ['no line break', '1 7 1796299200000 1796299230000 {}'],
  ])('%s: not read', (_name, text) => {
    expect(readPartText(text)).toBeUndefined();
  });
});

describe('given a seal judged at a time, after what the reader knew of the part', () => {
  const at = 1796299200000;
  const seal = { writer: 5, write: 7, sealedAt: at, expiresAt: at + 30_000 };
  test.each([
    ['nothing known, just sealed', 'show', at, undefined],
    ['its key expiring now plus the 60 s allowed for clocks apart', 'show', at + 90_000, undefined],
    ['1 ms later', 'expired', at + 90_001, undefined],
    ['sealed 60 s ahead of the reader', 'show', at - 60_000, undefined],
    ['sealed 60.001 s ahead', 'expired', at - 60_001, undefined],
    ['the same seal known', 'show', at, { seal, gone: false }],
    ['a later write of the writer known', 'older', at, { seal: { ...seal, write: 8 }, gone: false }],
    ['an earlier write known', 'show', at, { seal: { ...seal, write: 6 }, gone: false }],
    ['a later writer generation known', 'older', at, { seal: { ...seal, writer: 6, write: 1 }, gone: false }],
    ['an earlier writer generation known', 'show', at, { seal: { ...seal, writer: 4, write: 99 }, gone: false }],
    ['the same seal known, then the part gone', 'older', at, { seal, gone: true }],
    ['an earlier write known, then the part gone', 'show', at, { seal: { ...seal, write: 6 }, gone: true }],
    ['a later write known, but this one expired', 'expired', at + 90_001, { seal: { ...seal, write: 8 }, gone: false }],
  ] as const)('%s: %s', (_name, verdict, now, known) => {
    expect(judgeSeal(seal, now, known)).toBe(verdict);
  });
});

describe('given the claim states a routed answer carries', () => {
  const mac = 'a'.repeat(32);
  test.each([
    ['the two states in order', [`claimed.${mac}`, `done.${mac}`], true],
    ['missing', undefined, false],
    ['out of order', [`done.${mac}`, `claimed.${mac}`], false],
    ['a refused state among them', [`claimed.${mac}`, `refused.${mac}`], false],
    ['a tag that is not 32 hex digits', [`claimed.${mac}`, `done.${mac.slice(1)}`], false],
    ['a whole MAC for a tag (64 hex digits)', [`claimed.${mac}${mac}`, `done.${mac}${mac}`], false],
    ['a state with a line break', [`claimed.${mac}\n`, `done.${mac}`], false],
    [
      'three of them (a sender that still sent a taken state)',
      [`claimed.${mac}`, `taken.${mac}`, `done.${mac}`],
      false,
    ],
  ])('%s: used as they are %s', (_name, value, used) => {
    expect(carriedStates(value)).toEqual(used ? { claimed: `claimed.${mac}`, done: `done.${mac}` } : undefined);
  });

  test('they are the states claimStates computes for the answer, so the holder commits the very claim the sender made', async () => {
    const signer = createSigner(SECRET);
    const command = { type: 'respond' as const, entryId: 'a.1', result: { action: 'decline' } };
    const states = await claimStates(signer, 'p:claim:alice:a.1', command);
    expect(carriedStates([states.claimed, states.done])).toEqual({ claimed: states.claimed, done: states.done });
    expect((await states.refused()).startsWith('refused.')).toBe(true);
  });

  test('claimed and done are the two halves of one MAC of the answer at its key', async () => {
    const signer = createSigner(SECRET);
    const command = { type: 'respond' as const, entryId: 'a.1', result: { action: 'decline' } };
    const states = await claimStates(signer, 'p:claim:alice:a.1', command);
    const mac = await signer.mac('claim\np:claim:alice:a.1', '{"answer":{"action":"decline"},"type":"respond"}');
    expect([states.claimed, states.done]).toEqual([`claimed.${mac.slice(0, 32)}`, `done.${mac.slice(32)}`]);
  });
});
