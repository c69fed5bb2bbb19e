/**
 * `FileWidget`: a SEP-2356 file field. The picker itself (`file-picker.tsx`, with its encoder) is its own chunk,
 * loaded with the first file field, as the combobox is: most forms never ask for a file.
 */
import { useEffect, useState } from 'react';

import { onDemand } from '../../shared/on-demand.js';
import { FieldLabel, readLabels, type KitWidgetProps } from './parts.js';

type Picker = (typeof import('./file-picker.js'))['FilePicker'];

const picker = onDemand(
  () => import('./file-picker.js'),
  (loaded): Picker => loaded.FilePicker,
);

/** Loads the file picker; once it has arrived, file fields draw it in their first render. */
export const loadFilePicker: () => Promise<Picker> = picker.load;

/** The picker, or until it arrives the field's name over a frame that says it is busy. */
export function FileWidget(props: KitWidgetProps) {
  const [Loaded, setLoaded] = useState(picker.get);
  useEffect(() => {
    if (Loaded === undefined)
      loadFilePicker().then(
        (widget) => setLoaded(() => widget),
        () => undefined,
      );
  }, [Loaded]);
  if (Loaded !== undefined) return <Loaded {...props} />;
  const { id, label, hideLabel, required, registry } = props;
  return (
    <div className="mek-file-loading" aria-busy="true">
      <FieldLabel
        as="span"
        id={id}
        label={label}
        hideLabel={hideLabel}
        required={required}
        labels={readLabels(registry)}
      />
    </div>
  );
}
