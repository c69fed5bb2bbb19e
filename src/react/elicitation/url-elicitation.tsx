/**
 * `<UrlElicitation>`: asks consent to open a URL-mode elicitation's page (MCP 2025-11-25, "Elicitation" → "Security Considerations"). The URL is plain
 * text, never a link, and nothing of it loads before consent (no iframe, fetch, favicon or prefetch);
 * the click opens it with `noopener,noreferrer`, so the host cannot script it nor it reach back.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { getDomain } from 'tldts/dist/index.esm.min.js';

import {
  inspectUrl,
  type ElicitationServer,
  type ElicitRequestURLParams,
  type ElicitResult,
  type EntryStatus,
  type InspectedUrl,
  type UrlInspection,
} from '../../core/index.js';
import { isolateText, requestMessage, revealHidden, revealInHost } from '../../core/internal.js';
import type { KitLabels } from './host-labels.js';
import { mergeKitLabels } from './view-labels.js';
import { AnswerButton } from '../shared/answer-button.js';
import { ActionRow, DeclineCancel, PromptFrame, useBaseId, useOnce, useSessionKey } from '../shared/prompt-parts.js';
import '../theme/elicit-kit.css';
import '../theme/host.css';

/** The props of `UrlElicitation`. */
export interface UrlElicitationProps {
  /** The `elicitation/create` params (URL mode). Untrusted: the URL is checked by `inspectUrl`. */
  request: ElicitRequestURLParams;
  /** Which server is asking: shown in the header (MCP 2025-11-25, "Elicitation" → "Security Considerations"). */
  server: ElicitationServer;
  /** Called exactly once per `request`: `accept` (consent, when the page is opened), `decline` or `cancel`. */
  onRespond: (result: ElicitResult) => void;
  /** The queue's `entry.status`: `consented` shows the waiting view, `completed` the done view. */
  status?: EntryStatus;
  /** Called by Close in the waiting or done view. Without it, Close hides the view. */
  onClose?: () => void;
  /** Replaces any of the kit's strings. */
  labels?: Partial<KitLabels>;
  /** Forces the light or dark theme; without it the kit follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
  /** `compact` tightens spacing and controls (the `--mek-*` tokens README.md lists); `comfortable` by default. */
  density?: 'comfortable' | 'compact';
}

/** Opens `href` where the host cannot see or script it (MCP 2025-11-25, "Elicitation" → "Security Considerations"), only ever from a click handler. */
export function openInNewTab(href: string): void {
  window.open(href, '_blank', 'noopener,noreferrer');
}

/**
 * The registrable domain by the Public Suffix List, private suffixes included: on `someone.github.io` the site
 * is `someone.github.io`, not GitHub's. The list (tldts) loads with this view, never with a form.
 */
const publicSuffixes = { getDomain: (hostname: string) => getDomain(hostname, { allowPrivateDomains: true }) };

/** Reads a URL as this view shows it: the registrable domain found with the Public Suffix List. */
export function inspectShownUrl(url: string): UrlInspection {
  return inspectUrl(url, publicSuffixes);
}

function HighlightedHost({ inspected }: { inspected: InspectedUrl }) {
  const { displayHost } = inspected;
  const site = inspected.registrableDomain ?? inspected.registrableHint;
  const at = site === undefined ? -1 : displayHost.lastIndexOf(site);
  if (site === undefined || at < 0) return <mark className="mek-url-mark">{displayHost}</mark>;
  return (
    <>
      {displayHost.slice(0, at)}
      <mark className="mek-url-mark">{site}</mark>
      {displayHost.slice(at + site.length)}
    </>
  );
}

/**
 * The site, the full URL and the warnings of an offered URL. `dir="ltr"` keeps right-to-left characters
 * in a host or path from reordering what the person reads.
 */
