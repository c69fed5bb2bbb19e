/**
 * End-to-end: every elicitation fixture goes from a real SDK 1.32 `McpServer` to a real SDK `Client`,
 * is answered by the kit's core (a scripted person: `initialDraft` + the fixture's draft →
 * `submitDraft`), and comes back through the server's own checks (zod result parse + Ajv validation of
 * `content` against the ORIGINAL `requestedSchema`). The server's tool returns what `elicitInput`
 * gave it, so the assertions are on what the SERVER received. Everything runs twice: over
 * `InMemoryTransport` and over Streamable HTTP on 127.0.0.1 (a plain `node:http` server).
 *
 * What SDK 1.32.2 does to the fixtures (observed here; modelled in `sdk1-client-view.ts`, and every
 * case below asserts the model against the real SDK):
 *
 * - The client hands the handler a zod-parsed COPY of the request. Unknown keys are stripped: root
 *   `$schema`/`title`/`description`/`additionalProperties`, and per property `pattern`, `uniqueItems`,
 *   `$comment`, `x-*`, `examples`, `deprecated`, `readOnly`, … (text/pattern, mixed/deployment,
 *   text/default-annotations-closed, untitled-multi/unique-items-min). The server still validates
 *   `content` with the unstripped schema, so a `pattern` the kit never saw fails the call (-32602).
 * - ALTERED: titled single spelled `anyOf` (titled-single/any-of-*) reaches the handler as a plain
 *   `{type:"string"}` text field, options gone. The values still round-trip, but a kit fed the SDK's
 *   copy draws a text box instead of a select.
 * - REFUSED: titled multi spelled `items.oneOf` (titled-multi/one-of-*) fails the SDK's zod schema; no
 *   handler runs and the server's `elicitInput` rejects with -32603 whose message is zod's issue list.
 *   The same happens to requests the kit renders with warnings only: a wrongly typed `default`
 *   (malformed/warn-defaults-invalid), a non-string `title`/`description` (malformed/warn-annotations),
 *   an option without `title` (malformed/warn-option-title-missing).
 * - DROPPED: a `__proto__` property key vanishes (zod's `record` skips it), from the request the
 *   handler sees and from `content` on its way back (client and server side), so such a field never
 *   reaches the server through SDK 1.32 (mixed/prototype-keys); the server's Ajv does not notice even
 *   when `__proto__` is required.
 * - `capabilities.elicitation = {}` is normalised to `{form: {}}` during initialize (form works).
 * - decline and cancel arrive as `{action}` alone, no `content` key.
 * - Content violating the schema: the server's Ajv rejects it with McpError -32602 "Elicitation
 *   response content does not match requested schema: data/<key> must …"; a content value that is not
 *   string|number|boolean|string[] (e.g. null) is refused earlier by the client's result parse
 *   (-32602, "MCP error -32602: MCP error -32602: Invalid elicitation result: …" at the server).
 * - A handler registered with a looser request schema receives the request unstripped (pattern,
 *   `anyOf`, `__proto__` intact); the SDK still refuses `items.oneOf` then, with -32602.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ElicitRequestSchema, McpError, type ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';

import {
  initialDraft,
  parseRequestedSchema,
  submitDraft,
  validateElicitContent,
  type Draft,
  type ElicitResult,
  type RequestedSchema,
} from '../../src/core/index.js';
import {
  isMalformed,
  loadFixtures,
  VARIANT_FOLDERS,
  type FixtureAnswer,
  type ValidFixture,
} from '../fixtures/index.js';
import { refusalReason, sdk1ClientView, withoutProtoKey } from './sdk1-client-view.js';

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

type AcceptedAnswer = Extract<FixtureAnswer, { result: ElicitResult }>;

interface Case {
  /** `variant/name`, as in the fixture tree. */
  id: string;
  variant: string;
  fixture: ValidFixture;
}

const cases: Case[] = loadFixtures().flatMap(({ variant, name, fixture }) =>
  isMalformed(fixture) ? [] : [{ id: `${variant}/${name}`, variant, fixture }],
);

function answersWithResult(fixture: ValidFixture): AcceptedAnswer[] {
  return fixture.answers.filter((answer): answer is AcceptedAnswer => answer.result !== undefined);
}

/** `malformed/` cases whose problems are warnings only: the kit still draws the form. */
const renderable = loadFixtures().flatMap(({ variant, name, fixture }) =>
  isMalformed(fixture) && fixture.formAllowed ? [{ id: `${variant}/${name}`, request: fixture.request }] : [],
);

