/**
 * `NumberWidget`: `{ type: "number" | "integer" }` as a TEXT input with a numeric keyboard, not
 * `<input type="number">`: browsers silently turn invalid text into an empty value there, so "abc"
 * would be lost instead of reported. The widget keeps exactly what was typed; core `submitDraft`
 * turns it into a JSON number, reports text that is not a number (`not-a-number`) and omits an
 * empty optional number. Bounds are shown as a hint.
 */

import { emptyValue, InputField, valueText } from './input-field.js';
import { numberKeyword, readLabels, type KitWidgetProps } from './parts.js';

/** A number input that keeps the typed text; `minimum`/`maximum` are shown as a hint. */
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