export function UrlDetails({
  inspected,
  labels,
  warningsId,
}: {
  inspected: InspectedUrl;
  labels: KitLabels;
  warningsId: string;
}) {
  const { displayHost, host, unicodeHost } = inspected;
  // Decoded, unless its look calls for the encoded form: then the decoded one comes second.
  const second =
    displayHost !== unicodeHost
      ? labels.urlUnicodeForm(revealHidden(revealInHost(unicodeHost)))
      : displayHost !== host
        ? labels.urlAsciiForm(host)
        : undefined;
  const hosts = {
    displayHost: isolateText(displayHost, 'ltr'),
    host,
    unicodeHost: isolateText(revealInHost(unicodeHost), 'ltr'),
  };
  return (
    <div className="mek-url">
      <p className="mek-url-intro">{labels.urlIntro}</p>
      <dl className="mek-url-facts">
        <div>
          <dt>{labels.urlSite}</dt>
          <dd>
            <span className="mek-url-host" dir="ltr">
              <HighlightedHost inspected={inspected} />
              {inspected.port !== undefined && `:${inspected.port}`}
            </span>
            {second !== undefined && (
              <>
                {' '}
                <span className="mek-url-ascii" dir="ltr">
                  {second}
                </span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{labels.urlAddress}</dt>
          <dd>
            <code className="mek-url-href" dir="ltr">
              {inspected.href}
            </code>
          </dd>
        </div>
      </dl>
      {inspected.warnings.length > 0 && (
        <div className="mek-url-warnings" id={warningsId}>
          <p className="mek-url-warnings-title">{labels.urlWarningsTitle}</p>
          <ul>
            {inspected.warnings.map((warning) => (
              <li key={warning} data-warning={warning}>
                {labels.urlWarning(warning, hosts)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Text the server sent as URL, for the refused view: shown, never linked; cut when absurdly long. */
function sentText(url: unknown): string {
  const text = typeof url === 'string' ? url : String(url);
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

function UrlSession({
  request,
  server,
  onRespond,
  status,
  onClose,
  labels: given,
  theme,
  density,
}: UrlElicitationProps) {
  const labels = useMemo(() => mergeKitLabels(given), [given]);
  const [message, inspection] = useMemo((): [string | undefined, UrlInspection] => {
    try {
      return [requestMessage(request), inspectShownUrl(request.url)];
    } catch {
      return [undefined, inspectUrl('')];
    }
  }, [request]);
  const baseId = useBaseId();
  const warningsId = `${baseId}-warnings`;
  const { respond, answered, sent } = useOnce(onRespond);
  const [consented, setConsented] = useState(status === 'consented' || status === 'completed');
  const [closed, setClosed] = useState(false);
  // A ref as well as state: a double click in one frame must open one tab and answer once.
  const consentGiven = useRef(consented);
  const statusRef = useRef<HTMLDivElement>(null);
  const waiting = consented || status === 'consented' || status === 'completed';

  // The Open button goes with the click: focus the waiting message rather than <body>, unless
  // something else (a host showing the next prompt) took it.
  const focusWaiting = useRef(false);
  useEffect(() => {
    if (!focusWaiting.current) return;
    focusWaiting.current = false;
    const focused = document.activeElement;
    if (focused === null || focused === document.body) statusRef.current?.focus();
  }, [consented]);

  if (closed) return null;

  const open = (href: string) => {
    if (consentGiven.current && !waiting) return;
    openInNewTab(href);
    if (!consentGiven.current) {
      consentGiven.current = true;
      focusWaiting.current = true;
      setConsented(true);
      respond({ action: 'accept' });
    }
  };
  const close = () => {
    if (onClose) onClose();
    else setClosed(true);
  };

  let body: ReactNode;
  if (!inspection.ok) {
    body = (
      <div className="mek-refused">
        <p className="mek-refused-title">{labels.urlRefusedTitle}</p>
        <p>{labels.urlRefusal(inspection)}</p>
        <dl className="mek-url-facts">
          <div>
            <dt>{labels.urlAsSent}</dt>
            <dd>
              <code className="mek-url-href" dir="ltr">
                {sentText(request.url)}
              </code>
            </dd>
          </div>
        </dl>
        <ActionRow>
          <DeclineCancel labels={labels} respond={respond} />
        </ActionRow>
      </div>
    );
  } else if (waiting) {
    const completed = status === 'completed';
    body = (
      <>
        <div
          className="mek-url-status"
          role="status"
          tabIndex={-1}
          ref={statusRef}
          data-state={completed ? 'completed' : 'consented'}
        >
          <p className="mek-url-status-title">{completed ? labels.urlCompleted : labels.urlWaiting}</p>
          {!completed && <p className="mek-hint">{labels.urlWaitingDetail}</p>}
        </div>
        <UrlDetails inspected={inspection} labels={labels} warningsId={warningsId} />
        <ActionRow>
          {/* New buttons where Open was: the second click of a double click on Open must not open again. */}
          {!completed && (
            <AnswerButton className="mek-button" onClick={() => open(inspection.href)}>
              {labels.urlOpenAgain}
            </AnswerButton>
          )}
          <AnswerButton className="mek-button" onClick={close}>
            {labels.urlClose}
          </AnswerButton>
        </ActionRow>
      </>
    );
  } else {
    body = (
      <>
        <UrlDetails inspected={inspection} labels={labels} warningsId={warningsId} />
        <ActionRow>
          <AnswerButton
            className="mek-button mek-button-primary"
            aria-describedby={inspection.warnings.length > 0 ? warningsId : undefined}
            onClick={() => open(inspection.href)}
          >
            {labels.urlOpen}
          </AnswerButton>
          <DeclineCancel labels={labels} respond={respond} />
        </ActionRow>
      </>
    );
  }

  const state = waiting ? (status === 'completed' ? 'completed' : 'consented') : answered ? 'answered' : 'open';
  return (
    <PromptFrame
      baseId={baseId}
      server={server}
      labels={labels}
      message={message}
      className="mek-root mek-url-elicitation"
      theme={theme}
      density={density}
      state={state}
      sent={waiting ? undefined : sent?.action}
      onCancel={waiting ? undefined : () => respond({ action: 'cancel' })}
    >
      {body}
    </PromptFrame>
  );
}

/**
 * Shows a URL-mode elicitation and asks consent before opening it (MCP 2025-11-25, "Elicitation" → "Security Considerations"). Calls `onRespond` once per
 * `request`: `accept` when the person opens the page (in a new tab), else `decline` or `cancel`.
 */
export function UrlElicitation(props: UrlElicitationProps) {
  const key = useSessionKey(props.request);
  return <UrlSession key={key} {...props} />;
}
