/**
 * Events as changes (`encodeView` on the bridge, `createViewDecoder` in the remote queue): whatever
 * sequence of views a stream goes through, the decoder ends each event with exactly the view sent, and
 * an entry's request travels once.
 */
import { describe, expect, test } from 'vitest';

import type { ElicitationEntry, ElicitationNotice } from '../../src/core/index.js';
import { createViewDecoder, encodeView, readView, type BridgeView, type SentView } from '../../src/bridge/wire.js';

const server = { name: 'weather' };
function entry(id: string, message: string, status: 'pending' | 'consented' = 'pending'): ElicitationEntry {
  return {
    id,
    kind: 'single',
    server,
    serverKey: 'weather',
    status,
    prompt: {
      mode: 'url',
      request: { mode: 'url', message, url: 'https://example.com/', elicitationId: id },
    },
  } as ElicitationEntry;
}
function notice(id: string, of: ElicitationEntry): ElicitationNotice {
  return { id, kind: 'stopped-waiting', reason: 'aborted', server, serverKey: 'weather', entry: of, at: 5 };
}

describe('given a stream through a sequence of views', () => {
  test('each event decodes to the view it was made from; unchanged entries are sent as their id only', () => {
    const a = entry('i.a', 'A'.repeat(1_000));
    const b = entry('i.b', 'B');
    const views: BridgeView[] = [
      { entries: [a], notices: [], drafts: {} },
      { entries: [a, b], notices: [], drafts: { 'i.a': { answer: 'Os' } } },
      {
        entries: [entry('i.a', 'A'.repeat(1_000), 'consented'), b],
        notices: [],
        drafts: { 'i.a': { answer: 'Oslo' } },
      },
      // b stops waiting: it leaves the entries and comes back as a notice, its request not sent again.
      { entries: [entry('i.a', 'A'.repeat(1_000), 'consented')], notices: [notice('i.n', b)], drafts: {} },
      { entries: [], notices: [], drafts: {} },
    ];
    const decoder = createViewDecoder();
    let sent: SentView | undefined;
    const decoded: unknown[] = [];
    const sizes: number[] = [];
    for (const view of views) {
      const next = encodeView(view, sent);
      sent = next.sent;
      sizes.push(JSON.stringify(next.data).length);
      decoded.push(decoder.apply(JSON.parse(JSON.stringify(next.data)))?.view);
    }
    const same = encodeView(views[4] as BridgeView, sent);
    expect({ decoded, unchanged: same.data }).toEqual({ decoded: views, unchanged: undefined });
    // The 1,000-character request goes in the first event only.
    expect(sizes.map((size) => size > 1_000)).toEqual([true, false, false, false, false]);
  });

  test('a decoder refuses changes before a reset (a stream is read from its first event)', () => {
    const decoder = createViewDecoder();
    expect(decoder.apply({ entries: [{ id: 'i.a' }], notices: [], drafts: {} })).toBeUndefined();
  });
});

describe('given an event from the network', () => {
  test('an entry with a status the views do not know makes the event no view; each known one is read', () => {
    const view = (status: unknown) => ({ entries: [{ ...entry('i.a', 'A'), status }], notices: [], drafts: {} });
    expect(
      ['pending', 'consented', 'completed', 'sending'].map((status) => readView(view(status))?.entries[0]?.status),
    ).toStrictEqual(['pending', 'consented', 'completed', 'sending']);
    expect([readView(view('answered')), readView(view(undefined)), readView(view(1))]).toStrictEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  test("a notice whose kind, server name or message the host cannot show makes the event no view; a notice's text message is read", () => {
    const notice = (extra: Record<string, unknown>) => ({
      entries: [],
      notices: [
        {
          id: 'i.n',
          kind: 'not-sent',
          reason: 'not-sent',
          server: { name: 'A' },
          serverKey: 'A',
          entry: entry('i.a', 'A'),
          at: 1,
          ...extra,
        },
      ],
      drafts: {},
    });
    expect([
      readView(notice({}))?.notices[0]?.message,
      readView(notice({ message: 'Why.' }))?.notices[0]?.message,
    ]).toStrictEqual([undefined, 'Why.']);
    // An object where the host draws text would break the host's render; an unknown kind has no label.
    expect([
      readView(notice({ message: { text: 'Why.' } })),
      readView(notice({ message: 7 })),
      readView(notice({ kind: 'shouted' })),
      readView(notice({ kind: undefined })),
      readView(notice({ server: { name: { first: 'A' } } })),
    ]).toStrictEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
