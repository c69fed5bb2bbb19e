/** `<ElicitationPrompt>`: one elicitation, whatever its mode, as core classifies it (form, URL, or refused). */
import { useMemo } from 'react';

import type {
  ElicitationPrompt as Prompt,
  ElicitationServer,
  ElicitRequestParams,
  ElicitResult,
  EntryStatus,
  RequestProblem,
} from '../../core/index.js';
import { requestMessage, toPrompt } from '../../core/internal.js';
import { ElicitationForm } from './elicitation-form.js';
import { mergeKitLabels, type KitLabels } from './host-labels.js';
import { ActionRow, DeclineCancel, PromptFrame, useBaseId, useOnce, useSessionKey } from '../shared/prompt-parts.js';
import { UrlElicitation } from './url-elicitation.js';

/** Core's classified request, under the component's name: the React entry exports both meanings. */
export type ElicitationPrompt = Prompt;

/** The props of `ElicitationPrompt`. */
export interface ElicitationPromptProps {
  /** The `elicitation/create` params, of either mode. Untrusted: what cannot be read is refused. */
  request: ElicitRequestParams;
  /** Which server is asking (SPEC §3). */
  server: ElicitationServer;
  /** Called exactly once per `request` with the answer. */
  onRespond: (result: ElicitResult) => void;
  /** URL mode only: the queue entry's status (`consented`, `completed`), see `UrlElicitation`. */
  status?: EntryStatus;
  /** URL mode only: called by Close once consent was given. */
  onClose?: () => void;
  /** Replaces any of the kit's strings (form and host labels). */
  labels?: Partial<KitLabels>;
  /** Forces the light or dark theme; without it the kit follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
}

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
  const labels = useMemo(() => mergeKitLabels(given), [given]);
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
}

/** Draws a classified prompt. Internal: `ElicitationPrompt` and `ElicitationHost` both use it. */
export function PromptView({ prompt, server, onRespond, status, onClose, labels, theme }: PromptViewProps) {
  switch (prompt.mode) {
    case 'form':
      return (
        <ElicitationForm request={prompt.request} server={server} onRespond={onRespond} labels={labels} theme={theme} />
      );
    case 'url':
      return (
        <UrlElicitation
          request={prompt.request}
          server={server}
          onRespond={onRespond}
          status={status}
          onClose={onClose}
          labels={labels}
          theme={theme}
        />
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

/**
 * Shows one elicitation of either mode (a form, a URL consent view, or what is wrong) and calls
 * `onRespond` exactly once per `request`.
 */
export function ElicitationPrompt({ request, ...rest }: ElicitationPromptProps) {
  const key = useSessionKey(request);
  const prompt = useMemo(() => toPrompt(request), [request]);
  return <PromptView key={key} prompt={prompt} {...rest} />;
}
