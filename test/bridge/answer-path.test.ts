/**
 * What runs on an answer's way to the MCP server, and what waits until it got there: the hash a POST's
 * `requestId` is remembered by is only read by a retry of that id, so it is computed once the command ran.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';

import { createElicitationBridge, type ElicitationBridge } from '../../src/bridge/index.js';
import { authorize, command, formRequest, openStream, ORIGIN } from './helpers.js';

const steps = vi.hoisted(() => [] as string[]);

// Every SHA-256 the bridge takes, named by what it hashes: an answer (`respond:…`) or a whole command (`{…}`).
vi.mock('../../src/bridge/ledger.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/bridge/ledger.js')>();
  return {
    ...real,
    sha256: (text: string) => {
      steps.push(text.startsWith('{') ? 'command hashed' : 'answer hashed');
      return real.sha256(text);
    },
  };
});

let bridge: ElicitationBridge | undefined;
afterEach(() => {
  bridge?.close();
  steps.length = 0;
});

describe('given an answer POSTed with a requestId', () => {
  test('the server gets it before the requestId is hashed, and a retry of the id still gets the first outcome', async () => {
    bridge = createElicitationBridge({ authorize, allowedOrigins: [ORIGIN], heartbeatMs: 60_000 });
    const queue = bridge.queueFor('alice');
    const settled = queue.enqueue(formRequest('Your city?'), { server: { name: 'srv' } });
    void settled.then(() => steps.push('server has the answer'));
    const stream = await openStream(bridge, 'alice');
    const entryId = (await stream.next()).entries[0]?.id;
    stream.close();
    const body = { type: 'respond', entryId, requestId: 'r-1', result: { action: 'decline' } };

    const first = await bridge.handle(command('alice', body));

    expect(await first.json()).toEqual({ status: 'answered' });
    expect(steps).toEqual(['answer hashed', 'server has the answer', 'command hashed']);
    const retry = await bridge.handle(command('alice', body));
    expect(await retry.json()).toEqual({ status: 'answered' });
    const other = await bridge.handle(command('alice', { ...body, result: { action: 'cancel' } }));
    expect(other.status).toBe(409);
  });
});
