/**
 * `LiveHost`: a whole MCP host in the page. A real SDK 1.x `McpServer` with the demo tools
 * (`demo/tools.ts`) and a real SDK 1.x `Client`, linked by the SDK's `InMemoryTransport`; the kit's
 * adapter (`attachElicitation`) routes every elicitation to a queue that `ElicitationHost` shows.
 * A button per tool calls it; its text result appears under the button.
 *
 * The URL tool points at example.com; since no page can report back here, its server sends the
 * completion notification a few seconds after consent.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { useEffect, useId, useState } from 'react';

import { ANSWER_TIMEOUT_MS, registerDemoTools } from '../demo/tools.js';
import { ElicitationHost } from '../src/index.js';
import { createElicitationQueue } from '../src/core/index.js';
import { attachElicitation } from '../src/sdk/index.js';

/** The props of `LiveHost`. */
export interface LiveHostProps {
  /** The server's name, shown as who asks. */
  serverName: string;
  /** Milliseconds between consent to the URL and the server's completion notification. */
  completeAfterMs: number;
  /** Called with each tool's text result. */
  onResult: (tool: string, text: string) => void;
  /** Forces the light or dark theme. */
  theme?: 'light' | 'dark';
}

/** The arguments each tool's button sends. */
const TOOL_ARGUMENTS: Record<string, Record<string, unknown>> = {
  burst: { count: 3 },
  stop_waiting: { afterMs: 8000 },
};

/** Resolves after `ms`, or rejects when `signal` fires. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

function textOf(result: CallToolResult): string {
  const text = result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
  return result.isError === true ? `Error: ${text}` : text;
}

type Live =
  | { status: 'connecting' }
  | { status: 'ready'; client: Client; tools: { name: string; description?: string }[] }
  | { status: 'failed'; error: string };

/** One tool: a button, and its last result. */
function ToolButton({
  client,
  name,
  description,
  onResult,
}: {
  client: Client;
  name: string;
  description?: string;
  onResult: (text: string) => void;
}) {
  const id = useId();
  const [output, setOutput] = useState('');
  const call = async () => {
    setOutput('Running…');
    try {
      const result = (await client.callTool({ name, arguments: TOOL_ARGUMENTS[name] ?? {} }, undefined, {
        timeout: ANSWER_TIMEOUT_MS,
      })) as CallToolResult;
      const text = textOf(result);
      setOutput(text);
      onResult(text);
    } catch (error) {
      setOutput(`Error: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return (
    <li className="live-tool">
      <button
        type="button"
        className="mek-button"
        onClick={call}
        aria-describedby={description !== undefined ? `${id}-description` : undefined}
      >
        Call {name}
      </button>
      {description !== undefined && (
        <span className="live-tool-description" id={`${id}-description`}>
          {description}
        </span>
      )}
      <output className="live-tool-output" aria-label={`Result of ${name}`}>
        {output}
      </output>
    </li>
  );
}

/** A real MCP server and client in the page, and the kit between them and the person. */
export function LiveHost({ serverName, completeAfterMs, onResult, theme }: LiveHostProps) {
  const [queue] = useState(createElicitationQueue);
  const [live, setLive] = useState<Live>({ status: 'connecting' });
  useEffect(() => {
    let closed = false;
    const mcp = new McpServer({ name: serverName, version: '0.1.0' });
    registerDemoTools(mcp, {
      serverName,
      linkFor: (elicitationId) => `https://example.com/connect?session=${elicitationId}`,
      whenLinkDone: (_elicitationId, signal) => delay(completeAfterMs, signal),
    });
    const client = new Client({ name: 'mcp-elicit-kit live host', version: '0.1.0' });
    (async () => {
      try {
        attachElicitation(client, queue);
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        await mcp.connect(serverSide);
        await client.connect(clientSide);
        const { tools } = await client.listTools();
        if (!closed) setLive({ status: 'ready', client, tools });
      } catch (error) {
        if (!closed) setLive({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      closed = true;
      void client.close();
      void mcp.close();
    };
  }, [queue, serverName, completeAfterMs]);

  return (
    <div className="live-host">
      {/* The kit's frame and tokens (`.mek-root`, `--mek-*`), so the host's own controls look like the kit's. */}
      <section className="mek-root live-tools" data-theme={theme} aria-labelledby="live-tools-title">
        <h2 id="live-tools-title">Tools of {serverName}</h2>
        {live.status === 'connecting' && <p className="live-tools-status">Connecting…</p>}
        {live.status === 'failed' && (
          <p role="alert" className="live-tools-status mek-refused-title">
            Could not start the server: {live.error}
          </p>
        )}
        {live.status === 'ready' && (
          <ul>
            {live.tools.map((tool) => (
              <ToolButton
                key={tool.name}
                client={live.client}
                name={tool.name}
                description={tool.description}
                onResult={(text) => onResult(tool.name, text)}
              />
            ))}
          </ul>
        )}
      </section>
      <ElicitationHost queue={queue} theme={theme} />
    </div>
  );
}
