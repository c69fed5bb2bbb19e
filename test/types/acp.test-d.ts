/**
 * What the public types of `mcp-elicit-kit/acp` are. Every type name is referenced through the entry's namespace,
 * so removing or renaming one fails to compile. The list of names itself is pinned in `exports.test.ts`.
 */
import type { ClientApp, ClientCapabilities } from '@agentclientprotocol/sdk';
import { describe, expectTypeOf, test } from 'vitest';

import type * as acpEntry from '../../src/acp/index.js';
import { attachElicitation, elicitationCapabilities } from '../../src/acp/index.js';
import type { ElicitationQueue } from '../../src/core/index.js';
import type * as sdk from '../../src/sdk/index.js';

describe('given an ACP client app to attach', () => {
  test("the client type is the ACP SDK's own ClientApp; options and detach are the MCP adapters' ones", () => {
    expectTypeOf<acpEntry.ClientAcp>().toEqualTypeOf<ClientApp>();
    expectTypeOf<acpEntry.AttachElicitationOptions>().toEqualTypeOf<sdk.AttachElicitationOptions>();
    expectTypeOf<acpEntry.DetachElicitation>().toEqualTypeOf<sdk.DetachElicitation>();
    expectTypeOf<acpEntry.ElicitationMode>().toEqualTypeOf<'form' | 'url'>();
    expectTypeOf(attachElicitation).toEqualTypeOf<
      (app: ClientApp, queue: ElicitationQueue, options?: sdk.AttachElicitationOptions) => sdk.DetachElicitation
    >();
  });

  test('elicitationCapabilities gives ACP client capabilities, keeping the host’s own', () => {
    expectTypeOf(elicitationCapabilities()).toEqualTypeOf<ClientCapabilities>();
    expectTypeOf(elicitationCapabilities({ terminal: true }, { modes: ['form'] })).toEqualTypeOf<
      { terminal: true } & ClientCapabilities
    >();
  });
});
