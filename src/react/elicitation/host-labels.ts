/**
 * The strings of the URL view, the refused view and the host, beside `ElicitationLabels`: components
 * take both as `labels?: Partial<KitLabels>`. Server names that labels embed come written out and
 * isolated (`shownServer`).
 */
import type { ElicitationNotice, ElicitationServer, RequestProblem, RefusedUrl, UrlWarning } from '../../core/index.js';
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
  /**
   * A request ended without the person: its server gave up (`aborted`, `deadline`), or the queue cancelled it
   * because no view showed it in time (`not-shown`). The server's name and id as `shownServer` gives them.
   */
  stoppedWaiting: (server: ElicitationServer, reason: ElicitationNotice['reason']) => string;
  /** The person's answer did not reach the server (a `not-sent` notice of the bridge): the request is back. */
  notSent: (server: ElicitationServer) => string;
  /** Over a request whose answer is on its way and not confirmed yet (a remote queue's `sending` entry). */
  sending: string;
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
  /** A request of a round the kit cannot answer: it goes back as `cancel` (reason `"refused"`). */
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
/** The labels the host and the refused view read; the URL view's and the round's load with those views. */
export type HostOwnLabels = Pick<
  HostLabels,
  | 'invalidTitle'
  | 'invalidIntro'
  | 'requestProblem'
  | 'pendingCount'
  | 'hostRegion'
  | 'hostEmpty'
  | 'stoppedWaiting'
  | 'notSent'
  | 'sending'
  | 'dismissNotice'
  | 'cancelAllFrom'
  | 'connectionName'
>;

export const hostOwnLabels: HostOwnLabels = Object.freeze({
  invalidTitle: 'This request cannot be shown',
  invalidIntro: 'The server sent a request the kit cannot read. You can decline or cancel it.',
  requestProblem: (problem: RequestProblem) => problem.message,
  pendingCount: (count: number) => (count === 0 ? '' : `${count} pending`),
  hostRegion: 'Requests from MCP servers',
  hostEmpty: 'No requests waiting.',
  stoppedWaiting: (server: ElicitationServer, reason: ElicitationNotice['reason']) =>
    reason === 'not-shown'
      ? `Cancelled while nobody was looking: a request from ${server.name}`
      : `${server.name} stopped waiting`,
  notSent: (server: ElicitationServer) => `Your answer did not reach ${server.name}. Please answer again.`,
  sending: 'Sending…',
  dismissNotice: 'Dismiss',
  cancelAllFrom: (server: ElicitationServer) => `Cancel all from ${server.name}`,
  connectionName: (name: string, connection: number) => `${name} (connection ${connection})`,
});

/** Form labels and the host's own, with the given labels laid over them. */
export function mergeHostLabels(labels: Partial<KitLabels> | undefined): ElicitationLabels & HostOwnLabels {
  return { ...defaultLabels, ...hostOwnLabels, ...labels };
}
