/**
 * `DateWidget`: `{ type: "string", format: "date" }` as `<input type="date">`, whose value is the
 * RFC 3339 `full-date` (`YYYY-MM-DD`) the spec asks for, whatever the person's locale shows.
 */

import { useState } from 'react';

import { emptyValue, InputField, valueText } from './input-field.js';
import { readLabels, type KitWidgetProps } from './parts.js';

/**
 * Whether the browser draws a date control. One that does shows the date in the person's own format
 * (a `YYYY-MM-DD` hint beside `mm/dd/yyyy` would contradict it); one that does not falls back to a
 * text box, which needs the hint.
 */
function drawsDateControl(): boolean {
  if (typeof document === 'undefined') return true;
  const probe = document.createElement('input');
  probe.setAttribute('type', 'date');
  return probe.type === 'date';
}

/** A calendar date input; the value is `YYYY-MM-DD`. */
export function DateWidget(props: KitWidgetProps) {
  const { registry, value, onChange } = props;
  const labels = readLabels(registry);
  const [control] = useState(drawsDateControl);
  return (
    <InputField
      widget={props}
      type="date"
      text={valueText(value)}
      hint={control ? undefined : labels.dateHint}
      onText={(text) => onChange(text === '' ? emptyValue(props) : text)}
    />
  );
}
