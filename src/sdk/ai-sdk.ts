/**
 * Adapter for the AI SDK's `@ai-sdk/mcp` client (verified on 2.0.99). It serves pushed
 * `elicitation/create` requests on the client's transport itself and 2026-07-28 round members
 * through `onElicitationRequest`: why, and what the AI SDK does not expose, in `src/sdk/README.md`.
 */
import type {
  ElicitationRequestSchema,
  Experimental_ManagedMCPClient,
  JSONRPCMessage,
  MCPClient,
  MCPTransport,
} from '@ai-sdk/mcp';
import type { ElicitationQueue, ElicitationServer } from '../core/index.js';
import {
  ATTACHED_TWICE,
  attachmentKey,
  completeElicitation,
  elicitationCapability,
  readCancellation,
  servedModes,
  serverIdentity,
  stoppedWaiting,
  withKey,
  type AttachElicitationOptions,
  type DetachElicitation,
  type ElicitationMode,
  type RequestId,
} from './common.js';
import { isRecord } from '../shared/path.js';

/** A client made by `createMCPClient` from `@ai-sdk/mcp` (with or without managed events). */
export type ClientAiSdk = MCPClient | Experimental_ManagedMCPClient;

/** Options of `attachElicitation` for an `@ai-sdk/mcp` client. */
export interface AttachAiSdkElicitationOptions extends AttachElicitationOptions {
  /** The host's `ElicitationRequestSchema`: the client takes a handler only with that very object. */
  elicitationRequestSchema: typeof ElicitationRequestSchema;
}

// A type alias, not an interface: only an alias is assignable to the AI SDK's index-signature type.
/** What the kit declares: form and URL mode (2025-11-25), or only the modes `modes` lists. */
type ElicitationCapability = { elicitation: { form?: Record<string, never>; url?: Record<string, never> } };

/**
 * `createMCPClient`'s `capabilities`, over the host's own: the AI SDK takes them only there, as it connects.
 * `modes` declares only what the host renders (default both); pass the same `modes` to `attachElicitation`.
 */
export function elicitationCapabilities(): ElicitationCapability;
export function elicitationCapabilities<T extends object>(
  capabilities: T,
  options?: { modes?: readonly ElicitationMode[] },
): Omit<T, 'elicitation'> & ElicitationCapability;
export function elicitationCapabilities(
  capabilities: object = {},
  options?: { modes?: readonly ElicitationMode[] },
): ElicitationCapability {
  return { ...capabilities, ...elicitationCapability(servedModes(options)) };
}

const KIT_ATTACHED = Symbol.for('mcp-elicit-kit.ai-sdk-attached');

/** The two private fields of the client the adapter reads (TypeScript-private, plain properties in 2.x). */
function internalsOf(client: ClientAiSdk): { transport: MCPTransport; capabilities: Record<string, unknown> } {
  const transport: unknown = Reflect.get(client, 'transport');
  const capabilities: unknown = Reflect.get(client, 'clientCapabilities');
  if (
    !isRecord(transport) ||
    typeof transport['send'] !== 'function' ||
    typeof transport['onmessage'] !== 'function' ||
    !isRecord(capabilities)
  ) {
    throw new Error(
      'attachElicitation cannot serve this @ai-sdk/mcp client: its transport or declared capabilities are not where @ai-sdk/mcp 2.x keeps them.',
    );
  }
  return { transport: transport as unknown as MCPTransport, capabilities };
}

/** The declared modes, else `undefined`; neither `form` nor `url` means form (2025-11-25 compatibility). */
function declaredModes(capabilities: Record<string, unknown>): { form: boolean; url: boolean } | undefined {
  const elicitation = capabilities['elicitation'];
  if (!isRecord(elicitation)) return undefined;
  const url = isRecord(elicitation['url']);
  return { form: isRecord(elicitation['form']) || !url, url };
}

function elicitationRequest(message: unknown): { id: RequestId; params: unknown } | undefined {
  if (!isRecord(message) || message['method'] !== 'elicitation/create') return undefined;
  const id = message['id'];
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return { id, params: message['params'] };
}

function isCompletion(message: unknown): message is { params?: unknown } {
  return isRecord(message) && message['method'] === 'notifications/elicitation/complete';
}

