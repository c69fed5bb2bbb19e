// A patterned form waits for the pattern engine before it becomes an entry. Here the engine never
// loads (its import hangs): the server's abort and deadline must still reach it at once.
import { describe, expect, test, vi } from 'vitest';

import type { ElicitRequestFormParams } from '../../src/core/types.js';

vi.mock('../../src/shared/pattern-engine.js', async (original) => ({
  ...(await original<typeof import('../../src/shared/pattern-engine.js')>()),
  isPatternEngineLoaded: () => false,
  loadPatternEngine: () => new Promise<void>(() => undefined),
}));

const { createElicitationQueue } = await import('../../src/core/queue.js');

const patterned: ElicitRequestFormParams = {
  message: 'Code?',
  requestedSchema: {
    type: 'object',
    properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' } },
  } as ElicitRequestFormParams['requestedSchema'],
};

describe('given a patterned form waiting for an engine that never loads', () => {
  test('an abort answers cancel at once, and the form never becomes an entry', async () => {
    const queue = createElicitationQueue();
    const controller = new AbortController();
    const answer = queue.enqueue(patterned, { server: { name: 'S' }, signal: controller.signal });
    controller.abort();
    await expect(answer).resolves.toEqual({ action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'aborted' } });
    expect(queue.getSnapshot().entries).toEqual([]);
  });

  test('a deadline answers cancel when it passes', async () => {
    vi.useFakeTimers();
    try {
      const queue = createElicitationQueue();
      const answer = queue.enqueue(patterned, { server: { name: 'S' }, deadline: Date.now() + 1_000 });
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(answer).resolves.toEqual({ action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'deadline' } });
      expect(queue.getSnapshot().entries).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a round is cancelled key by key', async () => {
    const queue = createElicitationQueue();
    const controller = new AbortController();
    const answers = queue.enqueueRound(
      { a: patterned, b: patterned },
      { server: { name: 'S' }, signal: controller.signal },
    );
    controller.abort();
    const aborted = { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'aborted' } };
    await expect(answers).resolves.toEqual({ a: aborted, b: aborted });
  });
});
