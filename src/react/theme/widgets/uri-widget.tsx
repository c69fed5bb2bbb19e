import { emptyValue, InputField, valueText } from './input-field.js';
import { numberKeyword, readLabels, type KitWidgetProps } from './parts.js';

/** A URI input; the address is only ever text, never a link (MCP 2025-11-25, "Elicitation" → "Security Considerations": URLs in forms SHOULD NOT be clickable). */
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
