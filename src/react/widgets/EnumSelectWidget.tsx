/**
 * `EnumSelectWidget`: a single select with many options (core `toRjsf` picks `select` past its
 * `radioLimit`) as a native `<select>`: keyboard use, type-ahead and screen reader support come
 * from the platform. The first entry is empty, so nothing is chosen for the person.
 */
import { useMemo } from 'react';

import { MultiSelectWidget } from './MultiSelectWidget.js';
import { describedBy, Description, hasErrors, readLabels, RequiredMark, useSameOptions, type KitWidgetProps } from './parts.js';

/** A drop-down list of the option titles. Asked for several values (rjsf's default for a multi select), it draws `MultiSelectWidget`. */
export function EnumSelectWidget(props: KitWidgetProps) {
  return props.multiple === true ? <MultiSelectWidget {...props} /> : <SingleSelect {...props} />;
}

/** The drop-down itself (its own component, so its hooks never depend on `multiple`). */
function SingleSelect(props: KitWidgetProps) {
  const { id, label, hideLabel, required, disabled, readonly, autofocus, schema, rawErrors, registry, htmlName, options, value, onChange, onBlur, onFocus } = props;
  const labels = readLabels(registry);
  const invalid = hasErrors(rawErrors);
  const enumOptions = useSameOptions(options.enumOptions);
  const current: unknown = value;
  // The same elements on every render: a choice in a 5,000-option list does not re-diff 5,000 options.
  const optionElements = useMemo(
    () =>
      enumOptions.map((option, optionIndex) => (
        <option key={optionIndex} value={String(optionIndex)}>
          {option.label}
        </option>
      )),
    [enumOptions],
  );
  // DOM values are option indexes, so an option whose value is "" stays apart from the empty entry.
  const index = enumOptions.findIndex((option) => option.value === current);
  const valueAt = (text: string): unknown => (text === '' ? undefined : enumOptions[Number(text)]?.value);
  return (
    <>
      <label htmlFor={id} className={hideLabel ? 'mek-label mek-visually-hidden' : 'mek-label'}>
        {label}
        {required && <RequiredMark labels={labels} />}
      </label>
      <Description id={id} description={schema.description} />
      <select
        id={id}
        name={htmlName ?? id}
        className="mek-select"
        value={index === -1 ? '' : String(index)}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy({ id, description: schema.description, rawErrors })}
        data-invalid={invalid ? '' : undefined}
        onChange={(event) => onChange(valueAt(event.target.value))}
        onBlur={(event) => onBlur(id, valueAt(event.target.value))}
        onFocus={(event) => onFocus(id, valueAt(event.target.value))}
      >
        <option value="">{labels.choosePlaceholder}</option>
        {optionElements}
      </select>
    </>
  );
}
