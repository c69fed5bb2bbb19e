/** The views that load on first use, in one chunk: the URL view, the round, and a refused request's. */
export { UrlElicitation } from './url-elicitation.js';
export { ElicitationRound } from './elicitation-round.js';
export { RefusedRequest } from './refused-request.js';
