/**
 * `EnumRadioWidget`: native radios in a named `role="radiogroup"`, so keys are the browser's own. Focus
 * and blur report the radio's value, as rjsf's own group does.
 */
import { optionId } from '@rjsf/utils';

import type { ChangeEvent } from 'react';

import { optionValueNote, serverText, useLookalikeOptions } from '../../shared/server-text.js';

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
  useSameOptions,
} from './parts.js';

/** At most this many options, each at most `SEGMENT_LABEL_MAX` characters, draw as a segmented control. */
const SEGMENT_OPTIONS_MAX = 4;
const SEGMENT_LABEL_MAX = 16;

/**
 * Whether a group's options fit one row of segments: few and short, so each reads at a glance and the
 * row fits a narrow window. Counted in UTF-16 units: a label outside the BMP only counts as longer.
 */
function fitsSegments(options: readonly { label: string }[]): boolean {
  return (
    options.length >= 2 &&
    options.length <= SEGMENT_OPTIONS_MAX &&
    options.every((option) => option.label.length <= SEGMENT_LABEL_MAX)
  );
}

/**
 * A radio group for a single select with few options; a few short ones are drawn as segments (still
 * the same native radios). An optional group with a choice offers "Clear choice".
 */
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
  const enumOptions = useSameOptions(options.enumOptions);
  const lookalike = useLookalikeOptions(enumOptions);
  const locked = Boolean(disabled || readonly);
  const current: unknown = value;
  const nativeRequired = rjsfRegistry(registry) !== undefined && required ? true : undefined;
  // DOM values are option indexes.
  const valueOf = (radio: EventTarget): unknown => enumOptions[Number((radio as HTMLInputElement).value)]?.value;
  const onRadioChange = (event: ChangeEvent<HTMLInputElement>) => onChange(valueOf(event.currentTarget));
  const clear = useClearChoice(onChange, () => document.getElementById(optionId(id, 0))?.focus());
  return (
    <div className="mek-choice" data-invalid={invalid ? '' : undefined}>
      <FieldLabel as="span" id={id} label={label} hideLabel={hideLabel} required={required} labels={labels} />
      <Description id={id} description={descriptionOf(props)} label={label} labels={labels} />
      <div
        id={id}
        role="radiogroup"
        className={fitsSegments(enumOptions) ? 'mek-options mek-segments' : 'mek-options'}
        aria-labelledby={labelId(id)}
        aria-describedby={describedBy(props)}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        // Focus events bubble in React: one pair for the group, reporting the radio's value as rjsf's group does.
        onFocus={(event) => onFocus(id, valueOf(event.target))}
        onBlur={(event) => onBlur(id, valueOf(event.target))}
      >
        {enumOptions.map((option, index) => {
          // Plain elements and the group's handlers, no component or closure per row: a row with a plain
          // title is three fibers (label, radio, text). A title shown with its value is one span (a single
          // flex item, as a title alone is), the bidi isolate of both.
          const optionValue: unknown = option.value;
          return (
            <label key={index} className="mek-option" data-disabled={locked ? '' : undefined}>
              <input
                id={optionId(id, index)}
                type="radio"
                className="mek-radio"
                name={htmlName ?? id}
                form={formOf(registry)}
                value={String(index)}
                checked={optionValue === current}
                required={nativeRequired}
                disabled={locked}
                autoFocus={autofocus && index === 0}
                onChange={onRadioChange}
              />
              {lookalike[index] === true ? (
                <span className="mek-option-label">
                  {serverText(option.label)} {optionValueNote(optionValue, labels)}
                </span>
              ) : (
                serverText(option.label)
              )}
            </label>
          );
        })}
      </div>
      {!required && current !== undefined && !locked && <ClearChoiceButton id={id} labels={labels} onClear={clear} />}
    </div>
  );
}
