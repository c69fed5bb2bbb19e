/**
 * The English strings of SEP-2356 file fields. Only code that loads on demand imports this module (the file picker,
 * the notices of a form that asks for a file, the round): a host whose forms never ask for a file does not load them.
 */
import type { ElicitationLabels } from './labels.js';

/** The keys of `ElicitationLabels` that only file fields use. */
export type FileLabelKey =
  | 'chooseFile'
  | 'removeFile'
  | 'chosenFile'
  | 'fileHint'
  | 'readingFile'
  | 'fileUnreadable'
  | 'chooseFileAgain'
  | 'filesRefusedTitle'
  | 'filesRefused'
  | 'fileCannotBeFilled';

/** The file fields' strings, each one given. */
export type FileLabels = Required<Pick<ElicitationLabels, FileLabelKey>>;

const defaultFileLabels: FileLabels = {
  chooseFile: 'Choose a file or drop it here',
  removeFile: (fieldLabel) => `Remove the file of ${fieldLabel}`,
  chosenFile: (name, type, size) => `${name ?? 'A file'} (${type}, ${size})`,
  fileHint: (accept, maxSize) =>
    [accept && `Accepted: ${accept.join(', ')}.`, maxSize && `Up to ${maxSize}.`].filter(Boolean).join(' ') ||
    undefined,
  readingFile: 'Reading the file…',
  fileUnreadable: 'The file could not be read. Choose it again.',
  chooseFileAgain: 'Files are not kept when the page reloads: choose the file again.',
  filesRefusedTitle: 'This form asks for a file',
  filesRefused: 'asks for a file, which this app cannot send. You can decline or cancel it.',
  fileCannotBeFilled: (fieldLabel) => `"${fieldLabel}" asks for a file, which this app cannot send.`,
};

/** `labels`' file strings, each one the host left out taken from the English defaults. */
export function fileLabels(labels: ElicitationLabels): FileLabels {
  const merged: Record<string, unknown> = { ...defaultFileLabels };
  for (const key of Object.keys(merged) as FileLabelKey[]) merged[key] = labels[key] ?? merged[key];
  return merged as FileLabels;
}
