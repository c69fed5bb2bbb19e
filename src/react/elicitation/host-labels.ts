/**
 * The strings of the URL view, the refused view and the host, beside `ElicitationLabels`: components
 * take both as `labels?: Partial<KitLabels>`. Server names that labels embed come written out and
 * isolated (`shownServer`).
 */
import type { ElicitationServer, RequestProblem, RefusedUrl, UrlWarning } from '../../core/index.js';
import { isolateText } from '../../core/internal.js';
import { defaultLabels, type ElicitationLabels } from '../shared/labels.js';

/** The hosts of a URL as its warnings name them (see `HostLabels.urlWarning`). */
export interface UrlWarningHosts {
  /** As shown first: Unicode, or punycode for a look-alike. */
  displayHost: string;
  /** As the browser sends it (ASCII). */
  host: string;
  /** Every label decoded to Unicode. */
  unicodeHost: string;
}

/** `server` with hidden characters written out and isolated, so "Cancel all from …" reads in order. */
export function shownServer(server: ElicitationServer): ElicitationServer {
  const name = isolateText(server.name);
  return server.id === undefined ? { name } : { name, id: isolateText(server.id) };
}

/** The strings of `UrlElicitation`, `ElicitationPrompt` and `ElicitationHost`. */
export interface HostLabels {
  /** Introduces the URL block: the server wants the person to open a page. */
  urlIntro: string;
  /** Term before the host (the site the page belongs to). */
  urlSite: string;
  /** Beside a decoded host: the form the browser uses (`xn--…`). */
  urlAsciiForm: (asciiHost: string) => string;
  /** Beside a look-alike host shown as punycode: its decoded form (hidden characters written out). */
  urlUnicodeForm: (unicodeHost: string) => string;
  urlAddress: string;
  urlWarningsTitle: string;
  /** One warning, given the host as shown, as sent and decoded (the Unicode forms written out and isolated). */
  urlWarning: (warning: UrlWarning, hosts: UrlWarningHosts) => string;
  /** The consent button: opens the URL in a new tab and answers `accept`. */
  urlOpen: string;
  /** Opens the URL once more after consent (the server may need the person to retry). */
  urlOpenAgain: string;
  /** Leaves the waiting or done view (nothing is sent: the answer is already given). */
  urlClose: string;
  /** Shown after consent, while the server has not confirmed. */
  urlWaiting: string;
  /** Under `urlWaiting`: what happens next. */
  urlWaitingDetail: string;
  /** Shown when the server confirmed completion (`notifications/elicitation/complete`). */
  urlCompleted: string;
  urlRefusedTitle: string;
  urlRefusal: (refusal: RefusedUrl) => string;
  /** Term before the text the server sent as URL, in the refused view. */
  urlAsSent: string;
  /** Heading when a request is neither a readable form nor URL request. */
  invalidTitle: string;
  /** What the person can still do then. */
  invalidIntro: string;
  /** The text of a request problem (default: the core's message). Translate by `problem.code`. */
  requestProblem: (problem: RequestProblem) => string;
  /** The live count of requests waiting for an answer (a round counts each of its requests); `""` hides it. */
  pendingCount: (count: number) => string;
  /** Accessible name of the host's region. */
  hostRegion: string;
  /** Shown while the host has no request to show; `""` shows nothing. */
  hostEmpty: string;
  /** A server gave up on its request (its name and id as `shownServer` gives them, as in every label here). */
  stoppedWaiting: (server: ElicitationServer, reason: 'aborted' | 'deadline') => string;
  dismissNotice: string;
  /** Cancels every request of the server being shown. */
  cancelAllFrom: (server: ElicitationServer) => string;
  /** One of several connections reporting the same name (and id), numbered in order: "GitHub (connection 2)". */
  connectionName: (name: string, connection: number) => string;
  /** Over a 2026-07-28 round: several requests answered with one Accept. */
  roundIntro: (count: number) => string;
  /** Replaces `requestFrom` in the header of one request of a round: "Request 2 of 3 from". */
  roundItemFrom: (index: number, count: number) => string;
  /** Shown instead of a request of a round the person declined. */
  roundItemDeclined: (index: number, count: number, server: ElicitationServer) => string;
  /** The per-request checkbox of a round: answer `decline` for this one only. */
  roundDeclineOne: (index: number) => string;
  /** A request of a round the kit cannot answer: it goes back as `decline`. */
  roundCannotAnswer: string;
  roundDeclineAll: string;
  /** Heading of the round's summary when Accept finds requests still open. */
  roundIncompleteTitle: string;
  /** A form of the round whose answer is not valid yet. */
  roundFormInvalid: (index: number) => string;
  /** A URL of the round neither opened nor declined. */
  roundUrlUnopened: (index: number) => string;
  /** Shown on a URL of a round after it was opened (its answer will be `accept`). */
  roundUrlOpened: string;
}

