/**
 * `ChoiceList`: the native checkboxes of a multi-select, with a filter box for a long list; past
 * `WINDOW_THRESHOLD` only the rows in view (and the ends and the focused row's neighbours) are drawn,
 * at one fixed height (README). A filterable list shows its ticked options above, as chips that untick them.
 */
import { useLayoutEffect, useMemo, useRef, useState, type ReactElement, type ReactNode, type UIEvent } from 'react';

import type { ElicitationLabels } from '../../shared/labels.js';
import { optionValueNote, serverText, useLookalikeOptions } from '../../shared/server-text.js';
import { useRowMetrics, type EnumOptions, type RowMetrics } from './parts.js';

const FILTER_THRESHOLD = 12;

/** Lists with more options than this draw only the rows in view. */
export const WINDOW_THRESHOLD = 100;

const OVERSCAN = 10;

// Until measured (or where nothing is laid out): the CSS row height 1.75rem and `max-height` 20rem at 16px.
const DEFAULT_METRICS: RowMetrics = { row: 28, view: 320 };

/** What a row is drawn from besides the list's own props, one bit each (`RowCache`). */
const CHECKED = 1;
const DISABLED = 2;
const HIDDEN = 4;
const AUTO_FOCUS = 8;

/** What every row of a list shares. */
interface RowContext {
  name: string;
  form: '' | undefined;
  options: EnumOptions;
  lookalike: readonly boolean[];
  labels: ElicitationLabels;
  invalid: boolean;
  /** In a window, where a long label is cut with an ellipsis. */
  windowed: boolean;
}

/**
 * A row's own `onChange`, which does nothing: React's change event bubbles to the list, whose one handler
 * reads the box. Given so that React sees a controlled checkbox with a handler.
 */
const HANDLED_BY_LIST = (): void => {};

/**
 * One option's row: its native checkbox inside its label, the title the label's own text (with its value
 * after it when the title alone does not tell it apart). Plain elements, no component, and the list's one
 * `onChange`: a plain row is three fibers (label, input, text), as few as its DOM.
 */
function optionRow(index: number, state: number, list: RowContext): ReactElement {
  const option = list.options[index];
  const title = serverText(String(option?.label));
  const note = list.lookalike[index] === true ? optionValueNote(option?.value, list.labels) : undefined;
  const disabled = (state & DISABLED) !== 0;
  // In a window a long label is cut with an ellipsis, so its text is a span of its own.
  const text = list.windowed ? (
    <span className="mek-option-text">
      {title}
      {note && ' '}
      {note}
    </span>
  ) : (
    title
  );
  const after = list.windowed ? undefined : note;
  return (
    // Lean on purpose: false attributes left out, the checked state styled from `:checked`, not copied.
    <label
      key={index}
      className="mek-option"
      hidden={(state & HIDDEN) !== 0 || undefined}
      data-disabled={disabled ? '' : undefined}
    >
      <input
        type="checkbox"
        name={list.name}
        form={list.form}
        value={String(index)}
        checked={(state & CHECKED) !== 0}
        disabled={disabled || undefined}
        autoFocus={(state & AUTO_FOCUS) !== 0 || undefined}
        aria-invalid={list.invalid || undefined}
        onChange={HANDLED_BY_LIST}
      />
      {text}
      {after && ' '}
      {after}
    </label>
  );
}

/** The rows of the last render (by option index) and the state bits each was drawn with, of one `list`. */
interface RowCache {
  list: RowContext;
  last: Rows;
}

interface Rows {
  elements: ReactElement[];
  states: number[];
}

/** What a widget gives its `ChoiceList`. */
export interface ChoiceListProps {
  id: string;
  name: string;
  /** `''` when `ElicitationForm` drew the list: its controls belong to no form (`formOf`). */
  form: '' | undefined;
  label: string;
  labels: ElicitationLabels;
  options: EnumOptions;
  checked: readonly number[];
  locked: boolean;
  full: boolean;
  invalid: boolean;
  autoFocus: boolean;
  onToggle: (index: number, on: boolean) => void;
  onFocusChange: (focused: boolean, index: number) => void;
}

