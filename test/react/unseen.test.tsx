// ElicitationHost tells the queue what it shows (`markShown`): a request on screen is never cancelled as
// unseen, one that arrived while no host was mounted is, and the next host shows a notice of it.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

import { ElicitationHost, type ElicitRequestFormParams, type ElicitResult } from '../../src/index.js';
import { createElicitationQueue, type ElicitationRecord } from '../../src/core/index.js';

const START = 1_700_000_000_000;

function nameRequest(message: string): ElicitRequestFormParams {
  return { message, requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } } };
}

function track(promise: Promise<ElicitResult>): { values: ElicitResult[] } {
  const seen: { values: ElicitResult[] } = { values: [] };
  void promise.then((value) => seen.values.push(value));
  return seen;
}

beforeEach(() => {
  vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('given a queue with unseenTimeoutMs', () => {
  test('a request the host shows waits for the person, and its record has the time it was first shown', async () => {
    const records: ElicitationRecord[] = [];
    const queue = createElicitationQueue({ unseenTimeoutMs: 300, onSettled: (record) => void records.push(record) });
    render(<ElicitationHost queue={queue} />);
    const first = track(queue.enqueue(nameRequest('First'), { server: { name: 'Alpha' } }));
    const second = track(queue.enqueue(nameRequest('Second'), { server: { name: 'Alpha' } }));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    // The head is on screen; the one behind it waits its turn while a person is there.
    expect([first.values, second.values]).toStrictEqual([[], []]);
    expect(screen.getByRole('group', { name: 'Request from Alpha' })).toHaveAccessibleDescription('First');
    act(() => {
      queue.respond('elicitation-1', { action: 'decline' });
    });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(second.values).toStrictEqual([]);
    expect(screen.getByRole('group', { name: 'Request from Alpha' })).toHaveAccessibleDescription('Second');
    expect(records).toStrictEqual([
      {
        entryId: 'elicitation-1',
        serverKey: 'Alpha',
        server: { name: 'Alpha' },
        kind: 'single',
        arrivedAt: START,
        firstShownAt: START,
        settledAt: START + 60_000,
        answeredBy: 'person',
        actions: ['decline'],
      },
    ]);
  });

  test('a request that arrives while no host is mounted is cancelled as not shown, and the next host says so', async () => {
    const queue = createElicitationQueue({ unseenTimeoutMs: 300, noticeDurationMs: 5_000 });
    const unseen = track(queue.enqueue(nameRequest('Deploy to production?'), { server: { name: 'Deployer' } }));
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(unseen.values).toStrictEqual([{ action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'not-shown' } }]);
    // Nobody has looked yet: the notice waits for a view, however long that takes.
    await act(() => vi.advanceTimersByTimeAsync(3_600_000));
    render(<ElicitationHost queue={queue} />);
    expect(screen.getByRole('listitem')).toHaveTextContent(
      'Cancelled while nobody was looking: a request from DeployerDeploy to production?Dismiss',
    );
    // Once shown, it lasts noticeDurationMs.
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(screen.getByRole('listitem')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  test('after the host unmounts, a request it showed is not cancelled; one it never showed is', async () => {
    const queue = createElicitationQueue({ unseenTimeoutMs: 300 });
    const view = render(<ElicitationHost queue={queue} />);
    const shown = track(queue.enqueue(nameRequest('Shown'), { server: { name: 'Alpha' } }));
    const behind = track(queue.enqueue(nameRequest('Behind'), { server: { name: 'Alpha' } }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect([shown.values, behind.values]).toStrictEqual([[], []]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect([shown.values, behind.values]).toStrictEqual([
      [],
      [{ action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'not-shown' } }],
    ]);
  });
});
