/**
 * The bridge's executor with a broker that fences answers (`CommandExecutor`'s `commit`): a routed answer is
 * applied only once the broker committed it, never when the commit fails (its sender withdrew it and told
 * the person so), and never recorded as committed when the queue would refuse it. No Redis here: the
 * commit is a promise the test settles.
 */
import { describe, expect, test } from 'vitest';

import {
  createElicitationBridge,
  createInProcessBroker,
  type CommandExecutor,
  type ElicitationBridge,
} from '../../src/bridge/index.js';
import type { ElicitResult } from '../../src/core/index.js';
import { authorize, command, formRequest, openStream, ORIGIN } from './helpers.js';

/** A bridge on an in-process broker that hands the test the executor it serves. */
function fencedBridge(): { bridge: ElicitationBridge; execute: () => CommandExecutor } {
  const inner = createInProcessBroker();
  let served: CommandExecutor | undefined;
  const bridge = createElicitationBridge({
    authorize,
    allowedOrigins: [ORIGIN],
    heartbeatMs: 60_000,
    broker: {
      ...inner,
      serve(instanceId, execute) {
        served = execute;
        return inner.serve(instanceId, execute);
      },
    },
  });
  return {
    bridge,
    execute: () => {
      if (served === undefined) throw new Error('the bridge serves no executor');
      return served;
    },
  };
}

/** A commit the test settles, and how many times it was asked for. */
function controlledCommit() {
  let settle: (committed: boolean) => void = () => undefined;
  const result = new Promise<boolean>((resolve) => (settle = resolve));
  const calls = { count: 0 };
  return {
    commit: () => {
      calls.count += 1;
      return result;
    },
    settle: (committed: boolean) => settle(committed),
    calls,
  };
}

const origin = { server: { name: 'bank', id: 'bank' } };
const accept = { action: 'accept', content: { answer: 'yes' } };

/** Enqueues one request and returns its wire id and what the MCP server receives. */
async function oneRequest(bridge: ElicitationBridge) {
  const settled: ElicitResult[] = [];
  const received = bridge
    .queueFor('alice')
    .enqueue(formRequest('Transfer 100 EUR?'), origin)
    .then((result) => (settled.push(result), result));
  const stream = await openStream(bridge, 'alice');
  const entryId = (await stream.next()).entries[0]?.id ?? '';
  stream.close();
  return { entryId, settled, received };
}

describe('given an answer routed with a commit', () => {
  test('a commit that fails (the sender withdrew the answer) leaves it unapplied and the request pending', async () => {
    const { bridge, execute } = fencedBridge();
    const { entryId, settled } = await oneRequest(bridge);
    const fence = controlledCommit();
    const outcome = execute()('alice', { type: 'respond', entryId, result: accept }, fence.commit);
    fence.settle(false);
    const status = await outcome;
    // Nothing settled, and the entry still takes an answer.
    const pending = bridge
      .queueFor('alice')
      .getSnapshot()
      .entries.map((entry) => entry.status);
    bridge.close();
    expect({ status, settled, pending, commits: fence.calls.count }).toEqual({
      status: { status: 'ignored' },
      settled: [],
      pending: ['pending'],
      commits: 1,
    });
  });

  test('the answer is applied once the commit holds, not before', async () => {
    const { bridge, execute } = fencedBridge();
    const { entryId, settled, received } = await oneRequest(bridge);
    const fence = controlledCommit();
    const outcome = execute()('alice', { type: 'respond', entryId, result: accept }, fence.commit);
    // Still waiting in the queue while the commit is not known.
    const beforeCommit = [settled.length, bridge.queueFor('alice').getSnapshot().entries.length];
    fence.settle(true);
    const status = await outcome;
    const result = await received;
    bridge.close();
    expect({ beforeCommit, status, result }).toEqual({
      beforeCommit: [0, 1],
      status: { status: 'answered' },
      result: accept,
    });
  });

  test('an answer the queue would refuse is never committed; the valid one after it is, once', async () => {
    const { bridge, execute } = fencedBridge();
    const { entryId, received } = await oneRequest(bridge);
    const fence = controlledCommit();
    const invalid = await execute()(
      'alice',
      { type: 'respond', entryId, result: { action: 'accept', content: { answer: 7 } } },
      fence.commit,
    );
    const commitsForInvalid = fence.calls.count;
    const valid = execute()('alice', { type: 'respond', entryId, result: accept }, fence.commit);
    fence.settle(true);
    const outcomes = [invalid, await valid, await received];
    bridge.close();
    expect({ outcomes, commitsForInvalid, commits: fence.calls.count }).toEqual({
      outcomes: [{ status: 'invalid' }, { status: 'answered' }, accept],
      commitsForInvalid: 0,
      commits: 1,
    });
  });

  test("the person's answer on the holder while a routed one commits waits for it: applied when the commit fails, ignored when it holds", async () => {
    const outcomes: unknown[] = [];
    for (const committed of [false, true]) {
      const { bridge, execute } = fencedBridge();
      const { entryId, received } = await oneRequest(bridge);
      const fence = controlledCommit();
      const routed = execute()('alice', { type: 'respond', entryId, result: accept }, fence.commit);
      const local = bridge.handle(command('alice', { type: 'respond', entryId, result: { action: 'decline' } }));
      fence.settle(committed);
      outcomes.push([await routed, await (await local).text(), await received]);
      bridge.close();
    }
    expect(outcomes).toEqual([
      [{ status: 'ignored' }, '{"status":"answered"}', { action: 'decline' }],
      [{ status: 'answered' }, '{"status":"ignored"}', accept],
    ]);
  });
});
