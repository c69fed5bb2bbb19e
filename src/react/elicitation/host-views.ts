/** The views `ElicitationHost` loads on demand, in one chunk: the URL view and the round. */
export { UrlElicitation } from './url-elicitation.js';
export { ElicitationRound } from './elicitation-round.js';
