/**
 * Node's `http`: the bridge at `/elicit`, every other request to the app's own listener (a static page
 * server in the demo and tests; Express's `app` fits as well). Behind a proxy that ends TLS, give the public
 * origin: `toNodeHandler(bridge, { origin: 'https://app.example' })`, or the bridge refuses the page's POSTs.
 */
// #region readme
import { createServer, type RequestListener } from 'node:http';
import { toNodeHandler } from 'mcp-elicit-kit/bridge';
import { bridge } from './elicitation.js';

const elicit = toNodeHandler(bridge);
export const createAppServer = (app: RequestListener) =>
  createServer((req, res) => (req.url?.split('?')[0] === '/elicit' ? elicit : app)(req, res));
// #endregion
