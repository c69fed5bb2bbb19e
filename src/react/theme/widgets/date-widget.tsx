/**
 * `DateWidget`: `{ type: "string", format: "date" }` as `<input type="date">`, whose value is the
 * RFC 3339 `full-date` (`YYYY-MM-DD`) the spec asks for, whatever the person's locale shows.
 */

import { emptyValue, InputField, valueText } from './input-field.js';
import { readLabels, type KitWidgetProps } from './parts.js';

/** A calendar date input; the value is `YYYY-MM-DD`. */
export function DateWidget(props: KitWidgetProps) {
  const { registry, value, onChange } = props;
  const labels = readLabels(registry);
  return (
    <InputField
      widget={props}
      type="date"
      text={valueText(value)}
      hint={labels.dateHint}
      onText={(text) => onChange(text === '' ? emptyValue(props) : text)}
    />
  );
}
