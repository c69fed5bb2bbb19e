/**
 * A 2026-07-28 round: several elicitations shown as ONE set and answered together (MCP 2026-07-28, "Elicitation": one input_required round, several keyed requests), for a
 * queue entry of kind `round`. Internal. How each kind of request is answered: `src/react/README.md`.
 */
import { useMemo, useRef, useState } from 'react';

import {
  createElicitationFormModel,
  type ElicitationFormModel,
  inspectUrl,
  REASON_META_KEY,
  type ElicitationServer,
  type ElicitResult,
  type RoundElicitationEntry,
  type RoundPrompt,
} from '../../core/index.js';
import { canAnswer } from '../../core/internal.js';
import { setOwn } from '../../shared/path.js';
import type { KitWidgets } from '../theme/registry.js';
import { AnswerButton } from '../shared/answer-button.js';
import { fileLabels } from '../shared/file-labels.js';
import { ErrorSummary, useFocusFirstIssue } from '../shared/error-summary.js';
import { FormView, READING_PARTS, SecretWarning, useReading } from './elicitation-form.js';
import type { SecretPolicy } from './use-elicitation-form.js';
import { fieldControlId } from './form-fields.js';
import { shownServer, type KitLabels } from './host-labels.js';
import { mergeKitLabels } from './view-labels.js';
import { ActionRow, PromptFrame, useBaseId, useOnce, useSessionKey } from '../shared/prompt-parts.js';
import { inspectShownUrl, openInNewTab, UrlDetails } from './url-elicitation.js';

/** The props of `ElicitationRound`. */
export interface ElicitationRoundProps {
  entry: RoundElicitationEntry;
  /** Called once with one answer per key (Accept), or … */
  onRespondRound: (results: Record<string, ElicitResult>) => void;
  /** … once with one answer for every key (Decline all, Cancel, Escape). */
  onRespondAll: (result: ElicitResult) => void;
  /** Replaces any of the kit's strings. */
  labels?: Partial<KitLabels>;
  /** Forces the light or dark theme. */
  theme?: 'light' | 'dark';
  /** Replaces the kit's widget for any control of every form of the round, as `ElicitationForm`'s `widgets`. */
  widgets?: Partial<KitWidgets>;
  /** `compact` tightens spacing and controls (the `--mek-*` tokens README.md lists); `comfortable` by default. */
  density?: 'comfortable' | 'compact';
  /**
   * A form of the round that asks for a secret, as `ElicitationForm`'s `secrets`: `warn` (default), `refuse`
   * (that form cannot be answered, as a request the kit cannot read), or `allow`.
   */
  secrets?: SecretPolicy;
  /** Experimental: fill file fields (SEP-2356), as `ElicitationForm`'s `files`; without it such a form cannot be answered. */
  files?: boolean;
}

/** What the set answers: one result per key, or one result for every key. */
type RoundAnswer = { kind: 'round'; results: Record<string, ElicitResult> } | { kind: 'all'; result: ElicitResult };

/** One URL of the round: its details and its own Open button (the click is the consent). */
function RoundUrl({
  prompt,
  server,
  labels,
  opened,
  onOpen,
}: {
  prompt: Extract<RoundPrompt, { mode: 'url' }>;
  server: ElicitationServer;
  labels: KitLabels;
  opened: boolean;
  onOpen: () => void;
}) {
  const inspected = useMemo(() => inspectShownUrl(prompt.request.url), [prompt.request.url]);
  const baseId = useBaseId();
  return (
    <PromptFrame server={server} labels={labels} message={prompt.request.message}>
      {inspected.ok ? (
        <>
          <UrlDetails inspected={inspected} labels={labels} warningsId={`${baseId}-warnings`} />
          {opened && (
            <p className="mek-url-status-title" role="status">
              {labels.roundUrlOpened}
            </p>
          )}
          <ActionRow>
            <AnswerButton
              className={opened ? 'mek-button' : 'mek-button mek-button-primary'}
              aria-describedby={inspected.warnings.length > 0 ? `${baseId}-warnings` : undefined}
              onClick={() => {
                openInNewTab(inspected.href);
                onOpen();
              }}
            >
              {opened ? labels.urlOpenAgain : labels.urlOpen}
            </AnswerButton>
          </ActionRow>
        </>
      ) : (
        <div className="mek-refused">
          <p className="mek-refused-title">{labels.urlRefusedTitle}</p>
          <p>{labels.urlRefusal(inspected)}</p>
        </div>
      )}
    </PromptFrame>
  );
}

