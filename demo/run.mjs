// `npm run demo`: serves the demo host page with Vite on 127.0.0.1 and points it at an MCP server.
//
//   npm run demo                                   starts the kit's demo server (demo/server.ts) and uses it
//   npm run demo -- --url http://127.0.0.1:3000/mcp    uses that Streamable HTTP server instead (repeatable)
//   options: --port <page port, 5173>  --server-port <demo server port, 3000>
//
// Node 20 cannot run TypeScript itself, so the demo server is loaded through Vite's module runner.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { createServer, runnerImport } from 'vite';

const { values } = parseArgs({
  options: {
    url: { type: 'string', multiple: true },
    port: { type: 'string', default: '5173' },
    'server-port': { type: 'string', default: '3000' },
  },
});

const configFile = fileURLToPath(new URL('./vite.config.ts', import.meta.url));
const urls = values.url ?? [];
let demoServer;
if (urls.length === 0) {
  const { module } = await runnerImport(fileURLToPath(new URL('./server.ts', import.meta.url)));
  demoServer = await module.startDemoServer({ port: Number(values['server-port']) });
  urls.push(demoServer.url);
  console.log(`demo MCP server: ${demoServer.url} (links open on ${demoServer.linkOrigin})`);
}

const vite = await createServer({ configFile, server: { host: '127.0.0.1', port: Number(values.port) } });
await vite.listen();
const page = new URL(vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${values.port}/`);
for (const url of urls) page.searchParams.append('url', url);
console.log(`demo host page:  ${page.href}`);
console.log('Ctrl+C stops both.');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await vite.close();
  await demoServer?.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
