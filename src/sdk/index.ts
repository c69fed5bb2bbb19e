/**
 * `mcp-elicit-kit/sdk`: connects an MCP client to an elicitation queue, for both SDK lines.
 *
 * ```ts
 * const queue = createElicitationQueue();
 * const client = new Client({ name: 'my-host', version: '1.0.0' });
 * attachElicitation(client, queue);          // before connect: capabilities are sent at connect
 * await client.connect(transport);
 * ```
 *
 * Neither adapter loads an SDK module at run time (they only use the client they are given), so
 * this entry works with either optional peer installed alone. Its type declarations name both
 * SDKs' `Client` types.
 */
import type { ElicitationQueue } from '../core/index.js';
import type { AttachElicitationOptions, DetachElicitation } from './common.js';
import { attachElicitationV1, type ClientV1 } from './v1.js';
import { attachElicitationV2, type ClientV2 } from './v2.js';

export type { AttachElicitationOptions, DetachElicitation } from './common.js';
export type { ClientV1 } from './v1.js';
export type { ClientV2 } from './v2.js';
export { attachElicitationV1 } from './v1.js';
export { attachElicitationV2 } from './v2.js';

/** A 2.x client has `setVersionNegotiation` (2026-07-28 negotiation); a 1.x client does not. */
function isClientV2(client: ClientV1 | ClientV2): client is ClientV2 {
  return 'setVersionNegotiation' in client && typeof client.setVersionNegotiation === 'function';
}

/**
 * Declares `elicitation: { form: {}, url: {} }` on `client` and routes every elicitation it
 * receives to `queue`, with the server's name and the request's abort signal; the queue's answer
 * goes back to the server. Works with `@modelcontextprotocol/sdk` 1.x and
 * `@modelcontextprotocol/client` 2.x clients (2025 pushed requests and 2026-07-28 rounds). Must be
 * called before `client.connect()`. Each attachment is its own server: its entries carry a
 * `serverKey` of their own (`options.server.id` when given), whatever name the server reports.
 * Returns a function that removes the handlers again; its `serverKey` is that key.
 */
export function attachElicitation(
  client: ClientV1 | ClientV2,
  queue: ElicitationQueue,
  options: AttachElicitationOptions = {},
): DetachElicitation {
  return isClientV2(client) ? attachElicitationV2(client, queue, options) : attachElicitationV1(client, queue, options);
}
