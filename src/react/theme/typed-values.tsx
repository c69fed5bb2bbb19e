/** Keeps a host's rjsf form data typed per schema: rjsf validates and submits it as it is (README). */
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { useState } from 'react';

import { localDateTimeToRfc3339 } from '../../core/index.js';
import { readNumberText } from '../../core/internal.js';
import { DateTimeWidget } from './widgets/date-time-widget.js';
import type { KitWidgetProps } from './widgets/parts.js';

/**
 * The rjsf field for `number`/`integer`: text that reads as a number becomes it, blank text `undefined`, other
 * text stays text for rjsf's validator to refuse; never `Number()`'s guess ("0x10" is 16, "   " is 0).
 */
export function NumberField(props: FieldProps) {
  const { registry, onChange } = props;
  const { StringField } = registry.fields;
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const current: unknown = props.formData;
  // Keeps `1.` or `1.50` on screen while the form data holds 1 or 1.5.
  const shown: unknown = typed !== undefined && readNumberText(typed) === current ? typed : current;
  if (!StringField) return null;
  return (
    <StringField
      {...props}
      formData={shown}
      onChange={(value, path, errors, id) => {
        const raw: unknown = value;
        setTyped(typeof raw === 'string' ? raw : undefined);
        onChange(typeof raw === 'string' ? readNumberText(raw) : raw, path, errors, id);
      }}
    />
  );
}

/** `DateTimeWidget` valued in RFC 3339 at that instant's offset; a skipped time stays text rjsf refuses. */
export function OffsetDateTimeWidget(props: KitWidgetProps) {
  const { onChange } = props;
  return (
    <DateTimeWidget
      {...props}
      onChange={(value: unknown) => {
        const converted = typeof value === 'string' ? localDateTimeToRfc3339(value) : undefined;
        onChange(typeof converted === 'string' ? converted : value);
      }}
    />
  );
}

/** rjsf's `ArraySchemaField`: names an item by its own title, not "Tags-2", as the kit's widgets label themselves. */
export function ArrayItemField(props: FieldProps) {
  const { SchemaField } = props.registry.fields;
  const own: unknown = getUiOptions(props.uiSchema).title ?? props.schema.title;
  if (!SchemaField) return null;
  return <SchemaField {...props} title={typeof own === 'string' && own !== '' ? own : props.title} />;
}
