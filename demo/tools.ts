/**
 * The demo's MCP tools, each of which asks the person something through elicitation. Browser-safe
 * (no Node import): the same tools run in the Node demo server (`demo/server.ts`, Streamable HTTP)
 * and in Storybook's "Live host" story (a server in the page, linked in memory).
 *
 * Every tool returns, as text, exactly what the server received from `elicitInput`, which the SDK
 * 1.x server has already checked against the requested schema with its own Ajv validator (a
 * mismatch rejects with -32602 and the tool returns that error instead, with `isError: true`).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  McpError,
  type CallToolResult,
  type ElicitRequestFormParams,
  type ElicitResult,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';

/** How long the demo lets a person take over one answer (the SDK's default is 60 s). */
export const ANSWER_TIMEOUT_MS = 30 * 60 * 1000;

/** What the tools need from where they run. */
export interface DemoToolOptions {
  /** The name the burst tool puts in its messages ("Request 3 of 20 from alpha"). */
  serverName: string;
  /** The page the `open_link` tool asks the person to open, for one elicitation id. */
  linkFor(elicitationId: string): string;
  /**
   * Resolves when the page of `elicitationId` has done its part; the tool then sends
   * `notifications/elicitation/complete`. Rejects (or never resolves) when `signal` fires.
   */
  whenLinkDone(elicitationId: string, signal: AbortSignal): Promise<void>;
  /** Receives the controller of each `stop_waiting` elicitation, so its host can abort it early. */
  onStopWaiting?(controller: AbortController): void;
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** A tool result holding one text block. */
function text(value: string, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: value }], ...(isError && { isError: true }) };
}

/** The greetings `greet` offers (its argument); it says the first when none is chosen. */
const GREETINGS = ['Hello', 'Welcome', 'Good to see you'] as const;

/** The schema of `everything`: each primitive, each format and each of the five enum variants. */
export const EVERYTHING_REQUEST: ElicitRequestFormParams = {
  mode: 'form',
  message: 'Tell us about your new workspace. Every kind of field the spec allows is here.',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Workspace name', minLength: 2, maxLength: 40 },
      email: { type: 'string', title: 'Contact email', format: 'email' },
      website: { type: 'string', title: 'Website', format: 'uri' },
      start: { type: 'string', title: 'Start date', format: 'date' },
      kickoff: { type: 'string', title: 'Kick-off meeting', format: 'date-time' },
      seats: { type: 'integer', title: 'Seats', minimum: 1, maximum: 50, default: 5 },
      budget: { type: 'number', title: 'Monthly budget', minimum: 0 },
      newsletter: { type: 'boolean', title: 'Send me the newsletter', default: false },
      region: { type: 'string', title: 'Region', enum: ['eu', 'us', 'apac'] },
      plan: {
        type: 'string',
        title: 'Plan',
        oneOf: [
          { const: 'free', title: 'Free' },
          { const: 'pro', title: 'Pro' },
          { const: 'team', title: 'Team' },
        ],
      },
      size: { type: 'string', title: 'Team size', enum: ['s', 'm', 'l'], enumNames: ['Small', 'Medium', 'Large'] },
      tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['red', 'green', 'blue'] }, minItems: 1 },
      features: {
        type: 'array',
        title: 'Features',
        items: {
          anyOf: [
            { const: 'sso', title: 'Single sign-on' },
            { const: 'audit', title: 'Audit log' },
            { const: 'api', title: 'API access' },
          ],
        },
      },
    },
    required: ['name', 'email', 'region', 'plan', 'size', 'tags'],
  },
};

/** Asks through `elicitInput` on the stream of the tool call, and reports what came back. */
async function ask(
  mcp: McpServer,
  extra: Extra,
  params: Parameters<McpServer['server']['elicitInput']>[0],
  signal?: AbortSignal,
) {
  return mcp.server.elicitInput(params, {
    // Over Streamable HTTP the request then travels on this tools/call's response stream.
    relatedRequestId: extra.requestId,
    timeout: ANSWER_TIMEOUT_MS,
    ...(signal !== undefined && { signal }),
  });
}

/** The text of a failed `elicitInput`: the SDK's error code and message. */
function failure(error: unknown): CallToolResult {
  if (error instanceof McpError)
    return text(JSON.stringify({ error: { code: error.code, message: error.message } }), true);
  throw error;
}

