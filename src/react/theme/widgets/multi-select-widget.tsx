/**
 * `MultiSelectWidget`: a named checkbox group. Values go out in option order (MCP 2025-11-25, "Elicitation" → "Response Actions"); values that are
 * not options are kept, last, so core can report them. At `maxItems` the unticked boxes are disabled.
 */
import { optionIndex } from '../../../core/internal.js';
import { ChoiceList } from './choice-list.js';
import {
  describedBy,
  Description,
  descriptionOf,
  FieldLabel,
  hasErrors,
  Hint,
  numberKeyword,
  readLabels,
  useSameOptions,
  type KitWidgetProps,
  formOf,
} from './parts.js';

/** A checkbox group with a live count, limits, and a filter for long lists; an emptied optional list is `undefined`. */
export function MultiSelectWidget(props: KitWidgetProps) {
  const {
    id,
    label,
    hideLabel,
    required,
    disabled,
    readonly,
    autofocus,
    schema,
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
  // Core's index of the list (built while parsing it); a host's rjsf list gets one, once per list.
  const indexOf = optionIndex(enumOptions);

  const selected: unknown[] = Array.isArray(value) ? value : [];
  const min = numberKeyword(schema, 'minItems');
  const max = numberKeyword(schema, 'maxItems');
  const atMax = max !== undefined && selected.length >= max;
  const invalid = hasErrors(rawErrors);
  const hint = labels.itemsHint(min, max);
  const checked = selected.map(indexOf).filter((index) => index >= 0);

  const toggle = (index: number, on: boolean) => {
    // Sorting the few chosen indexes, not scanning all options: a tick costs the same at any length.
    const indexes = new Set(checked);
    if (on) indexes.add(index);
    else indexes.delete(index);
    const inOrder: unknown[] = [...indexes].sort((a, b) => a - b).map((at): unknown => enumOptions[at]?.value);
    const next = [...inOrder, ...selected.filter((item) => indexOf(item) < 0)];
    // A required list stays `[]`, an answer that `minItems` then judges.
    onChange(next.length === 0 && !required ? undefined : next);
  };

  return (
    <fieldset
      id={id}
      className="mek-choice mek-multi"
      aria-describedby={describedBy(props, hint)}
      data-invalid={invalid ? '' : undefined}
      data-at-max={atMax ? '' : undefined}
    >
      <FieldLabel as="legend" id={id} label={label} hideLabel={hideLabel} required={required} labels={labels} />
      <Description id={id} description={descriptionOf(props)} label={label} labels={labels} />
      <Hint id={id} hint={hint} />
      <ChoiceList
        id={id}
        name={htmlName ?? id}
        form={formOf(registry)}
        label={label}
        labels={labels}
        options={enumOptions}
        checked={checked}
        locked={Boolean(disabled || readonly)}
        full={atMax}
        invalid={invalid}
        autoFocus={Boolean(autofocus)}
        onToggle={toggle}
        onFocusChange={(focused, index) => (focused ? onFocus : onBlur)(id, enumOptions[index]?.value)}
      />
      <p className="mek-count" role="status">
        {labels.selectedCount(selected.length, max)}
      </p>
    </fieldset>
  );
}
