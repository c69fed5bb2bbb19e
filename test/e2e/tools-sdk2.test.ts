/**
 * Real SDK 2.4.0 servers and clients: `McpServer` (`@modelcontextprotocol/server`) with tools whose
 * output schemas are an array, primitives, an object and a `$ref`-rooted object
 * (`z.object().meta({ id })`, zod 4), reached by a `Client` (`@modelcontextprotocol/client`) over
 * the SDK's in-memory linked transport and over Streamable HTTP on 127.0.0.1, as a 2025-11-25 client
 * (the client's default, `initialize`) and pinned to 2026-07-28 (`versionNegotiation`). Every
 * result goes through `validateToolResult` and the audit gate, with exact expectations. A raw
 * JSON-RPC client over `fetch` checks the 2025-11-25 wire bodies themselves.
 *
 * How each is served: 2026-07-28 is only offered by the SDK's serving entries (a hand-connected
 * `McpServer` answers `server/discover` with -32601), so the in-memory server is `serveStdio` given
 * the server half of `InMemoryTransport.createLinkedPair()` (its documented bring-your-own-transport
 * option), and the HTTP server is `createMcpHandler` behind a small `node:http` bridge.
 *
 * What SDK 2.4.0 does, as asserted below (MCP 2025-06-18, "Tools" → "Output Schema"):
 * - toward 2025-11-25, an array or primitive output is wrapped as `{result: …}`, and `tools/list`
 *   shows the wrapped schema `{type:'object', properties:{result:<schema>}, required:['result']}`;
 * - the `$ref`-rooted (id'd) object is NOT wrapped: the listed schema gets `type: 'object'` stamped on
 *   its root, and the payload sits at the root of `structuredContent`;
 * - toward 2026-07-28 nothing is wrapped;
 * - in both eras an array or primitive result gets a text block with its (unwrapped) JSON when the
 *   tool wrote none; object results get none.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler, InMemoryTransport, McpServer, type McpHttpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as z from 'zod';

import {
  auditTargetValue,
  countStructuredContentTargets,
  structuredContentTarget,
  type StructuredContentTarget,
} from '../../src/tools/audit-gate.js';
import { TOOL_RESULT_NOTES, validateToolResult, type CallToolResult, type Tool } from '../../src/tools/tool-result.js';
import { compileToolSchema } from '../../src/tools/tool-schema.js';

const CITIES = [
  { name: 'Oslo', population: 709_037 },
  { name: 'Bergen', population: 291_940 },
];
const WEATHER = { city: 'Oslo', tempC: -3.5 };
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The tools, in listing order, and whether the audit record calls each an id'd (metaIdTool) tool. */
const TOOL_NAMES = [
  'list_cities',
  'count_alerts',
  'has_alerts',
  'last_alert',
  'city_motto',
  'current_conditions',
  'get_weather',
  'report_outage',
] as const;
type ToolName = (typeof TOOL_NAMES)[number];
const META_ID_TOOLS: ReadonlySet<ToolName> = new Set(['get_weather', 'report_outage']);

function weatherServer(): McpServer {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  const City = z.object({ name: z.string(), population: z.number().int() });
  const Conditions = z.object({ city: z.string(), tempC: z.number() });
  const Weather = z.object({ city: z.string(), tempC: z.number() }).meta({ id: 'Weather' });
  server.registerTool('list_cities', { outputSchema: z.array(City) }, () => ({
    content: [],
    structuredContent: CITIES,
  }));
  server.registerTool('count_alerts', { outputSchema: z.number().int() }, () => ({
    content: [],
    structuredContent: 0,
  }));
  server.registerTool('has_alerts', { outputSchema: z.boolean() }, () => ({ content: [], structuredContent: false }));
  server.registerTool('last_alert', { outputSchema: z.null() }, () => ({ content: [], structuredContent: null }));
  server.registerTool('city_motto', { outputSchema: z.string() }, () => ({ content: [], structuredContent: '' }));
  server.registerTool('current_conditions', { outputSchema: Conditions }, () => ({
    content: [],
    structuredContent: WEATHER,
  }));
  server.registerTool('get_weather', { outputSchema: Weather }, () => ({ content: [], structuredContent: WEATHER }));
  server.registerTool('report_outage', { outputSchema: Weather }, () => ({
    content: [{ type: 'text', text: 'Station offline' }],
    isError: true,
  }));
  return server;
}

