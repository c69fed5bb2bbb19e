/**
 * `MultiSelectWidget`: a multi select (`{ type: "array", uniqueItems: true, items: { enum } }` from
 * core `toRjsf`) as a named checkbox group (`fieldset` + `legend`).
 *
 * - The chosen values are handed to rjsf in OPTION order, whatever order they were ticked in
 *   (SPEC §2: multi-selects go out in option order). Values that are not options are kept, last,
 *   so core can report them instead of the widget dropping them.
 * - "n of max selected" is a polite live status; `minItems`/`maxItems` are shown as a hint. Once
 *   `maxItems` are ticked the unticked boxes are disabled, so the limit cannot be overshot.
 * - Long lists (more than `FILTER_THRESHOLD` options) get a filter box. Filtering only hides rows:
 *   a hidden option keeps its tick. Escape in a non-empty filter clears it (and does not cancel
 *   the form); Enter there does not submit.
 */
import { optionId, type WidgetProps } from '@rjsf/utils';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';

import { describedBy, Description, hasErrors, Hint, numberKeyword, readLabels, RequiredMark } from './parts.js';

/** Lists with more options than this get a filter box. */
const FILTER_THRESHOLD = 12;

/** What one option row shows; rows re-render only when these change, which keeps thousands of options quick. */
interface OptionRowProps {
  /** The group's id; the box's id is `optionId(id, index)`. */
  id: string;
  name: string;
  index: number;
  label: string;
  checked: boolean;
  disabled: boolean;
  hidden: boolean;
  invalid: boolean;
  autoFocus: boolean;
  onToggle: (index: number, on: boolean) => void;
  onFocusChange: (focused: boolean) => void;
}

const OptionRow = memo(function OptionRow({ id, name, index, label, checked, disabled, hidden, invalid, autoFocus, onToggle, onFocusChange }: OptionRowProps) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <label className="mek-option" hidden={hidden} data-state={state} data-disabled={disabled ? '' : undefined}>
      <input
        id={optionId(id, index)}
        type="checkbox"
        className="mek-checkbox"
        name={name}
        value={String(index)}
        checked={checked}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={invalid || undefined}
        data-state={state}
        onChange={(event) => onToggle(index, event.target.checked)}
        onBlur={() => onFocusChange(false)}
        onFocus={() => onFocusChange(true)}
      />
      <span className="mek-option-label">{label}</span>
    </label>
  );
});

/** A checkbox group with a live count, limits, and a filter for long lists. */
export function MultiSelectWidget(props: WidgetProps) {
  const { id, label, hideLabel, required, disabled, readonly, autofocus, schema, rawErrors, registry, htmlName, options, value, onChange, onBlur, onFocus } = props;
  const labels = readLabels(registry);
  const enumOptions = useMemo(() => options.enumOptions ?? [], [options.enumOptions]);
  // The filter text is view state only: what is chosen lives in rjsf's value.
  const [filter, setFilter] = useState('');
  const searchable = useMemo(
    () => enumOptions.map((option) => `${String(option.label)}\u0000${String(option.value)}`.toLocaleLowerCase()),
    [enumOptions],
  );
  const optionValues = useMemo(() => new Set<unknown>(enumOptions.map((option) => option.value)), [enumOptions]);

  const selected: unknown[] = Array.isArray(value) ? value : [];
  const chosen = new Set(selected);
  const min = numberKeyword(schema, 'minItems');
  const max = numberKeyword(schema, 'maxItems');
  const atMax = max !== undefined && selected.length >= max;
  const locked = Boolean(disabled || readonly);
  const invalid = hasErrors(rawErrors);
  const hint = labels.itemsHint(min, max);
  const needle = filter.trim().toLocaleLowerCase();
  const showFilter = enumOptions.length > FILTER_THRESHOLD;
  const listId = `${id}__options`;
  let visible = 0;

  const toggle = (index: number, on: boolean) => {
    const next = new Set(selected);
    const optionValue: unknown = enumOptions[index]?.value;
    if (on) next.add(optionValue);
    else next.delete(optionValue);
    const inOrder: unknown[] = enumOptions.filter((option) => next.has(option.value)).map((option) => option.value);
    onChange([...inOrder, ...selected.filter((item) => !optionValues.has(item))]);
  };
  const focusChange = (focused: boolean) => (focused ? onFocus : onBlur)(id, selected);
  // Rows get stable callbacks that call the latest handlers, so a tick re-renders only the rows it changes.
  const latest = useRef({ toggle, focusChange });
  useLayoutEffect(() => {
    latest.current = { toggle, focusChange };
  });
  const onToggle = useCallback((index: number, on: boolean) => latest.current.toggle(index, on), []);
  const onFocusChange = useCallback((focused: boolean) => latest.current.focusChange(focused), []);

  const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
    if (event.key === 'Escape' && filter !== '') {
      event.preventDefault();
      event.stopPropagation();
      setFilter('');
    }
  };

  const rows = enumOptions.map((option, index) => {
    const checked = chosen.has(option.value);
    const hidden = needle !== '' && !searchable[index]?.includes(needle);
    if (!hidden) visible += 1;
    return (
      <OptionRow
        key={index}
        id={id}
        name={htmlName ?? id}
        index={index}
        label={String(option.label)}
        checked={checked}
        disabled={locked || (atMax && !checked)}
        hidden={hidden}
        invalid={invalid}
        autoFocus={Boolean(autofocus) && index === 0}
        onToggle={onToggle}
        onFocusChange={onFocusChange}
      />
    );
  });

  return (
    <fieldset
      id={id}
      className="mek-choice mek-multi"
      aria-describedby={describedBy({ id, description: schema.description, hint, rawErrors })}
      data-invalid={invalid ? '' : undefined}
      data-at-max={atMax ? '' : undefined}
    >
      <legend className={hideLabel ? 'mek-label mek-visually-hidden' : 'mek-label'}>
        {label}
        {required && <RequiredMark labels={labels} />}
      </legend>
      <Description id={id} description={schema.description} />
      <Hint id={id} hint={hint} />
      {showFilter && (
        <input
          type="search"
          className="mek-input mek-filter"
          aria-label={labels.filterLabel(label)}
          // The box has no visible label of its own: the placeholder says what it is for.
          placeholder={labels.filterLabel(label)}
          aria-controls={listId}
          value={filter}
          disabled={locked}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setFilter(event.target.value)}
          onKeyDown={onFilterKeyDown}
        />
      )}
      <div id={listId} className="mek-options">
        {rows}
      </div>
      {showFilter && visible === 0 && <p className="mek-hint">{labels.filterNoMatches}</p>}
      <p className="mek-count" role="status">
        {labels.selectedCount(selected.length, max)}
      </p>
    </fieldset>
  );
}
