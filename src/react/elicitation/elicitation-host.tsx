/**
 * `<ElicitationHost queue>`: mounted once, it shows every elicitation of every connected server: the
 * queue's head, consented URL requests, a pending count, "Cancel all from <server>", and notices. A new
 * head takes the focus on its group, not a control, so a key pressed at that moment cannot answer it;
 * the focus returns when the last prompt goes.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

import type {
  Draft,
  ElicitationEntry,
  ElicitationNotice,
  ElicitationQueue,
  ElicitationServer,
  ElicitationSnapshot,
  ElicitResult,
} from '../../core/index.js';
import { AnswerButton } from '../shared/answer-button.js';
import { PromptFooter } from '../shared/prompt-parts.js';
import type { KitWidgets } from '../theme/registry.js';
import { FileLimit } from '../theme/widgets/file-limit.js';
import { useElicitationViews } from './on-demand-views.js';
import { PromptView } from './prompt-view.js';
import { mergeHostLabels, shownServer, type KitLabels } from './host-labels.js';
import type { SecretPolicy } from './use-elicitation-form.js';
import '../theme/elicit-kit.css';
import '../theme/host.css';

/** The props of `ElicitationHost`. */
export interface ElicitationHostProps {
  /** The queue the SDK adapters (`attachElicitation`) fill. */
  queue: ElicitationQueue;
  /** Replaces any of the kit's strings (form and host labels). */
  labels?: Partial<KitLabels>;
  /** Forces the light or dark theme; without it the kit follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
  /** `compact` tightens spacing and controls (the `--mek-*` tokens README.md lists); `comfortable` by default. */
  density?: 'comfortable' | 'compact';
  /**
   * Replaces the kit's widget for any control of every form it shows (a request's, a round's), as
   * `ElicitationForm`'s `widgets`. Pass the same object on each render: a new one draws every field again.
   */
  widgets?: Partial<KitWidgets>;
  /**
   * Whether each new request takes the focus (default `true`). `false` leaves the focus where it is
   * (the count still announces new requests): for a page that shows several hosts, such as docs.
   */
  autoFocus?: boolean;
  /** A form that asks for a secret, in every request and round it shows, as `ElicitationForm`'s `secrets`. */
  secrets?: SecretPolicy;
  /** Experimental: fill file fields (SEP-2356) in every request and round it shows, as `ElicitationForm`'s `files`. */
  files?: boolean;
}

