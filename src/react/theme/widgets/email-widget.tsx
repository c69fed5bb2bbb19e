import { emptyValue, InputField, valueText } from './input-field.js';
import { numberKeyword, readLabels, type KitWidgetProps } from './parts.js';

/** An email input (for its on-screen keyboard); whether the address is valid is core's verdict on Accept. */
export function EmailWidget(props: KitWidgetProps) {
  const { schema, registry, value, onChange } = props;
  const labels = readLabels(registry);
  return (
    <InputField
      widget={props}
      type="email"
      text={valueText(value)}
      hint={labels.lengthHint(numberKeyword(schema, 'minLength'), numberKeyword(schema, 'maxLength'))}
      inputProps={{ autoComplete: 'off', spellCheck: false }}
      onText={(text) => onChange(text === '' ? emptyValue(props) : text)}
    />
  );
}
