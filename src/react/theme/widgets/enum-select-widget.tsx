/**
 * `EnumSelectWidget`: a native `<select>` up to `LONG_LIST` options, past it a filterable radio list:
 * nobody scrolls a drop-down of thousands, and the browser builds every `<option>` up front (seconds
 * for 100,000), where the list draws only the rows in view.
 */
import { useMemo } from 'react';

import { optionIndex } from '../../../core/internal.js';
import { ChoiceList } from './choice-list.js';
import { MultiSelectWidget } from './multi-select-widget.js';
import {
  ClearChoiceButton,
  describedBy,
  Description,
  descriptionOf,
  FieldLabel,
  hasErrors,
  labelId,
  readLabels,
  rjsfRegistry,
  useClearChoice,
  useSameOptions,
  type KitWidgetProps,
  formOf,
} from './parts.js';

const LONG_LIST = 200;

/**
 * A drop-down of the option titles whose first entry is empty, so nothing is chosen for the person; a
 * filterable radio list past 200 options. With `multiple` (rjsf's multi select) it draws `MultiSelectWidget`.
 */
export function EnumSelectWidget(props: KitWidgetProps) {
  if (props.multiple === true) return <MultiSelectWidget {...props} />;
  return (props.options.enumOptions?.length ?? 0) > LONG_LIST ? (
    <LongSingleSelect {...props} />
  ) : (
    <SingleSelect {...props} />
  );
}

function LongSingleSelect(props: KitWidgetProps) {
  const {
    id,
    label,
    hideLabel,
    required,
    disabled,
    readonly,
    autofocus,
    rawErrors,
    registry,
    htmlName,
    options,
    value,
    onChange,
    onBlur,
    onFocus,
  } = props;
  const labels = readLabels(registry);
  const enumOptions = useSameOptions(options.enumOptions);
  const invalid = hasErrors(rawErrors);
  const locked = Boolean(disabled || readonly);
  const current: unknown = value;
  const index = optionIndex(enumOptions)(current);
  const listId = `${id}__options`;
  const clear = useClearChoice(onChange, () =>
    document.getElementById(listId)?.querySelector<HTMLElement>('label:not([hidden]) > input:not([disabled])')?.focus(),
  );
  const chosen = index === -1 ? undefined : String(enumOptions[index]?.label);
  return (
    <div id={id} className="mek-choice mek-long" data-invalid={invalid ? '' : undefined}>
      <FieldLabel as="span" id={id} label={label} hideLabel={hideLabel} required={required} labels={labels} />
      <Description id={id} description={descriptionOf(props)} />
      <ChoiceList
        id={id}
        name={htmlName ?? id}
        form={formOf(registry)}
        type="radio"
        label={label}
        labels={labels}
        options={enumOptions}
        checked={index === -1 ? [] : [index]}
        locked={locked}
        full={false}
        invalid={invalid}
        autoFocus={Boolean(autofocus)}
        onToggle={(at, on) => {
          if (on) onChange(enumOptions[at]?.value);
        }}
        onFocusChange={(focused, at) => (focused ? onFocus : onBlur)(id, enumOptions[at]?.value)}
        group={{
          role: 'radiogroup',
          'aria-labelledby': labelId(id),
          'aria-describedby': describedBy(props),
          'aria-required': required ? true : undefined,
          'aria-invalid': invalid ? true : undefined,
        }}
      />
      <p className="mek-count" role="status">
        {labels.chosenOption(chosen)}
      </p>
      {!required && current !== undefined && !locked && <ClearChoiceButton id={id} labels={labels} onClear={clear} />}
    </div>
  );
}

/** The drop-down itself (its own component, so its hooks never depend on `multiple`). */
function SingleSelect(props: KitWidgetProps) {
  const {
    id,
    label,
    hideLabel,
    required,
    disabled,
    readonly,
    autofocus,
    rawErrors,
    registry,
    htmlName,
    options,
    value,
    onChange,
    onBlur,
    onFocus,
  } = props;
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
  const index = optionIndex(enumOptions)(current);
  const valueAt = (text: string): unknown => (text === '' ? undefined : enumOptions[Number(text)]?.value);
  return (
    <>
      <FieldLabel as="label" id={id} label={label} hideLabel={hideLabel} required={required} labels={labels} />
      <Description id={id} description={descriptionOf(props)} />
      <select
        id={id}
        name={htmlName ?? id}
        form={formOf(registry)}
        className="mek-select"
        value={index === -1 ? '' : String(index)}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        // rjsf's default theme marks a required select natively; ElicitationForm leaves it to core.
        required={rjsfRegistry(registry) !== undefined && required ? true : undefined}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(props)}
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
