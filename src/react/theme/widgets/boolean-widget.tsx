import {
  describedBy,
  Description,
  descriptionOf,
  formOf,
  hasErrors,
  readLabels,
  RequiredMark,
  rjsfRegistry,
  type KitWidgetProps,
} from './parts.js';

/**
 * A labelled checkbox. An unticked box is an answer (`false`), so it is marked required only when the
 * schema accepts nothing but `true` (a host's "I agree" with `const: true`): anything else would tell
 * the person the box must be ticked, which the schema does not ask.
 */
export function BooleanWidget(props: KitWidgetProps) {
  const { id, label, hideLabel, disabled, readonly, autofocus, rawErrors, htmlName, value, onChange, onBlur, onFocus } =
    props;
  const invalid = hasErrors(rawErrors);
  const checked = value === true;
  const mustTick = props.required === true && onlyTrue(props.schema);
  return (
    <div className="mek-boolean">
      <input
        id={id}
        name={htmlName ?? id}
        form={formOf(props.registry)}
        type="checkbox"
        className="mek-checkbox"
        checked={checked}
        // A read-only checkbox does not exist in HTML; disabling it is the closest honest state.
        disabled={disabled || readonly}
        autoFocus={autofocus}
        // As in rjsf's default theme, the browser checks it first in a host's own Form.
        required={mustTick && rjsfRegistry(props.registry) !== undefined ? true : undefined}
        aria-required={mustTick || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(props)}
        data-invalid={invalid ? '' : undefined}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={(event) => onBlur(id, event.target.checked)}
        onFocus={(event) => onFocus(id, event.target.checked)}
      />
      <label htmlFor={id} className={hideLabel ? 'mek-option-label mek-visually-hidden' : 'mek-option-label'}>
        {label}
        {mustTick && <RequiredMark labels={readLabels(props.registry)} />}
      </label>
      <Description id={id} description={descriptionOf(props)} />
    </div>
  );
}

/** Whether the schema accepts `true` alone (`const: true` or `enum: [true]`). */
function onlyTrue(schema: KitWidgetProps['schema']): boolean {
  return schema.const === true || (schema.enum?.length === 1 && schema.enum[0] === true);
}
