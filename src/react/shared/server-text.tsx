/**
 * Text a server wrote, shown as the person must read it: hidden characters written out (`<U+202E>`), never
 * applied, inside a bidi isolate so right-to-left text cannot move what is around it, and noted. Titles,
 * descriptions and option titles get what server names get (MCP 2025-11-25, "Elicitation" → "Security Considerations": the client must make clear which server asks, and what).
 */
import { useMemo } from 'react';

import { codePointName, lookalikeOptions, splitHidden } from '../../core/internal.js';
import type { ElicitationLabels } from './labels.js';

/** Server text as a name: hidden characters written out as `<U+202E>`, never applied. Put it in a `<bdi>`. */
export function RevealedText({ text }: { text: string }) {
  return (
    <>
      {splitHidden(text).map((part, index) =>
        index % 2 === 1 ? <span key={index} className="mek-hidden-char">{`<${codePointName(part)}>`}</span> : part,
      )}
    </>
  );
}

/** The hidden characters of the strings among `texts` (anything else, such as an absent id, is skipped), each once, as `U+202E`. */
export function hiddenCodePoints(texts: readonly unknown[]): string[] {
  const found = texts.flatMap((text) =>
    typeof text === 'string' ? splitHidden(text).filter((_, index) => index % 2 === 1) : [],
  );
  return [...new Set(found.map(codePointName))];
}

/**
 * Server text in a bidi isolate with its hidden characters written out. Printable ASCII is drawn as it is:
 * it cannot reorder anything, and long lists stay light.
 */
export function ServerText({ text }: { text: string }) {
  if (/^[\u0020-\u007e]*$/.test(text)) return text;
  return (
    <bdi>
      <RevealedText text={text} />
    </bdi>
  );
}

/** A note under a field whose title or description holds hidden characters; nothing otherwise. */
export function HiddenTextNote({ texts, labels }: { texts: readonly unknown[]; labels: ElicitationLabels }) {
  const hidden = hiddenCodePoints(texts);
  if (hidden.length === 0) return null;
  return <p className="mek-hint mek-hidden-note">{labels.textHidden(hidden)}</p>;
}

/** For each option, whether its title alone cannot tell it apart (`lookalikeOptions`), once per list. */
export function useLookalikeOptions(options: readonly { label: unknown }[]): boolean[] {
  return useMemo(() => lookalikeOptions(options.map((option) => String(option.label))), [options]);
}

/** An option's title as the person reads it, followed by its value when the title alone does not tell it apart. */
export function OptionText({
  label,
  value,
  lookalike,
  labels,
}: {
  label: string;
  value: unknown;
  lookalike: boolean | undefined;
  labels: ElicitationLabels;
}) {
  return (
    <>
      <ServerText text={label} />
      {lookalike && (
        <>
          {' '}
          <span className="mek-option-value">
            <ServerText text={labels.optionValue(String(value))} />
          </span>
        </>
      )}
    </>
  );
}

/** An option's title and, when needed, value as one string, for a native `<option>` (it holds text only). */
export function optionString(label: string, value: unknown, lookalike: boolean | undefined, labels: ElicitationLabels) {
  const shown = revealed(label);
  return lookalike ? `${shown} ${revealed(labels.optionValue(String(value)))}` : shown;
}

function revealed(text: string): string {
  if (/^[\u0020-\u007e]*$/.test(text)) return text;
  const parts = splitHidden(text).map((part, index) => (index % 2 === 1 ? `<${codePointName(part)}>` : part));
  return `\u2068${parts.join('')}\u2069`;
}
