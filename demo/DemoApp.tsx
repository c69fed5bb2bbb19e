/**
 * The demo host page: connects to one or more MCP servers over Streamable HTTP, lists their tools,
 * calls them with arguments from the kit's `ToolCallForm` (results in `ToolResultView`), and shows every elicitation they send through the kit
 * (`attachElicitation` → one queue → `ElicitationHost`). The client is SDK 1.x
 * (`@modelcontextprotocol/sdk`, protocol 2025-11-25) by default, or SDK 2.x
 * (`@modelcontextprotocol/client`, which also speaks 2026-07-28 and its rounds) with `?sdk=2`.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';

import { ElicitationHost, type ElicitationQueue } from '../src/index.js';
import { createElicitationQueue } from '../src/core/index.js';
import { attachElicitation } from '../src/sdk/index.js';
import type { CallToolResult, Tool } from '../src/tools/index.js';
import { ToolCallForm, ToolResultView } from '../src/react/tools/index.js';

/** A person may take their time: the SDK's default request timeout (60 s) would end the call. */
const CALL_TIMEOUT_MS = 30 * 60 * 1000;

/** Which SDK line the page's clients come from. */
export type SdkLine = 1 | 2;

/** A tool as listed: the kit's forms and views read its schemas themselves. */
type ListedTool = Tool;

/** A connected client of either SDK line. */
interface Connected {
  /** The server's `serverInfo.name`, else its URL. */
  name: string;
  tools: ListedTool[];
  /** Calls a tool; resolves with the result as the SDK returns it. */
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
    attachElicitation(client, queue, { files: true });
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
  attachElicitation(client, queue, { files: true });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const { tools } = await client.listTools();
  return {
    name: client.getServerVersion()?.name ?? url,
    tools,
    call: (name, args) => client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS }),
  };
}

function errorText(error: unknown): string {
  return `Error: ${error instanceof Error ? error.message : String(error)}`;
}

/** Where a tool's last call is: none yet, waiting (maybe on a person), returned, or failed before a result. */
type CallState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; result: CallToolResult }
  | { status: 'failed'; error: string };

/** A result of either SDK line as the kit's `CallToolResult` reads it (SDK 1.x may add a legacy `toolResult`). */
function asCallToolResult(result: unknown): CallToolResult {
  return typeof result === 'object' && result !== null ? (result as CallToolResult) : {};
}

/** One tool: the kit's form for its `inputSchema`, and the kit's view of the last result. */
function ToolPanel({ tool, connected }: { tool: ListedTool; connected: Connected }) {
  const [state, setState] = useState<CallState>({ status: 'idle' });
  // The button says which tool it calls: several forms share the page.
  const labels = useMemo(() => ({ submit: `Call ${tool.name}` }), [tool.name]);
  const call = (args: Record<string, unknown>) => {
    setState({ status: 'running' });
    connected.call(tool.name, args).then(
      (result) => setState({ status: 'done', result: asCallToolResult(result) }),
      (error: unknown) => setState({ status: 'failed', error: errorText(error) }),
    );
  };
  return (
    <section className="demo-tool" aria-label={tool.name}>
      <ToolCallForm tool={tool} onSubmit={call} labels={labels} />
      {state.status === 'running' && (
        <p role="status" className="demo-muted">
          Running {tool.name}… its questions, if any, show under Requests.
        </p>
      )}
      {state.status === 'done' && <ToolResultView tool={tool} result={state.result} />}
      {/* A call that never got a result (connection lost, timeout): no tool result to show, so the SDK's error. */}
      {state.status === 'failed' && (
        <p role="alert" className="demo-error">
          {state.error}
        </p>
      )}
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
export function DemoApp({
  initialUrls,
  sdk = 1,
  unseenTimeoutMs,
}: {
  initialUrls: readonly string[];
  sdk?: SdkLine;
  /** Passed to the queue: a request no view has shown within this time is cancelled ("not-shown"). */
  unseenTimeoutMs?: number;
}) {
  const [queue] = useState(() => createElicitationQueue({ unseenTimeoutMs }));
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
        {/* Inside the kit's root so its input and button styles apply: the page shows the kit's look only. */}
        <form className="mek-root demo-connect" onSubmit={connect}>
          <label className="mek-label" htmlFor="demo-url">
            MCP server URL (Streamable HTTP)
          </label>
          <input
            id="demo-url"
            className="mek-input"
            type="url"
            placeholder="http://127.0.0.1:3000/mcp"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          <button type="submit" className="mek-button mek-button-primary">
            Connect
          </button>
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
          <ElicitationHost queue={queue} files />
        </div>
      </main>
    </>
  );
}
