/**
 * Next.js App Router: the bridge at `/elicit`. A route handler takes a Fetch `Request` and returns a
 * `Response`, which is all `bridge.handle` needs (the event stream is a streamed body), so Next adds nothing.
 */
// #region readme
import { bridge } from '../../elicitation.js';

export const GET = bridge.handle;
export const POST = bridge.handle;
// #endregion
