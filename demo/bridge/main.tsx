/**
 * The page of `npm run demo -- --bridge`: no MCP client here. `ElicitationHost` shows this visitor's queue,
 * which lives on the server (`createRemoteElicitationQueue` on `/elicit`). The tools the server's AI SDK client
 * lists (`GET /tools`) each get the kit's `ToolCallForm`, whose Call asks that client to call it (`POST /call`),
 * and the kit's `ToolResultView` for what it returns (what the MCP server received).
 */
import { StrictMode, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';

import { createRemoteElicitationQueue } from '../../src/bridge/index.js';
import { ElicitationHost } from '../../src/index.js';
import { ToolCallForm, ToolResultView } from '../../src/react/tools/index.js';
import type { CallToolResult, Tool } from '../../src/tools/index.js';
import '../demo.css';

// Module scope: one event stream for the page, whatever React renders twice.
const queue = createRemoteElicitationQueue({ url: '/elicit' });

/** Where a tool's last call is: none yet, waiting on the server (maybe on a person), or answered. */
type CallState = { status: 'idle' } | { status: 'running' } | { status: 'done'; result: CallToolResult };

/** The tools as the server's client lists them, or why not. */
type ToolList = { status: 'loading' } | { status: 'ready'; tools: Tool[] } | { status: 'failed'; error: string };

/** A `/call` or `/tools` error body (`{ error }`), else `undefined`. */
function errorOf(body: unknown): string | undefined {
  const { error } = typeof body === 'object' && body !== null ? (body as { error?: unknown }) : {};
  return typeof error === 'string' ? `Error: ${error}` : undefined;
}

/** The answer of `POST /call` as a tool result: a failed call is shown as an error result with its reason. */
function resultOf(body: unknown): CallToolResult {
  const error = errorOf(body);
  if (error !== undefined) return { content: [{ type: 'text', text: error }], isError: true };
  return typeof body === 'object' && body !== null ? (body as CallToolResult) : {};
}

/** One tool: the kit's form for its arguments; the server's client calls it; the kit's view shows the result. */
function ToolPanel({ tool }: { tool: Tool }) {
  const [state, setState] = useState<CallState>({ status: 'idle' });
  const labels = useMemo(() => ({ submit: `Call ${tool.name}` }), [tool.name]);
  const call = (args: Record<string, unknown>) => {
    setState({ status: 'running' });
    // The session cookie goes along (same origin); the server refuses a call from any other origin.
    fetch('/call', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tool: tool.name, arguments: args }),
    })
      .then(async (response) => setState({ status: 'done', result: resultOf(await response.json()) }))
      .catch((error: unknown) => setState({ status: 'done', result: resultOf({ error: String(error) }) }));
  };
  return (
    <section className="demo-tool" aria-label={tool.name}>
      <ToolCallForm tool={tool} onSubmit={call} labels={labels} />
      {state.status === 'running' && (
        <p role="status" className="demo-muted">
          The server is calling {tool.name}… its questions, if any, show under Requests.
        </p>
      )}
      {state.status === 'done' && <ToolResultView tool={tool} result={state.result} />}
    </section>
  );
}

function BridgeDemoPage() {
  const [list, setList] = useState<ToolList>({ status: 'loading' });
  useEffect(() => {
    let gone = false;
    fetch('/tools')
      .then(async (response) => {
        const body: unknown = await response.json();
        const error = errorOf(body);
        const tools = (body as { tools?: Tool[] }).tools;
        if (gone) return;
        setList(
          error === undefined && Array.isArray(tools)
            ? { status: 'ready', tools }
            : { status: 'failed', error: error ?? 'Error: no tool list' },
        );
      })
      .catch((error: unknown) => {
        if (!gone) setList({ status: 'failed', error: `Error: ${String(error)}` });
      });
    return () => {
      gone = true;
    };
  }, []);

  return (
    <>
      <header className="demo-header">
        <h1>Bridge demo: the MCP client runs on the server</h1>
        <p className="demo-muted">
          The server's AI SDK client calls the tool; its questions come here through the bridge. Another browser is
          another person, with its own requests.
        </p>
      </header>
      <main className="demo-layout">
        <section className="demo-servers" aria-labelledby="tools-title">
          <h2 id="tools-title">Call a tool on the server</h2>
          {list.status === 'loading' && <p className="demo-muted">Listing the server's tools…</p>}
          {list.status === 'failed' && (
            <p role="alert" className="demo-error">
              {list.error}
            </p>
          )}
          {list.status === 'ready' && list.tools.map((tool) => <ToolPanel key={tool.name} tool={tool} />)}
        </section>
        <div className="demo-prompts">
          <h2>Requests for you</h2>
          <ElicitationHost queue={queue} />
        </div>
      </main>
    </>
  );
}

const root = document.getElementById('root');
if (root === null) throw new Error('demo/bridge/index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <BridgeDemoPage />
  </StrictMode>,
);
