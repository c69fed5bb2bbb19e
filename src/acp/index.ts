/**
 * `mcp-elicit-kit/acp`: connects an ACP client app (`@agentclientprotocol/sdk`) to an elicitation queue, so an
 * agent's requests show in the same host, forms and URL views as MCP servers' ones (`src/acp/README.md`).
 */
export type { ClientAcp } from './acp.js';
export type { AttachElicitationOptions, DetachElicitation, ElicitationMode } from '../sdk/common.js';
export { attachElicitation, elicitationCapabilities } from './acp.js';
