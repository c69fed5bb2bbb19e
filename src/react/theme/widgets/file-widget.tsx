/**
 * `FileWidget`: a SEP-2356 file field. The picker itself (`file-picker.tsx`, with its encoder) is its own chunk,
 * loaded with the first file field, as the combobox is: most forms never ask for a file.
 */
import { onDemand } from '../../shared/on-demand.js';
import { onDemandWidget } from './on-demand-widget.js';

type Picker = (typeof import('./file-picker.js'))['FilePicker'];

const picker = onDemand(
  () => import('./file-picker.js'),
  (loaded): Picker => loaded.FilePicker,
);

/** Loads the file picker; once it has arrived, file fields draw it in their first render. */
export const loadFilePicker: () => Promise<Picker> = picker.load;

/** The picker, or until it arrives the field's name over a frame that says it is busy. */
export const FileWidget = onDemandWidget(picker, 'mek-file-loading');
