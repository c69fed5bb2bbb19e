/**
 * The AI SDK on the server, its questions answered in the browser: one bridge per process, and per user an
 * `@ai-sdk/mcp` client over Streamable HTTP whose elicitations wait in that user's queue. The browser reaches
 * the bridge through `app/elicit/route.ts` (Next.js) or `server.ts` (Node's `http`).
 */
// #region readme
import { createMCPClient, ElicitationRequestSchema, type MCPClient } from '@ai-sdk/mcp';
import { createElicitationBridge } from 'mcp-elicit-kit/bridge';
import { attachElicitation, elicitationCapabilities } from 'mcp-elicit-kit/sdk';
import { userOf } from './session.js'; // your sign-in: (request) => user id | null

export const bridge = createElicitationBridge({ authorize: userOf });

/** `user`'s client of the MCP server at `url`; pass `await client.tools()` to generateText. */
export async function mcpClientFor(user: string, url: string): Promise<MCPClient> {
  const client = await createMCPClient({ transport: { type: 'http', url }, capabilities: elicitationCapabilities() });
  attachElicitation(client, bridge.queueFor(user), { elicitationRequestSchema: ElicitationRequestSchema });
  return client;
}
// #endregion