/** Both label sets: what the kit's components take as `labels`. */
export type KitLabels = ElicitationLabels & HostLabels;

/** Said of every host the kit shows encoded although it could be decoded. */
const SHOWN_ENCODED = 'It is shown encoded, as the browser sends it.';

const WARNINGS: Record<UrlWarning, (hosts: UrlWarningHosts) => string> = {
  credentials: () =>
    'The address contains a user name or password before the site. The page opened is the site shown here, whatever that part says.',
  'ip-host': () => 'The site is a bare IP address, not a name. Make sure you expected that.',
  punycode: ({ unicodeHost, host }) =>
    unicodeHost === host
      ? `The site name is encoded (${host}). It may imitate another name.`
      : `The site name uses international characters (${unicodeHost}, sent as ${host}). It may imitate a name you know.`,
  'mixed-script': () =>
    `The site name mixes letters of different alphabets, a common trick to imitate a known name. ${SHOWN_ENCODED}`,
  'whole-script-confusable': ({ unicodeHost }) =>
    `Every letter of ${unicodeHost} belongs to another alphabet but looks like a Latin letter: the name imitates one written in Latin letters. ${SHOWN_ENCODED}`,
  invisible: ({ unicodeHost }) => `The site name contains invisible characters (${unicodeHost}). ${SHOWN_ENCODED}`,
  'plain-http': () => 'The page is not encrypted (http). Do not enter passwords or payment details there.',
  whitespace: () =>
    'The address contained spaces or line breaks that were removed. The address shown is the one that opens.',
  long: () => 'The address is very long. Read all of it before opening.',
};

/** The English defaults of `HostLabels`. */
export const defaultHostLabels: HostLabels = Object.freeze({
  urlIntro: 'The server asks you to open this page in a new tab:',
  urlSite: 'Site',
  urlAsciiForm: (asciiHost: string) => `(sent as ${asciiHost})`,
  urlUnicodeForm: (unicodeHost: string) => `(decoded: ${unicodeHost})`,
  urlAddress: 'Full address',
  urlWarningsTitle: 'Check before opening',
  urlWarning: (warning: UrlWarning, hosts: UrlWarningHosts) => WARNINGS[warning](hosts),
  urlOpen: 'Open in new tab',
  urlOpenAgain: 'Open again',
  urlClose: 'Close',
  urlWaiting: 'Finish in the new tab…',
  urlWaitingDetail: 'The server is told you agreed. Come back here when you are done.',
  urlCompleted: 'Done: the server confirmed it is finished.',
  urlRefusedTitle: 'This link cannot be opened',
  urlRefusal: (refusal: RefusedUrl) => {
    switch (refusal.reason) {
      case 'scheme':
        return `Only https and http links can be opened; this one is "${refusal.scheme ?? ''}:". You can decline or cancel the request.`;
      case 'unparseable':
        return 'The server sent text that is not a complete web address. You can decline or cancel the request.';
      case 'too-long':
        return 'The address is too long to show and open safely. You can decline or cancel the request.';
      default:
        return refusal.reason satisfies never;
    }
  },
  urlAsSent: 'As sent',
  invalidTitle: 'This request cannot be shown',
  invalidIntro: 'The server sent a request the kit cannot read. You can decline or cancel it.',
  requestProblem: (problem: RequestProblem) => problem.message,
  pendingCount: (count: number) => (count === 0 ? '' : `${count} pending`),
  hostRegion: 'Requests from MCP servers',
  hostEmpty: 'No requests waiting.',
  stoppedWaiting: (server: ElicitationServer) => `${server.name} stopped waiting`,
  dismissNotice: 'Dismiss',
  cancelAllFrom: (server: ElicitationServer) => `Cancel all from ${server.name}`,
  connectionName: (name: string, connection: number) => `${name} (connection ${connection})`,
  roundIntro: (count: number) =>
    `${count} requests, answered together with one Accept. Tick “Decline request …” to say no to one of them.`,
  roundItemFrom: (index: number, count: number) => `Request ${index} of ${count} from`,
  roundItemDeclined: (index: number, count: number, server: ElicitationServer) =>
    `Request ${index} of ${count} from ${server.name}: declined.`,
  roundDeclineOne: (index: number) => `Decline request ${index}`,
  roundCannotAnswer: 'This request cannot be answered; it will be declined.',
  roundDeclineAll: 'Decline all',
  roundIncompleteTitle: 'Before accepting:',
  roundFormInvalid: (index: number) => `Request ${index}: fix the answers marked below, or decline it.`,
  roundUrlUnopened: (index: number) => `Request ${index}: open the link, or decline it.`,
  roundUrlOpened: 'Opened. Finish in the new tab; this request is sent as agreed.',
});

/** Form and host defaults with the given labels laid over them. */
export function mergeKitLabels(labels: Partial<KitLabels> | undefined): KitLabels {
  return { ...defaultLabels, ...defaultHostLabels, ...labels };
}
