/**
 * What a form that asks for a file (SEP-2356 `x-mcp-file`) says besides its fields: why the app cannot fill it
 * when the host did not opt in (`files`), and after a reload that the file must be chosen again. Loaded on demand
 * by `ElicitationForm`, with these strings: most forms never ask for a file. What it shares with the form comes as
 * props, so that no module is split out of the entry into a chunk of its own for it.
 */
import type { ReactNode } from 'react';

import type { Field } from '../../core/index.js';
import { fileLabels } from '../shared/file-labels.js';
import type { ElicitationLabels } from '../shared/labels.js';

/**
 * The refusal of a form that asks for a file when the host did not opt in: each file field named as one the app
 * cannot fill (SEP-2356 leaves a client that cannot present a picker to decline). Decline and Cancel follow.
 */
export function FilesRefused({
  serverName,
  labels,
  fields,
  reveal,
}: {
  /** The server's name, as the form shows it. */
  serverName: ReactNode;
  labels: ElicitationLabels;
  /** The form's fields; its file fields are named. */
  fields: readonly Field[];
  /** A text of the form's (a field's title inside) as server text is shown: hidden characters written out. */
  reveal: (text: string) => ReactNode;
}) {
  const text = fileLabels(labels);
  return (
    <>
      <p className="mek-refused-title">{text.filesRefusedTitle}</p>
      <p>
        {serverName} {text.filesRefused}
      </p>
      <ul className="mek-problems">
        {fields
          .filter((field) => field.kind === 'file')
          .map((field) => (
            <li key={field.key}>{reveal(text.fileCannotBeFilled(field.label))}</li>
          ))}
      </ul>
    </>
  );
}

/** After a reload: the draft kept only the file's type and size (SEP-2356: no bytes in drafts), so choose it again. */
export function ChooseFileAgain({ labels }: { labels: ElicitationLabels }) {
  return <p className="mek-hint mek-file-again">{fileLabels(labels).chooseFileAgain}</p>;
}