/** Routes every elicitation of an `@ai-sdk/mcp` client created with `elicitationCapabilities()` to `queue`. */
export function attachElicitationAiSdk(
  client: ClientAiSdk,
  queue: ElicitationQueue,
  options: AttachAiSdkElicitationOptions,
): DetachElicitation {
  if (KIT_ATTACHED in client) {
    throw new Error(ATTACHED_TWICE);
  }
  const { transport, capabilities } = internalsOf(client);
  const modes = declaredModes(capabilities);
  if (modes === undefined) {
    throw new Error(
      'This @ai-sdk/mcp client did not declare elicitation: create it with createMCPClient({ transport, capabilities: elicitationCapabilities() }).',
    );
  }
  const rendered = servedModes(options);
  if ((modes.form && !rendered.form) || (modes.url && !rendered.url)) {
    throw new Error(
      'This @ai-sdk/mcp client declares a mode the host does not render: create it with elicitationCapabilities(capabilities, { modes }) and the same modes.',
    );
  }
  // A JavaScript caller may leave the options out.
  const elicitationRequestSchema = isRecord(options) ? options.elicitationRequestSchema : undefined;
  if (elicitationRequestSchema === undefined) {
    throw new Error(
      "attachElicitation needs { elicitationRequestSchema: ElicitationRequestSchema } (from '@ai-sdk/mcp') for an @ai-sdk/mcp client.",
    );
  }

  const server = (): ElicitationServer => serverIdentity(options, client.serverInfo);
  const serverKey = attachmentKey(options);
  // Fires when the connection closes: every request this attachment serves ends then.
  const closed = new AbortController();
  const serving = new Map<RequestId, AbortController>();
  let detached = false;

  const send = (message: JSONRPCMessage): void => {
    // A failed send means the connection is gone, and `closed` has ended the entry or soon will.
    transport.send(message).catch(() => undefined);
  };

  const serve = (id: RequestId, params: unknown): void => {
    const mode = isRecord(params) ? params['mode'] : undefined;
    const undeclared = (mode === 'url' && !modes.url) || ((mode === undefined || mode === 'form') && !modes.form);
    if (undeclared) {
      const asked = typeof mode === 'string' ? mode : 'form';
      send({
        jsonrpc: '2.0',
        id,
        error: { code: -32602, message: `This client did not declare ${asked} mode elicitation` },
      });
      return;
    }
    const own = new AbortController();
    serving.set(id, own);
    if (closed.signal.aborted) own.abort(closed.signal.reason);
    void queue.enqueue(params, { server: server(), serverKey, signal: own.signal }).then((result) => {
      if (serving.get(id) === own) serving.delete(id);
      // Cancelled by the server: MCP says reply nothing. Closed: there is nowhere to reply.
      if (!own.signal.aborted) send({ jsonrpc: '2.0', id, result: { ...result } });
    });
  };

  // The client's own closures, called after the kit's and put back on detach.
  const previousMessage = transport.onmessage;
  const previousClose = transport.onclose;

  const onMessage: NonNullable<MCPTransport['onmessage']> = (message) => {
    const request = elicitationRequest(message);
    if (request !== undefined) {
      serve(request.id, request.params);
      return;
    }
    const cancellation = readCancellation(message);
    if (cancellation !== undefined) {
      serving.get(cancellation.requestId)?.abort(cancellation.reason);
      return;
    }
    if (isCompletion(message)) {
      completeElicitation(queue, message.params, serverKey);
      return;
    }
    previousMessage?.(message);
  };

  const onClose = (): void => {
    const reason = new Error('The connection to the MCP server closed');
    closed.abort(reason);
    for (const controller of serving.values()) controller.abort(reason);
    serving.clear();
    previousClose?.();
  };

  // A 2026-07-28 round member: the AI SDK calls this once per input request, one after another.
  client.onElicitationRequest(elicitationRequestSchema, async (request) => {
    if (detached) throw new Error('mcp-elicit-kit no longer handles elicitation on this client');
    // The AI SDK passes only form requests here; a client declaring only URL mode never shows one.
    if (!modes.form) throw new Error('This client did not declare form mode elicitation');
    const { signal } = closed;
    const result = await queue.enqueue(request.params, { server: server(), serverKey, signal });
    if (signal.aborted) throw stoppedWaiting(signal);
    return { ...result };
  });
  transport.onmessage = onMessage;
  transport.onclose = onClose;
  Object.defineProperty(client, KIT_ATTACHED, { value: true, configurable: true });

  return withKey(() => {
    detached = true;
    if (transport.onmessage === onMessage) transport.onmessage = previousMessage;
    if (transport.onclose === onClose) transport.onclose = previousClose;
    Reflect.deleteProperty(client, KIT_ATTACHED);
  }, serverKey);
}
