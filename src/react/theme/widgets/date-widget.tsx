import { useState } from 'react';

import { emptyValue, InputField, valueText } from './input-field.js';
import { readLabels, type KitWidgetProps } from './parts.js';

// A date control shows the person's own format, which a `YYYY-MM-DD` hint would contradict; a browser
// without one draws a text box, which needs the hint.
function drawsDateControl(): boolean {
  if (typeof document === 'undefined') return true;
  const probe = document.createElement('input');
  probe.setAttribute('type', 'date');
  return probe.type === 'date';
}

/** A calendar date input; the value is RFC 3339 `full-date` (`YYYY-MM-DD`) whatever the locale shows. */
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
