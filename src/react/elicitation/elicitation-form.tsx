/**
 * `<ElicitationForm>`: one form-mode elicitation, answered once; a view over the headless form model,
 * where core decides everything. Nothing here throws into the host: a refused request or a crashing
 * widget shows what is wrong and offers Decline and Cancel.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';

import type {
  Draft,
  ElicitationFormModel,
  ElicitationServer,
  ElicitRequestFormParams,
  ElicitResult,
  FormReading,
  FormSnapshot,
  SubmitResult,
} from '../../core/index.js';
import { AnswerButton, useAnswerGuard } from '../shared/answer-button.js';
import { ErrorBoundary } from '../shared/error-boundary.js';
import { onDemand, useOnDemand } from '../shared/on-demand.js';
import { ErrorSummary, useFocusFirstIssue } from '../shared/error-summary.js';
import { mergeLabels, type ElicitationLabels } from '../shared/labels.js';
import {
  hasHiddenCharacters,
  judgedAhead,
  lookalikeKey,
  optionsToRead,
  readAheadParts,
  requestMessage,
} from '../../core/internal.js';
import { ActionRow, DeclineCancel, PromptFrame, useBaseId, useOnce, useSessionKey } from '../shared/prompt-parts.js';
import type { PatternEngineStatus } from '../shared/use-pattern-engine.js';
import type { KitWidgets } from '../theme/registry.js';
import type { KitFormContext } from '../theme/widgets/parts.js';
import { fieldSlots, FieldView } from './form-fields.js';
import { shownRefusal, shownSchemaProblems, type ShownProblem } from './request-view.js';
import { useFormWatching, type SecretPolicy } from './use-elicitation-form.js';
import { maskValues, maskVerdict } from '../../core/internal.js';
import { hasOwn } from '../../shared/path.js';
import { RevealedText } from '../shared/server-text.js';
import '../theme/elicit-kit.css';

/** The props of `ElicitationForm`. */
export interface ElicitationFormProps {
  /**
   * The `elicitation/create` params (form mode), untrusted: what core refuses shows only Decline and
   * Cancel. A new object is a new request: the form starts over and may answer again.
   */
  request: ElicitRequestFormParams;
  /** Which server is asking: its name, and its id when given, are shown in the header. */
  server: ElicitationServer;
  /** Called exactly once per `request` with the answer: accept (with content), decline or cancel. */
  onRespond: (result: ElicitResult) => void;
  /** Replaces any of the kit's strings (`defaultLabels`). */
  labels?: Partial<ElicitationLabels>;
  /** Forces the light or dark theme; without it the kit follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
  /** `compact` tightens spacing and controls (the `--mek-*` tokens README.md lists); `comfortable` by default. */
  density?: 'comfortable' | 'compact';
  /** Replaces the kit's widget for any control (`text`, `radio`, `checkboxes`, …): a host's design system. */
  widgets?: Partial<KitWidgets>;
  /**
   * A live preview for the host: the draft and core's verdict, on open and after every change (never for a
   * refused request). The answer is still sent only through `onRespond`.
   */
  onDraftChange?: (draft: Draft, verdict: SubmitResult) => void;
  /**
   * The person's earlier draft of this `request` (say, kept by a remote queue across a reload), shown
   * instead of the defaults. Read when the form starts; later changes are ignored.
   */
  initialDraft?: Readonly<Draft>;
  /**
   * What to do with a form that asks for a password, key, token or payment credential, which servers must not
   * do: `warn` (default) names the server in a warning above the fields, `refuse` offers only Decline and Cancel,
   * `allow` drops the warning. Secret fields are always masked and never reach `onDraftChange` (a mask instead).
   */
  secrets?: SecretPolicy;
  /**
   * Experimental: draw file fields (SEP-2356 `x-mcp-file`, a draft) with a file picker, and send the chosen file
   * as a `data:` URI. Off by default: a form that asks for a file names the field the app cannot fill and offers
   * only Decline and Cancel. File bytes never reach `onDraftChange` (the type and size instead).
   */
  files?: boolean;
}

