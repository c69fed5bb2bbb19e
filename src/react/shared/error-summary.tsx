/** The kit's one error summary (GOV.UK's pattern): an alert of links to the fields, focused after each refusal. */
import { useEffect, useLayoutEffect, useRef, type ReactNode, type Ref } from 'react';

import { FieldLink, focusField } from './prompt-parts.js';

/** One line of the summary: its text, and the id of the field it is about (none: about the whole). */
export interface SummaryItem {
  key: string;
  text: ReactNode;
  target?: string | undefined;
}

/** After each new `attempt` (not on the first), focuses the first of `targets` that can take it, else `fallback`. */
export function useFocusFirstIssue(
  attempt: number,
  targets: () => readonly (string | undefined)[],
  fallback?: () => HTMLElement | null,
): void {
  const read = useRef({ targets, fallback });
  useLayoutEffect(() => {
    read.current = { targets, fallback };
  });
  useEffect(() => {
    if (attempt === 0) return;
    const moved = read.current.targets().some((target) => target !== undefined && focusField(target));
    if (!moved) read.current.fallback?.()?.focus();
  }, [attempt]);
}

/** The summary; nothing when `items` is empty. Keyed by `attempt`, so each refusal is announced anew. */
export function ErrorSummary({
  title,
  items,
  attempt,
  summaryRef,
}: {
  title: string;
  items: readonly SummaryItem[];
  attempt: number;
  summaryRef?: Ref<HTMLDivElement> | undefined;
}) {
  if (items.length === 0) return null;
  return (
    <div key={attempt} ref={summaryRef} tabIndex={-1} className="mek-error-summary" role="alert">
      <p className="mek-error-summary-title">{title}</p>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            {item.target === undefined ? item.text : <FieldLink target={item.target}>{item.text}</FieldLink>}
          </li>
        ))}
      </ul>
    </div>
  );
}
