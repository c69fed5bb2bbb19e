/**
 * SEP-2106: a host MUST NOT dereference a `$ref` that resolves to a network URI. A real HTTP server on
 * 127.0.0.1 serves a schema at every path and counts requests; schemas pointing at it in every way a
 * reference can are refused with `remote-ref`, through `compileToolSchema` and `validateToolResult`,
 * and the server sees zero requests. A last request from the test itself proves the counter counts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { validateToolResult } from '../../src/tools/tool-result.js';
import { createToolSchemaCompiler } from '../../src/tools/tool-schema.js';

let server: Server;
let origin = '';
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/schema+json' });
    response.end(JSON.stringify({ type: 'string' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('given schemas that reference a live server on 127.0.0.1', () => {
  const schemas = (): [string, unknown][] => [
    ['an absolute $ref', { $ref: `${origin}/schema.json` }],
    ['a nested absolute $ref', { type: 'object', properties: { a: { $ref: `${origin}/a.json#/$defs/A` } } }],
    ['a relative $ref against the root $id', { $id: `${origin}/tools/root.json`, $ref: 'other.json' }],
    ['a relative $ref against an embedded $id', { $defs: { inner: { $id: `${origin}/inner/`, $ref: 'deeper.json' } } }],
    ['a $dynamicRef', { $dynamicRef: `${origin}/meta#node` }],
    [
      'a $ref inside a definition reached through a pointer',
      { 'x-defs': { A: { $ref: `${origin}/x.json` } }, $ref: '#/x-defs/A' },
    ],
    [
      'a draft-07 $ref',
      { $schema: 'http://json-schema.org/draft-07/schema#', definitions: { A: { $ref: `${origin}/d7.json` } } },
    ],
  ];

  test('each is refused as remote-ref, naming the URI it resolves to', () => {
    const compiler = createToolSchemaCompiler();
    const outcomes = schemas().map(([name, schema]) => {
      const result = compiler.compile(schema);
      return [name, result.ok ? 'compiled' : result.error.code, !result.ok && result.error.message.includes(origin)];
    });
    expect(outcomes).toEqual(schemas().map(([name]) => [name, 'remote-ref', true]));
    expect(compiler.stats.compiles).toBe(0);
  });

  test('validateToolResult reports schema-error for each', () => {
    const verdicts = schemas().map(([, outputSchema]) =>
      validateToolResult(
        { name: 'probe', inputSchema: { type: 'object' }, outputSchema: outputSchema as Record<string, unknown> },
        { content: [{ type: 'text', text: '"x"' }], structuredContent: 'x' },
      ),
    );
    expect(verdicts.map((verdict) => [verdict.verdict, verdict.schemaError?.code])).toEqual(
      schemas().map(() => ['schema-error', 'remote-ref']),
    );
  });

  test('the server saw no request, and would have counted one', async () => {
    expect(hits).toEqual([]);
    const response = await fetch(`${origin}/schema.json`);
    expect(await response.json()).toEqual({ type: 'string' });
    expect(hits).toEqual(['/schema.json']);
  });
});