/** Registers the demo tools on `mcp`. */
export function registerDemoTools(mcp: McpServer, options: DemoToolOptions): void {
  mcp.registerTool(
    'greet',
    {
      title: 'Greet',
      description: 'Asks your name and greets you with the greeting you chose.',
      // An optional choice, so the page's tool form shows a drop-down; without it the tool says "Hello".
      inputSchema: { greeting: z.enum(GREETINGS).optional().meta({ title: 'Greeting' }) },
    },
    async ({ greeting = 'Hello' }, extra) => {
      try {
        const result = await ask(mcp, extra, {
          mode: 'form',
          message: 'What should I call you?',
          requestedSchema: {
            type: 'object',
            properties: { name: { type: 'string', title: 'Your name', minLength: 1 } },
            required: ['name'],
          },
        });
        if (result.action !== 'accept') return text(`No name given (${result.action}).`);
        return text(`${greeting}, ${String(result.content?.['name'])}!`);
      } catch (error) {
        return failure(error);
      }
    },
  );

  mcp.registerTool(
    'everything',
    {
      title: 'Every field type',
      description: 'One form with every primitive, format and enum variant; returns what the server received.',
    },
    async (extra) => {
      try {
        return text(JSON.stringify(await ask(mcp, extra, EVERYTHING_REQUEST)));
      } catch (error) {
        return failure(error);
      }
    },
  );

  mcp.registerTool(
    'confirm',
    {
      title: 'Confirm',
      description: 'Asks a yes/no question; try Decline and Cancel here.',
      // Structured too, so the page's result view has an output schema to check the answer against.
      outputSchema: {
        action: z.enum(['accept', 'decline', 'cancel']),
        content: z.object({ backup: z.boolean() }).optional(),
      },
    },
    async (extra) => {
      try {
        const result = await ask(mcp, extra, {
          mode: 'form',
          message: 'Restart the staging database now?',
          requestedSchema: {
            type: 'object',
            properties: { backup: { type: 'boolean', title: 'Take a backup first', default: true } },
          },
        });
        return { ...text(JSON.stringify(result)), structuredContent: result };
      } catch (error) {
        return failure(error);
      }
    },
  );

  mcp.registerTool(
    'open_link',
    { title: 'Open a link', description: 'URL mode: asks you to open a page; completes when that page was visited.' },
    async (extra) => {
      const elicitationId = crypto.randomUUID();
      let result: ElicitResult;
      try {
        result = await ask(mcp, extra, {
          mode: 'url',
          message: 'Connect the demo account: open the page, then come back.',
          url: options.linkFor(elicitationId),
          elicitationId,
        });
      } catch (error) {
        return failure(error);
      }
      if (result.action !== 'accept') return text(`Link ${result.action === 'decline' ? 'declined' : 'cancelled'}.`);
      await options.whenLinkDone(elicitationId, extra.signal);
      // Related to this call: sent on its response stream, which is still open.
      await mcp.server.createElicitationCompletionNotifier(elicitationId, { relatedRequestId: extra.requestId })();
      return text(`Link completed (${elicitationId}).`);
    },
  );

  mcp.registerTool(
    'stop_waiting',
    {
      title: 'Stop waiting',
      description: 'Asks something, then gives up after afterMs milliseconds: the host shows a notice.',
      inputSchema: { afterMs: z.number().int().min(0).max(3_600_000).optional().meta({ title: 'Give up after (ms)' }) },
    },
    async ({ afterMs = 5000 }, extra) => {
      const controller = new AbortController();
      options.onStopWaiting?.(controller);
      const timer = setTimeout(() => controller.abort(new Error('The demo server stopped waiting')), afterMs);
      try {
        const result = await ask(
          mcp,
          extra,
          {
            mode: 'form',
            message: `Answer within ${afterMs / 1000} seconds, or I stop waiting.`,
            requestedSchema: { type: 'object', properties: { answer: { type: 'string', title: 'Answer' } } },
          },
          controller.signal,
        );
        return text(JSON.stringify(result));
      } catch (error) {
        if (controller.signal.aborted) return text('Stopped waiting.');
        return failure(error);
      } finally {
        clearTimeout(timer);
      }
    },
  );

  mcp.registerTool(
    'burst',
    {
      title: 'Burst',
      description: 'Sends count elicitations at once; returns every answer, in the order asked.',
      inputSchema: { count: z.number().int().min(1).max(100).meta({ title: 'Number of requests' }) },
    },
    async ({ count }, extra) => {
      const asked = Array.from({ length: count }, (_, index) =>
        ask(mcp, extra, {
          mode: 'form',
          message: `Request ${index + 1} of ${count} from ${options.serverName}`,
          requestedSchema: {
            type: 'object',
            properties: { answer: { type: 'string', title: 'Answer' } },
            required: ['answer'],
          },
        }),
      );
      try {
        return text(JSON.stringify(await Promise.all(asked)));
      } catch (error) {
        return failure(error);
      }
    },
  );

  mcp.registerTool(
    'profile_photo',
    {
      title: 'Profile photo',
      description: 'Asks for an image file (SEP-2356 x-mcp-file, experimental) and returns what arrived.',
    },
    async (extra) => {
      try {
        const result = await ask(mcp, extra, {
          mode: 'form',
          message: 'Please select a profile photo.',
          requestedSchema: {
            type: 'object',
            properties: {
              // SEP-2356's own example; the SDK's types do not know the keyword yet.
              photo: {
                type: 'string',
                format: 'uri',
                title: 'Profile photo',
                'x-mcp-file': { accept: ['image/*'], maxSize: 2097152 },
              } as { type: 'string'; format: 'uri'; title: string },
            },
            required: ['photo'],
          },
        });
        return text(JSON.stringify(result));
      } catch (error) {
        return failure(error);
      }
    },
  );
}
