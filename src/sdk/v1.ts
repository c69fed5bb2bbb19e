/**
 * Adapter for `@modelcontextprotocol/sdk` 1.x `Client` (2025-11-25; verified on 1.32.2). It serves
 * `elicitation/create` through `fallbackRequestHandler` to see the request unstripped, and watches
 * `notifications/cancelled` itself for the SDK's id-0 bug: why, in `src/sdk/README.md`.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ElicitationQueue } from '../core/index.js';
import {
  assertNotConnected,
  ATTACHED_TWICE,
  attachmentKey,
  completeElicitation,
  elicitationCapability,
  readCancellation,
  requestedMode,
  servedModes,
  serverIdentity,
  undeclaredMode,
  stoppedWaiting,
  withKey,
  type AttachElicitationOptions,
  type DetachElicitation,
  type RequestId,
} from './common.js';

/** The 1.x `Client` (`@modelcontextprotocol/sdk/client/index.js`). */
export type ClientV1 = Client;

type FallbackRequestHandler = NonNullable<ClientV1['fallbackRequestHandler']>;
type FallbackNotificationHandler = NonNullable<ClientV1['fallbackNotificationHandler']>;

const KIT_HANDLER = Symbol.for('mcp-elicit-kit.elicitation-handler');

function methodNotFound(): Error {
  return Object.assign(new Error('Method not found'), { code: -32601 });
}

function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** Routes every `elicitation/create` of a 1.x `Client` to `queue`. Call before `client.connect()`. */
export function attachElicitationV1(
  client: ClientV1,
  queue: ElicitationQueue,
  options: AttachElicitationOptions = {},
): DetachElicitation {
  assertNotConnected(client.transport);
  client.assertCanSetRequestHandler('elicitation/create');
  const previousRequest = client.fallbackRequestHandler;
  if (previousRequest !== undefined && KIT_HANDLER in previousRequest) {
    throw new Error(ATTACHED_TWICE);
  }
  const modes = servedModes(options);
  client.registerCapabilities(elicitationCapability(modes));

  const server = () => serverIdentity(options, client.getServerVersion());
  const serverKey = attachmentKey(options);
  const previousNotification = client.fallbackNotificationHandler;

  // Per-request signals by JSON-RPC id, for the SDK's id-0 cancel bug (README).
  const serving = new Map<RequestId, AbortController>();

  const onRequest: FallbackRequestHandler = async (request, extra) => {
    if (request.method !== 'elicitation/create') {
      if (previousRequest !== undefined) return previousRequest(request, extra);
      throw methodNotFound();
    }
    // The SDK's own handler path checks the declared modes; the fallback path is the kit's to check.
    const mode = requestedMode(request.params);
    if (mode !== undefined && !modes[mode]) throw undeclaredMode(mode);
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
    completeElicitation(queue, notification.params, serverKey);
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