/** The shown options: every option (`undefined`, no filter) or the indexes that match, ascending. */
type Shown = readonly number[] | undefined;

function shownCount(shown: Shown, total: number): number {
  return shown === undefined ? total : shown.length;
}

function indexAt(shown: Shown, position: number): number {
  return shown === undefined ? position : (shown[position] ?? -1);
}

function positionOf(shown: Shown, index: number): number {
  if (shown === undefined) return index;
  let low = 0;
  let high = shown.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = shown[middle] as number;
    if (at === index) return middle;
    if (at < index) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** The filter box (for long lists) and the rows, windowed past `WINDOW_THRESHOLD` options. */
export function ChoiceList(props: ChoiceListProps) {
  const { id, name, form, label, labels, options, checked, locked, full, invalid, autoFocus, onToggle, onFocusChange } =
    props;
  const lookalike = useLookalikeOptions(options);
  // View state only: a hidden option keeps its tick.
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLocaleLowerCase();
  // Built only while a filter is typed: most people never filter a list.
  const filtering = needle !== '';
  const searchable = useMemo(
    () =>
      filtering ? options.map((option) => `${option.label}\u0000${String(option.value)}`.toLocaleLowerCase()) : [],
    [options, filtering],
  );
  const shown = useMemo<Shown>(() => {
    if (needle === '') return undefined;
    const matches: number[] = [];
    searchable.forEach((text, index) => {
      if (text.includes(needle)) matches.push(index);
    });
    return matches;
  }, [searchable, needle]);
  const total = options.length;
  const count = shownCount(shown, total);
  const windowed = total > WINDOW_THRESHOLD;
  const showFilter = total > FILTER_THRESHOLD;
  const listId = `${id}__options`;

  const listRef = useRef<HTMLDivElement>(null);
  const metrics = useRowMetrics(listRef, '.mek-option', windowed, DEFAULT_METRICS);
  // In px, not rows: the row under it is read with the latest row height, also one measured after the scroll.
  const [scrollTop, setScrollTop] = useState(0);
  const [focused, setFocused] = useState(-1);

  // The list's handlers call the latest ones: a row's element stays the same across a tick.
  const latest = useRef({ onToggle, onFocusChange });
  useLayoutEffect(() => {
    latest.current = { onToggle, onFocusChange };
  });

  // One handler for every chip (the option is its value). The focus leaves first, to the next chip, else the
  // previous, else the filter box after the row, so it is never dropped on the page with the removed chip.
  const onChipClick = ({ currentTarget: chip }: { currentTarget: HTMLButtonElement }) => {
    const next = chip.nextElementSibling ?? chip.previousElementSibling ?? chip.parentElement?.nextElementSibling;
    (next as HTMLElement | null | undefined)?.focus();
    latest.current.onToggle(Number(chip.value), false);
  };
  // In option order, whatever order they were ticked or given in.
  const chips = showFilter ? [...checked].sort((a, b) => a - b) : [];

  // The same element while what it shows is the same: React then leaves the box alone on a tick (an input it
  // updates has its type and name set again).
  const filterName = labels.filterLabel(label);
  const filterBox = useMemo(
    () =>
      showFilter && (
        <input
          type="search"
          form={form}
          className="mek-input mek-filter"
          aria-label={filterName}
          // No visible label of its own: the placeholder says what it is for.
          placeholder={filterName}
          aria-controls={listId}
          value={filter}
          disabled={locked}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setFilter(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
            if (event.key === 'Escape' && filter !== '') {
              event.preventDefault();
              event.stopPropagation();
              setFilter('');
            }
          }}
        />
      ),
    [showFilter, form, filterName, listId, filter, locked],
  );

  const drawn = useMemo(() => {
    if (!windowed) return undefined;
    const places = new Set<number>();
    const add = (from: number, to: number) => {
      for (let place = Math.max(0, from); place < Math.min(count, to); place++) places.add(place);
    };
    const inView = Math.ceil(metrics.view / metrics.row);
    const topRow = Math.floor(scrollTop / metrics.row);
    add(topRow - OVERSCAN, topRow + inView + OVERSCAN);
    // Tab and Shift+Tab land on drawn rows: the ends and the focused row's neighbours.
    add(0, 1);
    add(count - 1, count);
    const focusPlace = focused >= 0 ? positionOf(shown, focused) : -1;
    if (focusPlace >= 0) add(focusPlace - 2, focusPlace + 3);
    return [...places].sort((a, b) => a - b);
  }, [windowed, count, metrics, scrollTop, shown, focused]);

  // A row's element is kept from the last render while what it is drawn from stays the same, so React skips
  // it, as `memo` would, without a component per row. Only the last render's rows are kept (a window's, not
  // every row ever scrolled past). Replaced during render: an entry depends only on its inputs, so a render
  // React drops leaves only correct entries behind.
  const cache = useMemo<RowCache>(
    () => ({ list: { name, form, options, lookalike, labels, invalid, windowed }, last: { elements: [], states: [] } }),
    [name, form, options, lookalike, labels, invalid, windowed],
  );
  const last = cache.last;
  const drawnRows: Rows = { elements: [], states: [] };
  const checkedSet = new Set(checked);
  const row = (index: number, hidden: boolean) => {
    const isChecked = checkedSet.has(index);
    const state =
      (isChecked ? CHECKED : 0) |
      (locked || (full && !isChecked) ? DISABLED : 0) |
      (hidden ? HIDDEN : 0) |
      (autoFocus && index === 0 ? AUTO_FOCUS : 0);
    const kept = last.elements[index];
    const element = kept !== undefined && last.states[index] === state ? kept : optionRow(index, state, cache.list);
    drawnRows.elements[index] = element;
    drawnRows.states[index] = state;
    return element;
  };

  const rows: ReactNode[] = [];
  if (drawn === undefined) {
    const hiddenSet = shown === undefined ? undefined : new Set(shown);
    for (let index = 0; index < total; index++) rows.push(row(index, hiddenSet !== undefined && !hiddenSet.has(index)));
  } else {
    let next = 0;
    const gap = (rowsSkipped: number) => {
      if (rowsSkipped > 0)
        rows.push(
          <div key={`gap-${next}`} className="mek-options-gap" style={{ height: rowsSkipped * metrics.row }} />,
        );
    };
    for (const place of drawn) {
      gap(place - next);
      rows.push(row(indexAt(shown, place), false));
      next = place + 1;
    }
    gap(count - next);
  }
  // eslint-disable-next-line react-hooks/immutability -- replaced during render on purpose, see above
  cache.last = drawnRows;

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop;
    // Same row as before: React bails out of the update.
    setScrollTop((from) => (Math.floor(from / metrics.row) === Math.floor(top / metrics.row) ? from : top));
  };

  return (
    <>
      {chips.length > 0 && (
        <div className="mek-chips">
          {chips.map((index) => {
            const optionLabel = String(options[index]?.label);
            return (
              <button
                key={index}
                type="button"
                className="mek-chip"
                value={index}
                disabled={locked}
                aria-label={labels.removeChoice(optionLabel)}
                onClick={onChipClick}
              >
                {optionLabel}
              </button>
            );
          })}
        </div>
      )}
      {filterBox}
      {/* Focus and change events bubble in React: one handler each for the whole list, none per row. */}
      <div
        id={listId}
        ref={listRef}
        className={windowed ? 'mek-options mek-options-window' : 'mek-options'}
        // A locked list has no enabled control, yet may scroll: it takes the focus itself so a keyboard can scroll it.
        tabIndex={locked ? 0 : undefined}
        onFocus={(event) => {
          const at = Number((event.target as HTMLInputElement).value);
          if (windowed) setFocused(at);
          latest.current.onFocusChange(true, at);
        }}
        onBlur={(event) => latest.current.onFocusChange(false, Number((event.target as HTMLInputElement).value))}
        onChange={(event) => {
          const box = event.target as HTMLInputElement;
          latest.current.onToggle(Number(box.value), box.checked);
        }}
        onScroll={windowed ? onScroll : undefined}
      >
        {rows}
      </div>
      {showFilter && count === 0 && <p className="mek-hint">{labels.filterNoMatches}</p>}
    </>
  );
}
