/**
 * The demo host page: connects to one or more MCP servers over Streamable HTTP, lists their tools,
 * calls them with JSON arguments, and shows every elicitation they send through the kit
 * (`attachElicitation` → one queue → `ElicitationHost`). The client is SDK 1.x
 * (`@modelcontextprotocol/sdk`, protocol 2025-11-25) by default, or SDK 2.x
 * (`@modelcontextprotocol/client`, which also speaks 2026-07-28 and its rounds) with `?sdk=2`.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { useEffect, useId, useState, type FormEvent } from 'react';

import { ElicitationHost, type ElicitationQueue } from '../src/index.js';
import { createElicitationQueue } from '../src/core/index.js';
import { attachElicitation } from '../src/sdk/index.js';

/** A person may take their time: the SDK's default request timeout (60 s) would end the call. */
const CALL_TIMEOUT_MS = 30 * 60 * 1000;

/** Which SDK line the page's clients come from. */
export type SdkLine = 1 | 2;

/** A tool as listed (the part the page shows). */
interface ListedTool {
  name: string;
  description?: string;
}

/** A connected client of either SDK line. */
interface Connected {
  /** The server's `serverInfo.name`, else its URL. */
  name: string;
  tools: ListedTool[];
  /** Calls a tool; resolves with the result as the SDK returns it (read by `resultText`). */
  call(name: string, args: Record<string, unknown>): Promise<unknown>;
}

/** Connects a client of `sdk` to `url`, its elicitations routed to `queue`; `onClient` gets it to close later. */
async function connect(
  sdk: SdkLine,
  url: string,
  queue: ElicitationQueue,
  onClient: (close: () => Promise<void>) => void,
): Promise<Connected> {
  const info = { name: 'mcp-elicit-kit demo host', version: '0.1.0' };
  if (sdk === 2) {
    const client = new ClientV2(info, { versionNegotiation: { mode: 'auto' } });
    onClient(() => client.close());
    // Before connect: the capabilities (form and URL mode) are sent at connect.
    attachElicitation(client, queue);
    await client.connect(new TransportV2(new URL(url)));
    const { tools } = await client.listTools();
    return {
      name: client.getServerVersion()?.name ?? url,
      tools,
      call: (name, args) => client.callTool({ name, arguments: args }, { timeout: CALL_TIMEOUT_MS }),
    };
  }
  const client = new Client(info);
  onClient(() => client.close());
  attachElicitation(client, queue);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const { tools } = await client.listTools();
  return {
    name: client.getServerVersion()?.name ?? url,
    tools,
    call: (name, args) => client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS }),
  };
}

/** The texts of a tool result, `Error: `-prefixed when the tool says it failed. */
function resultText(result: unknown): string {
  const fields: { content?: unknown; isError?: unknown } = typeof result === 'object' && result !== null ? result : {};
  const blocks: unknown[] = Array.isArray(fields.content) ? fields.content : [];
  const texts = blocks.flatMap((block: unknown) =>
    typeof block === 'object' &&
    block !== null &&
    'type' in block &&
    block.type === 'text' &&
    'text' in block &&
    typeof block.text === 'string'
      ? [block.text]
      : [],
  );
  const text = texts.join('\n');
  return fields.isError === true ? `Error: ${text}` : text;
}

function errorText(error: unknown): string {
  return `Error: ${error instanceof Error ? error.message : String(error)}`;
}

/** One tool: its description, a JSON arguments box, Call, and the last result. */
function ToolPanel({ tool, connected }: { tool: ListedTool; connected: Connected }) {
  const id = useId();
  const [args, setArgs] = useState(tool.name === 'burst' ? '{"count": 5}' : '{}');
  const [output, setOutput] = useState('');
  const call = async (event: FormEvent) => {
    event.preventDefault();
    let parsed: unknown;
    try {
      parsed = JSON.parse(args);
    } catch {
      setOutput('Error: the arguments are not valid JSON.');
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      setOutput('Error: the arguments must be a JSON object.');
      return;
    }
    setOutput('Running…');
    try {
      setOutput(resultText(await connected.call(tool.name, parsed as Record<string, unknown>)));
    } catch (error) {
      setOutput(errorText(error));
    }
  };
  return (
    <section className="demo-tool" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{tool.name}</h3>
      {tool.description !== undefined && <p className="demo-muted">{tool.description}</p>}
      <form onSubmit={call}>
        <label htmlFor={`${id}-args`}>Arguments (JSON)</label>
        <textarea
          id={`${id}-args`}
          rows={2}
          spellCheck={false}
          value={args}
          onChange={(event) => setArgs(event.currentTarget.value)}
        />
        <button type="submit">Call {tool.name}</button>
      </form>
      <output className="demo-output" aria-label={`Result of ${tool.name}`}>
        {output}
      </output>
    </section>
  );
}

type Connection =
  { status: 'connecting' } | { status: 'connected'; connected: Connected } | { status: 'failed'; error: string };

/** One server: connects on mount (closes on unmount), then lists its tools. */
function ServerPanel({ url, queue, sdk }: { url: string; queue: ElicitationQueue; sdk: SdkLine }) {
  const id = useId();
  const [connection, setConnection] = useState<Connection>({ status: 'connecting' });
  useEffect(() => {
    let closed = false;
    let close: (() => Promise<void>) | undefined;
    connect(sdk, url, queue, (closeClient) => {
      close = closeClient;
    }).then(
      (connected) => {
        if (!closed) setConnection({ status: 'connected', connected });
      },
      (error: unknown) => {
        if (!closed) setConnection({ status: 'failed', error: errorText(error) });
      },
    );
    return () => {
      closed = true;
      void close?.();
    };
  }, [url, queue, sdk]);

  const title = connection.status === 'connected' ? connection.connected.name : url;
  return (
    <section className="demo-server" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="demo-muted">
        {url} ·{' '}
        <span data-status={connection.status}>
          {connection.status === 'failed' ? connection.error : connection.status}
        </span>
      </p>
      {connection.status === 'connected' &&
        connection.connected.tools.map((tool) => (
          <ToolPanel key={tool.name} tool={tool} connected={connection.connected} />
        ))}
    </section>
  );
}

/** The whole page. */
export function DemoApp({ initialUrls, sdk = 1 }: { initialUrls: readonly string[]; sdk?: SdkLine }) {
  const [queue] = useState(createElicitationQueue);
  const [urls, setUrls] = useState<readonly string[]>(initialUrls);
  const [draft, setDraft] = useState('');
  const connect = (event: FormEvent) => {
    event.preventDefault();
    const url = draft.trim();
    if (url === '') return;
    setUrls((current) => [...current, url]);
    setDraft('');
  };
  return (
    <>
      <header className="demo-header">
        <h1>mcp-elicit-kit demo host</h1>
        <form className="demo-connect" onSubmit={connect}>
          <label htmlFor="demo-url">MCP server URL (Streamable HTTP)</label>
          <input
            id="demo-url"
            type="url"
            placeholder="http://127.0.0.1:3000/mcp"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          <button type="submit">Connect</button>
        </form>
      </header>
      <main className="demo-layout">
        <div className="demo-servers">
          {urls.length === 0 && <p>Connect to a server to list its tools.</p>}
          {urls.map((url, index) => (
            <ServerPanel key={`${index}:${url}`} url={url} queue={queue} sdk={sdk} />
          ))}
        </div>
        <div className="demo-prompts">
          <h2>Requests</h2>
          <ElicitationHost queue={queue} />
        </div>
      </main>
    </>
  );
}
