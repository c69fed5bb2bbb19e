/** `<ElicitationPrompt>`: one elicitation, whatever its mode, as core classifies it (form, URL, or refused). */
import { useMemo } from 'react';

import type {
  ElicitationPrompt as Prompt,
  ElicitationServer,
  ElicitRequestParams,
  ElicitResult,
  EntryStatus,
} from '../../core/index.js';
import { toPrompt } from '../../core/internal.js';
import type { KitWidgets } from '../theme/registry.js';
import type { KitLabels } from './host-labels.js';
import { PromptView } from './prompt-view.js';
import { useSessionKey } from '../shared/prompt-parts.js';
import { useElicitationViews } from './on-demand-views.js';
import type { SecretPolicy } from './use-elicitation-form.js';

/** Core's classified request, under the component's name: the React entry exports both meanings. */
export type ElicitationPrompt = Prompt;

/** The props of `ElicitationPrompt`. */
export interface ElicitationPromptProps {
  /** The `elicitation/create` params, of either mode. Untrusted: what cannot be read is refused. */
  request: ElicitRequestParams;
  /** Which server is asking (MCP 2025-11-25, "Elicitation" → "Security Considerations"). */
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
  /** Form mode: replaces the kit's widget for any control, as `ElicitationForm`'s `widgets`. */
  widgets?: Partial<KitWidgets>;
  /** `compact` tightens spacing and controls (the `--mek-*` tokens README.md lists); `comfortable` by default. */
  density?: 'comfortable' | 'compact';
  /** Form mode: a form that asks for a secret, as `ElicitationForm`'s `secrets` (`warn` by default). */
  secrets?: SecretPolicy;
  /** Form mode, experimental: fill file fields (SEP-2356), as `ElicitationForm`'s `files`. */
  files?: boolean;
}

/**
 * Shows one elicitation of either mode (a form, a URL consent view, or what is wrong) and calls
 * `onRespond` exactly once per `request`.
 */
export function ElicitationPrompt({ request, ...rest }: ElicitationPromptProps) {
  const key = useSessionKey(request);
  const prompt = useMemo(() => toPrompt(request), [request]);
  // The URL and refused views load with the first such request (`loadElicitationViews`).
  const views = useElicitationViews(prompt.mode !== 'form');
  return <PromptView key={key} prompt={prompt} views={views} {...rest} />;
}
