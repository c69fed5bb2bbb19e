/**
 * The URL view, the round and a refused request's view load on first use, as the pattern engine does: what
 * they need (URL inspection, IDN decoding, look-alike tables) is not paid by a host whose servers only ask
 * for forms.
 * `UrlElicitation` and `ElicitationRound` are drawn once it has arrived; `loadElicitationViews()` fetches
 * it ahead, after which they draw in their first render.
 */

import { onDemand, useOnDemand } from '../shared/on-demand.js';
import { loadCombobox } from '../theme/widgets/enum-select-widget.js';
import { loadFilePicker } from '../theme/widgets/file-widget.js';

import { loadFileNotices, loadOptionReader } from './elicitation-form.js';

import type { ElicitationRoundProps } from './elicitation-round.js';
import type { UrlElicitationProps } from './url-elicitation.js';

type Views = typeof import('./host-views.js');

/** What `PromptView` draws from the chunk. */
export type OnDemandViews = Pick<Views, 'UrlElicitation' | 'RefusedRequest'>;

const views = onDemand(
  () => import('./host-views.js'),
  (loaded) => loaded,
);

/**
 * Loads the URL view, the round, the long selects' combobox, the file picker and notices, and the reader of forms
 * of many options; resolves once `UrlElicitation`, `ElicitationRound`, a select of more than 50 options and a
 * file field (or a form's refusal of one) draw at once, and a form of 10,000 options or more starts reading them without a fetch.
 */
export function loadElicitationViews(): Promise<void> {
  return Promise.all([views.load(), loadCombobox(), loadFilePicker(), loadFileNotices(), loadOptionReader()]).then(
    () => undefined,
  );
}

/** The views once loaded; while `wanted`, asks for them (again after a failure, when `retry` changes). */
export function useElicitationViews(wanted: boolean, retry?: unknown): Views | undefined {
  return useOnDemand(views, wanted, retry);
}

/** Until the view arrives: an empty frame that says it is busy. */
function Loading({ theme }: { theme?: 'light' | 'dark' | undefined }) {
  return <div className="mek-root" data-theme={theme} aria-busy="true" />;
}

/** Shows one URL-mode elicitation: see the view's own documentation (`url-elicitation.tsx`). */
export function UrlElicitation(props: UrlElicitationProps) {
  const loaded = useElicitationViews(true);
  return loaded ? <loaded.UrlElicitation {...props} /> : <Loading theme={props.theme} />;
}

/** Shows one 2026-07-28 round as one set: see the view's own documentation (`elicitation-round.tsx`). */
export function ElicitationRound(props: ElicitationRoundProps) {
  const loaded = useElicitationViews(true);
  return loaded ? <loaded.ElicitationRound {...props} /> : <Loading theme={props.theme} />;
}
