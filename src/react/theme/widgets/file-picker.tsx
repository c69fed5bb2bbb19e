/**
 * `FilePicker`, the chunk `FileWidget` loads: a SEP-2356 file field (`x-mcp-file`). A native file input inside a drop zone; the chosen
 * file's name, type and size; remove, or choose again to replace. A file outside `accept` or over `maxSize` is
 * refused from its reported type and size before a byte of it is read (SEP-2356, "Client-side validation":
 * check after selection and before encoding; do not rely on the picker's filter). The value is the file's
 * `data:` URI; a person never types one (SEP-2356, "Host integration").
 */
import { useEffect, useRef, useState, type DragEvent, type ReactElement } from 'react';

import {
  acceptsFile,
  fileTooLargeMessage,
  fileWrongTypeMessage,
  formatBytes,
  readDataUri,
} from '../../../core/file-values.js';
import type { FileField } from '../../../core/index.js';
import { fileLabels } from '../../shared/file-labels.js';

import { encodeDataUri } from './encode-file.js';
import type * as Parts from './parts.js';
import type { KitWidgetProps } from './parts.js';

/**
 * What the picker uses of `parts.js`, handed in by `FileWidget`, which loads it, instead of imported: a module this
 * chunk shared with the entry would be split into a chunk of its own, and a host's first load would pay for the
 * split. Core's file checks are imported: they are one module that imports nothing, and a tool form's entry, which
 * judges no file itself, then loads them only with its first file argument (0.6 kB), where an elicitation form's
 * entry pays 0.1 kB for their own chunk.
 */
export type FilePickerParts = Pick<
  typeof Parts,
  'describedBy' | 'Description' | 'descriptionOf' | 'FieldLabel' | 'formOf' | 'hasErrors' | 'Hint' | 'readLabels'
> & {
  /** The app's own limit on a file's size (a bridge's `maxFileBytes`, from `ElicitationHost`), read as a hook. */
  useFileLimit: () => number | undefined;
};

/** What the person chose, as the picker reported it. */
interface Chosen {
  name: string;
  type: string;
  size: number;
}

/** The descriptor `toRjsf` (or a tool's own schema) carries under `x-mcp-file`. */
export function fileDescriptorOf(schema: object): Pick<FileField, 'accept' | 'maxSize'> {
  const raw: unknown = (schema as Record<string, unknown>)['x-mcp-file'];
  if (typeof raw !== 'object' || raw === null) return {};
  const { accept, maxSize } = raw as Record<string, unknown>;
  return {
    ...(Array.isArray(accept) && accept.every((entry) => typeof entry === 'string') && { accept }),
    ...(typeof maxSize === 'number' && { maxSize }),
  };
}

/**
 * The message for a file over the app's own limit (`limit`: lower than the field's `maxSize`, or set without one).
 * Here, not in core beside the server's: only the picker says it, and it loads on demand.
 */
export function fileTooLargeForAppMessage(size: number, limit: number, maxSize: number | undefined): string {
  const server = maxSize === undefined ? '' : `, less than the ${formatBytes(maxSize)} the server accepts`;
  return `The file is ${formatBytes(size)}; this app sends files up to ${formatBytes(limit)}${server}.`;
}

/** The id of the line that says why a file was refused. */
function problemId(id: string): string {
  return `${id}__file-problem`;
}

