/**
 * A scripted person for the SDK adapter tests: watches a queue and answers each new pending entry once,
 * as the UI would, with the kit's own draft rules. Shared by the SDK 1.x and AI SDK tests.
 */
import { expect } from 'vitest';

import {
  initialDraft,
  submitDraft,
  type Draft,
  type ElicitationEntry,
  type ElicitationQueue,
  type ElicitResult,
} from '../../src/core/index.js';

/** Calls `decide` once per new pending entry; `undefined` leaves the entry alone. */
export function person(
  queue: ElicitationQueue,
  decide: (entry: ElicitationEntry) => ElicitResult | undefined,
): { stop(): void; seen: ElicitationEntry[] } {
  const seen: ElicitationEntry[] = [];
  const handled = new Set<string>();
  const look = () => {
    for (const entry of queue.getSnapshot().entries) {
      if (entry.status !== 'pending' || handled.has(entry.id)) continue;
      handled.add(entry.id);
      seen.push(entry);
      const answer = decide(entry);
      if (answer !== undefined) expect(queue.respond(entry.id, answer)).toBe('answered');
    }
  };
  const stop = queue.subscribe(look);
  look();
  return { stop, seen };
}

/** Resolves when the snapshot satisfies `predicate` (checked on every change; no polling). */
export function when(queue: ElicitationQueue, predicate: (queue: ElicitationQueue) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (predicate(queue)) {
      resolve();
      return;
    }
    const stop = queue.subscribe(() => {
      if (predicate(queue)) {
        stop();
        resolve();
      }
    });
  });
}

/** The form a person fills: the defaults, then what they type. */
export function fill(entry: ElicitationEntry, typed: Draft): ElicitResult {
  if (entry.kind !== 'single' || entry.prompt.mode !== 'form') throw new Error('expected a single form entry');
  const schema = entry.prompt.request.requestedSchema;
  const submitted = submitDraft(schema, { ...initialDraft(schema), ...typed });
  if (!submitted.ok) throw new Error(`the person made a mistake: ${JSON.stringify(submitted.errors)}`);
  return submitted.result;
}
