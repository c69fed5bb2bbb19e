/**
 * `<ElicitationForm>`: shows one form-mode elicitation to a person and answers it once.
 *
 * Every protocol decision comes from core: which widget a field gets (`toRjsf`), what the form
 * starts with (`initialDraft`), and what Accept sends or which fields are wrong (`submitDraft`).
 * The kit's widgets (the same ones `generateTheme()` gives an rjsf `Form`) are drawn straight from
 * core's fields, each holding its own value (see `FormFields.tsx`), so the only verdict is core's
 * and a change re-renders only the field it touches. Nothing here throws into the host: a request
 * core refuses, or a widget that crashes, shows what is wrong and offers Decline and Cancel.
 */
import { Component, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

import {
  initialDraft,
  submitDraft,
  toRjsf,
  type ElicitationServer,
  type ElicitRequestFormParams,
  type ElicitResult,
  type Draft,
  type FieldError,
  type SubmitResult,
} from '../../core/index.js';
import { createAnswerStore, fieldSlots, FieldView } from './form-fields.js';
import { AnswerButton } from '../shared/answer-button.js';
import { mergeLabels, type ElicitationLabels } from '../shared/labels.js';
import {
  ActionRow,
  DeclineCancel,
  FieldLink,
  focusField,
  PromptFrame,
  useBaseId,
  useOnce,
  useSessionKey,
} from '../shared/prompt-parts.js';
import { readRequest, type RequestView, type ShownProblem } from './request-view.js';
import type { KitFormContext } from '../theme/widgets/parts.js';
import '../theme/elicit-kit.css';

/** The props of `ElicitationForm`. */
export interface ElicitationFormProps {
  /**
   * The `elicitation/create` params (form mode). Treated as untrusted: anything core refuses is shown
   * as problems with only Decline and Cancel. A new object is a new request: the form starts over
   * and may answer again.
   */
  request: ElicitRequestFormParams;
  /** Which server is asking: its name, and its id when given, are shown in the header (SPEC §3). */
  server: ElicitationServer;
  /** Called exactly once per `request` with the answer: accept (with content), decline or cancel. */
  onRespond: (result: ElicitResult) => void;
  /** Replaces any of the kit's strings (`defaultLabels`). */
  labels?: Partial<ElicitationLabels>;
  /** Forces the light or dark theme; without it the kit follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
  /**
   * Reports the live answer: the draft the form holds and core's verdict on it (`submitDraft`), i.e.
   * what Accept would send now or why it would be refused. Called once when the form opens and after
   * every change; never for a request the kit refuses. For previews and playgrounds: the answer is
   * still sent only through `onRespond`.
   */
  onDraftChange?: (draft: Draft, verdict: SubmitResult) => void;
  /**
   * Whether the form draws its own Accept, Decline and Cancel buttons (default `true`), like
   * `<video controls>`. `ElicitationHost` sets it to `false` for the forms of a 2026-07-28 round,
   * which are answered together by the round's own buttons (it reads each answer through
   * `onDraftChange`). Escape still cancels.
   */
  controls?: boolean;
}

type FormData = Record<string, unknown>;

/**
 * The DOM event that asks a form for its answer as Accept would (`ElicitationRound` sends it to a
 * form of the set that is incomplete, so the form shows its own field errors). Internal.
 */
export const SUBMIT_EVENT = 'mek-submit';

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

/** The buttons; Accept only when there is a form to submit. */
function Actions({
  labels,
  respond,
  onAccept,
}: {
  labels: ElicitationLabels;
  respond: (result: ElicitResult) => void;
  onAccept?: () => void;
}) {
  return (
    <ActionRow>
      {onAccept && (
        <AnswerButton className="mek-button mek-button-primary" onClick={onAccept}>
          {labels.accept}
        </AnswerButton>
      )}
      <DeclineCancel labels={labels} respond={respond} />
    </ActionRow>
  );
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

/** The refused state: what is wrong, then Decline and Cancel only. */
function Refused({
  problems,
  labels,
  respond,
  controls = true,
}: {
  problems: ShownProblem[];
  labels: ElicitationLabels;
  respond: (result: ElicitResult) => void;
  controls?: boolean;
}) {
  return (
    <div className="mek-refused">
      <p className="mek-refused-title">{labels.refusedTitle}</p>
      <p>{labels.refusedIntro}</p>
      <ProblemList problems={problems} labels={labels} />
      {controls && <Actions labels={labels} respond={respond} />}
    </div>
  );
}

/** Catches a crash while drawing the rjsf form and shows the refused state instead. */
class FormBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override render(): ReactNode {
    return this.state.crashed ? this.props.fallback : this.props.children;
  }
}

/** The form itself, for a request core accepted. */
function KitForm({
  view,
  labels,
  idPrefix,
  respond,
  accept,
  onDraftChange,
  controls,
}: {
  view: Extract<RequestView, { ok: true }>;
  labels: ElicitationLabels;
  idPrefix: string;
  /** Decline and Cancel: answer once. */
  respond: (result: ElicitResult) => void;
  /** A submitted answer core accepts. */
  accept: (result: ElicitResult) => void;
  onDraftChange: ElicitationFormProps['onDraftChange'];
  controls: boolean;
}) {
  const rjsf = useMemo(() => toRjsf(view.schema), [view.schema]);
  const slots = useMemo(() => fieldSlots(view.fields, rjsf, idPrefix), [view.fields, rjsf, idPrefix]);
  const formContext = useMemo<KitFormContext & { labels: ElicitationLabels }>(() => ({ labels }), [labels]);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempt, setAttempt] = useState(0);

  // The live draft, for hosts that preview it. A ref to the latest callback, so a parent passing a
  // new function each render does not re-run the opening report.
  const draftListener = useRef(onDraftChange);
  useEffect(() => {
    draftListener.current = onDraftChange;
  });
  const reportDraft = (formData: FormData) => {
    const listener = draftListener.current;
    if (!listener) return;
    const draft = rjsf.toDraft(formData);
    listener(draft, submitDraft(view.schema, draft));
  };
  // The answer lives outside React state: each field holds its own value and writes it here, so a
  // change re-renders that field only. It starts from core's draft (defaults, nothing invented).
  const [store] = useState(() =>
    createAnswerStore(rjsf.toFormData(initialDraft(view.schema)), (values) => reportDraft(values)),
  );
  useEffect(() => {
    reportDraft(store.values);
    // Once per session: later drafts are reported as fields change.
  }, []);

  /** Field key → rjsf property name, and the field itself. */
  const byKey = useMemo(() => {
    const map = new Map<string, { formKey: string; label: string }>();
    for (const slot of slots) map.set(slot.field.key, { formKey: slot.formKey, label: slot.field.label });
    return map;
  }, [slots]);
  const fieldId = (formKey: string) => `${idPrefix}_${formKey}`;

  // Core's verdict, per field: a field's messages keep their array (and the field its render)
  // until the next Accept.
  const errorsByKey = useMemo(() => {
    const messages = new Map<string, string[]>();
    for (const error of errors) {
      const entry = byKey.get(error.field);
      if (!entry) continue;
      const list = messages.get(entry.formKey) ?? [];
      list.push(labels.fieldError(error));
      messages.set(entry.formKey, list);
    }
    return messages;
  }, [errors, byKey, labels]);

  // After each refused Accept, focus the first invalid field (errors come in field order).
  useEffect(() => {
    if (attempt === 0) return;
    const first = errors.map((error) => byKey.get(error.field)).find((entry) => entry !== undefined);
    if (first) focusField(`${idPrefix}_${first.formKey}`);
    // Only a new attempt moves the focus, never a re-render with the same errors.
  }, [attempt]);

  /** Accept: core's verdict on the answer; sent when it conforms, else each field shows what is wrong. */
  const submit = () => {
    const verdict = submitDraft(view.schema, rjsf.toDraft(store.values));
    if (verdict.ok) {
      accept(verdict.result);
      return;
    }
    setErrors(verdict.errors);
    setAttempt((count) => count + 1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!enterAccepts(event, controls)) return;
    // Nothing else answers this Enter: not a host's <form> around the kit, not a second Accept.
    event.preventDefault();
    submit();
  };
  // A round asks an incomplete form to show its errors (SUBMIT_EVENT). Listened to anew after each
  // render (this form renders only when its errors change), so the listener is always this `submit`.
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = formRef.current;
    if (!element) return undefined;
    element.addEventListener(SUBMIT_EVENT, submit);
    return () => element.removeEventListener(SUBMIT_EVENT, submit);
  });

  const marked = view.fields.some((field) => field.required && field.kind !== 'boolean');
  return (
    <>
      {errors.length > 0 && (
        // Keyed by attempt: a new summary is announced again even when the errors are the same.
        <div key={attempt} className="mek-error-summary" role="alert">
          <p className="mek-error-summary-title">{labels.errorSummaryTitle}</p>
          <ul>
            {errors.map((error, index) => {
              const entry = byKey.get(error.field);
              const text = labels.fieldError(error);
              if (!entry) return <li key={index}>{text}</li>;
              const target = fieldId(entry.formKey);
              return (
                <li key={index}>
                  <FieldLink target={target}>
                    {entry.label}: {text}
                  </FieldLink>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {marked && <p className="mek-required-note">{labels.requiredNote}</p>}
      {/*
        A <div>, not a <form>: the kit may sit inside a host's own <form> (a form may not contain
        another), and Chromium pays per control inserted into a form (400 checkboxes: 4.3 ms in a
        form, 1.9 ms in a div). Enter accepts as a browser's implicit submission would (onKeyDown).
      */}
      <div ref={formRef} className="mek-form" onKeyDown={onKeyDown}>
        <div className="mek-fields">
          {slots.map((slot) => (
            <FieldView
              key={slot.formKey}
              slot={slot}
              store={store}
              errors={errorsByKey.get(slot.formKey)}
              formContext={formContext}
            />
          ))}
        </div>
        {controls && <Actions labels={labels} respond={respond} onAccept={submit} />}
      </div>
    </>
  );
}

/** One request's whole life: mounted anew (by key) for each new `request` object. */
function ElicitationSession({
  request,
  server,
  onRespond,
  labels: given,
  theme,
  onDraftChange,
  controls = true,
}: ElicitationFormProps) {
  const labels = useMemo(() => mergeLabels(given), [given]);
  const view = useMemo(() => readRequest(request, labels), [request, labels]);
  const baseId = useBaseId();
  const { respond, answered } = useOnce(onRespond);
  // In a round (no buttons of its own), Enter in a lone text box accepts the form: that asks the
  // round to accept, which may still refuse (another form incomplete). It must not use up this
  // form's one answer, or Escape here could no longer cancel the round.
  const accept = controls ? respond : onRespond;
  return (
    <PromptFrame
      baseId={baseId}
      server={server}
      labels={labels}
      message={view.message}
      className="mek-root"
      theme={theme}
      state={answered ? 'answered' : 'open'}
      onCancel={() => respond({ action: 'cancel' })}
    >
      <Warnings warnings={view.warnings} labels={labels} />
      {view.ok ? (
        <FormBoundary
          fallback={
            <Refused
              problems={[{ path: '', text: labels.formCrashed }]}
              labels={labels}
              respond={respond}
              controls={controls}
            />
          }
        >
          <KitForm
            view={view}
            labels={labels}
            idPrefix={baseId}
            respond={respond}
            accept={accept}
            onDraftChange={onDraftChange}
            controls={controls}
          />
        </FormBoundary>
      ) : (
        <Refused problems={view.problems} labels={labels} respond={respond} controls={controls} />
      )}
    </PromptFrame>
  );
}

/**
 * Shows an MCP server's form-mode elicitation — who asks, the message, the fields — and calls
 * `onRespond` exactly once per `request`: Accept sends core's content, Decline and Cancel (and
 * Escape) send no content. Give a new `request` object to ask again.
 */
export function ElicitationForm(props: ElicitationFormProps) {
  // A new request object starts a new session (fresh draft, errors and once-guard).
  const key = useSessionKey(props.request);
  return <ElicitationSession key={key} {...props} />;
}