/** Without an Accept button, where a lone field accepts on Enter (Chromium's date fields do not). */
const LONE_ENTER = new Set(['text', 'email', 'url', 'tel', 'password', 'number']);
/** Typed-into inputs (HTML's "block implicit submission" list). */
const TYPED_IN = new Set([...LONE_ENTER, 'date', 'datetime-local', 'time', 'month', 'week']);
/** Where Enter accepts, as in a browser's implicit submission (never in the filter box, a `search`). */
const ENTER_ACCEPTS = new Set([...TYPED_IN, 'checkbox', 'radio']);

/**
 * A browser's implicit submission, applied by the kit (its form is a `<div>`): with an Accept button,
 * Enter in any field; without one (a round's form), only in a lone text-like field. Never while an
 * input method composes, nor when the field itself used the key.
 */
function enterAccepts(event: KeyboardEvent<HTMLDivElement>, withButton: boolean): boolean {
  const target = event.target;
  if (
    event.key !== 'Enter' ||
    event.defaultPrevented ||
    event.nativeEvent.isComposing ||
    !(target instanceof HTMLInputElement)
  )
    return false;
  if (withButton) return ENTER_ACCEPTS.has(target.type);
  if (!LONE_ENTER.has(target.type)) return false;
  let typedIn = 0;
  for (const input of event.currentTarget.querySelectorAll('input')) if (TYPED_IN.has(input.type)) typedIn++;
  return typedIn === 1;
}

function ProblemList({ problems, labels }: { problems: ShownProblem[]; labels: ElicitationLabels }) {
  return (
    <ul className="mek-problems">
      {problems.map((problem, index) => (
        <li key={index}>
          <code className="mek-problem-path">{labels.problemPath(problem.path)}</code> <span>{problem.text}</span>
        </li>
      ))}
    </ul>
  );
}

/** Schema warnings, folded away: they matter to developers more than to the person answering. */
function Warnings({ warnings, labels }: { warnings: ShownProblem[]; labels: ElicitationLabels }) {
  if (warnings.length === 0) return null;
  return (
    <details className="mek-warnings">
      <summary>{labels.warningsTitle(warnings.length)}</summary>
      <ProblemList problems={warnings} labels={labels} />
    </details>
  );
}

function Refused({
  problems,
  labels,
  children,
}: {
  problems: ShownProblem[];
  labels: ElicitationLabels;
  children?: ReactNode;
}) {
  return (
    <div className="mek-refused">
      <p className="mek-refused-title">{labels.refusedTitle}</p>
      <p>{labels.refusedIntro}</p>
      <ProblemList problems={problems} labels={labels} />
      {children}
    </div>
  );
}

/** How Enter accepts: `button` as a form with an Accept button, `lone-field` as one without (a round's). */
export type EnterRule = 'button' | 'lone-field';

export interface FormViewProps {
  model: ElicitationFormModel;
  labels: ElicitationLabels;
  idPrefix: string;
  widgets?: Partial<KitWidgets> | undefined;
  onEnter: () => void;
  enterRule: EnterRule;
  /** Whether a refused Accept moves the focus to the first wrong field (a round moves it itself). */
  focusErrors: boolean;
  /** Where the pattern engine stands; fields draw again when it is ready (default `ready`). */
  engineStatus?: PatternEngineStatus | undefined;
  /** The buttons under the fields: `accept` is the Accept button, `refused` what a refused form offers. */
  actions?: { accept: ReactNode; refused: ReactNode } | undefined;
}

