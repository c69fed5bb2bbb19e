/**
 * `<ElicitationForm>`: shows one form-mode elicitation to a person and answers it once. A view over
 * the headless form model (`useElicitationForm`): core decides what the form starts with, which
 * widget each field gets, what Accept sends and which fields are wrong. Nothing here throws into the
 * host: a request core refuses, or a widget that crashes, shows what is wrong and offers Decline and
 * Cancel.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';

import type {
  Draft,
  ElicitationFormModel,
  ElicitationServer,
  ElicitRequestFormParams,
  ElicitResult,
  FormReading,
  SubmitResult,
} from '../../core/index.js';
import { AnswerButton } from '../shared/answer-button.js';
import { ErrorBoundary } from '../shared/error-boundary.js';
import { ErrorSummary, useFocusFirstIssue } from '../shared/error-summary.js';
import { mergeLabels, type ElicitationLabels } from '../shared/labels.js';
import { ActionRow, DeclineCancel, PromptFrame, useBaseId, useSessionKey } from '../shared/prompt-parts.js';
import type { PatternEngineStatus } from '../shared/use-pattern-engine.js';
import type { KitWidgets } from '../theme/registry.js';
import type { KitFormContext } from '../theme/widgets/parts.js';
import { fieldSlots, FieldView } from './form-fields.js';
import { shownRefusal, shownSchemaProblems, type ShownProblem } from './request-view.js';
import { useElicitationForm } from './use-elicitation-form.js';
import '../theme/elicit-kit.css';

/** The props of `ElicitationForm`. */
export interface ElicitationFormProps {
  /**
   * The `elicitation/create` params (form mode). Treated as untrusted: anything core refuses is shown
   * as problems with only Decline and Cancel. A new object is a new request: the form starts over
   * and may answer again.
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
  /** Replaces the kit's widget for any control (`text`, `radio`, `checkboxes`, …): a host's design system. */
  widgets?: Partial<KitWidgets>;
  /**
   * A live preview for the host: the draft and core's verdict on it (what Accept would send now, or
   * why not), once when the form opens and after every change; never for a refused request. The
   * answer is still sent only through `onRespond`.
   */
  onDraftChange?: (draft: Draft, verdict: SubmitResult) => void;
}

/** Fields typed into ("block implicit submission"): without an Accept button, Enter accepts only where the form has one. */
const TYPED_IN = new Set([
  'text',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'datetime-local',
  'time',
  'month',
  'week',
]);
/** Input types where Enter accepts the form, as a browser's implicit submission does (the filter box, `search`, never). */
const ENTER_ACCEPTS = new Set([...TYPED_IN, 'checkbox', 'radio']);
/** Without an Accept button, the lone typed-in field where Enter accepts (Chromium's date fields do not). */
const LONE_ENTER = new Set(['text', 'email', 'url', 'tel', 'password', 'number']);

/**
 * Whether this Enter key press accepts the form the handler sits on: the rule of a browser's
 * implicit submission, which the kit applies itself (its form is a `<div>`, see `KitForm`). With an
 * Accept button, Enter in any field; without one (a form of a round), only in a lone text-like
 * field. Never while an input method is composing, nor when the field itself used the key.
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

/** Problems as a list of path and text. */
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

/** The refused state: what is wrong, then the actions given (Decline and Cancel). */
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

/** The props of `FormView`, the body shared by `ElicitationForm` and a round's forms. */
export interface FormViewProps {
  model: ElicitationFormModel;
  labels: ElicitationLabels;
  /** Ids of controls start with it. */
  idPrefix: string;
  widgets?: Partial<KitWidgets> | undefined;
  /** Enter pressed where the rule says it accepts. */
  onEnter: () => void;
  enterRule: EnterRule;
  /** Whether a refused Accept moves the focus to the first wrong field (a round moves it itself). */
  focusErrors: boolean;
  /** Where the pattern engine stands; fields draw again when it is ready (default `ready`). */
  engineStatus?: PatternEngineStatus | undefined;
  /** The buttons under the fields: `accept` is the Accept button, `refused` what a refused form offers. */
  actions?: { accept: ReactNode; refused: ReactNode } | undefined;
}

/** The fields of an accepted reading, with the error summary from the model. */
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
  // A new object once the pattern engine is ready, so every field draws again and shows which
  // patterns only the server checks.
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

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!enterAccepts(event, enterRule === 'button')) return;
    // Nothing else answers this Enter: not a host's <form> around the kit, not a second Accept.
    event.preventDefault();
    onEnter();
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
 * Shows an MCP server's form-mode elicitation — who asks, the message, the fields — and calls
 * `onRespond` exactly once per `request`: Accept sends core's content, Decline and Cancel (and
 * Escape) send no content. Give a new `request` object to ask again.
 */
export function ElicitationForm({
  request,
  server,
  onRespond,
  labels: given,
  theme,
  widgets,
  onDraftChange,
}: ElicitationFormProps) {
  const labels = useMemo(() => mergeLabels(given), [given]);
  const form = useElicitationForm(request, { onRespond });
  const { model, snapshot } = form;
  const baseId = useBaseId();
  // A new request starts over: fresh error boundary and focus state.
  const session = useSessionKey(request);
  // A field with a `pattern` is checked by the pattern engine, loaded on demand: until it is, Accept
  // waits for it (the person can still decline or cancel).
  const needsEngine = model.needsPatternEngine;
  const { engine, acceptWaits } = form;
  const accept = () => void form.accept();
  useDraftReport(model, onDraftChange, engine);
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
      state={snapshot.status}
      onCancel={form.cancel}
    >
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
                <AnswerButton className="mek-button mek-button-primary" onClick={accept}>
                  {labels.accept}
                </AnswerButton>
                {declineCancel}
              </ActionRow>
            </>
          ),
          refused: <ActionRow>{declineCancel}</ActionRow>,
        }}
      />
    </PromptFrame>
  );
}

/** Reports the draft and core's verdict to `onDraftChange`: at once, then after every change. */
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
    let last = model.getSnapshot().draft;
    listener.current?.(last, model.check());
    return model.subscribe(() => {
      const draft = model.getSnapshot().draft;
      if (draft === last) return;
      last = draft;
      listener.current?.(draft, model.check());
    });
    // A ready pattern engine reports again: patterns can now be checked.
  }, [model, listener, engineStatus]);
}
