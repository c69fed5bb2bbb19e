/** What both SDK adapters share. No SDK import here. */
import type { ElicitationQueue, ElicitationServer } from '../core/index.js';
import { isRecord } from '../shared/path.js';
import { randomId } from '../shared/random-id.js';

/** Options of `attachElicitation`. */
export interface AttachElicitationOptions {
  /**
   * Who is asking. `name` defaults to the server's `serverInfo.name`, then `"MCP server"`; `id` is shown
   * beside it and becomes the entries' `serverKey` (else each attachment gets its own key).
   */
  server?: { name?: string; id?: string };
}

/** Removes what `attachElicitation` installed (the SDKs cannot drop declared capabilities). */
export type DetachElicitation = (() => void) & {
  /** The `serverKey` of this attachment's entries, for `queue.cancelAll(detach.serverKey)`. */
  readonly serverKey: string;
};

/** Form and URL mode (2025-11-25 `{ form: {}, url: {} }`). */
export const ELICITATION_CAPABILITIES = { elicitation: { form: {}, url: {} } } as const;

export function serverIdentity(
  options: AttachElicitationOptions,
  serverInfo: { name?: unknown } | undefined,
): ElicitationServer {
  const reported = typeof serverInfo?.name === 'string' && serverInfo.name !== '' ? serverInfo.name : undefined;
  const name = options.server?.name ?? reported ?? 'MCP server';
  const id = options.server?.id;
  return id === undefined ? { name } : { name, id };
}

/** `options.server.id`, else a random key: a counter would be module state, shared by every queue. */
export function attachmentKey(options: AttachElicitationOptions): string {
  const id = options.server?.id;
  if (id !== undefined) return id;
  return `connection-${randomId(3, '-')}`;
}

export function withKey(detach: () => void, serverKey: string): DetachElicitation {
  return Object.assign(detach, { serverKey });
}

/**
 * Ends a handler whose request the SDK aborted (the SDK drops its outcome anyway); for a 2026-07-28
 * round it makes the round fail instead of retrying with answers the person never gave.
 */
export function stoppedWaiting(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  // A cancellation's reason is text (notifications/cancelled); an object would only say [object Object].
  const detail = typeof reason === 'string' || typeof reason === 'number' ? `: ${String(reason)}` : '';
  return new Error(`The server stopped waiting for this elicitation${detail}`);
}

/** Thrown when a client is attached twice. */
export const ATTACHED_TWICE =
  'attachElicitation was already called on this client; call the function it returned first';

export function assertNotConnected(transport: unknown): void {
  if (transport !== undefined) {
    throw new Error(
      'attachElicitation must be called before client.connect(): the SDK sends capabilities once, at connect.',
    );
  }
}

/** A JSON-RPC request id. */
export type RequestId = string | number;

/** The request id and reason of a `notifications/cancelled` message, else `undefined`. */
export function readCancellation(message: unknown): { requestId: RequestId; reason: unknown } | undefined {
  if (!isRecord(message) || message['method'] !== 'notifications/cancelled') return undefined;
  const params = message['params'];
  if (!isRecord(params)) return undefined;
  const requestId = params['requestId'];
  if (typeof requestId !== 'string' && typeof requestId !== 'number') return undefined;
  return { requestId, reason: params['reason'] };
}

/**
 * Marks this attachment's consented URL entry completed, from the params of
 * `notifications/elicitation/complete`; unknown, repeated or malformed ids are ignored (MCP 2025-11-25, "Elicitation" → "Security Considerations").
 */
export function completeElicitation(queue: ElicitationQueue, params: unknown, serverKey: string): void {
  const elicitationId = isRecord(params) ? params['elicitationId'] : undefined;
  if (typeof elicitationId === 'string') queue.complete(elicitationId, serverKey);
}
