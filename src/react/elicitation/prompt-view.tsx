/**
 * `PromptView`: draws a prompt core already classified, whatever its mode (form, URL, or refused). It
 * takes the URL view as a prop, so `ElicitationHost` can load that view on demand.
 */
import type { Draft, ElicitationPrompt as Prompt } from '../../core/index.js';
import { ElicitationForm } from './elicitation-form.js';
import type { ElicitationPromptProps } from './elicitation-prompt.js';
import type { OnDemandViews } from './on-demand-views.js';

/** The props of `PromptView`: a prompt core already classified (a queue entry's `prompt`). */
export interface PromptViewProps extends Omit<ElicitationPromptProps, 'request'> {
  prompt: Prompt;
  /** The URL view and the refused request's, loaded on demand (`undefined` until then). */
  views: OnDemandViews | undefined;
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
  widgets,
  density,
  views,
  drafts,
  secrets,
  files,
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
          widgets={widgets}
          density={density}
          {...(secrets && { secrets })}
          {...(files === true && { files })}
          {...(drafts && { initialDraft: drafts.initial, onDraftChange: drafts.save })}
        />
      );
    case 'url':
      return (
        views && (
          <views.UrlElicitation
            request={prompt.request}
            server={server}
            onRespond={onRespond}
            status={status}
            onClose={onClose}
            labels={labels}
            theme={theme}
            density={density}
          />
        )
      );
    case 'invalid':
      return (
        views && (
          <views.RefusedRequest
            request={prompt.request}
            problem={prompt.problem}
            server={server}
            onRespond={onRespond}
            labels={labels}
            theme={theme}
            density={density}
          />
        )
      );
    default:
      return prompt satisfies never;
  }
}