function FormBody({
  model,
  reading,
  labels,
  idPrefix,
  widgets,
  onEnter,
  enterRule,
  focusErrors,
  engineStatus = 'ready',
  children,
}: Omit<FormViewProps, 'actions'> & { reading: Extract<FormReading, { ok: true }>; children?: ReactNode }) {
  const slots = useMemo(() => fieldSlots(reading, idPrefix, widgets), [reading, idPrefix, widgets]);
  // A new object once the pattern engine is ready, so every field draws again with its pattern note.
  const formContext = useMemo<KitFormContext & { labels: ElicitationLabels }>(
    () => ({ labels }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- engineStatus only renews the object.
    [labels, engineStatus],
  );
  // Only the errors, the attempts and the status re-render the body; a keystroke re-renders one field.
  const errors = useSyncExternalStore(model.subscribe, () => model.getSnapshot().errors);
  const attempts = useSyncExternalStore(model.subscribe, () => model.getSnapshot().attempts);
  const answered = useSyncExternalStore(model.subscribe, () => model.getSnapshot().status === 'answered');
  const idOf = useMemo(() => new Map(slots.map((slot) => [slot.field.key, slot])), [slots]);
  useFocusFirstIssue(focusErrors ? attempts : 0, () => errors.map((error) => idOf.get(error.field)?.id));

  // Enter answers too, so it is armed like the Accept button: not in the form's first moments, not held. It shows
  // no mark, so it sets no timer and the form is not drawn again when it arms.
  const guard = useAnswerGuard(false);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!enterAccepts(event, enterRule === 'button')) return;
    // Nothing else answers this Enter: not a host's <form> around the kit, not a second Accept.
    event.preventDefault();
    if (guard.allows(event)) onEnter();
  };
  const marked = reading.fields.some((field) => field.required && field.kind !== 'boolean');
  return (
    <>
      <ErrorSummary
        title={labels.errorSummaryTitle}
        attempt={attempts}
        items={errors.map((error, index) => {
          const slot = idOf.get(error.field);
          const text = labels.fieldError(error);
          return { key: String(index), target: slot?.id, text: slot ? `${slot.field.label}: ${text}` : text };
        })}
      />
      {marked && <p className="mek-required-note">{labels.requiredNote}</p>}
      {/*
        A <div>, not a <form>: the kit may sit inside a host's own <form> (a form may not contain
        another), and Chromium pays per control inserted into a form (400 checkboxes: 4.3 ms in a
        form, 1.9 ms in a div). Enter accepts as a browser's implicit submission would (onKeyDown).
      */}
      <div className="mek-form" onKeyDown={onKeyDown}>
        <div className="mek-fields">
          {slots.map((slot) => (
            <FieldView
              key={slot.id}
              slot={slot}
              model={model}
              labels={labels}
              formContext={formContext}
              disabled={answered}
            />
          ))}
        </div>
        {children}
      </div>
    </>
  );
}

/** A form's whole body: warnings, then the fields (or why there are none), then the actions. Internal. */
export function FormView(props: FormViewProps) {
  const { model, labels, actions } = props;
  const { reading } = model;
  const warnings = useMemo(() => shownSchemaProblems(reading.warnings, labels), [reading, labels]);
  return (
    <>
      <Warnings warnings={warnings} labels={labels} />
      {reading.ok ? (
        <ErrorBoundary
          fallback={() => (
            <Refused problems={[{ path: '', text: labels.formCrashed }]} labels={labels}>
              {actions?.refused}
            </Refused>
          )}
        >
          <FormBody {...props} reading={reading}>
            {actions?.accept}
          </FormBody>
        </ErrorBoundary>
      ) : (
        <Refused problems={shownRefusal(reading, labels)} labels={labels}>
          {actions?.refused}
        </Refused>
      )}
    </>
  );
}

/**
 * From this many options in a form, its lists are read over several tasks (`prepareOptions`) before it
 * is drawn: at once, 100,000 options would hold the page for one long task.
 */
const READ_AHEAD_FROM = 10_000;

type Reader = typeof import('./reading-options.js');

const reader = onDemand(
  () => import('./reading-options.js'),
  (loaded) => loaded,
);

/** Loads the view that reads a form of many options ahead (`loadElicitationViews()` fetches it too). */
export const loadOptionReader: () => Promise<Reader> = reader.load;

type FileNotices = typeof import('./file-notices.js');

const fileNotices = onDemand(
  () => import('./file-notices.js'),
  (loaded): FileNotices => loaded,
);

