import { emptyValue, InputField, valueText } from './input-field.js';
import { numberKeyword, readLabels, type KitWidgetProps } from './parts.js';

/**
 * A text input with a numeric keyboard that keeps what was typed; core reads it on Accept. Not
 * `type="number"`: browsers turn invalid text into an empty value there, so "abc" would go unreported.
 */
export function NumberWidget(props: KitWidgetProps) {
  const { schema, registry, value, onChange } = props;
  const labels = readLabels(registry);
  const integer = schema.type === 'integer';
  const min = numberKeyword(schema, 'minimum');
  const max = numberKeyword(schema, 'maximum');
  // Phone keyboards for `numeric`/`decimal` have no minus key: offer them only when no negative fits.
  const inputMode = min !== undefined && min >= 0 ? (integer ? 'numeric' : 'decimal') : 'text';
  return (
    <InputField
      widget={props}
      type="text"
      inputMode={inputMode}
      text={valueText(value)}
      hint={labels.numberHint({ ...(min !== undefined && { min }), ...(max !== undefined && { max }), integer })}
      inputProps={{ autoComplete: 'off', spellCheck: false }}
      onText={(text) => onChange(text === '' ? emptyValue(props) : text)}
    />
  );
}
