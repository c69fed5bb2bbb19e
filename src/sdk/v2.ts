/**
 * Adapter for `@modelcontextprotocol/client` 2.x `Client` (verified on 2.4.0): 2025 pushed requests
 * and 2026-07-28 rounds through one raw-params handler, whose calls are grouped into one round by
 * their shared signal. Why, in `src/sdk/README.md`.
 */
import type { Client, StandardSchemaV1 } from '@modelcontextprotocol/client';
import type { ElicitationQueue, ElicitationServer, ElicitResult } from '../core/index.js';
import {
  assertNotConnected,
  attachmentKey,
  elicitationCapability,
  servedModes,
  completeElicitation,
  serverIdentity,
  stoppedWaiting,
  withKey,
  type AttachElicitationOptions,
  type DetachElicitation,
} from './common.js';
import { setOwn } from '../shared/path.js';

/** The 2.x `Client` (`@modelcontextprotocol/client`). */
export type ClientV2 = Client;

const FIRST_ROUND_REVISION = '2026-07-28';

/** Hands the params over untouched (the SDK's guard has already checked their shape). */
const RAW_PARAMS: StandardSchemaV1<unknown, unknown> = {
  '~standard': {
    version: 1,
    vendor: 'mcp-elicit-kit',
    validate: (value) => ({ value }),
  },
};

interface Pending {
  key: string;
  params: unknown;
  // Function-typed properties: a promise's settle functions, passed around unbound.
  resolve: (result: ElicitResult) => void;
  reject: (error: unknown) => void;
}

/** Routes every `elicitation/create` of a 2.x `Client` (pushed, or in a round) to `queue`. Call before `connect()`. */
export function attachElicitationV2(
  client: ClientV2,
  queue: ElicitationQueue,
  options: AttachElicitationOptions = {},
): DetachElicitation {
  assertNotConnected(client.transport);
  client.assertCanSetRequestHandler('elicitation/create');
  // The client's own elicitation guard refuses a mode not declared here, for pushed requests and rounds alike.
  client.registerCapabilities(elicitationCapability(servedModes(options)));
  const server = (): ElicitationServer => serverIdentity(options, client.getServerVersion());
  const serverKey = attachmentKey(options);
  // Round members not yet handed to the queue, by their round's shared signal.
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
      // Keys that cannot address a set: each on its own.
      for (const member of members) {
        queue.enqueue(member.params, origin).then((result) => answer(member, signal, result), member.reject);
      }
      return;
    }
    const requests: Record<string, unknown> = {};
    for (const member of members) setOwn(requests, member.key, member.params);
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
    completeElicitation(queue, notification.params, serverKey);
  });

  return withKey(() => {
    client.removeRequestHandler('elicitation/create');
    client.removeNotificationHandler('notifications/elicitation/complete');
  }, serverKey);
}
