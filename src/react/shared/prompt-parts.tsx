/** Pieces every prompt shares: the header that says who asks (MCP 2025-11-25, "Elicitation" → "Security Considerations"), buttons, a once-only answer, ids. Internal. */
import { createContext, useContext, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

import type { ElicitationServer, ElicitResult } from '../../core/index.js';
import { isolateText } from '../../core/internal.js';
import { AnswerButton, PromptAnswered } from './answer-button.js';
import type { ElicitationLabels } from './labels.js';
import { hiddenCodePoints, RevealedText } from './server-text.js';

type HeaderLabels = Pick<ElicitationLabels, 'requestFrom' | 'serverId' | 'serverScope' | 'serverTextHidden' | 'sent'>;

/** A base for element ids that is valid in CSS selectors and `aria-*` references. */
export function useBaseId(): string {
  return `mek${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
}

/** Changes with each new `value` object, to remount a session. State, not a ref: it must change in the same render. */
export function useSessionKey(value: unknown): number {
  const [session, setSession] = useState({ value, key: 0 });
  if (session.value === value) return session.key;
  const key = session.key + 1;
  setSession({ value, key });
  return key;
}

/** Calls `onRespond` at most once, and keeps what was sent. A ref, not state: two clicks in one frame see it. */
export function useOnce<T>(onRespond: (result: T) => void): {
  respond: (result: T) => void;
  answered: boolean;
  sent: T | undefined;
} {
  const done = useRef(false);
  const [sent, setSent] = useState<{ result: T }>();
  const respond = (result: T) => {
    if (done.current) return;
    done.current = true;
    setSent({ result });
    onRespond(result);
  };
  return { respond, answered: sent !== undefined, sent: sent?.result };
}

/**
 * Escape cancels (not while an IME composes, nor when a child used the key). At once, unlike answering
 * buttons: cancel sends nothing and commits to nothing. Not on a key repeat: a held Escape cancels only
 * the prompt it was pressed on.
 */
function cancelOnEscape(cancel: () => void): (event: KeyboardEvent<HTMLElement>) => void {
  return (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!event.repeat) cancel();
  };
}

/**
 * Who asks, read as sent (MCP 2025-11-25, "Elicitation" → "Security Considerations": make clear which server asks),
 * and for an ACP agent what the request belongs to (ACP v1, "Elicitation" → "Creating an elicitation": its session,
 * tool call or request): name, id and each scope value in bidi isolates, hidden characters written out and noted.
 */
function PromptHeader({
  server,
  labels,
  headingId,
  message,
  messageId,
}: {
  server: ElicitationServer;
  labels: HeaderLabels;
  headingId: string;
  message: string | undefined;
  messageId: string;
}) {
  const { name, id } = server;
  const scope: { readonly [key: string]: unknown } = { ...server.scope };
  const hidden = hiddenCodePoints([name, id, ...Object.values(scope)]);
  // The ACP adapter checks what an agent sends and the bridge's reader what the network does; a host's own scope of
  // something else than text still shows none of it.
  const shownScope: Record<string, string> = {};
  for (const [key, value] of Object.entries(scope)) if (typeof value === 'string') shownScope[key] = isolateText(value);
  return (
    // Not <header>: outside a section it would be a banner landmark.
    <div className="mek-header">
      <p className="mek-server" id={headingId}>
        <span className="mek-server-label">{labels.requestFrom}</span>{' '}
        <bdi className="mek-server-name">
          <RevealedText text={name} />
        </bdi>
        {id !== undefined && (
          <>
            {' '}
            <span className="mek-server-id">{labels.serverId(isolateText(id))}</span>
          </>
        )}
        {Object.keys(shownScope).length > 0 && (
          <>
            {' '}
            <span className="mek-server-scope">{labels.serverScope(shownScope)}</span>
          </>
        )}
      </p>
      {hidden.length > 0 && <p className="mek-server-warning">{labels.serverTextHidden(hidden)}</p>}
      {message !== undefined && (
        <p className="mek-message" id={messageId} dir="auto">
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * The frame of every prompt: a group named by who asks and described by the message, Escape as Cancel.
 * A group, not a region: a round may show several from one server, and landmark names must be unique.
 */
/**
 * What the host adds at the foot of the prompt it shows ("Cancel all from …"), inside that prompt's frame,
 * so it reads as part of the request it ends. Only the outermost frame shows it: a round's inner frames reset it.
 */
export const PromptFooter = createContext<ReactNode>(undefined);

export function PromptFrame({
  baseId,
  server,
  labels,
  message,
  className,
  theme,
  density,
  state,
  sent,
  onCancel,
  children,
}: {
  /** From `useBaseId()`: the header's ids are `<baseId>-from` and `<baseId>-message`; its own when absent. */
  baseId?: string;
  server: ElicitationServer;
  labels: HeaderLabels;
  message: string | undefined;
  className?: string;
  theme?: 'light' | 'dark' | undefined;
  density?: 'comfortable' | 'compact' | undefined;
  state?: string;
  /** Once answered: the action sent, shown in a live region. */
  sent?: ElicitResult['action'] | undefined;
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}) {
  const ownId = useBaseId();
  const footer = useContext(PromptFooter);
  const headingId = `${baseId ?? ownId}-from`;
  const messageId = `${baseId ?? ownId}-message`;
  return (
    <div
      role="group"
      className={className}
      data-theme={theme}
      data-density={density}
      data-state={state}
      aria-labelledby={headingId}
      aria-describedby={message !== undefined ? messageId : undefined}
      onKeyDown={onCancel === undefined ? undefined : cancelOnEscape(onCancel)}
    >
      <PromptHeader server={server} labels={labels} headingId={headingId} message={message} messageId={messageId} />
      <PromptFooter.Provider value={undefined}>
        <PromptAnswered value={sent !== undefined}>{children}</PromptAnswered>
      </PromptFooter.Provider>
      {/* A live region without the status role: a prompt's own statuses (counts, waiting) keep theirs. */}
      <p className="mek-sent" aria-live="polite" aria-atomic="true">
        {sent !== undefined && labels.sent(sent)}
      </p>
      {footer !== undefined && <div className="mek-prompt-footer">{footer}</div>}
    </div>
  );
}

const CONTROLS = ['input', 'select', 'textarea', 'button'];
const CONTROL = CONTROLS.join();
const USABLE_CONTROL = CONTROLS.map((name) => `${name}:not([disabled])`).join();

/** Focuses a field's control, or in a group its chosen option, else its first usable control; says whether it did. */
export function focusField(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const target = element.matches(CONTROL)
    ? element
    : (element.querySelector<HTMLElement>('input:checked:not([disabled])') ??
      element.querySelector<HTMLElement>(USABLE_CONTROL));
  if (!target) return false;
  target.focus();
  return true;
}

/** Moves focus to the field `target`, not the page: a host's router must not see a hash change. */
export function FieldLink({ target, children }: { target: string; children: ReactNode }) {
  return (
    <a
      href={`#${target}`}
      onClick={(event) => {
        event.preventDefault();
        focusField(target);
      }}
    >
      {children}
    </a>
  );
}

export function ActionRow({ children }: { children: ReactNode }) {
  return <div className="mek-actions">{children}</div>;
}

/** Decline and Cancel, the two answers every prompt offers (MCP 2025-11-25, "Elicitation" → "Response Actions": clear decline and cancel). */
export function DeclineCancel({
  labels,
  respond,
}: {
  labels: Pick<ElicitationLabels, 'decline' | 'cancel'>;
  respond: (result: ElicitResult) => void;
}) {
  return (
    <>
      <AnswerButton className="mek-button" onClick={() => respond({ action: 'decline' })}>
        {labels.decline}
      </AnswerButton>
      <AnswerButton className="mek-button" onClick={() => respond({ action: 'cancel' })}>
        {labels.cancel}
      </AnswerButton>
    </>
  );
}