const delivered = cases.filter(({ fixture }) => !sdk1ClientView(fixture.request).refused);
const refused = cases.filter(({ fixture }) => sdk1ClientView(fixture.request).refused);

// ---------------------------------------------------------------------------------------------
// A real server and a real client, connected over one transport
// ---------------------------------------------------------------------------------------------

type TransportKind = 'in-memory' | 'streamable-http';

/** What the server's `ask` tool reports: what `elicitInput` resolved to, or how it failed. */
type ServerOutcome =
  { outcome: 'result'; result: Record<string, unknown> } | { outcome: 'error'; code: number; message: string };

/** The scripted person: gets the params exactly as the SDK client handed them over. */
type Script = (params: Record<string, unknown>) => unknown;

interface Asked {
  server: ServerOutcome;
  /** `params` of every elicitation the client handler was called with during this call. */
  seen: Record<string, unknown>[];
}

interface Session {
  /** Makes the server send `request` as a form elicitation; `script` answers it on the client. */
  ask(request: object, script: Script): Promise<Asked>;
  close(): Promise<void>;
}

interface SessionOptions {
  capabilities?: ClientCapabilities;
  /** Register the handler with a loose schema instead of the SDK's `ElicitRequestSchema`. */
  looseHandler?: boolean;
}

/** A request schema that accepts any `elicitation/create` params and keeps them as they came. */
const LooseElicitRequestSchema = z.object({
  method: z.literal('elicitation/create'),
  params: z.record(z.string(), z.unknown()),
});

/** The server under test: one tool, `ask`, that sends the form elicitation registered under `key`. */
function createAskServer(requests: Map<string, object>): McpServer {
  const mcp = new McpServer({ name: 'mcp-elicit-kit-e2e-server', version: '0.1.0' });
  mcp.registerTool(
    'ask',
    {
      description: 'Sends one registered form elicitation and reports what came back.',
      inputSchema: { key: z.string() },
    },
    async ({ key }, extra) => {
      const request = requests.get(key);
      if (request === undefined) throw new Error(`no request registered under ${key}`);
      let outcome: ServerOutcome;
      try {
        const params = structuredClone(request) as Parameters<typeof mcp.server.elicitInput>[0];
        // relatedRequestId: over HTTP the elicitation travels on this tools/call response stream.
        const result = await mcp.server.elicitInput(params, { relatedRequestId: extra.requestId });
        outcome = { outcome: 'result', result };
      } catch (error) {
        if (!(error instanceof McpError)) throw error;
        outcome = { outcome: 'error', code: error.code, message: error.message };
      }
      return {
        isError: outcome.outcome === 'error',
        content: [{ type: 'text', text: JSON.stringify(outcome) }],
        structuredContent: outcome,
      };
    },
  );
  return mcp;
}

