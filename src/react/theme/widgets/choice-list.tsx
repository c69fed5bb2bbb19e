/**
 * `ChoiceList`: the native checkboxes of a multi-select, with a filter box for a long list; past
 * `WINDOW_THRESHOLD` only the rows in view (and the ends and the focused row's neighbours) are drawn,
 * at one fixed height (README). A filterable list shows its ticked options above, as chips that untick them.
 */
import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type UIEvent,
} from 'react';

import type { ElicitationLabels } from '../../shared/labels.js';
import { OptionText, useLookalikeOptions } from '../../shared/server-text.js';
import type { EnumOptions } from './parts.js';

const FILTER_THRESHOLD = 12;

/** Lists with more options than this draw only the rows in view. */
export const WINDOW_THRESHOLD = 100;

const OVERSCAN = 10;

// Until measured (or where nothing is laid out): the CSS row height 1.75rem and `max-height` 20rem at 16px.
const DEFAULT_ROW_PX = 28;
const DEFAULT_VIEW_PX = 320;

interface OptionRowProps {
  name: string;
  form: '' | undefined;
  index: number;
  label: string;
  /** The option's value, shown after the title when `lookalike`. */
  value: unknown;
  lookalike: boolean | undefined;
  labels: ElicitationLabels;
  checked: boolean;
  disabled: boolean;
  hidden: boolean;
  invalid: boolean;
  autoFocus: boolean;
  /** In a window, where a long label is cut with an ellipsis. */
  position: [number, number] | undefined;
  onToggle: (index: number, on: boolean) => void;
}

const OptionRow = memo(function OptionRow({
  name,
  form,
  index,
  label,
  value,
  lookalike,
  labels,
  checked,
  disabled,
  hidden,
  invalid,
  autoFocus,
  position,
  onToggle,
}: OptionRowProps) {
  return (
    // Lean on purpose: false attributes left out, the checked state styled from `:checked`, not copied.
    <label className="mek-option" hidden={hidden || undefined} data-disabled={disabled ? '' : undefined}>
      <input
        type="checkbox"
        name={name}
        form={form}
        value={String(index)}
        checked={checked}
        disabled={disabled || undefined}
        autoFocus={autoFocus || undefined}
        aria-invalid={invalid || undefined}
        onChange={(event) => onToggle(index, event.target.checked)}
      />
      {/* A span of its own in a window, where a long label is cut with an ellipsis. */}
      {position ? (
        <span className="mek-option-text">
          <OptionText label={label} value={value} lookalike={lookalike} labels={labels} />
        </span>
      ) : (
        <OptionText label={label} value={value} lookalike={lookalike} labels={labels} />
      )}
    </label>
  );
});

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
  const [metrics, setMetrics] = useState({ row: DEFAULT_ROW_PX, view: DEFAULT_VIEW_PX });
  const [topRow, setTopRow] = useState(0);
  const [focused, setFocused] = useState(-1);
  // After every render: the sizes come from layout, not from props; the guard below ends the loop.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!windowed || !list) return;
    const row = list.querySelector<HTMLElement>('.mek-option')?.offsetHeight ?? 0;
    const view = list.clientHeight;
    // Nothing is laid out in jsdom or a hidden form.
    if (row > 0 && view > 0 && (row !== metrics.row || view !== metrics.view)) setMetrics({ row, view });
  });

  // Rows get stable callbacks that call the latest handlers, so a tick re-renders only the rows it changes.
  const latest = useRef({ onToggle, onFocusChange });
  useLayoutEffect(() => {
    latest.current = { onToggle, onFocusChange };
  });
  const toggle = useCallback((index: number, on: boolean) => latest.current.onToggle(index, on), []);

  // One handler for every chip (the option is its value). The focus leaves first, to the next chip, else the
  // previous, else the filter box after the row, so it is never dropped on the page with the removed chip.
  const onChipClick = ({ currentTarget: chip }: { currentTarget: HTMLButtonElement }) => {
    const next = chip.nextElementSibling ?? chip.previousElementSibling ?? chip.parentElement?.nextElementSibling;
    (next as HTMLElement | null | undefined)?.focus();
    latest.current.onToggle(Number(chip.value), false);
  };
  // In option order, whatever order they were ticked or given in.
  const chips = showFilter ? [...checked].sort((a, b) => a - b) : [];

  const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
    if (event.key === 'Escape' && filter !== '') {
      event.preventDefault();
      event.stopPropagation();
      setFilter('');
    }
  };

  const drawn = useMemo(() => {
    if (!windowed) return undefined;
    const places = new Set<number>();
    const add = (from: number, to: number) => {
      for (let place = Math.max(0, from); place < Math.min(count, to); place++) places.add(place);
    };
    const inView = Math.ceil(metrics.view / metrics.row);
    add(topRow - OVERSCAN, topRow + inView + OVERSCAN);
    // Tab and Shift+Tab land on drawn rows: the ends and the focused row's neighbours.
    add(0, 1);
    add(count - 1, count);
    const focusPlace = focused >= 0 ? positionOf(shown, focused) : -1;
    if (focusPlace >= 0) add(focusPlace - 2, focusPlace + 3);
    return [...places].sort((a, b) => a - b);
  }, [windowed, count, metrics, topRow, shown, focused]);

  const checkedSet = new Set(checked);
  const row = (index: number, hidden: boolean, position: [number, number] | undefined) => {
    const isChecked = checkedSet.has(index);
    return (
      <OptionRow
        key={index}
        name={name}
        form={form}
        index={index}
        label={String(options[index]?.label)}
        value={options[index]?.value as unknown}
        lookalike={lookalike[index]}
        labels={labels}
        checked={isChecked}
        disabled={locked || (full && !isChecked)}
        hidden={hidden}
        invalid={invalid}
        autoFocus={autoFocus && index === 0}
        position={position}
        onToggle={toggle}
      />
    );
  };

  const rows: ReactNode[] = [];
  if (drawn === undefined) {
    const hiddenSet = shown === undefined ? undefined : new Set(shown);
    for (let index = 0; index < total; index++)
      rows.push(row(index, hiddenSet !== undefined && !hiddenSet.has(index), undefined));
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
      rows.push(row(indexAt(shown, place), false, [place + 1, count]));
      next = place + 1;
    }
    gap(count - next);
  }

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    // Same row as before: React bails out of the update.
    setTopRow(Math.floor(event.currentTarget.scrollTop / metrics.row));
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
      {showFilter && (
        <input
          type="search"
          form={form}
          className="mek-input mek-filter"
          aria-label={labels.filterLabel(label)}
          // No visible label of its own: the placeholder says what it is for.
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
      {/* Focus events bubble in React: one pair for the whole list instead of one per row. */}
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
        onScroll={windowed ? onScroll : undefined}
      >
        {rows}
      </div>
      {showFilter && count === 0 && <p className="mek-hint">{labels.filterNoMatches}</p>}
    </>
  );
}
