/**
 * `PromptView`: draws a prompt core already classified, whatever its mode (form, URL, or refused). It
 * takes the URL view as a prop, so `ElicitationHost` can load that view on demand.
 */
import { useMemo, type ComponentType } from 'react';

import type {
  Draft,
  ElicitationPrompt as Prompt,
  ElicitationServer,
  ElicitResult,
  RequestProblem,
} from '../../core/index.js';
import { requestMessage } from '../../core/internal.js';
import { ElicitationForm } from './elicitation-form.js';
import type { ElicitationPromptProps } from './elicitation-prompt.js';
import { mergeHostLabels, type KitLabels } from './host-labels.js';
import { ActionRow, DeclineCancel, PromptFrame, useBaseId, useOnce } from '../shared/prompt-parts.js';
import type { UrlElicitationProps } from './url-elicitation.js';

/** A request that is neither a readable form nor a URL request: say why, offer Decline and Cancel. */
function RefusedRequest({
  request,
  problem,
  server,
  onRespond,
  labels: given,
  theme,
}: {
  request: unknown;
  problem: RequestProblem;
  server: ElicitationServer;
  onRespond: (result: ElicitResult) => void;
  labels?: Partial<KitLabels>;
  theme?: 'light' | 'dark';
}) {
  const labels = useMemo(() => mergeHostLabels(given), [given]);
  const message = useMemo(() => requestMessage(request), [request]);
  const baseId = useBaseId();
  const { respond, answered, sent } = useOnce(onRespond);
  return (
    <PromptFrame
      baseId={baseId}
      server={server}
      labels={labels}
      message={message}
      className="mek-root"
      theme={theme}
      state={answered ? 'answered' : 'open'}
      sent={sent?.action}
      onCancel={() => respond({ action: 'cancel' })}
    >
      <div className="mek-refused">
        <p className="mek-refused-title">{labels.invalidTitle}</p>
        <p>{labels.invalidIntro}</p>
        <ul className="mek-problems">
          <li data-code={problem.code}>{labels.requestProblem(problem)}</li>
        </ul>
        <ActionRow>
          <DeclineCancel labels={labels} respond={respond} />
        </ActionRow>
      </div>
    </PromptFrame>
  );
}

/** The props of `PromptView`: a prompt core already classified (a queue entry's `prompt`). */
export interface PromptViewProps extends Omit<ElicitationPromptProps, 'request'> {
  prompt: Prompt;
  /** Draws URL mode: `UrlElicitation`, which `ElicitationHost` loads on demand (`undefined` until then). */
  urlView: ComponentType<UrlElicitationProps> | undefined;
  /** Form mode: the draft to start from, and where each change of it goes (a queue's draft store). */
  drafts?: { initial: Readonly<Draft> | undefined; save: (draft: Draft) => void } | undefined;
}

/** Draws a classified prompt. Internal: `ElicitationPrompt` and `ElicitationHost` both use it. */
export function PromptView({
  prompt,
  server,
  onRespond,
  status,
  onClose,
  labels,
  theme,
  urlView: UrlView,
  drafts,
}: PromptViewProps) {
  switch (prompt.mode) {
    case 'form':
      return (
        <ElicitationForm
          request={prompt.request}
          server={server}
          onRespond={onRespond}
          labels={labels}
          theme={theme}
          {...(drafts && { initialDraft: drafts.initial, onDraftChange: drafts.save })}
        />
      );
    case 'url':
      return (
        UrlView && (
          <UrlView
            request={prompt.request}
            server={server}
            onRespond={onRespond}
            status={status}
            onClose={onClose}
            labels={labels}
            theme={theme}
          />
        )
      );
    case 'invalid':
      return (
        <RefusedRequest
          request={prompt.request}
          problem={prompt.problem}
          server={server}
          onRespond={onRespond}
          labels={labels}
          theme={theme}
        />
      );
    default:
      return prompt satisfies never;
  }
}
