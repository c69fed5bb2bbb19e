/**
 * `mcp-elicit-kit/sdk` as an entry point: its exact public names, that it loads no SDK module at
 * run time (so either optional peer works alone), and how `attachElicitation` treats the client it
 * is given (which line, before/after connect, twice, detach). Real clients, no server needed
 * except where a connection is the point.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  createMCPClient,
  ElicitationRequestSchema,
  mcpAppClientCapabilities,
  type MCPClientConfig,
  type MCPTransport,
} from '@ai-sdk/mcp';
import { Client as ClientV2, InMemoryTransport as InMemoryV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer as McpServerV2 } from '@modelcontextprotocol/server';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

import { createElicitationQueue } from '../../src/core/index.js';
import * as sdk from '../../src/sdk/index.js';
import { attachElicitation, elicitationCapabilities } from '../../src/sdk/index.js';

const sdkDir = fileURLToPath(new URL('../../src/sdk/', import.meta.url));

/** Module specifiers a file loads at run time (type-only imports and exports are erased). */
function runtimeImports(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isImportDeclaration(node) &&
      node.importClause?.isTypeOnly !== true &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier !== undefined && ts.isStringLiteral(specifier)) found.push(specifier.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('given the mcp-elicit-kit/sdk entry', () => {
  test('it exports exactly these runtime names', () => {
    expect(Object.keys(sdk).sort()).toStrictEqual([
      'attachElicitation',
      'attachElicitationAiSdk',
      'attachElicitationV1',
      'attachElicitationV2',
      'elicitationCapabilities',
    ]);
  });

  test.each(
    readdirSync(sdkDir)
      .filter((name) => name.endsWith('.ts'))
      .sort(),
  )('%s loads no MCP SDK or AI SDK module at run time', (name) => {
    const imports = runtimeImports(name, readFileSync(join(sdkDir, name), 'utf8'));
    expect(
      imports.filter((specifier) => specifier.startsWith('@modelcontextprotocol/') || specifier.startsWith('@ai-sdk/')),
    ).toStrictEqual([]);
  });
});

describe('given a client of either SDK line', () => {
  test('a 1.x client gets the fallback handler; a 2.x client a registered elicitation/create handler', () => {
    const queue = createElicitationQueue();
    const v1 = new ClientV1({ name: 'h', version: '1' });
    const v2 = new ClientV2({ name: 'h', version: '1' });
    attachElicitation(v1, queue);
    attachElicitation(v2, queue);
    expect(typeof v1.fallbackRequestHandler).toBe('function');
    expect(() => v1.assertCanSetRequestHandler('elicitation/create')).not.toThrow();
    expect(v2.fallbackRequestHandler).toBeUndefined();
    expect(() => v2.assertCanSetRequestHandler('elicitation/create')).toThrow(
      'A request handler for elicitation/create already exists',
    );
  });

  test('attaching twice to one client is refused, on both lines', () => {
    const queue = createElicitationQueue();
    const v1 = new ClientV1({ name: 'h', version: '1' });
    const v2 = new ClientV2({ name: 'h', version: '1' });
    attachElicitation(v1, queue);
    attachElicitation(v2, queue);
    expect(() => attachElicitation(v1, queue)).toThrow('attachElicitation was already called on this client');
    expect(() => attachElicitation(v2, queue)).toThrow('A request handler for elicitation/create already exists');
  });

  test('detach restores the 1.x fallbacks and connect, and removes the 2.x handler', () => {
    const queue = createElicitationQueue();
    const v1 = new ClientV1({ name: 'h', version: '1' });
    const hostFallback = async () => ({});
    v1.fallbackRequestHandler = hostFallback;
    const connect = v1.connect;
    const detachV1 = attachElicitation(v1, queue);
    expect(v1.fallbackRequestHandler).not.toBe(hostFallback);
    detachV1();
    expect(v1.fallbackRequestHandler).toBe(hostFallback);
    expect(v1.fallbackNotificationHandler).toBeUndefined();
    expect(v1.connect).toBe(connect);

    const v2 = new ClientV2({ name: 'h', version: '1' });
    attachElicitation(v2, queue)();
    expect(() => v2.assertCanSetRequestHandler('elicitation/create')).not.toThrow();
  });

  test('attaching after connect() is refused with the reason, on both lines', async () => {
    const queue = createElicitationQueue();
    const serverV1 = new McpServerV1({ name: 's', version: '1' });
    const v1 = new ClientV1({ name: 'h', version: '1' });
    const [c1, s1] = InMemoryV1.createLinkedPair();
    await serverV1.connect(s1);
    await v1.connect(c1);
    expect(() => attachElicitation(v1, queue)).toThrow('attachElicitation must be called before client.connect()');
    await v1.close();
    await serverV1.close();

    const serverV2 = new McpServerV2({ name: 's', version: '1' });
    const v2 = new ClientV2({ name: 'h', version: '1' });
    const [c2, s2] = InMemoryV2.createLinkedPair();
    await serverV2.connect(s2);
    await v2.connect(c2);
    expect(() => attachElicitation(v2, queue)).toThrow('attachElicitation must be called before client.connect()');
    await v2.close();
    await serverV2.close();
  });

  test('a 1.x request for another method still gets the usual "Method not found"', async () => {
    const queue = createElicitationQueue();
    const server = new McpServerV1({ name: 's', version: '1' });
    const client = new ClientV1({ name: 'h', version: '1' });
    attachElicitation(client, queue);
    const [c, s] = InMemoryV1.createLinkedPair();
    await server.connect(s);
    await client.connect(c);
    await expect(server.server.listRoots()).rejects.toMatchObject({
      code: -32601,
      message: 'MCP error -32601: Method not found',
    });
    await client.close();
    await server.close();
  });

  test('the server name comes from serverInfo, unless the host names it', async () => {
    const queue = createElicitationQueue();
    const named = async (options: Parameters<typeof attachElicitation>[2]) => {
      const server = new McpServerV1({ name: 'reported-name', version: '1' });
      const client = new ClientV1({ name: 'h', version: '1' });
      attachElicitation(client, queue, options);
      const [c, s] = InMemoryV1.createLinkedPair();
      await server.connect(s);
      await client.connect(c);
      const asked = server.server.elicitInput({ message: 'm', requestedSchema: { type: 'object', properties: {} } });
      const entry = await new Promise((resolve) => {
        const stop = queue.subscribe(() => {
          const [head] = queue.getSnapshot().entries;
          if (head === undefined) return;
          stop();
          queue.respond(head.id, { action: 'cancel' });
          resolve(head.server);
        });
      });
      await asked;
      await client.close();
      await server.close();
      return entry;
    };
    expect(await named({})).toStrictEqual({ name: 'reported-name' });
    expect(await named({ server: { name: 'Deploy bot', id: 'deploy#2' } })).toStrictEqual({
      name: 'Deploy bot',
      id: 'deploy#2',
    });
    expect(await named({ server: { id: 'only-id' } })).toStrictEqual({ name: 'reported-name', id: 'only-id' });
  });

  test('each attachment has its own serverKey (the host id when given), on both lines', () => {
    const queue = createElicitationQueue();
    const keys = [
      attachElicitation(new ClientV1({ name: 'h', version: '1' }), queue).serverKey,
      attachElicitation(new ClientV1({ name: 'h', version: '1' }), queue).serverKey,
      attachElicitation(new ClientV2({ name: 'h', version: '1' }), queue).serverKey,
      attachElicitation(new ClientV2({ name: 'h', version: '1' }), queue).serverKey,
    ];
    expect(new Set(keys).size).toBe(4);
    expect(keys.every((key) => /^connection-[0-9a-z]+-[0-9a-z]+-[0-9a-z]+$/.test(key))).toBe(true);
    expect(
      attachElicitation(new ClientV1({ name: 'h', version: '1' }), queue, { server: { id: 'gh' } }).serverKey,
    ).toBe('gh');
    expect(
      attachElicitation(new ClientV2({ name: 'h', version: '1' }), queue, { server: { id: 'gh' } }).serverKey,
    ).toBe('gh');
  });
});

describe('given an @ai-sdk/mcp client', () => {
  /** A 1.x server on an in-memory pair; the AI SDK takes the client end as a custom transport. */
  async function aiSdkClient(capabilities?: MCPClientConfig['capabilities']) {
    const server = new McpServerV1({ name: 'reported-name', version: '1' });
    const [clientEnd, serverEnd] = InMemoryV1.createLinkedPair();
    await server.connect(serverEnd);
    const client = await createMCPClient({
      transport: clientEnd as unknown as MCPTransport,
      ...(capabilities !== undefined && { capabilities }),
    });
    return {
      server,
      client,
      close: async () => {
        await client.close();
        await server.close();
      },
    };
  }

  test("elicitationCapabilities declares form and URL mode, over the host's own capabilities", () => {
    expect(elicitationCapabilities()).toStrictEqual({ elicitation: { form: {}, url: {} } });
    expect(elicitationCapabilities(mcpAppClientCapabilities)).toStrictEqual({
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
      elicitation: { form: {}, url: {} },
    });
    expect(elicitationCapabilities({ elicitation: { applyDefaults: true } })).toStrictEqual({
      elicitation: { form: {}, url: {} },
    });
  });

  test('a client created without the elicitation capability is refused, with what to pass', async () => {
    const { client, close } = await aiSdkClient();
    expect(() =>
      attachElicitation(client, createElicitationQueue(), { elicitationRequestSchema: ElicitationRequestSchema }),
    ).toThrow(
      'This @ai-sdk/mcp client did not declare elicitation: create it with createMCPClient({ transport, capabilities: elicitationCapabilities() }).',
    );
    await close();
  });

  test('without the ElicitationRequestSchema option it is refused, and nothing is installed', async () => {
    const { client, server, close } = await aiSdkClient(elicitationCapabilities());
    const queue = createElicitationQueue();
    const untyped = attachElicitation as (client: unknown, queue: unknown, options?: unknown) => unknown;
    expect(() => untyped(client, queue)).toThrow(
      "attachElicitation needs { elicitationRequestSchema: ElicitationRequestSchema } (from '@ai-sdk/mcp') for an @ai-sdk/mcp client.",
    );
    // Still the AI SDK's own behaviour: no handler registered.
    await expect(
      server.server.elicitInput({ message: 'm', requestedSchema: { type: 'object', properties: {} } }),
    ).rejects.toMatchObject({ code: -32601, message: 'MCP error -32601: No elicitation handler registered on client' });
    await close();
  });

  test('attaching twice is refused; after detach, the AI SDK handles requests again and the kit sees none', async () => {
    const { client, server, close } = await aiSdkClient(elicitationCapabilities());
    const queue = createElicitationQueue();
    const options = { elicitationRequestSchema: ElicitationRequestSchema };
    const detach = attachElicitation(client, queue, options);
    expect(() => attachElicitation(client, queue, options)).toThrow(
      'attachElicitation was already called on this client',
    );
    detach();
    // The AI SDK's own path again: it refuses URL mode itself; the kit's handler, still registered
    // (the AI SDK cannot unregister one), refuses forms.
    await expect(
      server.server.elicitInput({ mode: 'url', message: 'm', url: 'https://a.example/', elicitationId: 'e' }),
    ).rejects.toMatchObject({ code: -32602 });
    await expect(
      server.server.elicitInput({ message: 'm', requestedSchema: { type: 'object', properties: {} } }),
    ).rejects.toMatchObject({
      code: -32603,
      message: 'MCP error -32603: mcp-elicit-kit no longer handles elicitation on this client',
    });
    expect(queue.getSnapshot()).toStrictEqual({ entries: [], notices: [] });
    // Detached, it can be attached again.
    const again = attachElicitation(client, queue, options);
    // In memory, the request reaches the queue before elicitInput returns: listen first.
    const answered = new Promise<void>((resolve) => {
      const stop = queue.subscribe(() => {
        const [head] = queue.getSnapshot().entries;
        if (head === undefined) return;
        stop();
        expect([head.server, head.serverKey]).toStrictEqual([{ name: 'reported-name' }, again.serverKey]);
        queue.respond(head.id, { action: 'decline' });
        resolve();
      });
    });
    const asked = server.server.elicitInput({ message: 'm', requestedSchema: { type: 'object', properties: {} } });
    await answered;
    expect(await asked).toStrictEqual({ action: 'decline' });
    await close();
  });

  test('a request in a mode the client did not declare gets -32602 and never reaches the person', async () => {
    // A scripted peer: the SDK servers refuse to send an undeclared mode themselves.
    const [clientEnd, peer] = InMemoryV1.createLinkedPair();
    const replies: unknown[] = [];
    peer.onmessage = (message) => {
      if ('method' in message && message.method === 'initialize' && 'id' in message) {
        void peer.send({
          jsonrpc: '2.0',
          id: message.id,
          result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'peer', version: '1' } },
        });
      } else if (!('method' in message)) replies.push(message);
    };
    await peer.start();
    const client = await createMCPClient({
      transport: clientEnd as unknown as MCPTransport,
      capabilities: { elicitation: { form: {} } },
    });
    const queue = createElicitationQueue();
    attachElicitation(client, queue, { elicitationRequestSchema: ElicitationRequestSchema });
    const answered = new Promise<void>((resolve) => {
      peer.onmessage = (message) => {
        replies.push(message);
        resolve();
      };
    });
    await peer.send({
      jsonrpc: '2.0',
      id: 5,
      method: 'elicitation/create',
      params: { mode: 'url', message: 'm', url: 'https://a.example/', elicitationId: 'e' },
    });
    await answered;
    expect(replies).toStrictEqual([
      { jsonrpc: '2.0', id: 5, error: { code: -32602, message: 'This client did not declare url mode elicitation' } },
    ]);
    expect(queue.getSnapshot()).toStrictEqual({ entries: [], notices: [] });
    await client.close();
    await peer.close();
  });
});
