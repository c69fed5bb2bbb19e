/**
 * `UriWidget`: `{ type: "string", format: "uri" }` as `<input type="url">`. The address is only ever
 * shown as the input's text, never as a link (SPEC §3: URLs in form fields SHOULD NOT be clickable).
 */

import { emptyValue, InputField, valueText } from './input-field.js';
import { numberKeyword, readLabels, type KitWidgetProps } from './parts.js';

/** A URI input; the value stays text. */
export function UriWidget(props: KitWidgetProps) {
  const { schema, registry, value, onChange } = props;
  const labels = readLabels(registry);
  return (
    <InputField
      widget={props}
      type="url"
      text={valueText(value)}
      hint={labels.lengthHint(numberKeyword(schema, 'minLength'), numberKeyword(schema, 'maxLength'))}
      inputProps={{ autoComplete: 'off', spellCheck: false }}
      onText={(text) => onChange(text === '' ? emptyValue(props) : text)}
    />
  );
}
