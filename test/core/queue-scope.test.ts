// What an ACP request belongs to (ACP v1, "Elicitation": session, tool call or request scope) rides on the
// entry's server, so every view that names the server can name the scope too. The queue keeps it as given: the ACP
// adapter builds it, checked and frozen, and the views draw only its text.
import { describe, expect, test } from 'vitest';

import { createElicitationQueue } from '../../src/core/index.js';

const form = {
  mode: 'form',
  message: 'Which strategy?',
  requestedSchema: { type: 'object', properties: { strategy: { type: 'string', enum: ['safe', 'fast'] } } },
};

describe('given a queue and a request with a scope', () => {
  test('the entry carries the scope it was given, on a frozen server', () => {
    const queue = createElicitationQueue();
    const scope = Object.freeze({ sessionId: 'sess_1', toolCallId: 'call_7' });
    void queue.enqueue(form, { server: { name: 'Refactor agent', scope }, serverKey: 'acp-1' });
    const [entry] = queue.getSnapshot().entries;
    expect(entry?.server).toStrictEqual({
      name: 'Refactor agent',
      scope: { sessionId: 'sess_1', toolCallId: 'call_7' },
    });
    expect(entry?.server.scope).toBe(scope);
    expect(Object.isFrozen(entry?.server)).toBe(true);
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
});
