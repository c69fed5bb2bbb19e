/**
 * Adapter for an ACP client app (`@agentclientprotocol/sdk` 2.x `ClientApp`, verified on 2.4.0): the agent's
 * `elicitation/create` requests go to the same queue as MCP servers' ones. Why each step, in `src/acp/README.md`.
 */
import { RequestError, type ClientApp, type ClientCapabilities } from '@agentclientprotocol/sdk';

import type { ElicitationQueue, ElicitationScope, ElicitResult } from '../core/index.js';
import { isRecord, ownValue } from '../shared/path.js';
import {
  ATTACHED_TWICE,
  attachmentKey,
  completeElicitation,
  elicitationCapability,
  servedModes,
  withKey,
  type AttachElicitationOptions,
  type DetachElicitation,
  type ElicitationMode,
} from '../sdk/common.js';

/** The client side of an ACP connection: `acp.client()` of `@agentclientprotocol/sdk`. */
export type ClientAcp = ClientApp;

/** The name shown for an agent the host did not name (`options.server.name`). */
const UNNAMED_AGENT = 'ACP agent';

/** ACP v1, "Tool Calls" → "Status": a tool call that has ended. */
const ENDED_STATUSES: ReadonlySet<unknown> = new Set(['completed', 'failed']);

/** The SDK hands a raw-params handler its params as received: no key stripped, nothing refused. */
const rawParams = (params: unknown): unknown => params;

/**
 * What a notification handler returns to let the SDK's dispatch go on to the next handler (its
 * `Handled.no`): the host's own `session/update` handler still receives every update.
 */
const PASS_ON = { handled: false } as const;

const attachedApps = new WeakSet<ClientAcp>();

/** `clientCapabilities` for ACP `initialize`, declaring exactly the modes the host renders (both by default). */
export function elicitationCapabilities(): ClientCapabilities;
export function elicitationCapabilities<T extends ClientCapabilities>(
  capabilities: T,
  options?: { modes?: readonly ElicitationMode[] },
): T & ClientCapabilities;
export function elicitationCapabilities(
  capabilities: ClientCapabilities = {},
  options?: { modes?: readonly ElicitationMode[] },
): ClientCapabilities {
  // ACP v1, "Elicitation" → "Checking support": `{}` advertises no mode, so each one is an explicit object.
  return { ...capabilities, ...elicitationCapability(servedModes(options)) };
}

/** A request read off ACP params: what the queue shows (the MCP form or URL params) and its scope. */
interface AcpRequest {
  request: Record<string, unknown>;
  scope: ElicitationScope;
}

/** -32602 (Invalid params) with the reason, as ACP answers a malformed request (ACP v1, "Elicitation" → "URL completion"). */
function invalidParams(reason: string): RequestError {
  return RequestError.invalidParams(undefined, reason);
}

/**
 * Reads the ACP envelope: an explicit, declared `mode` and one scope. What is inside (schema, URL, message) is
 * left to the queue, which shows a malformed one for Decline and Cancel, as it does for MCP servers.
 */
function readRequest(params: unknown, modes: { form: boolean; url: boolean }): AcpRequest {
  if (!isRecord(params) || Array.isArray(params)) throw invalidParams('params must be an object');
  const mode = ownValue(params, 'mode');
  // ACP v1, "Elicitation" → "Creating an elicitation": `mode` is required (no form default, unlike MCP).
  if (mode === undefined) throw invalidParams('mode is required');
  if (!((mode === 'form' && modes.form) || (mode === 'url' && modes.url))) {
    // The same refusal as for MCP servers: a mode the client did not advertise is -32602.
    const name = mode === 'url' ? 'URL' : mode === 'form' ? 'form' : JSON.stringify(mode);
    throw invalidParams(`Client does not support ${name}-mode elicitation requests`);
  }
  const sessionId = ownValue(params, 'sessionId');
  const toolCallId = ownValue(params, 'toolCallId');
  const requestId = ownValue(params, 'requestId');
  let scope: ElicitationScope;
  if (sessionId !== undefined && requestId === undefined) {
    if (typeof sessionId !== 'string') throw invalidParams('sessionId must be a string');
    if (toolCallId !== undefined && typeof toolCallId !== 'string') throw invalidParams('toolCallId must be a string');
    scope = Object.freeze(toolCallId === undefined ? { sessionId } : { sessionId, toolCallId });
  } else if (requestId !== undefined && sessionId === undefined && toolCallId === undefined) {
    // A JSON-RPC id (ACP v1, "Elicitation": request scope): a string or a number, shown as text.
    if (typeof requestId !== 'string' && !(typeof requestId === 'number' && Number.isFinite(requestId))) {
      throw invalidParams('requestId must be a string or a number');
    }
    scope = Object.freeze({ requestId: String(requestId) });
  } else {
    throw invalidParams('the request needs one scope: sessionId (with an optional toolCallId), or requestId');
  }
  const request: Record<string, unknown> = {};
  for (const key of Object.keys(params)) {
    if (key !== 'sessionId' && key !== 'toolCallId' && key !== 'requestId') request[key] = params[key];
  }
  return { request, scope };
}

