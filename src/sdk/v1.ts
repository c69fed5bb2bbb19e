/**
 * Adapter for `@modelcontextprotocol/sdk` 1.x `Client` (protocol 2025-11-25; verified on 1.32.2).
 *
 * How it hooks in, and why (read from the 1.32 `Protocol`/`Client` sources):
 * - Capabilities: `client.registerCapabilities({ elicitation: { form: {}, url: {} } })`, which the
 *   SDK only allows before `connect()` (it throws "Cannot register capabilities after connecting").
 *   So `attachElicitation` must run before `connect()`; it checks and says so.
 * - Requests: the kit serves `elicitation/create` through the client's public
 *   `fallbackRequestHandler`, not `setRequestHandler(ElicitRequestSchema, …)`. The registered-handler
 *   path zod-parses the request first: `pattern`, `x-*`, `uniqueItems` are stripped, a titled single
 *   spelled `anyOf` arrives as plain text, a `__proto__` property vanishes, and a titled multi
 *   spelled `items.oneOf` (or a wrongly typed `default`) is refused before any handler runs, so
 *   the person never sees it. The fallback handler receives the JSON-RPC request exactly as it
 *   arrived, with the same per-request `extra.signal`, and the kit checks it itself (the queue shows
 *   malformed requests for decline/cancel; `validateElicitContent` checks every accepted answer
 *   against the unstripped schema, as the SDK server's Ajv will). It also keeps this module free
 *   of run-time SDK imports, so `mcp-elicit-kit/sdk` loads when only the 2.x packages are installed.
 *   Other methods go to the fallback the host had before, else get the SDK's usual -32601.
 * - Abort: the SDK aborts `extra.signal` on `notifications/cancelled` (the server's `elicitInput`
 *   timeout or `signal`) and when the connection closes; after that it drops the handler's result
 *   or error (nothing is sent). The queue removes the entry and leaves a notice; the handler then
 *   throws (see `stoppedWaiting`). SDK 1.32.2 bug: its cancel handler starts with
 *   `if (!notification.params.requestId) return`, so a request whose JSON-RPC id is `0` cannot be
 *   cancelled. `0` is the first id every 1.x server uses on a connection, and the only one a
 *   stateless 1.x HTTP server ever uses. So the adapter also watches `notifications/cancelled`
 *   itself: `attachElicitation` wraps this client's `connect()` to chain a listener on the
 *   transport's `onmessage` (the SDK's own `Protocol.connect` calls a handler already set there
 *   before its own), and aborts its per-request signal for the ids it is serving. When only that
 *   signal fired (the SDK still thinks the request is live), the handler replies nothing: it waits
 *   for the SDK's signal (connection close) and ends then, as MCP cancellation requires.
 * - `notifications/elicitation/complete` goes through `fallbackNotificationHandler` to
 *   `queue.complete(elicitationId, serverKey)`, with this attachment's own key (`attachmentKey`):
 *   another server, even one reporting the same name, cannot complete this one's entries.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ElicitationQueue } from '../core/index.js';
import {
  assertNotConnected,
  ELICITATION_CAPABILITIES,
  isObject,
  attachmentKey,
  serverIdentity,
  stoppedWaiting,
  withKey,
  type AttachElicitationOptions,
  type DetachElicitation,
} from './common.js';

/** The 1.x `Client` (`@modelcontextprotocol/sdk/client/index.js`) the adapter accepts. */
export type ClientV1 = Client;

type FallbackRequestHandler = NonNullable<ClientV1['fallbackRequestHandler']>;
type FallbackNotificationHandler = NonNullable<ClientV1['fallbackNotificationHandler']>;

type RequestId = string | number;

/** Marks the kit's fallback handler, so a second attach on the same client is refused. */
const KIT_HANDLER = Symbol.for('mcp-elicit-kit.elicitation-handler');

/** JSON-RPC "Method not found", as the SDK sends it when no handler exists. */
function methodNotFound(): Error {
  return Object.assign(new Error('Method not found'), { code: -32601 });
}

