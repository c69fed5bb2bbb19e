/** A request that is neither a readable form nor a URL request. It loads on first use, with the URL view. */
import { useMemo } from 'react';

import type { ElicitationServer, ElicitResult, RequestProblem } from '../../core/index.js';
import { requestMessage } from '../../core/internal.js';
import { mergeHostLabels, type KitLabels } from './host-labels.js';
import { ActionRow, DeclineCancel, PromptFrame, useBaseId, useOnce } from '../shared/prompt-parts.js';

/** A request that is neither a readable form nor a URL request: say why, offer Decline and Cancel. */
export function RefusedRequest({
  request,
  problem,
  server,
  onRespond,
  labels: given,
  theme,
  density,
}: {
  request: unknown;
  problem: RequestProblem;
  server: ElicitationServer;
  onRespond: (result: ElicitResult) => void;
  labels?: Partial<KitLabels>;
  theme?: 'light' | 'dark';
  density?: 'comfortable' | 'compact' | undefined;
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
      density={density}
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
