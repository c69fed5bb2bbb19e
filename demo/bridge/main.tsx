/**
 * The page of `npm run demo -- --bridge`: no MCP client here. `ElicitationHost` shows this visitor's queue,
 * which lives on the server (`createRemoteElicitationQueue` on `/elicit`), and each button asks the server's
 * AI SDK client to call a tool (`POST /call`); what the tool returns is what the MCP server received.
 */
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';

import { createRemoteElicitationQueue } from '../../src/bridge/index.js';
import { ElicitationHost } from '../../src/index.js';
import '../demo.css';

// Module scope: one event stream for the page, whatever React renders twice.
const queue = createRemoteElicitationQueue({ url: '/elicit' });

/** The demo server's tools (`demo/tools.ts`) with the arguments the buttons send. */
const TOOLS: readonly { name: string; args: Record<string, unknown> }[] = [
  { name: 'greet', args: {} },
  { name: 'confirm', args: {} },
  { name: 'everything', args: {} },
  { name: 'open_link', args: {} },
  { name: 'stop_waiting', args: { afterMs: 10_000 } },
  { name: 'burst', args: { count: 3 } },
];

interface Call {
  id: number;
  tool: string;
  /** The tool's text, or the error; `undefined` while the call waits. */
  outcome?: string;
}

function textOf(body: unknown): string {
  const { content, error } = body as { content?: { type: string; text?: string }[]; error?: string };
  if (error !== undefined) return `Error: ${error}`;
  return (content ?? []).map((block) => block.text ?? `[${block.type}]`).join('\n');
}

function BridgeDemoPage() {
  const [calls, setCalls] = useState<readonly Call[]>([]);
  // Keys of the result list: a counter, since the same tool may be called again while a call waits.
  const lastId = useRef(0);

  function call(tool: (typeof TOOLS)[number]): void {
    lastId.current += 1;
    const id = lastId.current;
    setCalls((previous) => [{ id, tool: tool.name }, ...previous]);
    const settle = (outcome: string) =>
      setCalls((previous) => previous.map((entry) => (entry.id === id ? { ...entry, outcome } : entry)));
    // The session cookie goes along (same origin); the server refuses a call from any other origin.
    fetch('/call', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tool: tool.name, arguments: tool.args }),
    })
      .then(async (response) => settle(textOf(await response.json())))
      .catch((error: unknown) => settle(`Error: ${String(error)}`));
  }

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
        <section className="demo-tool" aria-labelledby="tools-title">
          <h2 id="tools-title">Call a tool on the server</h2>
          {TOOLS.map((tool) => (
            <button key={tool.name} type="button" onClick={() => call(tool)}>
              {tool.name}
            </button>
          ))}
          <h2>Results</h2>
          <ol aria-label="Results">
            {calls.map((entry) => (
              <li key={entry.id}>
                {entry.tool}:{' '}
                <output className="demo-output" aria-label={`Result of ${entry.tool}`}>
                  {entry.outcome ?? 'waiting for the answer…'}
                </output>
              </li>
            ))}
          </ol>
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
