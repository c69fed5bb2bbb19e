/**
 * A form (or a round of forms) of many options while they are read (`prepareOptions`, over several
 * tasks): who asks, the message, a busy note, Decline and Cancel. Loaded on demand with the first such
 * form. The reading stops once the person has answered, and the form is then never drawn. The frame's parts come as `parts`
 * (from `ElicitationForm`), so that this chunk shares no module with the rest and no common chunk is split out.
 */
import { useEffect } from 'react';

import type { ElicitResult, ElicitationServer } from '../../core/index.js';
import { prepareOptions, type LookalikeParts, type ReadAheadParts } from '../../core/prepare.js';
import type { ElicitationLabels } from '../shared/labels.js';
import type { ActionRow, DeclineCancel, PromptFrame, useOnce } from '../shared/prompt-parts.js';

/** How long one task of the reading may run, in ms: the page draws and takes input in between. */
const READ_SLICE_MS = 8;

/** What `ElicitationForm` hands in: the prompt's frame and the parse's parts. */
export interface ReadingParts {
  PromptFrame: typeof PromptFrame;
  ActionRow: typeof ActionRow;
  DeclineCancel: typeof DeclineCancel;
  useOnce: typeof useOnce<ElicitResult>;
  parse: ReadAheadParts;
  /** What the option widgets' look-alike check shares, so the reading compares a list's titles for it. */
  judge: LookalikeParts;
}

export interface ReadingOptionsProps {
  /** The requests whose lists are read: one form's, or every form of a round. */
  requests: readonly unknown[];
  message: string | undefined;
  server: ElicitationServer;
  labels: ElicitationLabels;
  theme?: 'light' | 'dark' | undefined;
  density?: 'comfortable' | 'compact' | undefined;
  /** How many options are read. */
  count: number;
  /** Decline or Cancel: of the form, or of the whole round. */
  onRespond: (result: ElicitResult) => void;
  /** The frame's classes: `mek-root` by default. */
  className?: string;
  /** Called once every list is read (or could not be read ahead: the parse then reads it). */
  onRead: () => void;
  parts: ReadingParts;
}

export function ReadingOptions({
  requests,
  message,
  server,
  labels,
  theme,
  density,
  count,
  onRespond,
  onRead,
  className = 'mek-root',
  parts: { PromptFrame, ActionRow, DeclineCancel, useOnce, parse, judge },
}: ReadingOptionsProps) {
  const { respond, answered, sent } = useOnce(onRespond);
  useEffect(() => {
    if (answered) return;
    let stopped = false;
    const channel = new MessageChannel();
    const steps = (function* () {
      for (const request of requests) yield* prepareOptions(request, parse, judge);
    })();
    // Steps until the slice is used up, then the rest in a later task (a message: no timer's 4 ms clamp).
    const slice = () => {
      if (stopped) return;
      const until = performance.now() + READ_SLICE_MS;
      try {
        while (!steps.next().done) {
          if (performance.now() > until) {
            channel.port2.postMessage(null);
            return;
          }
        }
      } catch {
        // What cannot be read ahead, the parse reads and explains.
      }
      onRead();
    };
    channel.port1.onmessage = slice;
    slice();
    return () => {
      stopped = true;
      channel.port1.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one reading per request (the view is keyed by it).
  }, [answered]);
  return (
    <PromptFrame
      server={server}
      labels={labels}
      message={message}
      className={className}
      theme={theme}
      density={density}
      state={answered ? 'answered' : 'reading'}
      sent={sent?.action}
      onCancel={() => respond({ action: 'cancel' })}
    >
      <p className="mek-hint" role="status" aria-busy={!answered}>
        {answered ? '' : labels.readingOptions(count)}
      </p>
      <ActionRow>
        <DeclineCancel labels={labels} respond={respond} />
      </ActionRow>
    </PromptFrame>
  );
}