/** The picker, drawn with `parts`. */
export function filePickerWith(parts: FilePickerParts): (props: KitWidgetProps) => ReactElement {
  const { describedBy, Description, descriptionOf, FieldLabel, formOf, hasErrors, Hint, readLabels, useFileLimit } =
    parts;
  return function FilePicker(props: KitWidgetProps) {
    const {
      id,
      label,
      hideLabel,
      required,
      disabled,
      readonly,
      autofocus,
      rawErrors,
      registry,
      schema,
      value,
      onChange,
    } = props;
    const labels = readLabels(registry);
    const text = fileLabels(labels);
    const { accept, maxSize } = fileDescriptorOf(schema);
    // The app's own limit (a bridge's maxFileBytes) wins where it is lower: a file over it could not be sent.
    const appLimit = useFileLimit();
    const appLimited = appLimit !== undefined && (maxSize === undefined || appLimit < maxSize);
    const limit = appLimited ? appLimit : maxSize;
    const [chosen, setChosen] = useState<Chosen>();
    const [problem, setProblem] = useState<string>();
    const [reading, setReading] = useState(false);
    const [dragging, setDragging] = useState(false);
    const reader = useRef<AbortController | undefined>(undefined);
    useEffect(() => () => reader.current?.abort(), []);

    const choose = (file: File | undefined) => {
      if (file === undefined || disabled || readonly) return;
      // SEP-2356 "Wire encoding": a file the platform gives no type is application/octet-stream.
      const type = file.type || 'application/octet-stream';
      // Refused from what the picker reports, before any byte is read: a 2 GB file is never opened.
      if (limit !== undefined && file.size > limit) {
        setProblem(
          appLimited ? fileTooLargeForAppMessage(file.size, limit, maxSize) : fileTooLargeMessage(file.size, limit),
        );
        return;
      }
      if (!acceptsFile(accept, type, file.name)) {
        setProblem(fileWrongTypeMessage(type, accept ?? []));
        return;
      }
      reader.current?.abort();
      const controller = new AbortController();
      reader.current = controller;
      setProblem(undefined);
      setChosen({ name: file.name, type, size: file.size });
      setReading(true);
      encodeDataUri(file, type, controller.signal).then(
        (uri) => {
          if (controller.signal.aborted) return;
          setReading(false);
          onChange(uri);
        },
        () => {
          if (controller.signal.aborted) return;
          setReading(false);
          setChosen(undefined);
          setProblem(text.fileUnreadable);
        },
      );
    };

    const remove = () => {
      reader.current?.abort();
      setReading(false);
      setChosen(undefined);
      setProblem(undefined);
      onChange(undefined);
    };

    // What is shown of the value: the chosen file, else what its `data:` URI says (a value set by a host's form).
    const held = typeof value === 'string' && value !== '' ? readDataUri(value) : undefined;
    const shown = reading || held !== undefined ? (chosen ?? (held && { name: undefined, ...held })) : undefined;
    const invalid = hasErrors(rawErrors) || problem !== undefined;
    const hint = text.fileHint(accept, limit === undefined ? undefined : formatBytes(limit));
    const described = [problem !== undefined ? problemId(id) : undefined, describedBy(props, hint)]
      .filter(Boolean)
      .join(' ');

    const onDrop = (event: DragEvent<HTMLDivElement>) => {
      event.preventDefault();
      setDragging(false);
      choose(event.dataTransfer.files[0]);
    };

    return (
      <>
        {/* Once answered there is no input to label: the name stands over what was sent. */}
        <FieldLabel
          as={disabled || readonly ? 'span' : 'label'}
          id={id}
          label={label}
          hideLabel={hideLabel}
          required={required}
          labels={labels}
        />
        <Description id={id} description={descriptionOf(props)} label={label} labels={labels} />
        {disabled || readonly ? null : (
          <div
            className="mek-file-drop"
            data-state={dragging ? 'dragging' : undefined}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <span className="mek-file-drop-text" aria-hidden="true">
              {text.chooseFile}
            </span>
            <input
              id={id}
              type="file"
              className="mek-file-input"
              form={formOf(registry)}
              // A filter for the picker only: SEP-2356 has the client check `accept` again after the choice.
              accept={accept?.join(',')}
              autoFocus={autofocus}
              aria-required={required || undefined}
              aria-invalid={invalid || undefined}
              aria-describedby={described || undefined}
              data-invalid={invalid ? '' : undefined}
              onChange={(event) => {
                choose(event.target.files?.[0]);
                // The same file can be chosen again after a refusal or a removal.
                event.target.value = '';
              }}
            />
          </div>
        )}
        {shown !== undefined && (
          <p className="mek-file-chosen" role="status" aria-busy={reading || undefined}>
            {text.chosenFile(shown.name, shown.type, formatBytes(shown.size))}
            {reading && ` ${text.readingFile}`}
          </p>
        )}
        {shown !== undefined && !disabled && !readonly && (
          <button type="button" className="mek-button mek-button-quiet" onClick={remove}>
            {text.removeFile(label)}
          </button>
        )}
        {problem !== undefined && (
          <p id={problemId(id)} className="mek-field-error" role="alert">
            {problem}
          </p>
        )}
        {!disabled && <Hint id={id} hint={hint} />}
      </>
    );
  };
}
