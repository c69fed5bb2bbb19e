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

  test('an entry whose server id or scope is not text makes the event no view; a scope of text values is read as sent', () => {
    const view = (server: Record<string, unknown>) => ({
      entries: [{ ...entry('i.a', 'A'), server: { name: 'Refactor agent', ...server } }],
      notices: [],
      drafts: {},
    });
    const scopes = [{ sessionId: 'sess_1', toolCallId: 'call_7' }, { requestId: '12' }];
    expect(scopes.map((scope) => readView(view({ id: 'acp-1', scope }))?.entries[0]?.server)).toStrictEqual([
      { name: 'Refactor agent', id: 'acp-1', scope: { sessionId: 'sess_1', toolCallId: 'call_7' } },
      { name: 'Refactor agent', id: 'acp-1', scope: { requestId: '12' } },
    ]);
    // The header draws the id and each scope value as text (ACP v1, "Elicitation": the scope is a session id, a
    // tool call id or a request id): an object there would be drawn through its own toString.
    expect([
      readView(view({ scope: { sessionId: { toString: () => 'injected' }, toolCallId: 'call_7' } })),
      readView(view({ scope: { requestId: 12 } })),
      readView(view({ scope: { sessionId: 'sess_1', label: 'Trusted' } })),
      readView(view({ scope: ['sess_1'] })),
      readView(view({ scope: 'sess_1' })),
      readView(view({ scope: null })),
      readView(view({ id: { toString: () => 'injected' } })),
    ]).toStrictEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  test("a notice whose server's scope is not text makes the event no view", () => {
    const bad = { name: 'A', scope: { sessionId: 7 } };
    const of = (server: object, entryServer: object) => ({
      entries: [],
      notices: [{ ...notice('i.n', { ...entry('i.a', 'A'), server: entryServer } as ElicitationEntry), server }],
      drafts: {},
    });
    expect([
      readView(of(server, server))?.notices.length,
      readView(of(bad, server)),
      readView(of(server, bad)),
    ]).toStrictEqual([1, undefined, undefined]);
  });
});
