/**
 * A server that floods the queue: 50,000 requests in one burst. Each change of the queue publishes a
 * snapshot of every entry, so an unbounded queue did quadratic work (20 s for 50,000 requests with a
 * subscriber, as `ElicitationHost` is). The queue keeps at most `maxEntriesPerServer` (100) entries
 * of one server and answers the rest `cancel` at once: shown here by structure (entries, changes,
 * cancels counted), with the duration printed for the record, never asserted.
 */
import { describe, expect, test } from 'vitest';

import { createElicitationQueue, type ElicitResult } from '../../src/core/index.js';

const ageForm = {
  message: 'How old are you?',
  requestedSchema: { type: 'object', properties: { age: { type: 'integer' } } },
};

describe('given a server that floods the queue', () => {
  test('by default 100 are queued: 50,000 requests give 100 entries, 100 changes, and 49,900 cancels', async () => {
    const queue = createElicitationQueue();
    let changes = 0;
    queue.subscribe(() => {
      changes += 1;
      queue.getSnapshot();
    });
    const started = performance.now();
    const answers = Array.from({ length: 50_000 }, (_, index) =>
      queue.enqueue({ ...ageForm, message: `Request ${index}` }, { server: { name: 'flood' } }),
    );
    const settled: ElicitResult[] = [];
    for (const answer of answers.slice(100)) void answer.then((result) => settled.push(result));
    await Promise.all(answers.slice(100));
    console.log(
      `[hostile] 50,000 requests enqueued and 49,900 cancelled: ${(performance.now() - started).toFixed(0)} ms`,
    );
    const { entries } = queue.getSnapshot();
    expect([
      entries.length,
      entries[99]?.kind === 'single' && entries[99].prompt.mode === 'form' && entries[99].prompt.request.message,
      changes,
      settled.length,
    ]).toEqual([100, 'Request 99', 100, 49_900]);
    expect(new Set(settled.map((result) => result.action))).toEqual(new Set(['cancel']));
  });
});