async function openSession(kind: TransportKind, options: SessionOptions = {}): Promise<Session> {
  const requests = new Map<string, object>();
  const mcp = createAskServer(requests);
  const client = new Client(
    { name: 'mcp-elicit-kit-e2e-client', version: '0.1.0' },
    { capabilities: options.capabilities ?? { elicitation: { form: {} } } },
  );

  let script: Script | undefined;
  let seen: Record<string, unknown>[] = [];
  const onElicit = (params: Record<string, unknown>) => {
    seen.push(params);
    if (script === undefined) throw new Error('elicitation outside of ask()');
    return script(params) as ElicitResult;
  };
  if (options.looseHandler) client.setRequestHandler(LooseElicitRequestSchema, (request) => onElicit(request.params));
  else client.setRequestHandler(ElicitRequestSchema, (request) => onElicit(request.params as Record<string, unknown>));

  let closeTransport: () => Promise<void>;
  if (kind === 'in-memory') {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverSide);
    await client.connect(clientSide);
    closeTransport = async () => {
      await client.close();
      await mcp.close();
    };
  } else {
    const serverTransport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    await mcp.connect(serverTransport);
    const http: HttpServer = createServer((req, res) => {
      serverTransport.handleRequest(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = http.address() as AddressInfo;
    const clientTransport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`));
    await client.connect(clientTransport);
    closeTransport = async () => {
      await clientTransport.terminateSession();
      await client.close();
      await mcp.close();
      http.closeAllConnections();
      await new Promise<void>((resolve, reject) => http.close((error) => (error ? reject(error) : resolve())));
    };
  }

  let counter = 0;
  return {
    async ask(request, answer) {
      counter += 1;
      const key = `request-${counter}`;
      requests.set(key, request);
      script = answer;
      seen = [];
      try {
        const response = await client.callTool({ name: 'ask', arguments: { key } });
        const server = response.structuredContent as ServerOutcome;
        expect(response.isError).toBe(server.outcome === 'error');
        return { server, seen };
      } finally {
        requests.delete(key);
        script = undefined;
      }
    },
    close: () => closeTransport(),
  };
}

// ---------------------------------------------------------------------------------------------
// The scripted person and the expectations
// ---------------------------------------------------------------------------------------------

/**
 * The scripted person. Opens the kit's form on the request exactly as the SDK handed it over
 * (`initialDraft`: the defaults), then edits it into the fixture's draft, which is the whole form
 * state when the button is pressed: fields in the draft take its values, pre-filled fields absent from
 * it are cleared. Then presses the button (`submitDraft`). `opened` records the form as it opened.
 */
function scriptedPerson(answer: AcceptedAnswer, opened: Draft[] = []): Script {
  return (params) => {
    if (answer.result.action !== 'accept') return { action: answer.result.action };
    const schema = params['requestedSchema'] as RequestedSchema;
    const form = initialDraft(schema);
    opened.push(form);
    // fromEntries defines own keys, so a `__proto__` key stays a key (no prototype assignment).
    const edited: Draft = Object.fromEntries([
      ...Object.keys(form).map((key) => [key, undefined] as const),
      ...Object.entries(answer.draft),
    ]);
    const submitted = submitDraft(schema, edited);
    if (!submitted.ok) throw new Error(`the kit refused the draft: ${JSON.stringify(submitted.errors)}`);
    return submitted.result;
  };
}

/** What the server receives for a fixture answer: the answer, minus what zod drops on the way. */
function expectedAtServer(result: ElicitResult): ElicitResult {
  return result.content === undefined ? result : { ...result, content: withoutProtoKey(result.content) };
}

interface ZodIssue {
  code: string;
  path: unknown[];
  errors?: ZodIssue[][];
}

/** The SDK client puts zod's issue list, as JSON, after a fixed prefix in the error message. */
function zodIssues(message: string, prefix: string): ZodIssue[] {
  expect(message.slice(0, prefix.length)).toBe(prefix);
  return JSON.parse(message.slice(prefix.length)) as ZodIssue[];
}

/** Message prefixes, exactly as the server's McpError carries them. */
const REFUSED_REQUEST = 'MCP error -32603: ';
const REFUSED_REQUEST_LOOSE = 'MCP error -32602: MCP error -32602: Invalid elicitation request: ';
const REFUSED_RESULT = 'MCP error -32602: MCP error -32602: Invalid elicitation result: ';

/** Paths (inside `params`) of the form-mode branch's issues: the properties the client refused. */
function refusedPaths(message: string, prefix: string): unknown[] {
  const issues = zodIssues(message, prefix);
  expect(issues).toHaveLength(1);
  expect(issues[0]).toMatchObject({ code: 'invalid_union', path: ['params'] });
  // errors[0]: the form-params branch; errors[1]: the URL-params branch (mode/url/elicitationId).
  return (issues[0]?.errors?.[0] ?? []).map((issue) => issue.path);
}

const ENUM_VARIANTS = ['untitled-single', 'titled-single', 'legacy-titled', 'untitled-multi', 'titled-multi'] as const;
const FORMATS = ['email', 'uri', 'date', 'date-time'] as const;

/**
 * What a property schema is, read from the raw JSON (independent of the kit): one of the five enum
 * variants (with its spelling), `format:<f>`, or its plain `type`.
 */
function classify(property: Record<string, unknown>): string[] {
  const items = property['items'] as Record<string, unknown> | undefined;
  if (property['type'] === 'array' && items) {
    if (Array.isArray(items['enum'])) return ['untitled-multi'];
    if (Array.isArray(items['anyOf'])) return ['titled-multi', 'titled-multi:items.anyOf'];
    if (Array.isArray(items['oneOf'])) return ['titled-multi', 'titled-multi:items.oneOf'];
  }
  if (property['type'] === 'string') {
    if (Array.isArray(property['enum']))
      return [Array.isArray(property['enumNames']) ? 'legacy-titled' : 'untitled-single'];
    if (Array.isArray(property['oneOf'])) return ['titled-single', 'titled-single:oneOf'];
    if (Array.isArray(property['anyOf'])) return ['titled-single', 'titled-single:anyOf'];
    if (typeof property['format'] === 'string') return [`format:${property['format']}`];
  }
  return [String(property['type'])];
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe('fixture coverage of the round trip', () => {
  it('runs in Asia/Kolkata, where the fixtures read local date-times (+05:30)', () => {
    expect(new Date(2026, 2, 1, 9, 30).getTimezoneOffset()).toBe(-330);
  });

  it('loads valid fixtures from every variant folder', () => {
    const folders = new Set(cases.map(({ variant }) => variant));
    expect([...folders].sort()).toEqual(VARIANT_FOLDERS.filter((folder) => folder !== 'malformed').sort());
  });

  it('round-trips an accepted value of every enum variant and every format, and something from every folder', () => {
    const covered = new Set<string>();
    const foldersWithAccept = new Set<string>();
    for (const { variant, fixture } of delivered) {
      const properties = fixture.request.requestedSchema.properties as unknown as Record<
        string,
        Record<string, unknown>
      >;
      for (const answer of answersWithResult(fixture)) {
        const content = withoutProtoKey(answer.result.content ?? {});
        if (answer.result.action === 'accept') foldersWithAccept.add(variant);
        for (const key of Object.keys(content)) {
          const property = properties[key];
          if (property) for (const label of classify(property)) covered.add(label);
        }
      }
    }
    const wanted = [
      ...ENUM_VARIANTS,
      ...FORMATS.map((format) => `format:${format}`),
      'titled-single:oneOf',
      'titled-single:anyOf',
      'titled-multi:items.anyOf',
    ];
    expect(wanted.filter((label) => !covered.has(label))).toEqual([]);
    expect(VARIANT_FOLDERS.filter((folder) => folder !== 'malformed' && !foldersWithAccept.has(folder))).toEqual([]);
  });

  it('the SDK 1.32 client refuses valid fixtures only for the documented reasons, and the items.oneOf spelling is among them', () => {
    const reasons = refused.map(({ id, fixture }) => {
      const view = sdk1ClientView(fixture.request);
      const properties = fixture.request.requestedSchema.properties as Record<string, unknown>;
      const keys = view.refused ? view.paths.map((path) => String(path[2])) : [];
      return { id, reasons: keys.map((key) => refusalReason(properties[key])) };
    });
    expect(reasons.filter(({ reasons }) => reasons.length === 0)).toEqual([]);
    expect(
      reasons.some(({ id, reasons }) => id.startsWith('titled-multi/') && reasons.includes('items.oneOf spelling')),
    ).toBe(true);
    // ...while the kit itself renders every one of them.
    expect(
      refused.filter(({ fixture }) => !parseRequestedSchema(fixture.request.requestedSchema).ok).map(({ id }) => id),
    ).toEqual([]);
  });
});

describe.each<TransportKind>(['in-memory', 'streamable-http'])('SDK 1.32 server ⇄ client over %s', (kind) => {
  let session: Session;

  beforeAll(async () => {
    session = await openSession(kind);
  });

  afterAll(async () => {
    await session?.close();
  });

  describe('every fixture answer with a result reaches the server exactly', () => {
    for (const { id, fixture } of delivered) {
      const view = sdk1ClientView(fixture.request);
      for (const answer of answersWithResult(fixture)) {
        it(`${id}: ${answer.name}`, async () => {
          if (view.refused) throw new Error('unreachable: refused cases are tested below');
          const opened: Draft[] = [];
          const { server, seen } = await session.ask(fixture.request, scriptedPerson(answer, opened));
          expect(seen).toEqual([view.params]);
          // The kit pre-fills the SDK's copy exactly as the fixture says it pre-fills the original.
          if (answer.result.action === 'accept') expect(opened).toEqual([withoutProtoKey(fixture.initialDraft)]);
          expect(server).toEqual({ outcome: 'result', result: expectedAtServer(answer.result) });
          if (server.outcome === 'result' && answer.result.action !== 'accept')
            expect(Object.keys(server.result)).toEqual(['action']);
        });
      }
    }
  });

  describe('fixtures the SDK client refuses never reach the kit, and the server gets -32603', () => {
    for (const { id, fixture } of refused) {
      it(id, async () => {
        const view = sdk1ClientView(fixture.request);
        const { server, seen } = await session.ask(fixture.request, () => {
          throw new Error('the handler must not be called');
        });
        expect(seen).toEqual([]);
        expect(server).toMatchObject({ outcome: 'error', code: -32603 });
        if (server.outcome !== 'error' || !view.refused) throw new Error('unreachable');
        expect(refusedPaths(server.message, REFUSED_REQUEST)).toEqual(view.paths);
      });
    }
  });

  describe("fixture contents[]: the SDK server's verdict equals the fixture's `valid`", () => {
    const SERVER_REJECTS = 'MCP error -32602: Elicitation response content does not match requested schema: ';
    const isWireValue = (value: unknown) =>
      ['string', 'number', 'boolean'].includes(typeof value) ||
      (Array.isArray(value) && value.every((item) => typeof item === 'string'));
    for (const { id, fixture } of delivered) {
      fixture.contents.forEach(({ content, valid }, index) => {
        it(`${id}: contents[${index}] ${valid ? 'accepted' : 'rejected'}`, async () => {
          const { server } = await session.ask(fixture.request, () => ({ action: 'accept', content }));
          if (valid) {
            expect(server).toEqual({
              outcome: 'result',
              result: { action: 'accept', content: withoutProtoKey(content) },
            });
            return;
          }
          expect(server).toMatchObject({ outcome: 'error', code: -32602 });
          if (server.outcome !== 'error') return;
          // Values JSON allows but ElicitResult does not (null, objects, mixed arrays) never leave the client.
          const prefix = Object.values(content).every(isWireValue) ? SERVER_REJECTS : REFUSED_RESULT;
          expect(server.message.slice(0, prefix.length)).toBe(prefix);
        });
      });
    }
  });

  describe('malformed fixtures the kit still renders (warnings only) are delivered or refused exactly as modelled', () => {
    for (const { id, request } of renderable) {
      const view = sdk1ClientView(request);
      it(`${id}: ${view.refused ? 'refused' : 'delivered'}`, async () => {
        const { server, seen } = await session.ask(request, () => ({ action: 'decline' }));
        if (!view.refused) {
          expect(seen).toEqual([view.params]);
          expect(server).toStrictEqual({ outcome: 'result', result: { action: 'decline' } });
          return;
        }
        expect(seen).toEqual([]);
        expect(server).toMatchObject({ outcome: 'error', code: -32603 });
        if (server.outcome === 'error') expect(refusedPaths(server.message, REFUSED_REQUEST)).toEqual(view.paths);
      });
    }
  });

  describe('decline and cancel reach the server as the bare action', () => {
    const firstPerFolder = delivered.filter(
      (entry, index) => delivered.findIndex((other) => other.variant === entry.variant) === index,
    );
    for (const { id, fixture } of firstPerFolder) {
      for (const action of ['decline', 'cancel'] as const) {
        it(`${id}: ${action}`, async () => {
          const { server, seen } = await session.ask(fixture.request, () => ({ action }));
          expect(seen).toHaveLength(1);
          expect(server).toStrictEqual({ outcome: 'result', result: { action } });
        });
      }
    }
  });

  describe("the server's own validation is real", () => {
    const countRequest = {
      message: 'How many replicas?',
      requestedSchema: { type: 'object', properties: { count: { type: 'integer', minimum: 1 } }, required: ['count'] },
    } as const;

    it('a string for an integer field fails the call with -32602 (and the kit would have caught it)', async () => {
      const content = { count: '3' };
      const { server, seen } = await session.ask(countRequest, () => ({ action: 'accept', content }));
      expect(seen).toHaveLength(1);
      expect(server).toStrictEqual({
        outcome: 'error',
        code: -32602,
        message:
          'MCP error -32602: Elicitation response content does not match requested schema: data/count must be integer',
      });
      const kitVerdict = validateElicitContent(countRequest.requestedSchema as unknown as RequestedSchema, content);
      expect(kitVerdict.map(({ field, code }) => ({ field, code }))).toEqual([{ field: 'count', code: 'type' }]);
    });

    it('the same request answered by the kit goes through', async () => {
      const { server } = await session.ask(countRequest, (params) => {
        const schema = params['requestedSchema'] as RequestedSchema;
        const submitted = submitDraft(schema, { ...initialDraft(schema), count: '3' });
        return submitted.ok ? submitted.result : { action: 'cancel' };
      });
      expect(server).toStrictEqual({ outcome: 'result', result: { action: 'accept', content: { count: 3 } } });
    });

    it('a value that is not string|number|boolean|string[] is refused by the client before it is sent', async () => {
      const { server } = await session.ask(countRequest, () => ({ action: 'accept', content: { count: null } }));
      expect(server).toMatchObject({ outcome: 'error', code: -32602 });
      if (server.outcome !== 'error') throw new Error('unreachable');
      expect(zodIssues(server.message, REFUSED_RESULT)).toMatchObject([
        { code: 'invalid_union', path: ['content', 'count'] },
      ]);
    });

    it('a pattern stripped from the kit’s view is still enforced by the server (text/pattern)', async () => {
      const entry = cases.find(({ id }) => id === 'text/pattern');
      if (!entry) throw new Error('fixture text/pattern is missing');
      const { server, seen } = await session.ask(entry.fixture.request, (params) => {
        const schema = params['requestedSchema'] as RequestedSchema;
        // Spaces and capitals: the full schema's pattern forbids them, the stripped copy cannot say so.
        const submitted = submitDraft(schema, { ...initialDraft(schema), slug: 'Release Notes' });
        return submitted.ok ? submitted.result : { action: 'cancel' };
      });
      expect(
        (seen[0]?.['requestedSchema'] as { properties: Record<string, object> }).properties['slug'],
      ).not.toHaveProperty('pattern');
      expect(server).toStrictEqual({
        outcome: 'error',
        code: -32602,
        message:
          'MCP error -32602: Elicitation response content does not match requested schema: data/slug must match pattern "^[a-z0-9]+(?:-[a-z0-9]+)*$"',
      });
    });

    it('a __proto__ answer is dropped on the way and a required __proto__ is not noticed by the server', async () => {
      const request = JSON.parse(
        '{"message":"Alias?","requestedSchema":{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"}},"required":["__proto__","constructor"]}}',
      ) as object;
      const { server, seen } = await session.ask(request, () => {
        const content = JSON.parse('{"__proto__":"alias","constructor":"c"}') as Record<string, string>;
        return { action: 'accept', content };
      });
      expect(Object.keys((seen[0]?.['requestedSchema'] as { properties: object }).properties)).toEqual(['constructor']);
      expect(server).toStrictEqual({ outcome: 'result', result: { action: 'accept', content: { constructor: 'c' } } });
      if (server.outcome === 'result') expect(Object.keys(server.result['content'] as object)).toEqual(['constructor']);
    });
  });

  describe('capabilities and registration', () => {
    it('elicitation: {} is treated as form support', async () => {
      const bare = await openSession(kind, { capabilities: { elicitation: {} } });
      try {
        const { server, seen } = await bare.ask(
          { message: 'OK?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
          () => ({
            action: 'accept',
            content: { ok: true },
          }),
        );
        expect(seen).toHaveLength(1);
        expect(server).toStrictEqual({ outcome: 'result', result: { action: 'accept', content: { ok: true } } });
      } finally {
        await bare.close();
      }
    });

    it('a handler registered with a loose schema sees the request unstripped; items.oneOf is still refused (-32602)', async () => {
      const loose = await openSession(kind, { looseHandler: true });
      try {
        const anyOfCase = cases.find(({ id }) => id === 'titled-single/any-of-required');
        const oneOfCase = refused.find(({ id }) => id.startsWith('titled-multi/one-of-'));
        if (!anyOfCase || !oneOfCase)
          throw new Error('fixtures titled-single/any-of-required or titled-multi/one-of-* missing');

        const protoCase = cases.find(({ id }) => id === 'mixed/prototype-keys');
        if (!protoCase) throw new Error('fixture mixed/prototype-keys is missing');

        for (const { fixture } of [anyOfCase, protoCase]) {
          const { server, seen } = await loose.ask(fixture.request, () => ({ action: 'decline' }));
          expect(seen).toEqual([{ mode: 'form', ...fixture.request }]);
          // toEqual alone would not prove an own `__proto__` key survived: compare the key lists.
          const properties = (seen[0]?.['requestedSchema'] as { properties: object }).properties;
          expect(Object.keys(properties)).toEqual(Object.keys(fixture.request.requestedSchema.properties));
          expect(server).toStrictEqual({ outcome: 'result', result: { action: 'decline' } });
        }

        const second = await loose.ask(oneOfCase.fixture.request, () => {
          throw new Error('the handler must not be called');
        });
        expect(second.seen).toEqual([]);
        expect(second.server).toMatchObject({ outcome: 'error', code: -32602 });
        if (second.server.outcome !== 'error') throw new Error('unreachable');
        const view = sdk1ClientView(oneOfCase.fixture.request);
        if (!view.refused) throw new Error('unreachable');
        expect(refusedPaths(second.server.message, REFUSED_REQUEST_LOOSE)).toEqual(view.paths);
      } finally {
        await loose.close();
      }
    });
  });
});
