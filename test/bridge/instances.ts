/**
 * Bridge instances as a load balancer sees them: each a bridge with its own Redis broker (its own
 * connections) behind its own `toNodeHandler` HTTP server on a loopback port; and an SSE reader over `fetch`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createElicitationBridge, toNodeHandler, type ElicitationBridge } from '../../src/bridge/index.js';
import { createRedisBroker, type RedisElicitationBroker } from '../../src/bridge/redis/index.js';
import { authorize, eventsOf, ORIGIN } from './helpers.js';
import { TEST_SECRET } from './redis-server.js';

export interface Instance {
  readonly bridge: ElicitationBridge;
  readonly broker: RedisElicitationBroker;
  /** `http://127.0.0.1:port`. */
  readonly base: string;
  close(): Promise<void>;
}

/** One instance on Redis at `url`, sharing `keyPrefix` with its siblings. */
export async function startInstance(url: string, keyPrefix: string, retryMs = 2_000): Promise<Instance> {
  const broker = createRedisBroker({ url, keyPrefix, secret: TEST_SECRET });
  await broker.ready();
  const bridge = createElicitationBridge({ authorize, broker, allowedOrigins: [ORIGIN], heartbeatMs: 60_000, retryMs });
  // The bridge's `serve` subscribes in the background: routed commands reach it once this resolves.
  await broker.ready();
  const http = createServer(toNodeHandler(bridge));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  let closed = false;
  return {
    bridge,
    broker,
    base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async close() {
      if (closed) return;
      closed = true;
      bridge.close();
      await broker.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** A command POSTed over HTTP to `base`; resolves with the status and the body text. */
export async function post(base: string, principal: string, body: unknown): Promise<{ status: number; body: string }> {
  const response = await fetch(`${base}/elicit`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${principal}`,
      origin: ORIGIN,
      'content-type': 'application/json',
      'x-mcp-elicit': '1',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.text() };
}

/** An event stream over HTTP; `next()` resolves with the next event (heartbeats and `retry` skipped). */
export async function streamOver(base: string, principal: string, lastEventId?: string) {
  const aborted = new AbortController();
  const response = await fetch(`${base}/elicit`, {
    headers: {
      authorization: `Bearer ${principal}`,
      accept: 'text/event-stream',
      'x-mcp-elicit': '1',
      // The app's origin, as its page sends it (these loopback ports are not the app's host).
      origin: ORIGIN,
      ...(lastEventId !== undefined && { 'last-event-id': lastEventId }),
    },
    signal: aborted.signal,
  });
  return eventsOf(response, aborted);
}
