/**
 * `mcp-elicit-kit/sdk`: connects an MCP client to an elicitation queue, for SDK 1.x, client 2.x and
 * `@ai-sdk/mcp`, without loading any of them at run time (`src/sdk/README.md`).
 */
import type { ElicitationQueue } from '../core/index.js';
import { attachElicitationAiSdk, type AttachAiSdkElicitationOptions, type ClientAiSdk } from './ai-sdk.js';
import type { AttachElicitationOptions, DetachElicitation } from './common.js';
import { attachElicitationV1, type ClientV1 } from './v1.js';
import { attachElicitationV2, type ClientV2 } from './v2.js';

export type { AttachAiSdkElicitationOptions, ClientAiSdk } from './ai-sdk.js';
export type { AttachElicitationOptions, DetachElicitation, ElicitationMode } from './common.js';
export type { ClientV1 } from './v1.js';
export type { ClientV2 } from './v2.js';
export { attachElicitationAiSdk, elicitationCapabilities } from './ai-sdk.js';
export { attachElicitationV1 } from './v1.js';
export { attachElicitationV2 } from './v2.js';

type AnyClient = ClientV1 | ClientV2 | ClientAiSdk;

// The AI SDK client has no request-handler registry; neither MCP SDK line has `onElicitationRequest`.
function isClientAiSdk(client: AnyClient): client is ClientAiSdk {
  return 'onElicitationRequest' in client && typeof client.onElicitationRequest === 'function';
}

function isClientV2(client: ClientV1 | ClientV2): client is ClientV2 {
  return 'setVersionNegotiation' in client && typeof client.setVersionNegotiation === 'function';
}

/**
 * Routes every elicitation of `client` to `queue`. Each attachment has its own `serverKey`
 * (`options.server.id`, else a random one), whatever name the server reports. Returns the detach function.
 *
 * An `@ai-sdk/mcp` client is attached after `createMCPClient` (which connects), and must have been created
 * with `capabilities: elicitationCapabilities()`; pass `elicitationRequestSchema: ElicitationRequestSchema`.
 */
export function attachElicitation(
  client: ClientAiSdk,
  queue: ElicitationQueue,
  options: AttachAiSdkElicitationOptions,
): DetachElicitation;
/**
 * Declares form and URL elicitation on `client` (SDK 1.x or 2.x) and routes every elicitation to `queue`.
 * Call before `client.connect()`: capabilities are sent at connect.
 */
export function attachElicitation(
  client: ClientV1 | ClientV2,
  queue: ElicitationQueue,
  options?: AttachElicitationOptions,
): DetachElicitation;
export function attachElicitation(
  client: AnyClient,
  queue: ElicitationQueue,
  options: AttachElicitationOptions | AttachAiSdkElicitationOptions = {},
): DetachElicitation {
  if (isClientAiSdk(client)) return attachElicitationAiSdk(client, queue, options as AttachAiSdkElicitationOptions);
  return isClientV2(client) ? attachElicitationV2(client, queue, options) : attachElicitationV1(client, queue, options);
}