/** Loads what a form that asks for a file says besides its fields (`file-notices.tsx`). */
export const loadFileNotices: () => Promise<FileNotices> = fileNotices.load;

/** What the reading view gets from here (it shares no module with the rest: see reading-options.tsx). */
export const READING_PARTS = {
  PromptFrame,
  ActionRow,
  DeclineCancel,
  useOnce,
  parse: readAheadParts,
  judge: { lookalikeKey, hasHiddenCharacters, judgedAhead },
};

/**
 * While `requests` (a stable array) hold 10,000 options or more that no parse has read: how many, the
 * reading view once loaded, and what marks them read; `undefined` otherwise.
 */
export function useReading(
  requests: readonly unknown[],
): { count: number; Reading: Reader['ReadingOptions'] | undefined; read: () => void } | undefined {
  const [done, setDone] = useState<readonly unknown[]>();
  const [, setLoaded] = useState<Reader>();
  let count = 0;
  if (done !== requests) for (const request of requests) count += optionsToRead(request);
  const reading = count >= READ_AHEAD_FROM;
  useEffect(() => {
    // Without the view (a network blip), the form is drawn and the parse reads the lists in one task.
    if (reading && !reader.get()) reader.load().then(setLoaded, () => setDone(requests));
  }, [reading, requests]);
  return reading ? { count, Reading: reader.get()?.ReadingOptions, read: () => setDone(requests) } : undefined;
}

/**
 * Shows an MCP server's form-mode elicitation and calls `onRespond` exactly once per `request`: Accept
 * sends core's content; Decline, Cancel and Escape send none. Give a new `request` object to ask again.
 */
export function ElicitationForm(props: ElicitationFormProps) {
  const { request } = props;
  const requests = useMemo(() => [request], [request]);
  const session = useSessionKey(request);
  const reading = useReading(requests);
  if (!reading) return <ShownForm {...props} />;
  const { Reading } = reading;
  return Reading ? (
    <Reading
      key={session}
      {...props}
      requests={requests}
      message={requestMessage(request)}
      labels={mergeLabels(props.labels)}
      count={reading.count}
      onRead={reading.read}
      parts={READING_PARTS}
    />
  ) : (
    <div className="mek-root" data-theme={props.theme} data-state="reading" aria-busy="true" />
  );
}

/** What the prompt's frame shows of the snapshot (its status goes with it); fields and errors subscribe on their own. */
const framed = (snapshot: FormSnapshot): unknown => snapshot.answer;

