/**
 * What the public types of `mcp-elicit-kit/sdk` are. Every type name is referenced through the
 * entry's namespace, so removing or renaming one fails to compile. The list of names itself is
 * pinned in `exports.test.ts`.
 */
import type {
  ElicitationRequestSchema,
  Experimental_ManagedMCPClient,
  MCPClient,
  MCPClientConfig,
  mcpAppClientCapabilities,
} from '@ai-sdk/mcp';
import type { Client as ClientV2Sdk } from '@modelcontextprotocol/client';
import type { Client as ClientV1Sdk } from '@modelcontextprotocol/sdk/client/index.js';
import { describe, expectTypeOf, test } from 'vitest';

import type { ElicitationQueue } from '../../src/core/index.js';
import type * as sdk from '../../src/sdk/index.js';
import {
  attachElicitation,
  attachElicitationAiSdk,
  attachElicitationV1,
  attachElicitationV2,
  elicitationCapabilities,
} from '../../src/sdk/index.js';

describe('given an MCP client to attach', () => {
  test("the client types are the SDKs' own Client classes", () => {
    expectTypeOf<sdk.ClientV1>().toEqualTypeOf<ClientV1Sdk>();
    expectTypeOf<sdk.ClientV2>().toEqualTypeOf<ClientV2Sdk>();
    expectTypeOf<sdk.ClientAiSdk>().toEqualTypeOf<MCPClient | Experimental_ManagedMCPClient>();
  });

  test('attachElicitation takes either client, a queue and options, and gives a detach function', () => {
    // An AI SDK client needs its options (the host's ElicitationRequestSchema); the SDK clients do not.
    expectTypeOf(attachElicitation).toEqualTypeOf<{
      (
        client: sdk.ClientAiSdk,
        queue: ElicitationQueue,
        options: sdk.AttachAiSdkElicitationOptions,
      ): sdk.DetachElicitation;
      (
        client: sdk.ClientV1 | sdk.ClientV2,
        queue: ElicitationQueue,
        options?: sdk.AttachElicitationOptions,
      ): sdk.DetachElicitation;
    }>();
    expectTypeOf(attachElicitationAiSdk).parameter(0).toEqualTypeOf<sdk.ClientAiSdk>();
    expectTypeOf(attachElicitationV1).parameter(0).toEqualTypeOf<sdk.ClientV1>();
    expectTypeOf(attachElicitationV2).parameter(0).toEqualTypeOf<sdk.ClientV2>();
    expectTypeOf<sdk.DetachElicitation>().toEqualTypeOf<(() => void) & { readonly serverKey: string }>();
    expectTypeOf<sdk.AttachElicitationOptions>().toEqualTypeOf<{
      server?: { name?: string; id?: string };
      modes?: readonly ('form' | 'url')[];
      files?: boolean;
    }>();
    expectTypeOf<sdk.ElicitationMode>().toEqualTypeOf<'form' | 'url'>();
    expectTypeOf<sdk.AttachAiSdkElicitationOptions>().toEqualTypeOf<{
      server?: { name?: string; id?: string };
      modes?: readonly ('form' | 'url')[];
      files?: boolean;
      elicitationRequestSchema: typeof ElicitationRequestSchema;
    }>();
  });

  test("elicitationCapabilities fits createMCPClient's capabilities and keeps the host's own", () => {
    expectTypeOf(elicitationCapabilities()).toExtend<NonNullable<MCPClientConfig['capabilities']>>();
    const withApps = elicitationCapabilities({} as typeof mcpAppClientCapabilities);
    expectTypeOf(withApps).toExtend<NonNullable<MCPClientConfig['capabilities']>>();
    expectTypeOf(withApps.extensions).toEqualTypeOf<(typeof mcpAppClientCapabilities)['extensions']>();
    expectTypeOf(withApps.elicitation).toEqualTypeOf<{ form?: Record<string, never>; url?: Record<string, never> }>();
    expectTypeOf(elicitationCapabilities({}, { modes: ['form'] })).toExtend<
      NonNullable<MCPClientConfig['capabilities']>
    >();
  });
});
