// What an ACP request belongs to (ACP v1, "Elicitation": session, tool call or request scope) rides on the
// entry's server, copied and frozen, so every view that names the server can name the scope too.
import { describe, expect, test } from 'vitest';

import { createElicitationQueue } from '../../src/core/index.js';

const form = {
  mode: 'form',
  message: 'Which strategy?',
  requestedSchema: { type: 'object', properties: { strategy: { type: 'string', enum: ['safe', 'fast'] } } },
};

describe('given a queue and a request with a scope', () => {
  test('the entry carries a frozen copy of the scope text, nothing else of it', () => {
    const queue = createElicitationQueue();
    const scope = { sessionId: 'sess_1', toolCallId: 'call_7', extra: 'dropped' };
    void queue.enqueue(form, { server: { name: 'Refactor agent', scope }, serverKey: 'acp-1' });
    scope.sessionId = 'changed later';
    const [entry] = queue.getSnapshot().entries;
    expect(entry?.server).toStrictEqual({
      name: 'Refactor agent',
      scope: { sessionId: 'sess_1', toolCallId: 'call_7' },
    });
    expect(Object.isFrozen(entry?.server.scope)).toBe(true);
    expect(entry?.serverKey).toBe('acp-1');
  });

  test('a request-scoped entry keeps its request id; an entry without scope has no scope key', () => {
    const queue = createElicitationQueue();
    void queue.enqueue(form, { server: { name: 'A', scope: { requestId: '12' } } });
    void queue.enqueue(form, { server: { name: 'B' } });
    expect(queue.getSnapshot().entries.map((entry) => entry.server)).toStrictEqual([
      { name: 'A', scope: { requestId: '12' } },
      { name: 'B' },
    ]);
  });

  test('a scope that is not an object of strings is a TypeError, as any malformed origin', () => {
    const queue = createElicitationQueue();
    const bad = (scope: unknown) => () =>
      queue.enqueue(form, { server: { name: 'A', scope: scope as { sessionId: string } } });
    expect(bad('sess_1')).toThrow(new TypeError('origin.server.scope must be an object of strings'));
    expect(bad({ requestId: 12 })).toThrow(new TypeError('origin.server.scope must be an object of strings'));
    expect(queue.getSnapshot().entries).toStrictEqual([]);
  });
});
