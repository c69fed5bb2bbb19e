/**
 * The AI SDK on the server, its questions answered in the browser: one bridge per process, and per user an
 * `@ai-sdk/mcp` client over Streamable HTTP whose elicitations wait in that user's queue. `userOf` stands for
 * the app's sign-in: `(request) => user id | null`. The browser reaches
 * the bridge through `app/elicit/route.ts` (Next.js) or `server.ts` (Node's `http`). The client's tools
 * (`await client.tools()`) go to `generateText` as any MCP tools do; close the client when the user is done.
 */
// #region readme
import { createMCPClient, ElicitationRequestSchema } from '@ai-sdk/mcp';
import { createElicitationBridge } from 'mcp-elicit-kit/bridge';
import { attachElicitation, elicitationCapabilities } from 'mcp-elicit-kit/sdk';
import { appOrigins, userOf } from './session.js';

export const bridge = createElicitationBridge({ authorize: userOf, allowedOrigins: () => appOrigins });

export async function mcpClientFor(user: string, url: string) {
  const client = await createMCPClient({ transport: { type: 'http', url }, capabilities: elicitationCapabilities() });
  attachElicitation(client, bridge.queueFor(user), { elicitationRequestSchema: ElicitationRequestSchema });
  return client;
}
// #endregion
