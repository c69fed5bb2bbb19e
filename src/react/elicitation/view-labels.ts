/**
 * The default strings of the views `ElicitationHost` loads on demand (the URL view and the round), and
 * `defaultHostLabels`, all of `HostLabels`: apart from `host-labels.ts`, so a host pays for them only
 * with those views.
 */
import type { ElicitationServer, RefusedUrl, UrlWarning } from '../../core/index.js';
import { defaultLabels } from '../shared/labels.js';
import { hostOwnLabels, type HostLabels, type KitLabels, type UrlWarningHosts } from './host-labels.js';

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
  'disallowed-character': ({ unicodeHost }) =>
    `The site name holds characters that names do not use (${unicodeHost}); some look like a slash or a plain letter. ${SHOWN_ENCODED}`,
  'lookalike-letters': ({ unicodeHost }) =>
    `The site name (${unicodeHost}) uses a letter that looks like another, such as ı for i: it imitates a name in plain letters. ${SHOWN_ENCODED}`,
  'lookalike-dots': () =>
    'The address was written with dots of another alphabet (such as 。), which are read as dots. The site shown is the one that opens.',
  'plain-http': () => 'The page is not encrypted (http). Do not enter passwords or payment details there.',
  whitespace: () =>
    'The address contained spaces or line breaks that were removed. The address shown is the one that opens.',
  long: () => 'The address is very long. Read all of it before opening.',
};

/** The English defaults of `HostLabels`. */
export const defaultHostLabels: HostLabels = Object.freeze({
  ...hostOwnLabels,
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
  roundIntro: (count: number) =>
    `${count} requests, answered together with one Accept. Tick “Decline request …” to say no to one of them.`,
  roundItemFrom: (index: number, count: number) => `Request ${index} of ${count} from`,
  roundItemDeclined: (index: number, count: number, server: ElicitationServer) =>
    `Request ${index} of ${count} from ${server.name}: declined.`,
  roundDeclineOne: (index: number) => `Decline request ${index}`,
  roundCannotAnswer: 'This request cannot be answered; it will be cancelled.',
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
