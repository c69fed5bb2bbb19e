/**
 * What the theme adds between rjsf's fields and the kit's widgets so that a host's rjsf `Form` holds
 * its answers typed per schema. There rjsf's validator checks the form data and `onSubmit` hands it
 * over as it is, so a number must already be a JSON number and a date-time must carry its offset.
 *
 * The kit widgets themselves hand on the text as typed: `ElicitationForm` draws them with no rjsf
 * field around them and lets core read that text on Accept (`submitDraft`), which is how it can say
 * "Enter a number." for `abc` instead of losing it. Both paths read the text with the same core
 * rule (`readNumberText`, `localDateTimeToRfc3339`); only where it is read differs.
 */
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { useState } from 'react';

import { localDateTimeToRfc3339 } from '../../core/index.js';
import { readNumberText } from '../../core/internal.js';
import { DateTimeWidget } from './widgets/date-time-widget.js';
import type { KitWidgetProps } from './widgets/parts.js';

/**
 * The theme's rjsf field for `number`/`integer` schemas. The widget's text becomes the number it
 * reads as, blank text no value (`undefined`), and any other text stays that text, which rjsf's
 * validator then refuses ("must be number"): never `Number()`'s guess, which rjsf's own
 * `NumberField` makes ("   " is 0 there, "0x10" is 16). The text typed is remembered, so `1.` or
 * `1.50` stay on screen while the form data holds 1 and 1.5. Values that are not text (a select's
 * option, a cleared field's `undefined`) pass unchanged.
 */
export function NumberField(props: FieldProps) {
  const { registry, onChange } = props;
  const { StringField } = registry.fields;
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const current: unknown = props.formData;
  // The typed text is shown while it still stands for the value the form holds.
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

/**
 * The kit's `DateTimeWidget` as the theme registers it: the local date and time picked goes into
 * the form data as RFC 3339 with the offset of that instant, the value `submitDraft` would send.
 * A time the clocks skip stays local text, which rjsf's validator refuses as no `date-time`.
 */
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

/**
 * The field rjsf draws each array item with (its registry's `ArraySchemaField`). rjsf names an item
 * after its list ("Tags-2") and lets that name win over the item's own title in the widget's
 * `label`, while its default `FieldTemplate` shows the title; the kit's widgets draw their own label,
 * so an item with a title (`items[n].title`, `ui:title`) is given that title as its name.
 */
export function ArrayItemField(props: FieldProps) {
  const { SchemaField } = props.registry.fields;
  const own: unknown = getUiOptions(props.uiSchema).title ?? props.schema.title;
  if (!SchemaField) return null;
  return <SchemaField {...props} title={typeof own === 'string' && own !== '' ? own : props.title} />;
}
