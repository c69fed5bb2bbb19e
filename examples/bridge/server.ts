/**
 * Node's `http`: the bridge at `/elicit`, every other request to the app's own listener (a static page
 * server in the demo and tests; Express's `app` fits as well).
 */
// #region readme
import { createServer, type RequestListener, type Server } from 'node:http';
import { toNodeHandler } from 'mcp-elicit-kit/bridge';
import { bridge } from './elicitation.js';

export function createAppServer(app: RequestListener): Server {
  const elicit = toNodeHandler(bridge); // behind TLS at a proxy: toNodeHandler(bridge, { origin: 'https://…' })
  return createServer((request, response) => {
    if (request.url?.split('?')[0] === '/elicit') elicit(request, response);
    else app(request, response);
  });
}
// #endregion
