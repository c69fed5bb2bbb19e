/**
 * Text a server wrote, shown as the person must read it: hidden characters written out (`<U+202E>`), never
 * applied, inside a bidi isolate so right-to-left text cannot move what is around it, and noted. Titles,
 * descriptions and option titles get what server names get (MCP 2025-11-25, "Elicitation" → "Security Considerations": the client must make clear which server asks, and what).
 */
import { useMemo, type ReactNode } from 'react';

import { codePointName, lookalikesOf, splitHidden } from '../../core/internal.js';
import type { ElicitationLabels } from './labels.js';

/** Printable ASCII: drawn as it is, it hides nothing and cannot reorder anything around it. */
const PLAIN = /^[\u0020-\u007e]*$/;

/** The parts of `text` with each hidden character written out as `<U+202E>` in a span of its own, never applied. */
function revealedParts(text: string): ReactNode[] {
  return splitHidden(text).map((part, index) =>
    index % 2 === 1 ? <span key={index} className="mek-hidden-char">{`<${codePointName(part)}>`}</span> : part,
  );
}

/** Server text as a name: hidden characters written out as `<U+202E>`, never applied. Put it in a `<bdi>`. */
export function RevealedText({ text }: { text: string }) {
  return <>{revealedParts(text)}</>;
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
  return serverText(text);
}

/**
 * What `ServerText` draws, as elements rather than a component: a list row calls it, so its text is the
 * row's own child (no component, no fragment of its own; the same DOM).
 */
export function serverText(text: string): ReactNode {
  if (PLAIN.test(text)) return text;
  const parts = revealedParts(text);
  // A lone part is the bdi's text content: the same DOM, one fiber fewer.
  return <bdi>{parts.length === 1 ? parts[0] : parts}</bdi>;
}

/** A note under a field whose title or description holds hidden characters; nothing otherwise. */
export function HiddenTextNote({ texts, labels }: { texts: readonly unknown[]; labels: ElicitationLabels }) {
  const hidden = hiddenCodePoints(texts);
  if (hidden.length === 0) return null;
  return <p className="mek-hint mek-hidden-note">{labels.textHidden(hidden)}</p>;
}

/** For each option, whether its title alone cannot tell it apart (`lookalikeOptions`), once per list. */
export function useLookalikeOptions(options: readonly { label: unknown }[]): boolean[] {
  // A list read ahead in steps (a form of 10,000 options or more) was judged there.
  return useMemo(() => lookalikesOf(options), [options]);
}

/** The value shown after a title that alone cannot tell its option apart (`lookalikeOptions`). */
export function optionValueNote(value: unknown, labels: ElicitationLabels): ReactNode {
  return <span className="mek-option-value">{serverText(labels.optionValue(String(value)))}</span>;
}

/** An option's title and, when needed, value as one string, for a native `<option>` (it holds text only). */
export function optionString(label: string, value: unknown, lookalike: boolean | undefined, labels: ElicitationLabels) {
  const shown = revealed(label);
  return lookalike ? `${shown} ${revealed(labels.optionValue(String(value)))}` : shown;
}

function revealed(text: string): string {
  if (PLAIN.test(text)) return text;
  const parts = splitHidden(text).map((part, index) => (index % 2 === 1 ? `<${codePointName(part)}>` : part));
  return `\u2068${parts.join('')}\u2069`;
}
