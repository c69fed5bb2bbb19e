import { emptyValue, InputField, valueText } from './input-field.js';
import { NumberWidget } from './number-widget.js';
import { numberKeyword, readLabels, type KitWidgetProps } from './parts.js';

/**
 * A single-line text input; `minLength`/`maxLength` are shown as a hint, checked on Accept. Given a
 * number schema (a host's own rjsf `Form`), it draws `NumberWidget`.
 */
export function TextWidget(props: KitWidgetProps) {
  const { schema, registry, value, onChange } = props;
  if (schema.type === 'number' || schema.type === 'integer') return <NumberWidget {...props} />;
  const labels = readLabels(registry);
  return (
    <InputField
      widget={props}
      type="text"
      text={valueText(value)}
      hint={labels.lengthHint(numberKeyword(schema, 'minLength'), numberKeyword(schema, 'maxLength'))}
      onText={(text) => onChange(text === '' ? emptyValue(props) : text)}
    />
  );
}
