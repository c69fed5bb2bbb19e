/**
 * Adapter for `@modelcontextprotocol/client` 2.x `Client` (verified on 2.4.0), which speaks both
 * the 2025 revisions (server pushes `elicitation/create`) and 2026-07-28 (the server answers a
 * `tools/call`, `prompts/get` or `resources/read` with `input_required` and `inputRequests`).
 *
 * How it hooks in, and why (read from the 2.4.0 sources):
 * - Capabilities: `client.registerCapabilities(…)`, only allowed before `connect()` (it throws
 *   "Cannot register capabilities after connecting to transport"), so attach before `connect()`.
 * - One handler serves both eras: `setRequestHandler('elicitation/create', …)`. For a 2026-07-28
 *   round the client's auto-fulfilment driver calls the registered handler once per
 *   `inputRequests` key, all in the same turn of the event loop, with `ctx.mcpReq.id` set to the key
 *   and ONE shared `ctx.mcpReq.signal` for the round (a per-round AbortController linked to the
 *   caller's signal); it then retries the call with `inputResponses` keyed the same way and echoes
 *   `requestState` itself (the handler never sees `requestState`: its accessor reads `undefined`).
 *   The adapter therefore groups the calls of a modern-era connection by that signal: every call
 *   that arrives before the next macrotask (`setTimeout(0)`, after all the driver's microtasks)
 *   joins one queue round entry; a single call becomes a single entry. On a 2025-era connection
 *   every call is a pushed request with its own signal and goes straight to the queue.
 * - Raw requests: the 3-argument form `setRequestHandler(method, { params }, handler)` hands the
 *   handler the params as received (a shallow copy), so `pattern`, `x-*` and a titled single
 *   spelled `anyOf` survive; the 2-argument form re-parses them with the SDK's schema and strips
 *   them. The client's own elicitation guard (`_wrapHandler`: request shape, declared modes,
 *   result shape) still runs on both paths, for pushed requests and round members alike, so a
 *   request the SDK refuses (titled multi spelled `items.oneOf`, a wrongly typed `default`) never
 *   reaches the kit; 2.x offers no public way around that for rounds.
 * - Abort: a pushed request's signal fires on `notifications/cancelled` or close, after which the
 *   SDK drops the handler's outcome. A round's signal fires when the caller aborts the call or a
 *   sibling input request fails; the handler then throws so the driver does not retry with
 *   answers the person never gave.
 * - `notifications/elicitation/complete` (2025-11-25 only; 2026-07-28 dropped `elicitationId`).
 */
import type { Client, StandardSchemaV1 } from '@modelcontextprotocol/client';
import type { ElicitationQueue, ElicitationServer, ElicitResult } from '../core/index.js';
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

/** The 2.x `Client` (`@modelcontextprotocol/client`) the adapter accepts. */
export type ClientV2 = Client;

/** The first protocol revision whose elicitations arrive inside `input_required` results. */
const FIRST_ROUND_REVISION = '2026-07-28';

/** Hands the params over untouched (the SDK's guard has already checked their shape). */
const RAW_PARAMS: StandardSchemaV1<unknown, unknown> = {
  '~standard': {
    version: 1,
    vendor: 'mcp-elicit-kit',
    validate: (value) => ({ value }),
  },
};

/** One handler call waiting for its round to be complete. */
interface Pending {
  key: string;
  params: unknown;
  // Function-typed properties, not methods: they are a promise's settle functions, passed around unbound.
  resolve: (result: ElicitResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Routes every `elicitation/create` of a 2.x `Client` (pushed, or inside a 2026-07-28 round) to
 * `queue` and declares form and URL mode. Call before `client.connect()`. Throws when a handler for
 * `elicitation/create` is already set.
 */
export function attachElicitationV2(
  client: ClientV2,
  queue: ElicitationQueue,
  options: AttachElicitationOptions = {},
): DetachElicitation {
  assertNotConnected(client.transport);
  // Replacing the host's own elicitation handler silently would be a surprise: refuse instead.
  client.assertCanSetRequestHandler('elicitation/create');
  client.registerCapabilities(ELICITATION_CAPABILITIES);
  const server = (): ElicitationServer => serverIdentity(options, client.getServerVersion());
  // This connection, whatever name its server reports: completion and cancel-all stay within it.
  const serverKey = attachmentKey(options);
  // Round members not yet handed to the queue, by their round's shared signal. Per attachment.
  const forming = new Map<AbortSignal, Pending[]>();

  function answer(pending: Pending, signal: AbortSignal, result: ElicitResult | undefined): void {
    if (signal.aborted) pending.reject(stoppedWaiting(signal));
    else if (result === undefined)
      pending.reject(new Error(`No answer for input request ${JSON.stringify(pending.key)}`));
    else pending.resolve(result);
  }

  function enqueueRound(signal: AbortSignal): void {
    const members = forming.get(signal) ?? [];
    forming.delete(signal);
    const origin = { server: server(), serverKey, signal };
    const keys = new Set(members.map((member) => member.key));
    if (members.length === 1 || keys.size !== members.length) {
      // One request, or keys that cannot address a set: each on its own.
      for (const member of members) {
        queue.enqueue(member.params, origin).then((result) => answer(member, signal, result), member.reject);
      }
      return;
    }
    const requests: Record<string, unknown> = {};
    for (const member of members)
      Object.defineProperty(requests, member.key, { value: member.params, enumerable: true });
    queue.enqueueRound(requests, origin).then(
      (results) => {
        for (const member of members)
          answer(
            member,
            signal,
            Object.prototype.hasOwnProperty.call(results, member.key) ? results[member.key] : undefined,
          );
      },
      (error: unknown) => {
        for (const member of members) member.reject(error);
      },
    );
  }

  client.setRequestHandler('elicitation/create', { params: RAW_PARAMS }, async (params, ctx) => {
    const { signal } = ctx.mcpReq;
    const version = client.getNegotiatedProtocolVersion();
    if (version === undefined || version < FIRST_ROUND_REVISION) {
      // 2025 era: a pushed request, alone by definition.
      const result = await queue.enqueue(params, { server: server(), serverKey, signal });
      if (signal.aborted) throw stoppedWaiting(signal);
      return { ...result };
    }
    const result = await new Promise<ElicitResult>((resolve, reject) => {
      let members = forming.get(signal);
      if (members === undefined) {
        members = [];
        forming.set(signal, members);
        // The driver dispatches a round's members in one synchronous loop; a macrotask runs only
        // after every one of them (and their microtasks) has reached this handler.
        setTimeout(() => enqueueRound(signal), 0);
      }
      members.push({ key: String(ctx.mcpReq.id), params, resolve, reject });
    });
    return { ...result };
  });

  client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
    const params: unknown = notification.params;
    const elicitationId = isObject(params) ? params['elicitationId'] : undefined;
    if (typeof elicitationId === 'string') queue.complete(elicitationId, serverKey);
  });

  return withKey(() => {
    client.removeRequestHandler('elicitation/create');
    client.removeNotificationHandler('notifications/elicitation/complete');
  }, serverKey);
}