/** What a `notifications/cancelled` message cancels, else `undefined`. */
function readCancellation(message: unknown): { requestId: RequestId; reason: unknown } | undefined {
  if (!isObject(message) || message['method'] !== 'notifications/cancelled') return undefined;
  const params = message['params'];
  if (!isObject(params)) return undefined;
  const requestId = params['requestId'];
  if (typeof requestId !== 'string' && typeof requestId !== 'number') return undefined;
  return { requestId, reason: params['reason'] };
}

/** Resolves when `signal` fires (at once if it has). */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/**
 * Routes every `elicitation/create` of a 1.x `Client` to `queue` and declares form and URL mode.
 * Call before `client.connect()`. Throws when a handler for `elicitation/create` is already set.
 */
export function attachElicitationV1(
  client: ClientV1,
  queue: ElicitationQueue,
  options: AttachElicitationOptions = {},
): DetachElicitation {
  assertNotConnected(client.transport);
  // A handler registered with setRequestHandler would win over the fallback: refuse to be shadowed.
  client.assertCanSetRequestHandler('elicitation/create');
  const previousRequest = client.fallbackRequestHandler;
  if (previousRequest !== undefined && KIT_HANDLER in previousRequest) {
    throw new Error('attachElicitation was already called on this client; call the function it returned first');
  }
  client.registerCapabilities(ELICITATION_CAPABILITIES);

  const server = () => serverIdentity(options, client.getServerVersion());
  // This connection, whatever name its server reports: completion and cancel-all stay within it.
  const serverKey = attachmentKey(options);
  const previousNotification = client.fallbackNotificationHandler;

  // Per-request signals of the elicitations being served, by JSON-RPC id (see "Abort" above).
  const serving = new Map<RequestId, AbortController>();

  const onRequest: FallbackRequestHandler = async (request, extra) => {
    if (request.method !== 'elicitation/create') {
      if (previousRequest !== undefined) return previousRequest(request, extra);
      throw methodNotFound();
    }
    const own = new AbortController();
    const follow = () => own.abort(extra.signal.reason);
    extra.signal.addEventListener('abort', follow, { once: true });
    if (extra.signal.aborted) follow();
    serving.set(request.id, own);
    try {
      const result = await queue.enqueue(request.params, { server: server(), serverKey, signal: own.signal });
      if (!own.signal.aborted) return { ...result };
      // Cancelled: MCP says reply nothing. The SDK drops our outcome only once ITS signal fired.
      await aborted(extra.signal);
      throw stoppedWaiting(own.signal);
    } finally {
      extra.signal.removeEventListener('abort', follow);
      if (serving.get(request.id) === own) serving.delete(request.id);
    }
  };

  const onNotification: FallbackNotificationHandler = async (notification) => {
    if (notification.method !== 'notifications/elicitation/complete') {
      await previousNotification?.(notification);
      return;
    }
    const params: unknown = notification.params;
    const elicitationId = isObject(params) ? params['elicitationId'] : undefined;
    // Unknown, repeated or malformed ids are ignored (SPEC §3).
    if (typeof elicitationId === 'string') queue.complete(elicitationId, serverKey);
  };

  // Sees every message before the SDK does, on each transport this client connects to.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be put back on detach, and called with .call(client).
  const connect = client.connect;
  const connectWatching: ClientV1['connect'] = (transport, connectOptions) => {
    const earlier = transport.onmessage;
    transport.onmessage = (message, extra) => {
      earlier?.(message, extra);
      const cancellation = readCancellation(message);
      if (cancellation !== undefined) serving.get(cancellation.requestId)?.abort(cancellation.reason);
    };
    return connect.call(client, transport, connectOptions);
  };

  Object.defineProperty(onRequest, KIT_HANDLER, { value: true });
  client.fallbackRequestHandler = onRequest;
  client.fallbackNotificationHandler = onNotification;
  client.connect = connectWatching;
  return withKey(() => {
    if (client.fallbackRequestHandler === onRequest) client.fallbackRequestHandler = previousRequest;
    if (client.fallbackNotificationHandler === onNotification)
      client.fallbackNotificationHandler = previousNotification;
    if (client.connect === connectWatching) client.connect = connect;
  }, serverKey);
}
