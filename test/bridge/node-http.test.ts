/**
 * `toNodeHandler` writing a long stream to a slow client: each time the socket's buffer is full it waits for
 * `drain` (or `close`), and takes both listeners off again, so a stream that waits many times keeps none behind.
 */
import { EventEmitter } from 'node:events';

import { describe, expect, test } from 'vitest';

import { toNodeHandler } from '../../src/bridge/index.js';

/** A response whose buffer is always full: every write waits for the `drain` it emits on the next turn. */
class SlowResponse extends EventEmitter {
  writableEnded = false;
  chunks = 0;
  writeHead() {}
  write() {
    this.chunks += 1;
    setImmediate(() => this.emit('drain'));
    return false;
  }
  end() {
    this.writableEnded = true;
    this.emit('finished');
  }
}

describe('given a stream of 40 chunks to a client whose buffer is always full', () => {
  test('it waits for drain 40 times and keeps one close listener, its own, not one more per wait', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let chunk = 0; chunk < 40; chunk += 1) controller.enqueue(new TextEncoder().encode(`data: ${chunk}\n\n`));
        controller.close();
      },
    });
    const handler = toNodeHandler({ handle: () => Promise.resolve(new Response(body)) });
    const incoming = Object.assign(new EventEmitter(), {
      method: 'GET',
      url: '/events',
      rawHeaders: ['Host', '127.0.0.1'],
      socket: {},
      pause() {},
      resume() {},
      destroy() {},
    });
    const outgoing = new SlowResponse();
    const ended = new Promise((resolve) => outgoing.once('finished', resolve));
    handler(incoming, outgoing);
    await ended;
    expect(outgoing.chunks).toBe(40);
    expect([outgoing.listenerCount('close'), outgoing.listenerCount('drain')]).toEqual([1, 0]);
  });
});