/**
 * The set of prompts of one round, with one Accept. Forms of 10,000 options or more in all are read over
 * several tasks first (as `ElicitationForm` does), with Decline and Cancel for the whole round meanwhile.
 */
export function ElicitationRound(props: ElicitationRoundProps) {
  const { entry, theme, density } = props;
  const requests = useMemo(
    () => entry.prompts.flatMap((prompt) => (prompt.mode === 'form' ? [prompt.request] : [])),
    [entry.prompts],
  );
  const session = useSessionKey(entry);
  const reading = useReading(requests);
  if (!reading) return <ShownRound {...props} />;
  const { Reading } = reading;
  const labels = mergeKitLabels(props.labels);
  return Reading ? (
    <Reading
      key={session}
      requests={requests}
      message={labels.roundIntro(entry.prompts.length)}
      server={entry.server}
      labels={labels}
      theme={theme}
      density={density}
      count={reading.count}
      onRespond={props.onRespondAll}
      onRead={reading.read}
      className="mek-root mek-round"
      parts={READING_PARTS}
    />
  ) : (
    <div className="mek-root mek-round" data-theme={theme} data-state="reading" aria-busy="true" />
  );
}

function ShownRound({
  secrets = 'warn',
  files = false,
  entry,
  onRespondRound,
  onRespondAll,
  labels: given,
  theme,
  widgets,
  density,
}: ElicitationRoundProps) {
  const labels = useMemo(() => mergeKitLabels(given), [given]);
  const baseId = useBaseId();
  const count = entry.prompts.length;
  const perItemLabels = useMemo(
    () => entry.prompts.map((_, index) => ({ ...labels, requestFrom: labels.roundItemFrom(index + 1, count) })),
    [entry.prompts, labels, count],
  );
  const models = useMemo(
    () =>
      entry.prompts.map((prompt) => (prompt.mode === 'form' ? createElicitationFormModel(prompt.request) : undefined)),
    [entry.prompts],
  );
  const asksSecret = useMemo(() => models.map((model) => model !== undefined && model.secretKeys.length > 0), [models]);
  // SEP-2356 file fields, which only a host that opted in (`files`) fills.
  const refusesFile = useMemo(
    () => models.map((model) => !files && model !== undefined && model.fileKeys.length > 0),
    [models, files],
  );
  const answerable = useMemo(
    () =>
      entry.prompts.map(
        (prompt, index) =>
          canAnswer(prompt, (url) => inspectUrl(url).ok) &&
          !(secrets === 'refuse' && asksSecret[index] === true) &&
          refusesFile[index] !== true,
      ),
    [entry.prompts, asksSecret, secrets, refusesFile],
  );
  const [declined, setDeclined] = useState<readonly boolean[]>(() => entry.prompts.map(() => false));
  const [opened, setOpened] = useState<readonly boolean[]>(() => entry.prompts.map(() => false));
  const itemIds = useMemo(() => entry.prompts.map((_, index) => `${baseId}-item${index}`), [entry.prompts, baseId]);
  const [problems, setProblems] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  // The first wrong field of the first wrong form takes the focus; when no form is wrong (only a URL
  // left unopened), the summary does.
  const firstWrongField = useRef<string | undefined>(undefined);
  const { respond, answered, sent } = useOnce((answer: RoundAnswer) =>
    answer.kind === 'all' ? onRespondAll(answer.result) : onRespondRound(answer.results),
  );
  const respondAll = (result: ElicitResult) => respond({ kind: 'all', result });

  useFocusFirstIssue(
    attempt,
    () => [firstWrongField.current],
    () => summaryRef.current,
  );

  const accept = () => {
    if (answered) return;
    const missing: string[] = [];
    const results: Record<string, ElicitResult> = {};
    const formAnswers: [ElicitationFormModel, ElicitResult][] = [];
    firstWrongField.current = undefined;
    entry.prompts.forEach((prompt, index) => {
      let result: ElicitResult | undefined;
      const model = models[index];
      // Only the person declines (MCP 2025-11-25, "Elicitation" → "Response Actions"); what the kit cannot
      // show goes back as the kit's own cancel.
      if (!answerable[index]) result = { action: 'cancel', _meta: { [REASON_META_KEY]: 'refused' } };
      else if (declined[index]) result = { action: 'decline' };
      else if (model !== undefined) {
        const verdict = model.submit();
        if (verdict.ok) {
          result = verdict.result;
          formAnswers.push([model, result]);
        } else {
          missing.push(labels.roundFormInvalid(index + 1));
          const first = verdict.errors[0];
          firstWrongField.current ??=
            first === undefined || !model.reading.ok
              ? undefined
              : fieldControlId(model.reading, itemIds[index] ?? '', first.field);
        }
      } else if (opened[index]) result = { action: 'accept' };
      else missing.push(labels.roundUrlUnopened(index + 1));
      // setOwn: a key such as `__proto__` stays an own key of the answers.
      if (result !== undefined) setOwn(results, prompt.key, result);
    });
    if (missing.length > 0) {
      setProblems(missing);
      setAttempt((value) => value + 1);
      return;
    }
    for (const [model, result] of formAnswers) model.respond(result);
    respond({ kind: 'round', results });
  };

  const toggle = (index: number, value: boolean) =>
    setDeclined((current) => current.map((old, at) => (at === index ? value : old)));
  const server: ElicitationServer = entry.server;
  return (
    <PromptFrame
      baseId={baseId}
      server={server}
      labels={labels}
      message={labels.roundIntro(count)}
      className="mek-root mek-round"
      theme={theme}
      density={density}
      state={answered ? 'answered' : 'open'}
      sent={sent === undefined ? undefined : sent.kind === 'all' ? sent.result.action : 'accept'}
      onCancel={() => respondAll({ action: 'cancel' })}
    >
      <ErrorSummary
        title={labels.roundIncompleteTitle}
        attempt={attempt}
        summaryRef={summaryRef}
        items={problems.map((problem) => ({ key: problem, text: problem }))}
      />
      <ol className="mek-round-items">
        {entry.prompts.map((prompt, index) => {
          const itemLabels = perItemLabels[index] ?? labels;
          const isDeclined = answerable[index] === true && declined[index] === true;
          return (
            <li
              key={prompt.key}
              className="mek-round-item"
              data-declined={!answerable[index] || declined[index] ? '' : undefined}
            >
              {/* A declined request stays mounted (its answers survive a change of mind), only hidden. */}
              <div hidden={isDeclined}>
                {prompt.mode === 'form' && models[index] !== undefined && (
                  <PromptFrame server={server} labels={itemLabels} message={models[index].reading.message}>
                    {secrets === 'warn' && asksSecret[index] === true && (
                      <SecretWarning server={server} labels={itemLabels} />
                    )}
                    {secrets === 'refuse' && asksSecret[index] === true ? (
                      <p className="mek-refused-title">{labels.secretRefusedTitle}</p>
                    ) : refusesFile[index] === true ? (
                      <p className="mek-refused-title">{fileLabels(labels).filesRefusedTitle}</p>
                    ) : (
                      <FormView
                        model={models[index]}
                        labels={itemLabels}
                        idPrefix={itemIds[index] ?? baseId}
                        widgets={widgets}
                        // Enter in a lone text field accepts the set, as the form's own Accept would.
                        onEnter={accept}
                        enterRule="lone-field"
                        focusErrors={false}
                      />
                    )}
                  </PromptFrame>
                )}
                {prompt.mode === 'url' && (
                  <RoundUrl
                    prompt={prompt}
                    server={server}
                    labels={itemLabels}
                    opened={opened[index] === true}
                    onOpen={() => setOpened((current) => current.map((old, at) => (at === index ? true : old)))}
                  />
                )}
                {prompt.mode === 'invalid' && (
                  <PromptFrame server={server} labels={itemLabels} message={undefined}>
                    <ul className="mek-problems">
                      <li data-code={prompt.problem.code}>{labels.requestProblem(prompt.problem)}</li>
                    </ul>
                  </PromptFrame>
                )}
              </div>
              {isDeclined && (
                <p className="mek-round-item-title">
                  {labels.roundItemDeclined(index + 1, count, shownServer(server))}
                </p>
              )}
              {answerable[index] ? (
                <label className="mek-boolean mek-round-decline">
                  <input
                    type="checkbox"
                    className="mek-checkbox"
                    checked={declined[index] ?? false}
                    onChange={(event) => toggle(index, event.currentTarget.checked)}
                  />
                  <span>{labels.roundDeclineOne(index + 1)}</span>
                </label>
              ) : (
                <p className="mek-refused-title">{labels.roundCannotAnswer}</p>
              )}
            </li>
          );
        })}
      </ol>
      <ActionRow>
        <AnswerButton className="mek-button mek-button-primary" onClick={accept}>
          {labels.accept}
        </AnswerButton>
        <AnswerButton className="mek-button" onClick={() => respondAll({ action: 'decline' })}>
          {labels.roundDeclineAll}
        </AnswerButton>
        <AnswerButton className="mek-button" onClick={() => respondAll({ action: 'cancel' })}>
          {labels.cancel}
        </AnswerButton>
      </ActionRow>
    </PromptFrame>
  );
}
