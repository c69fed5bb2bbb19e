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
 * - Very long lists are drawn progressively: the first `FIRST_ROWS` rows with the form, the rest in
 *   small chunks of `CHUNK_ROWS`, one task each, so mounting 5,000 options costs what 100 cost and a
 *   click or a key press waits for one small chunk at most. (Not transitions: a person typing in the
 *   filter would restart an interrupted transition at every key and starve it.) A filter finds
 *   options not drawn yet: matching rows are drawn at once. Every option still becomes a
 *   real, native checkbox in the DOM (keyboard, screen readers, find-in-page and the filter work as
 *   for a short list); rows the list box does not show skip layout and paint (`content-visibility`).
 *   A window that unmounts off-screen rows was rejected: Tab, a screen reader's virtual cursor and
 *   find-in-page would not reach unmounted options, and the checkbox group would lie about its size.
 */
import { optionId } from '@rjsf/utils';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';

import { describedBy, Description, hasErrors, Hint, numberKeyword, readLabels, RequiredMark, useSameOptions, type EnumOptions, type KitWidgetProps } from './parts.js';

/** Lists with more options than this get a filter box. */
const FILTER_THRESHOLD = 12;

/** Rows drawn with the form; a longer list draws the rest progressively. More than the list box shows. */
const FIRST_ROWS = 100;

/** Rows added per background task of a long list (a few milliseconds of work each). */
const CHUNK_ROWS = 250;

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

/** Rows per block: a tick re-renders the one block it falls in, not every row of a long list. */
const BLOCK_ROWS = 100;

/** What one block of rows needs; it re-renders only when one of these changes. */
interface OptionBlockProps {
  id: string;
  name: string;
  options: EnumOptions;
  /** The block covers options `start` to `end - 1`. */
  start: number;
  end: number;
  /** Rows from `start` up to this index are drawn (progressive drawing); later ones only when the filter looks for them. */
  drawnEnd: number;
  /** The ticked options of this block, as option indexes joined by commas (a string, so it compares by value). */
  checkedKey: string;
  needle: string;
  /** Lower-cased `label\u0000value` per option, while a filter is typed. */
  searchable: readonly string[];
  locked: boolean;
  atMax: boolean;
  invalid: boolean;
  autoFocus: boolean;
  onToggle: (index: number, on: boolean) => void;
  onFocusChange: (focused: boolean) => void;
}

const OptionBlock = memo(function OptionBlock(props: OptionBlockProps) {
  const { id, name, options, start, end, drawnEnd, checkedKey, needle, searchable, locked, atMax, invalid, autoFocus, onToggle, onFocusChange } = props;
  const checkedIndexes = new Set(checkedKey === '' ? [] : checkedKey.split(',').map(Number));
  const rows = [];
  for (let index = start; index < end; index++) {
    const hidden = needle !== '' && !searchable[index]?.includes(needle);
    // Not drawn yet: skipped, unless the filter is looking for it.
    if (index >= drawnEnd && (needle === '' || hidden)) continue;
    const checked = checkedIndexes.has(index);
    rows.push(
      <OptionRow
        key={index}
        id={id}
        name={name}
        index={index}
        label={String(options[index]?.label)}
        checked={checked}
        disabled={locked || (atMax && !checked)}
        hidden={hidden}
        invalid={invalid}
        autoFocus={autoFocus && index === 0}
        onToggle={onToggle}
        onFocusChange={onFocusChange}
      />,
    );
  }
  return <>{rows}</>;
});

/** A checkbox group with a live count, limits, and a filter for long lists. */
export function MultiSelectWidget(props: KitWidgetProps) {
  const { id, label, hideLabel, required, disabled, readonly, autofocus, schema, rawErrors, registry, htmlName, options, value, onChange, onBlur, onFocus } = props;
  const labels = readLabels(registry);
  const enumOptions = useSameOptions(options.enumOptions);
  // The filter text is view state only: what is chosen lives in rjsf's value.
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLocaleLowerCase();
  // Built only while a filter is typed: most people never filter a list.
  const searchable = useMemo(
    () => (needle === '' ? [] : enumOptions.map((option) => `${String(option.label)}\u0000${String(option.value)}`.toLocaleLowerCase())),
    [enumOptions, needle === ''],
  );
  const optionValues = useMemo(() => new Set<unknown>(enumOptions.map((option) => option.value)), [enumOptions]);
  const total = enumOptions.length;
  // How many rows are in the DOM: long lists grow a chunk per task until every option is drawn.
  const [drawn, setDrawn] = useState(() => Math.min(total, FIRST_ROWS));
  useEffect(() => {
    if (drawn >= total) return undefined;
    const timer = setTimeout(() => setDrawn((count) => Math.min(total, count + CHUNK_ROWS)), 0);
    return () => clearTimeout(timer);
  }, [drawn, total]);

  const selected: unknown[] = Array.isArray(value) ? value : [];
  const min = numberKeyword(schema, 'minItems');
  const max = numberKeyword(schema, 'maxItems');
  const atMax = max !== undefined && selected.length >= max;
  const locked = Boolean(disabled || readonly);
  const invalid = hasErrors(rawErrors);
  const hint = labels.itemsHint(min, max);
  const showFilter = enumOptions.length > FILTER_THRESHOLD;
  const listId = `${id}__options`;
  // Counted over every option, drawn or not, so "no matches" is never shown early.
  const visible = needle === '' ? total : searchable.reduce((count, text) => (text.includes(needle) ? count + 1 : count), 0);

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

  // Option index of each value, to place the ticks in their blocks.
  const indexOf = useMemo(() => new Map<unknown, number>(enumOptions.map((option, index) => [option.value, index])), [enumOptions]);
  const checkedByBlock: number[][] = [];
  for (const item of selected) {
    const index = indexOf.get(item);
    if (index !== undefined) (checkedByBlock[Math.floor(index / BLOCK_ROWS)] ??= []).push(index);
  }
  const blocks = [];
  for (let start = 0; start < total; start += BLOCK_ROWS) {
    if (start >= drawn && needle === '') break;
    blocks.push(
      <OptionBlock
        key={start}
        id={id}
        name={htmlName ?? id}
        options={enumOptions}
        start={start}
        end={Math.min(total, start + BLOCK_ROWS)}
        drawnEnd={Math.min(Math.max(drawn, start), Math.min(total, start + BLOCK_ROWS))}
        checkedKey={(checkedByBlock[start / BLOCK_ROWS] ?? []).sort((a, b) => a - b).join(',')}
        needle={needle}
        searchable={searchable}
        locked={locked}
        atMax={atMax}
        invalid={invalid}
        autoFocus={Boolean(autofocus)}
        onToggle={onToggle}
        onFocusChange={onFocusChange}
      />,
    );
  }

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
        {blocks}
      </div>
      {showFilter && visible === 0 && <p className="mek-hint">{labels.filterNoMatches}</p>}
      <p className="mek-count" role="status">
        {labels.selectedCount(selected.length, max)}
      </p>
    </fieldset>
  );
}
