/**
 * `mcp-elicit-kit/sdk`: connects an MCP client to an elicitation queue, for both SDK lines, without
 * loading either SDK at run time (`src/sdk/README.md`). Attach before `client.connect()`.
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

function isClientV2(client: ClientV1 | ClientV2): client is ClientV2 {
  return 'setVersionNegotiation' in client && typeof client.setVersionNegotiation === 'function';
}

/**
 * Declares form and URL elicitation on `client` (SDK 1.x or 2.x) and routes every elicitation to `queue`. Call
 * before `client.connect()`: capabilities are sent at connect. Each attachment has its own `serverKey`
 * (`options.server.id`, else a random one), whatever name the server reports. Returns the detach function.
 */
export function attachElicitation(
  client: ClientV1 | ClientV2,
  queue: ElicitationQueue,
  options: AttachElicitationOptions = {},
): DetachElicitation {
  return isClientV2(client) ? attachElicitationV2(client, queue, options) : attachElicitationV1(client, queue, options);
}
