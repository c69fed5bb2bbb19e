// `npm run demo`: serves the demo host page with Vite on 127.0.0.1 and points it at an MCP server.
//
//   npm run demo                                   starts the kit's demo server (demo/server.ts) and uses it
//   npm run demo -- --url http://127.0.0.1:3000/mcp    uses that Streamable HTTP server instead (repeatable)
//   npm run demo -- --bridge                       the MCP client on the server (AI SDK), the page on the bridge
//   options: --port <page port, 5173>  --server-port <demo server port, 3000>
//
// Node 20 cannot run TypeScript itself, so the demo server is loaded through Vite's module runner.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import react from '@vitejs/plugin-react';
import { createServer, runnerImport } from 'vite';

import { KIT_ALIASES } from '../scripts/kit-aliases.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', multiple: true },
    port: { type: 'string', default: '5173' },
    'server-port': { type: 'string', default: '3000' },
    bridge: { type: 'boolean', default: false },
  },
});

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const urls = values.url ?? [];
let demoServer;
if (urls.length === 0) {
  const { module } = await runnerImport(here('./server.ts'));
  demoServer = await module.startDemoServer({ port: Number(values['server-port']) });
  urls.push(demoServer.url);
  console.log(`demo MCP server: ${demoServer.url} (links open on ${demoServer.linkOrigin})`);
}

/** Starts the page; returns its address and how to stop it. */
async function startPage() {
  if (!values.bridge) {
    const vite = await createServer({
      configFile: here('./vite.config.ts'),
      server: { host: '127.0.0.1', port: Number(values.port) },
    });
    await vite.listen();
    const page = new URL(vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${values.port}/`);
    for (const url of urls) page.searchParams.append('url', url);
    return { href: page.href, close: () => vite.close() };
  }
  // Bridge mode: Vite only serves the page's files, behind the Node server that holds the bridge and the
  // visitors' MCP clients (demo/bridge/app-server.ts). The examples it runs import the kit by package name.
  const { module } = await runnerImport(here('./bridge/app-server.ts'), {
    configFile: false,
    resolve: { alias: KIT_ALIASES },
    logLevel: 'warn',
  });
  const vite = await createServer({
    configFile: false,
    root: here('./bridge'),
    plugins: [react()],
    server: { middlewareMode: true, hmr: false },
    logLevel: 'warn',
  });
  const demo = await module.startBridgeDemo({ mcpUrl: urls[0], page: vite.middlewares, port: Number(values.port) });
  console.log(`bridge demo: tool calls from the server's AI SDK client to ${urls[0]}`);
  return {
    href: demo.url,
    close: async () => {
      await demo.close();
      await vite.close();
    },
  };
}

const page = await startPage();
console.log(`demo host page:  ${page.href}`);
console.log('Ctrl+C stops both.');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await page.close();
  await demoServer?.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
