import { useState } from 'react';

import { emptyValue, InputField, valueText } from './input-field.js';
import { NumberWidget } from './number-widget.js';
import { numberKeyword, readLabels, type KitWidgetProps } from './parts.js';

/** Whether a field schema is a secret: `toRjsf` marks core's secret fields `writeOnly` (JSON Schema's "never read back"). */
export function isSecretSchema(schema: object): boolean {
  return (schema as { writeOnly?: unknown }).writeOnly === true;
}

/**
 * A single-line text input; `minLength`/`maxLength` are shown as a hint, checked on Accept. Given a
 * number schema (a host's own rjsf `Form`), it draws `NumberWidget`. A secret is masked, with a show/hide
 * toggle, no autocomplete and no spellcheck (MCP 2025-11-25, "Elicitation" → "Security Considerations").
 */
export function TextWidget(props: KitWidgetProps) {
  const { schema, registry, value, onChange } = props;
  const [shown, setShown] = useState(false);
  if (schema.type === 'number' || schema.type === 'integer') return <NumberWidget {...props} />;
  const labels = readLabels(registry);
  const secret = isSecretSchema(schema);
  return (
    <InputField
      widget={props}
      type={secret && !shown ? 'password' : 'text'}
      text={valueText(value)}
      hint={labels.lengthHint(numberKeyword(schema, 'minLength'), numberKeyword(schema, 'maxLength'))}
      onText={(text) => onChange(text === '' ? emptyValue(props) : text)}
      {...(secret && {
        inputProps: { autoComplete: 'off', spellCheck: false },
        after: (
          <button
            type="button"
            className="mek-button mek-secret-toggle"
            aria-pressed={shown}
            aria-controls={props.id}
            disabled={props.disabled}
            onClick={() => setShown(!shown)}
          >
            {labels.showSecret(props.label)}
          </button>
        ),
      })}
    />
  );
}
