/**
 * `EnumSelectWidget`: a native `<select>` up to `COMBOBOX_FROM` options, past it a searchable combobox:
 * past a screenful of titles a person finds an option faster by typing part of it (accents and case
 * ignored) than by scrolling, and a `<select>` builds every `<option>` up front (seconds for 100,000)
 * where the combobox draws only the rows in view. The combobox is its own chunk, loaded with the first
 * long select: most forms never have one, and a host's bundle should not carry it for them.
 */
import { useMemo } from 'react';

import { optionIndex } from '../../../core/internal.js';
import { onDemand } from '../../shared/on-demand.js';
import {
  optionString,
  optionValueNote,
  serverText,
  ServerText,
  useLookalikeOptions,
} from '../../shared/server-text.js';

import { MultiSelectWidget } from './multi-select-widget.js';
import { onDemandWidget } from './on-demand-widget.js';
import {
  describedBy,
  Description,
  descriptionOf,
  FieldLabel,
  hasErrors,
  labelId,
  readLabels,
  RequiredMark,
  rjsfRegistry,
  useSameOptions,
  useRowMetrics,
  type KitWidgetProps,
  formOf,
} from './parts.js';

/**
 * Single selects with more options than this are comboboxes. Up to 50, a native drop-down serves: its
 * keyboard (type-ahead by first letters) and mobile pickers are the platform's own, and it answers a choice
 * in a quarter to a third of the combobox's work (`npm run bench -- --only thresholds`); past 50 titles,
 * search by any part of a title takes a person fewer steps, and the combobox's mount stays flat where a
 * drop-down builds every option.
 */
export const COMBOBOX_FROM = 50;

/**
 * A drop-down of the option titles whose first entry is empty, so nothing is chosen for the person; a
 * combobox past `COMBOBOX_FROM` options. With `multiple` (rjsf's multi select) it draws `MultiSelectWidget`.
 */
export function EnumSelectWidget(props: KitWidgetProps) {
  if (props.multiple === true) return <MultiSelectWidget {...props} />;
  return (props.options.enumOptions?.length ?? 0) > COMBOBOX_FROM ? (
    <LongSelect {...props} />
  ) : (
    <SingleSelect {...props} />
  );
}

type Combobox = ReturnType<(typeof import('./combobox.js'))['comboboxWith']>;

const combobox = onDemand(
  () => import('./combobox.js'),
  (loaded): Combobox =>
    loaded.comboboxWith({
      describedBy,
      Description,
      descriptionOf,
      hasErrors,
      labelId,
      readLabels,
      RequiredMark,
      rjsfRegistry,
      useSameOptions,
      useRowMetrics,
      formOf,
      optionValueNote,
      serverText,
      ServerText,
      useLookalikeOptions,
    }),
);

/** Loads the combobox of long selects; once it has arrived, they draw it in their first render. */
export const loadCombobox: () => Promise<Combobox> = combobox.load;

/** The combobox, or until it arrives the field's name over a frame that says it is busy. */
const LongSelect = onDemandWidget(combobox, 'mek-combobox-loading');

/** The drop-down itself (its own component, so its hooks never depend on `multiple`); the bench draws it at every size. */
export function SingleSelect(props: KitWidgetProps) {
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
  const lookalike = useLookalikeOptions(enumOptions);
  const optionElements = useMemo(
    () =>
      enumOptions.map((option, optionIndex) => (
        <option key={optionIndex} value={String(optionIndex)}>
          {optionString(option.label, option.value, lookalike[optionIndex], labels)}
        </option>
      )),
    [enumOptions, lookalike, labels],
  );
  // DOM values are option indexes, so an option whose value is "" stays apart from the empty entry.
  const index = optionIndex(enumOptions)(current);
  const valueAt = (text: string): unknown => (text === '' ? undefined : enumOptions[Number(text)]?.value);
  return (
    <>
      <FieldLabel as="label" id={id} label={label} hideLabel={hideLabel} required={required} labels={labels} />
      <Description id={id} description={descriptionOf(props)} label={label} labels={labels} />
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
