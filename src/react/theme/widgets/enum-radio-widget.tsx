/**
 * `EnumRadioWidget`: a single select with few options (core `toRjsf` picks `radio` up to its
 * `radioLimit`) as native radios in a named `role="radiogroup"`. Arrow keys move and select, Space
 * selects, Tab leaves the group: the browser's own radio behaviour. Labels are the option titles
 * (`ui:enumNames` → `options.enumOptions`), never the raw value when a title exists.
 *
 * A radio cannot be unticked, so an optional group that has a choice offers a "clear" button.
 * Focus and blur report the value of the radio that gets or loses the focus, as rjsf's own radio
 * group does. In a host's rjsf `Form` the radios of a required group carry the native `required`.
 */
import { optionId } from '@rjsf/utils';

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
  type KitWidgetProps,
  formOf,
} from './parts.js';

/** A radio group; a chosen row is styled by its radio's own state (`.mek-option:has(:checked)`). */
export function EnumRadioWidget(props: KitWidgetProps) {
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
  const enumOptions = options.enumOptions ?? [];
  const locked = Boolean(disabled || readonly);
  const current: unknown = value;
  const nativeRequired = rjsfRegistry(registry) !== undefined && required ? true : undefined;
  const clear = useClearChoice(onChange, () => document.getElementById(optionId(id, 0))?.focus());
  return (
    <div className="mek-choice" data-invalid={invalid ? '' : undefined}>
      <FieldLabel as="span" id={id} label={label} hideLabel={hideLabel} required={required} labels={labels} />
      <Description id={id} description={descriptionOf(props)} />
      <div
        id={id}
        role="radiogroup"
        className="mek-options"
        aria-labelledby={labelId(id)}
        aria-describedby={describedBy(props)}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
      >
        {enumOptions.map((option, index) => {
          const optionValue: unknown = option.value;
          const checked = optionValue === current;
          return (
            <label key={index} className="mek-option" data-disabled={locked ? '' : undefined}>
              <input
                id={optionId(id, index)}
                type="radio"
                className="mek-radio"
                name={htmlName ?? id}
                form={formOf(registry)}
                value={String(index)}
                checked={checked}
                required={nativeRequired}
                disabled={locked}
                autoFocus={autofocus && index === 0}
                onChange={() => onChange(optionValue)}
                onBlur={() => onBlur(id, optionValue)}
                onFocus={() => onFocus(id, optionValue)}
              />
              <span className="mek-option-label">{option.label}</span>
            </label>
          );
        })}
      </div>
      {!required && current !== undefined && !locked && <ClearChoiceButton id={id} labels={labels} onClear={clear} />}
    </div>
  );
}
