/**
 * `FileWidget`: a SEP-2356 file field. The picker itself (`file-picker.tsx`, with its encoder) is its own chunk,
 * loaded with the first file field, as the combobox is: most forms never ask for a file.
 */
import { useContext } from 'react';

import { onDemand } from '../../shared/on-demand.js';

import { FileLimit } from './file-limit.js';
import { onDemandWidget } from './on-demand-widget.js';
import { describedBy, Description, descriptionOf, FieldLabel, formOf, hasErrors, Hint, readLabels } from './parts.js';

type Picker = ReturnType<(typeof import('./file-picker.js'))['filePickerWith']>;

// What the picker uses of parts.js is handed in, not imported: a module its chunk shared with the entry would be
// split into a chunk of its own, which every host's first load would pay for.
const picker = onDemand(
  () => import('./file-picker.js'),
  (loaded): Picker =>
    loaded.filePickerWith({
      describedBy,
      Description,
      descriptionOf,
      FieldLabel,
      formOf,
      hasErrors,
      Hint,
      readLabels,
      useFileLimit: () => useContext(FileLimit),
    }),
);

/** Loads the file picker; once it has arrived, file fields draw it in their first render. */
export const loadFilePicker: () => Promise<Picker> = picker.load;

/** The picker, or until it arrives the field's name over a frame that says it is busy. */
export const FileWidget = onDemandWidget(picker, 'mek-file-loading');
