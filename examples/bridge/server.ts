/**
 * Node's `http`: the bridge at `/elicit`, every other request to the app's own listener (a static page
 * server in the demo and tests; Express's `app` fits as well). The bridge trusts only the origins it was
 * given (`allowedOrigins`), never the `Host` a request names.
 */
// #region readme
import { createServer, type RequestListener } from 'node:http';
import { toNodeHandler } from 'mcp-elicit-kit/bridge';
import { bridge } from './elicitation.js';

const elicit = toNodeHandler(bridge);
export const createAppServer = (app: RequestListener) =>
  createServer((req, res) => (req.url?.split('?')[0] === '/elicit' ? elicit : app)(req, res));
// #endregion
