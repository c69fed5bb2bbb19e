/**
 * What both SDK adapters share: options, who the server is, and the error an adapter throws when
 * the server stopped waiting. No SDK import here.
 */
import type { ElicitationServer } from '../core/index.js';

/** Options of `attachElicitation`. */
export interface AttachElicitationOptions {
  /**
   * Who is asking, as the person sees it. Each part is optional: `name` defaults to the server's
   * `serverInfo.name` (read per request, so it is known once connected), then `"MCP server"`.
   * `id` is shown beside the name and becomes the entries' `serverKey`; without it each
   * attachment gets a key of its own, so a name the server reports is never an identity.
   */
  server?: { name?: string; id?: string };
}

/**
 * Removes what `attachElicitation` installed (the declared capabilities stay: the SDKs cannot drop
 * them). Carries the attachment's `serverKey`, for `queue.cancelAll(detach.serverKey)`.
 */
export type DetachElicitation = (() => void) & {
  /** The `serverKey` of every entry this attachment adds (`options.server.id`, else one of its own). */
  readonly serverKey: string;
};

/** The capabilities the kit really supports: form and URL mode (2025-11-25 `{ form: {}, url: {} }`). */
export const ELICITATION_CAPABILITIES = { elicitation: { form: {}, url: {} } } as const;

/** The server as shown to the person, from the options or the server's own `serverInfo`. */
export function serverIdentity(
  options: AttachElicitationOptions,
  serverInfo: { name?: unknown } | undefined,
): ElicitationServer {
  const reported = typeof serverInfo?.name === 'string' && serverInfo.name !== '' ? serverInfo.name : undefined;
  const name = options.server?.name ?? reported ?? 'MCP server';
  const id = options.server?.id;
  return id === undefined ? { name } : { name, id };
}

/**
 * The `serverKey` of one attachment: `options.server.id` when the host gave one, else a key no other
 * attachment has. Random, not counted: a counter would be module state, shared by every queue.
 */
export function attachmentKey(options: AttachElicitationOptions): string {
  const id = options.server?.id;
  if (id !== undefined) return id;
  const bits = globalThis.crypto.getRandomValues(new Uint32Array(3));
  return `connection-${[...bits].map((part) => part.toString(36)).join('-')}`;
}

/** `detach` with the attachment's `serverKey` on it. */
export function withKey(detach: () => void, serverKey: string): DetachElicitation {
  return Object.assign(detach, { serverKey });
}

/**
 * The error a handler throws once the SDK aborted its request. Both SDK lines drop whatever a
 * handler returns or throws after the abort (nothing goes on the wire), so this only ends the
 * handler; for a 2026-07-28 round it makes the SDK's round fail instead of retrying with answers
 * the person never gave.
 */
export function stoppedWaiting(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  // A cancellation's reason is text (notifications/cancelled); an object would only say [object Object].
  const detail = typeof reason === 'string' || typeof reason === 'number' ? `: ${String(reason)}` : '';
  return new Error(`The server stopped waiting for this elicitation${detail}`);
}

/** `true` when a value is a plain JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Says clearly why attaching after `connect()` cannot work. */
export function assertNotConnected(transport: unknown): void {
  if (transport !== undefined) {
    throw new Error(
      'attachElicitation must be called before client.connect(): client capabilities are sent once, at connect, and the SDK refuses to change them afterwards.',
    );
  }
}