/** The tool call a `session/update` says has ended (`tool_call` or `tool_call_update` with a final status). */
function endedToolCall(params: unknown): string | undefined {
  if (!isRecord(params)) return undefined;
  const sessionId = ownValue(params, 'sessionId');
  const update = ownValue(params, 'update');
  if (typeof sessionId !== 'string' || !isRecord(update)) return undefined;
  const kind = ownValue(update, 'sessionUpdate');
  const toolCallId = ownValue(update, 'toolCallId');
  if (kind !== 'tool_call' && kind !== 'tool_call_update') return undefined;
  if (typeof toolCallId !== 'string' || !ENDED_STATUSES.has(ownValue(update, 'status'))) return undefined;
  return toolCallKey(sessionId, toolCallId);
}

function toolCallKey(sessionId: string, toolCallId: string): string {
  return JSON.stringify([sessionId, toolCallId]);
}

/**
 * Routes an ACP agent's `elicitation/create` requests to `queue`, and its `elicitation/complete` notifications to
 * `queue.complete`. Call before the app connects, and before registering the host's own `session/update`
 * handler. Declare the same `modes` in `initialize` with `elicitationCapabilities()`.
 */
export function attachElicitation(
  app: ClientAcp,
  queue: ElicitationQueue,
  options: AttachElicitationOptions = {},
): DetachElicitation {
  if (attachedApps.has(app)) throw new Error(ATTACHED_TWICE);
  const modes = servedModes(options);
  const serverKey = attachmentKey(options);
  const name = options.server?.name ?? UNNAMED_AGENT;
  const id = options.server?.id;
  // Requests tied to a tool call, by that call: withdrawn when it ends.
  const byToolCall = new Map<string, Set<AbortController>>();
  let detached = false;

  app.onRequest('elicitation/create', rawParams, async ({ params, signal }): Promise<ElicitResult> => {
    if (detached) throw RequestError.internalError(undefined, 'mcp-elicit-kit no longer handles elicitation here');
    const { request, scope } = readRequest(params, modes);
    // One signal for both ways the agent stops waiting: `$/cancel_request` (ACP v1, "Cancellation"), and its tool
    // call ending, which ACP cancels as the client's own "internal cancellation".
    const stop = new AbortController();
    const onAbort = () => stop.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) onAbort();
    const key = scope.toolCallId === undefined ? undefined : toolCallKey(scope.sessionId ?? '', scope.toolCallId);
    if (key !== undefined) byToolCall.set(key, (byToolCall.get(key) ?? new Set()).add(stop));
    try {
      const server = { name, ...(id !== undefined && { id }), scope };
      const result = await queue.enqueue(request, { server, serverKey, signal: stop.signal });
      // ACP v1, "Cancellation": a cancelled request is answered -32800, never left without a response.
      if (stop.signal.aborted) throw cancelled(stop.signal.reason);
      return { ...result };
    } finally {
      signal.removeEventListener('abort', onAbort);
      if (key !== undefined) {
        const live = byToolCall.get(key);
        live?.delete(stop);
        if (live?.size === 0) byToolCall.delete(key);
      }
    }
  });

  app.onNotification('elicitation/complete', rawParams, ({ params }) => {
    // ACP v1, "Elicitation" → "URL completion": unknown or already completed ids are ignored (the queue does).
    if (!detached) completeElicitation(queue, params, serverKey);
  });

  // Typed as returning nothing, as the SDK types notification handlers; what it returns is read by its dispatch.
  const observeUpdate: (context: { params: unknown }) => void = ({ params }) => {
    const key = detached ? undefined : endedToolCall(params);
    const live = key === undefined ? undefined : byToolCall.get(key);
    if (live !== undefined) {
      for (const stop of live) stop.abort(RequestError.requestCancelled(undefined, 'its tool call ended'));
    }
    return PASS_ON;
  };
  app.onNotification('session/update', rawParams, observeUpdate);

  attachedApps.add(app);
  return withKey(() => {
    // The SDK cannot remove a handler: they stay, and answer nothing more on the kit's behalf.
    detached = true;
  }, serverKey);
}

/** The -32800 answer for a request the agent cancelled, or whose tool call ended. */
function cancelled(reason: unknown): RequestError {
  return reason instanceof RequestError && reason.code === -32800 ? reason : RequestError.requestCancelled();
}