/** Serves a fetch-shaped MCP handler on 127.0.0.1 through `node:http`. */
async function listen(handler: McpHttpHandler): Promise<{ url: URL; close(): Promise<void> }> {
  const bridge = async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
    }
    const method = incoming.method ?? 'GET';
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const response = await handler.fetch(
      new Request(`http://127.0.0.1${incoming.url ?? '/'}`, {
        method,
        headers,
        body: hasBody ? new Uint8Array(Buffer.concat(chunks)) : undefined,
      }),
    );
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) {
      const reader = response.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) outgoing.write(part.value);
    }
    outgoing.end();
  };
  const server: Server = createServer((incoming, outgoing) => {
    bridge(incoming, outgoing).catch((error: unknown) => {
      outgoing.statusCode = 500;
      outgoing.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`),
    async close() {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One connection's view: the listed tools and the result of calling each. */
interface Session {
  protocol: string | undefined;
  tools: Map<string, Tool>;
  results: Map<string, CallToolResult>;
  close(): Promise<void>;
}

async function collect(client: Client, close: () => Promise<void>): Promise<Session> {
  const listed = await client.listTools();
  const tools = new Map<string, Tool>(listed.tools.map((tool) => [tool.name, tool]));
  const results = new Map<string, CallToolResult>();
  for (const name of TOOL_NAMES) results.set(name, await client.callTool({ name, arguments: {} }));
  return { protocol: client.getNegotiatedProtocolVersion(), tools, results, close };
}

const ERAS = {
  '2025-11-25': {},
  '2026-07-28': { versionNegotiation: { mode: { pin: '2026-07-28' } } },
} as const;
type Era = keyof typeof ERAS;

async function inMemorySession(era: Era): Promise<Session> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(() => weatherServer(), { transport: serverSide });
  const client = new Client({ name: 'kit-e2e', version: '1.0.0' }, ERAS[era]);
  await client.connect(clientSide);
  return collect(client, async () => {
    await client.close();
    await served.close();
  });
}

async function httpSession(era: Era): Promise<Session> {
  const http = await listen(createMcpHandler(() => weatherServer()));
  const client = new Client({ name: 'kit-e2e', version: '1.0.0' }, ERAS[era]);
  await client.connect(new StreamableHTTPClientTransport(http.url));
  return collect(client, async () => {
    await client.close();
    await http.close();
  });
}

/** What one call must give: the `structuredContent` on the wire, then the kit's verdict and gate outcome. */
type Row = [
  ToolName,
  unknown,
  ReturnType<typeof validateToolResult>['verdict'],
  string[],
  ReturnType<typeof validateToolResult>['checked'],
  StructuredContentTarget,
];

const EXPECTED: Record<Era, Row[]> = {
  '2025-11-25': [
    [
      'list_cities',
      { result: CITIES },
      'valid',
      [TOOL_RESULT_NOTES.wrappedSchema],
      'structuredContent',
      'validate_root',
    ],
    ['count_alerts', { result: 0 }, 'valid', [TOOL_RESULT_NOTES.wrappedSchema], 'structuredContent', 'validate_root'],
    ['has_alerts', { result: false }, 'valid', [TOOL_RESULT_NOTES.wrappedSchema], 'structuredContent', 'validate_root'],
    ['last_alert', { result: null }, 'valid', [TOOL_RESULT_NOTES.wrappedSchema], 'structuredContent', 'validate_root'],
    ['city_motto', { result: '' }, 'valid', [TOOL_RESULT_NOTES.wrappedSchema], 'structuredContent', 'validate_root'],
    ['current_conditions', WEATHER, 'valid', [], 'structuredContent', 'validate_root'],
    // SDK 2.4.0 no longer wraps the id'd object: validate_root, even for a metaIdTool toward 2025-11-25.
    ['get_weather', WEATHER, 'valid', [], 'structuredContent', 'validate_root'],
    ['report_outage', undefined, 'no-schema', [TOOL_RESULT_NOTES.errorResult], 'nothing', 'missing'],
  ],
  '2026-07-28': [
    // The gate is for object outputs: an array or primitive is `missing` there; SEP-2106 validates it as it is.
    ['list_cities', CITIES, 'valid', [], 'structuredContent', 'missing'],
    ['count_alerts', 0, 'valid', [], 'structuredContent', 'missing'],
    ['has_alerts', false, 'valid', [], 'structuredContent', 'missing'],
    ['last_alert', null, 'valid', [], 'structuredContent', 'missing'],
    ['city_motto', '', 'valid', [], 'structuredContent', 'missing'],
    ['current_conditions', WEATHER, 'valid', [], 'structuredContent', 'validate_root'],
    ['get_weather', WEATHER, 'valid', [], 'structuredContent', 'validate_root'],
    ['report_outage', undefined, 'no-schema', [TOOL_RESULT_NOTES.errorResult], 'nothing', 'missing'],
  ],
};

/** The JSON a non-object result's text block holds (unwrapped, in both eras); objects get none. */
const TEXT: Record<ToolName, string | undefined> = {
  list_cities: JSON.stringify(CITIES),
  count_alerts: '0',
  has_alerts: 'false',
  last_alert: 'null',
  city_motto: '""',
  current_conditions: undefined,
  get_weather: undefined,
  report_outage: 'Station offline',
};

/** What zod 4 makes of `z.object({…}).meta({ id: 'Weather' })`, as SDK 2.4.0 lists it (root `type` stamped). */
const WEATHER_SCHEMA = {
  $schema: DIALECT,
  type: 'object',
  $ref: '#/$defs/Weather',
  $defs: {
    Weather: {
      type: 'object',
      properties: { city: { type: 'string' }, tempC: { type: 'number' } },
      required: ['city', 'tempC'],
      additionalProperties: false,
    },
  },
};

const NATURAL_SCHEMAS: Record<ToolName, Record<string, unknown>> = {
  list_cities: {
    $schema: DIALECT,
    type: 'array',
    items: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        population: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
      },
      required: ['name', 'population'],
      additionalProperties: false,
    },
  },
  count_alerts: { $schema: DIALECT, type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
  has_alerts: { $schema: DIALECT, type: 'boolean' },
  last_alert: { $schema: DIALECT, type: 'null' },
  city_motto: { $schema: DIALECT, type: 'string' },
  current_conditions: {
    $schema: DIALECT,
    type: 'object',
    properties: { city: { type: 'string' }, tempC: { type: 'number' } },
    required: ['city', 'tempC'],
    additionalProperties: false,
  },
  get_weather: WEATHER_SCHEMA,
  report_outage: WEATHER_SCHEMA,
};

/** The schema SDK 2.4.0 lists toward 2025-11-25 for a non-object output. */
function wrappedSchema(natural: Record<string, unknown>): Record<string, unknown> {
  return { type: 'object', properties: { result: natural }, required: ['result'], $schema: DIALECT };
}

const NON_OBJECT: ReadonlySet<ToolName> = new Set([
  'list_cities',
  'count_alerts',
  'has_alerts',
  'last_alert',
  'city_motto',
]);

function listedSchema(era: Era, name: ToolName): Record<string, unknown> {
  const natural = NATURAL_SCHEMAS[name];
  return era === '2025-11-25' && NON_OBJECT.has(name) ? wrappedSchema(natural) : natural;
}

describe.each([
  ['the in-memory linked transport', inMemorySession],
  ['Streamable HTTP on 127.0.0.1', httpSession],
] as const)('given SDK 2.4.0 over %s', (_transport, open) => {
  describe.each(Object.keys(ERAS) as Era[])('and a client at %s', (era) => {
    let session: Session;
    beforeAll(async () => {
      session = await open(era);
    });
    afterAll(async () => {
      await session?.close();
    });

    test('the protocol version is the one asked for', () => {
      expect(session.protocol).toBe(era);
    });

    test.each(TOOL_NAMES)('%s is listed with the output schema SDK 2.4.0 shows this era', (name) => {
      expect(session.tools.get(name)?.outputSchema).toEqual(listedSchema(era, name));
    });

    test.each(EXPECTED[era])(
      '%s: structuredContent, verdict and gate',
      (name, structuredContent, verdict, notes, checked, target) => {
        const tool = session.tools.get(name) as Tool;
        const result = session.results.get(name) as CallToolResult;
        expect(result.structuredContent).toEqual(structuredContent);
        expect('structuredContent' in result).toBe(structuredContent !== undefined);
        expect(result.content).toEqual(TEXT[name] === undefined ? [] : [{ type: 'text', text: TEXT[name] }]);

        expect(validateToolResult(tool, result)).toEqual({ verdict, issues: [], notes, checked });

        const record = { tool: name, protocol: era, metaIdTool: META_ID_TOOLS.has(name) };
        expect(structuredContentTarget(record, result)).toBe(target);
        const value = auditTargetValue(target, result);
        if (target === 'validate_root') {
          const compiled = compileToolSchema(tool.outputSchema);
          expect(compiled.ok && compiled.validate(value)).toEqual([]);
        } else {
          expect(value).toBeUndefined();
        }
      },
    );

    test('the gate’s outcomes, counted separately', () => {
      const outcomes = TOOL_NAMES.map((name) =>
        structuredContentTarget(
          { tool: name, protocol: era, metaIdTool: META_ID_TOOLS.has(name) },
          session.results.get(name),
        ),
      );
      expect(countStructuredContentTargets(outcomes)).toEqual(
        era === '2025-11-25'
          ? { schema: 0, missing: 1, legacy_wrapper: 0, validate_root: 7, total: 8 }
          : { schema: 0, missing: 6, legacy_wrapper: 0, validate_root: 2, total: 8 },
      );
    });

    if (era !== '2025-11-25') return;

    test('checked against the natural (2026-07-28) schemas, 2025 results unwrap', () => {
      const verdicts = TOOL_NAMES.map((name) => {
        const tool: Tool = { name, inputSchema: { type: 'object' }, outputSchema: NATURAL_SCHEMAS[name] };
        const { verdict, notes, checked } = validateToolResult(tool, session.results.get(name) as CallToolResult);
        return [name, verdict, notes, checked];
      });
      expect(verdicts).toEqual([
        ['list_cities', 'valid', [TOOL_RESULT_NOTES.wrapped], 'structuredContent.result'],
        ['count_alerts', 'valid', [TOOL_RESULT_NOTES.wrapped], 'structuredContent.result'],
        ['has_alerts', 'valid', [TOOL_RESULT_NOTES.wrapped], 'structuredContent.result'],
        ['last_alert', 'valid', [TOOL_RESULT_NOTES.wrapped], 'structuredContent.result'],
        ['city_motto', 'valid', [TOOL_RESULT_NOTES.wrapped], 'structuredContent.result'],
        ['current_conditions', 'valid', [], 'structuredContent'],
        ['get_weather', 'valid', [], 'structuredContent'],
        ['report_outage', 'no-schema', [TOOL_RESULT_NOTES.errorResult], 'nothing'],
      ]);
    });
  });
});

describe('given a raw JSON-RPC client sending initialize with protocolVersion 2025-11-25 over HTTP', () => {
  let http: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    http = await listen(createMcpHandler(() => weatherServer()));
  });
  afterAll(async () => {
    await http?.close();
  });

  /** POSTs one request and returns its JSON-RPC `result` (the stateless 2025 leg answers over SSE). */
  async function call(id: number, method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    if (method !== 'initialize') headers['mcp-protocol-version'] = '2025-11-25';
    const response = await fetch(http.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    });
    const text = await response.text();
    const data = response.headers.get('content-type')?.startsWith('text/event-stream')
      ? text
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice('data: '.length))
          .at(-1)
      : text;
    const message = JSON.parse(data ?? 'null') as { id: number; result: Record<string, unknown> };
    expect(message.id).toBe(id);
    return message.result;
  }

  test('the wire bodies get the same verdicts and gate outcomes as the SDK client saw', async () => {
    const initialized = await call(1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw-json-rpc', version: '1.0.0' },
    });
    expect(initialized.protocolVersion).toBe('2025-11-25');
    const listed = (await call(2, 'tools/list', {})).tools as Tool[];
    const seen = [];
    for (const [index, name] of TOOL_NAMES.entries()) {
      const body = await call(10 + index, 'tools/call', { name, arguments: {} });
      const tool = listed.find((candidate) => candidate.name === name) as Tool;
      const { verdict, notes, checked } = validateToolResult(tool, body);
      const target = structuredContentTarget(
        { tool: name, protocol: '2025-11-25', metaIdTool: META_ID_TOOLS.has(name) },
        body,
      );
      seen.push([name, body.structuredContent, verdict, notes, checked, target]);
    }
    expect(seen).toEqual(EXPECTED['2025-11-25']);
  });
});