function noticeDetail(notice: ElicitationNotice): string | undefined {
  const { entry } = notice;
  if (entry.kind !== 'single' || entry.prompt.mode === 'invalid') return undefined;
  const message: unknown = entry.prompt.request.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * Who asks, by `serverKey`. A name is not an identity: while several keys share one name and id, each is
 * named with its connection's number, so the person can tell whose requests "Cancel all" ends.
 */
function serversByKey(
  snapshot: ElicitationSnapshot,
  connectionName: KitLabels['connectionName'],
): (item: { serverKey: string; server: ElicitationServer }) => ElicitationServer {
  const nameOf = (server: ElicitationServer) => JSON.stringify([server.name, server.id]);
  const keysByName = new Map<string, string[]>();
  for (const { serverKey, server } of [...snapshot.entries, ...snapshot.notices]) {
    const keys = keysByName.get(nameOf(server)) ?? [];
    if (!keys.includes(serverKey)) keysByName.set(nameOf(server), [...keys, serverKey]);
  }
  // Each item keeps its own server (an ACP request's scope is its own); only a name two connections share is told
  // apart by its connection's number.
  return (item) => {
    const keys = keysByName.get(nameOf(item.server)) ?? [];
    if (keys.length < 2) return item.server;
    return { ...item.server, name: connectionName(item.server.name, keys.indexOf(item.serverKey) + 1) };
  };
}

/** A queue that keeps drafts (the bridge's remote queue) restores the form and hears each change. */
function draftsOf(queue: ElicitationQueue, entryId: string) {
  if (queue.saveDraft === undefined) return undefined;
  return {
    initial: queue.getDraft?.(entryId),
    save: (draft: Draft) => queue.saveDraft?.(entryId, draft),
  };
}

/**
 * An entry whose answer is on its way (a remote queue's `sending`): said politely, and its controls
 * disabled (a disabled fieldset disables every control in it, HTML "The fieldset element"), so the person
 * neither answers twice nor sees a prompt waiting for them.
 */
function SendingFrame({ sending, label, children }: { sending: boolean; label: string; children: ReactNode }) {
  if (!sending) return children;
  return (
    <>
      <p className="mek-host-sending" role="status" aria-live="polite">
        {label}
      </p>
      <fieldset className="mek-host-sending-frame" disabled>
        {children}
      </fieldset>
    </>
  );
}

/**
 * Shows the elicitations waiting in `queue`, oldest first, one prompt (or round) at a time, and
 * passes every answer back to the queue (`respond`, `respondRound`, `dismiss`, `cancelAll`).
 */
export function ElicitationHost({
  queue,
  labels: given,
  theme,
  widgets,
  density,
  autoFocus = true,
  secrets,
  files,
}: ElicitationHostProps) {
  // Called through the queue, not detached from it: a host's own (or remote) queue may use `this`.
  const subscribe = useCallback((listener: () => void) => queue.subscribe(listener), [queue]);
  const getSnapshot = useCallback(() => queue.getSnapshot(), [queue]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const labels = useMemo(() => mergeHostLabels(given), [given]);
  const hostRef = useRef<HTMLElement>(null);
  const wrappers = useRef(new Map<string, HTMLElement>());
  // Remount count per entry, for the rare answer the queue refuses (`'invalid'`): ask afresh.
  const [retries, setRetries] = useState<ReadonlyMap<string, number>>(() => new Map());
  // Until they load, such an entry's wrapper stays empty (still counted, and ended by "Cancel all"); a
  // failed load is tried again on the next change of the queue.
  const loaded = useElicitationViews(
    snapshot.entries.some((entry) => entry.kind === 'round' || entry.prompt.mode !== 'form'),
    snapshot,
  );

  const serverOf = useMemo(() => serversByKey(snapshot, labels.connectionName), [snapshot, labels]);
  const pending = snapshot.entries.filter((entry) => entry.status === 'pending');
  const head = pending[0];
  const shown = snapshot.entries.filter((entry) => entry.status !== 'pending' || entry === head);
  // An answer on its way (`sending`) asks nothing of the person: it never takes the focus.
  const focusKey = head?.id ?? shown.find((entry) => entry.status !== 'sending')?.id;

  const returnTo = useRef<HTMLElement | null>(null);
  const lastFocusKey = useRef<string | undefined>(undefined);
  // Moves the focus to the head, or back where it came from once the last prompt goes. `settled`: the commit's
  // layout effects have all run. Before that, a container still hidden (an app panel its own layout effect
  // reveals, after ours) takes no focus: the move is tried again once they have run.
  const moveFocus = (settled: boolean) => {
    const previous = lastFocusKey.current;
    if (focusKey === previous) return;
    if (!autoFocus) {
      lastFocusKey.current = focusKey;
      return;
    }
    const host = hostRef.current;
    const focused = document.activeElement;
    const focusIsOurs = focused === null || focused === document.body || (host !== null && host.contains(focused));
    if (focusKey === undefined) {
      lastFocusKey.current = focusKey;
      const target = returnTo.current;
      returnTo.current = null;
      if (target !== null && target.isConnected && focusIsOurs) target.focus();
      return;
    }
    if (previous === undefined && !focusIsOurs && focused instanceof HTMLElement) returnTo.current = focused;
    const group = wrappers.current.get(focusKey)?.firstElementChild;
    // A head whose view still loads is focused once it is shown.
    if (!(group instanceof HTMLElement)) return;
    if (!group.hasAttribute('tabindex')) group.tabIndex = -1;
    group.focus();
    if (settled || document.activeElement === group) lastFocusKey.current = focusKey;
  };
  useLayoutEffect(() => moveFocus(false));
  useEffect(() => moveFocus(true));

  // What the person can see now: drawn entries (a view still loading shows nothing) and notices. The queue
  // learns it (`markShown`) to tell an unseen request from an unanswered one; a layout effect, so an entry is
  // marked in the commit that draws it, before any timer can run.
  const seenIds = JSON.stringify([
    ...shown
      .filter((entry) => loaded !== undefined || (entry.kind === 'single' && entry.prompt.mode === 'form'))
      .map((entry) => entry.id),
    ...snapshot.notices.map((notice) => notice.id),
  ]);
  useLayoutEffect(() => {
    const ids: unknown = JSON.parse(seenIds);
    const releases = Array.isArray(ids) ? ids.map((id) => queue.markShown?.(String(id))) : [];
    return () => releases.forEach((release) => release?.());
  }, [queue, seenIds]);

  const retry = (entryId: string) =>
    setRetries((current) => new Map(current).set(entryId, (current.get(entryId) ?? 0) + 1));
  const respond = (entry: ElicitationEntry, result: ElicitResult) => {
    if (queue.respond(entry.id, result) === 'invalid') retry(entry.id);
  };
  const respondRound = (entry: ElicitationEntry, results: Record<string, ElicitResult>) => {
    if (queue.respondRound(entry.id, results) === 'invalid') retry(entry.id);
  };

  // At the foot of the head's own frame. Keyed by the head: armed anew for each prompt, which may move it
  // under the pointer.
  const cancelAll = head && (
    <AnswerButton
      key={head.id}
      className="mek-button"
      onClick={() => queue.cancelAll(head.serverKey, { byPerson: true })}
    >
      {labels.cancelAllFrom(shownServer(serverOf(head)))}
    </AnswerButton>
  );
  const headDrawn =
    head !== undefined && (loaded !== undefined || (head.kind === 'single' && head.prompt.mode === 'form'));

  return (
    <section
      className="mek-root mek-host"
      data-theme={theme}
      data-density={density}
      aria-label={labels.hostRegion}
      ref={hostRef}
    >
      <p className="mek-host-count" role="status">
        {/* Requests, not entries: a round of four is four requests waiting. */}
        {labels.pendingCount(
          pending.reduce((count, entry) => count + (entry.kind === 'round' ? entry.prompts.length : 1), 0),
        )}
      </p>
      <div className="mek-notices" aria-live="polite">
        {snapshot.notices.length > 0 && (
          <ul>
            {snapshot.notices.map((notice) => {
              const detail = noticeDetail(notice);
              return (
                <li key={notice.id} className="mek-notice" data-reason={notice.reason}>
                  <span className="mek-notice-text" id={`${notice.id}-text`}>
                    {notice.kind === 'not-sent'
                      ? labels.notSent(shownServer(serverOf(notice)))
                      : labels.stoppedWaiting(shownServer(serverOf(notice)), notice.reason)}
                    {notice.message !== undefined && ` ${notice.message}`}
                  </span>
                  {detail !== undefined && (
                    <span className="mek-notice-detail" dir="auto">
                      {detail}
                    </span>
                  )}
                  <button
                    type="button"
                    className="mek-button mek-button-quiet"
                    aria-describedby={`${notice.id}-text`}
                    onClick={() => queue.dismissNotice(notice.id)}
                  >
                    {labels.dismissNotice}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <FileLimit value={queue.maxFileBytes}>
        {shown.map((entry) => (
          <div
            key={`${entry.id}#${retries.get(entry.id) ?? 0}`}
            className="mek-host-entry"
            data-status={entry.status}
            ref={(element) => {
              if (element) wrappers.current.set(entry.id, element);
              else wrappers.current.delete(entry.id);
            }}
          >
            <SendingFrame sending={entry.status === 'sending'} label={labels.sending}>
              <PromptFooter.Provider value={entry === head ? cancelAll : undefined}>
                {entry.kind === 'round' ? (
                  loaded && (
                    <loaded.ElicitationRound
                      entry={serverOf(entry) === entry.server ? entry : { ...entry, server: serverOf(entry) }}
                      labels={given}
                      theme={theme}
                      widgets={widgets}
                      {...(secrets && { secrets })}
                      {...(files === true && { files })}
                      onRespondAll={(result) => respond(entry, result)}
                      onRespondRound={(results) => respondRound(entry, results)}
                    />
                  )
                ) : (
                  <PromptView
                    prompt={entry.prompt}
                    server={serverOf(entry)}
                    status={entry.status}
                    labels={given}
                    theme={theme}
                    widgets={widgets}
                    {...(secrets && { secrets })}
                    {...(files === true && { files })}
                    onRespond={(result) => respond(entry, result)}
                    onClose={() => queue.dismiss(entry.id)}
                    views={loaded}
                    drafts={draftsOf(queue, entry.id)}
                  />
                )}
              </PromptFooter.Provider>
            </SendingFrame>
          </div>
        ))}
      </FileLimit>
      {shown.length === 0 && labels.hostEmpty !== '' && <p className="mek-host-empty">{labels.hostEmpty}</p>}
      {/* Until the head's view has loaded, its frame is not there to hold "Cancel all". */}
      {head !== undefined && !headDrawn && <div className="mek-actions">{cancelAll}</div>}
    </section>
  );
}