/** The form itself. */
function ShownForm({
  request,
  server,
  onRespond,
  labels: given,
  theme,
  density,
  widgets,
  onDraftChange,
  initialDraft,
  secrets: policy,
  files: filesEnabled,
}: ElicitationFormProps) {
  const labels = useMemo(() => mergeLabels(given), [given]);
  const form = useFormWatching(request, { onRespond, initialDraft, secrets: policy, files: filesEnabled }, framed);
  const { secrets, files } = form;
  const { model, snapshot } = form;
  const baseId = useBaseId();
  const session = useSessionKey(request);
  // Until the pattern engine and the complete validator it needs are loaded, Accept waits (Decline and Cancel still work).
  const needsEngine = model.needsPatternEngine || model.needsSchemaValidator;
  const { engine, acceptWaits } = form;
  const accept = () => void form.accept();
  useDraftReport(model, onDraftChange, engine);
  // A file chosen before a reload is not in the draft (only its type and size were kept): say to choose it again.
  const chooseAgain = initialDraft !== undefined && files.keys.some((key) => hasOwn(initialDraft, key));
  const notices = useOnDemand(fileNotices, files.refused || chooseAgain);
  const respond = (result: ElicitResult) => (result.action === 'decline' ? form.decline() : form.cancel());
  const declineCancel = <DeclineCancel labels={labels} respond={respond} />;
  return (
    <PromptFrame
      baseId={baseId}
      server={server}
      labels={labels}
      message={model.reading.message}
      className="mek-root"
      theme={theme}
      density={density}
      state={snapshot.status}
      sent={snapshot.answer?.action}
      onCancel={form.cancel}
    >
      {secrets.refused || files.refused ? (
        // A file refusal's words load on demand; Decline and Cancel are there at once.
        <div className="mek-refused" aria-busy={(!secrets.refused && notices === undefined) || undefined}>
          {secrets.refused ? (
            <>
              <p className="mek-refused-title">{labels.secretRefusedTitle}</p>
              <p>
                <ServerName name={server.name} /> {labels.secretRefused}
              </p>
            </>
          ) : (
            notices && (
              <notices.FilesRefused
                serverName={<ServerName name={server.name} />}
                labels={labels}
                fields={model.reading.ok ? model.reading.fields : []}
                reveal={(text) => <RevealedText text={text} />}
              />
            )
          )}
          <ActionRow>{declineCancel}</ActionRow>
        </div>
      ) : (
        <>
          {secrets.warn && <SecretWarning server={server} labels={labels} />}
          {chooseAgain && notices && <notices.ChooseFileAgain labels={labels} />}
          <FormView
            key={session}
            model={model}
            labels={labels}
            idPrefix={baseId}
            widgets={widgets}
            onEnter={accept}
            enterRule="button"
            focusErrors
            engineStatus={engine}
            actions={{
              accept: (
                <>
                  {needsEngine && (
                    <div role="status" className="mek-pattern-status">
                      {engine === 'failed' ? (
                        <p className="mek-hint">{labels.patternLoadFailed}</p>
                      ) : (
                        engine === 'loading' && acceptWaits && <p className="mek-hint">{labels.patternLoading}</p>
                      )}
                    </div>
                  )}
                  <ActionRow>
                    {/* Asked for a secret, Accept is drawn as Decline is: no answer is the one the kit pushes. */}
                    <AnswerButton
                      className={secrets.keys.length > 0 ? 'mek-button' : 'mek-button mek-button-primary'}
                      onClick={accept}
                    >
                      {labels.accept}
                    </AnswerButton>
                    {declineCancel}
                  </ActionRow>
                </>
              ),
              refused: <ActionRow>{declineCancel}</ActionRow>,
            }}
          />
        </>
      )}
    </PromptFrame>
  );
}

/** The server's name as other server text is shown: bidi-isolated, hidden characters written out. */
function ServerName({ name }: { name: string }) {
  return (
    <bdi className="mek-server-name">
      <RevealedText text={name} />
    </bdi>
  );
}

/** Above the fields of a form that asks for a secret (this form's and each of a round's): the server by name, and why that is wrong. Internal. */
export function SecretWarning({
  server,
  labels,
}: {
  server: ElicitationServer;
  labels: Pick<ElicitationLabels, 'secretWarning'>;
}) {
  return (
    <p className="mek-secret-warning">
      <ServerName name={server.name} /> {labels.secretWarning}
    </p>
  );
}

function useDraftReport(
  model: ElicitationFormModel,
  onDraftChange: ElicitationFormProps['onDraftChange'],
  engineStatus: PatternEngineStatus,
): void {
  const listener = useRef(onDraftChange);
  useEffect(() => {
    listener.current = onDraftChange;
  });
  useEffect(() => {
    if (!model.reading.ok) return undefined;
    // A secret never reaches the host's preview, which hosts keep as drafts (MCP 2025-11-25, "Elicitation" →
    // "Security Considerations"): its value is replaced by a mask.
    const secrets = new Set(model.secretKeys);
    // SEP-2356: file bytes are sensitive and never enter model context; a draft keeps the file's type and size.
    const files = new Set(model.fileKeys);
    const report = (draft: Readonly<Draft>) =>
      listener.current?.(maskValues(draft, secrets, files), maskVerdict(model.check(), secrets, files));
    let last = model.getSnapshot().draft;
    report(last);
    return model.subscribe(() => {
      const draft = model.getSnapshot().draft;
      if (draft === last) return;
      last = draft;
      report(draft);
    });
  }, [model, listener, engineStatus]);
}
