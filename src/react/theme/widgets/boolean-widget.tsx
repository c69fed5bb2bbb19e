import { describedBy, Description, descriptionOf, formOf, hasErrors, type KitWidgetProps } from './parts.js';

/**
 * A labelled checkbox. An unticked box is an answer (`false`), so it is never marked required: that
 * would tell the person the box must be ticked, which the schema does not ask.
 */
export function BooleanWidget(props: KitWidgetProps) {
  const { id, label, hideLabel, disabled, readonly, autofocus, rawErrors, htmlName, value, onChange, onBlur, onFocus } =
    props;
  const invalid = hasErrors(rawErrors);
  const checked = value === true;
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
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(props)}
        data-invalid={invalid ? '' : undefined}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={(event) => onBlur(id, event.target.checked)}
        onFocus={(event) => onFocus(id, event.target.checked)}
      />
      <label htmlFor={id} className={hideLabel ? 'mek-option-label mek-visually-hidden' : 'mek-option-label'}>
        {label}
      </label>
      <Description id={id} description={descriptionOf(props)} />
    </div>
  );
}
