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
  /**
   * The modes the host renders, and so the only ones declared (default both): a server must not be told the
   * client can show what it cannot. A request in another mode is refused with -32602, as the SDK refuses an
   * undeclared mode (MCP 2025-11-25, "Elicitation" → "Capabilities"), and never reaches the queue.
   */
  modes?: readonly ElicitationMode[];
  /**
   * Experimental: the host fills SEP-2356 file fields (`x-mcp-file`). SEP-2356 defines no client capability, so
   * nothing more is declared and nothing else changes today: the capabilities are those of `modes`, a request that
   * asks for a file reaches the queue either way, and the views' own `files` is what draws file fields.
   */
  files?: boolean;
}

/** An elicitation mode (MCP 2025-11-25, "Elicitation"): `form`, or `url`. */
export type ElicitationMode = 'form' | 'url';

/** Removes what `attachElicitation` installed (the SDKs cannot drop declared capabilities). */
export type DetachElicitation = (() => void) & {
  /** The `serverKey` of this attachment's entries, for `queue.cancelAll(detach.serverKey)`. */
  readonly serverKey: string;
};

/** Which modes `options.modes` asks for (both when absent); a list that is not one of them throws. */
export function servedModes(options: unknown): { form: boolean; url: boolean } {
  const modes: unknown = isRecord(options) ? options['modes'] : undefined;
  if (modes === undefined) return { form: true, url: true };
  if (!Array.isArray(modes) || modes.length === 0 || !modes.every((mode) => mode === 'form' || mode === 'url')) {
    throw new TypeError("modes must list 'form', 'url' or both");
  }
  return { form: modes.includes('form'), url: modes.includes('url') };
}

/** The capability declaring exactly these modes (2025-11-25: `{ form: {}, url: {} }`, or one of them). */
export function elicitationCapability(modes: { form: boolean; url: boolean }): {
  elicitation: { form?: Record<string, never>; url?: Record<string, never> };
} {
  return { elicitation: { ...(modes.form && { form: {} }), ...(modes.url && { url: {} }) } };
}

/** The mode a request asks for, read as the SDK does (none means form); `undefined` for anything else. */
export function requestedMode(params: unknown): ElicitationMode | undefined {
  const mode = isRecord(params) ? params['mode'] : undefined;
  return mode === undefined || mode === 'form' ? 'form' : mode === 'url' ? 'url' : undefined;
}

/**
 * The error SDK 1.x answers for a mode the client did not declare (its `Client` elicitation guard), so
 * a server hears the same refusal whichever path the request took.
 */
export function undeclaredMode(mode: ElicitationMode): Error {
  const name = mode === 'url' ? 'URL' : 'form';
  return Object.assign(new Error(`MCP error -32602: Client does not support ${name}-mode elicitation requests`), {
    code: -32602,
  });
}

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
