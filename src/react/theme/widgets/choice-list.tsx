/**
 * `ChoiceList`: the rows of a long option list, as native checkboxes (a multi-select) or native
 * radios (a single select with many options), with a filter box. Internal to the kit widgets.
 *
 * - Lists with more than `FILTER_THRESHOLD` options get a filter box. Filtering only hides rows:
 *   a hidden option keeps its tick. Escape in a non-empty filter clears it (and does not cancel
 *   the form); Enter there does not submit.
 * - Very long lists are drawn progressively: the first `FIRST_ROWS` rows with the form, the rest in
 *   small chunks of `CHUNK_ROWS`, one task each, so mounting 5,000 options costs what 100 cost and a
 *   click or a key press waits for one small chunk at most. (Not transitions: a person typing in the
 *   filter would restart an interrupted transition at every key and starve it.) A filter finds
 *   options not drawn yet: matching rows are drawn at once. Every option still becomes a real,
 *   native control in the DOM (keyboard, screen readers, find-in-page and the filter work as for a
 *   short list); in such a long list, rows the list box does not show skip layout and paint
 *   (`content-visibility`).
 *   A window that unmounts off-screen rows was rejected: Tab, a screen reader's virtual cursor and
 *   find-in-page would not reach unmounted options, and the group would lie about its size.
 * - Rows sit in blocks of about the square root of the list's length (`blockRows`); a tick
 *   re-renders the block it falls in, and each row is memoised, so a change compares about 2·√n
 *   rows and blocks instead of n rows: 14 for 50 options, 140 for 5,000.
 * - Radios get no shared `name`: React answers a change of a named radio by re-reading every radio
 *   of that name (20 ms per click at 5,000 options, seconds at 100,000). The group behaviour a
 *   name gives is the list's own instead: one tab stop (the chosen radio, else the first shown
 *   one; the others `tabIndex=-1`), arrow keys move to the next or previous shown radio and choose
 *   it, Home and End to the first and last, as in a native radio group; Space chooses.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';

import type { ElicitationLabels } from '../../shared/labels.js';
import type { EnumOptions } from './parts.js';

/** Lists with more options than this get a filter box. */
const FILTER_THRESHOLD = 12;

/**
 * Rows drawn with the form; a longer list draws the rest progressively, and its rows outside the
 * list box skip layout and paint. More than the list box shows.
 */
const FIRST_ROWS = 100;

/** Rows added per background task of a long list (a few milliseconds of work each). */
const CHUNK_ROWS = 250;

/**
 * Rows per block for a list of `total` options: about √total (at least 8), so the blocks a change
 * compares and the rows of the one block it re-renders are about equally many.
 */
function blockRows(total: number): number {
  return Math.max(8, Math.ceil(Math.sqrt(total)));
}

/** What one option row shows; rows re-render only when these change, which keeps thousands of options quick. */
interface OptionRowProps {
  name: string;
  type: 'checkbox' | 'radio';
  index: number;
  label: string;
  checked: boolean;
  disabled: boolean;
  hidden: boolean;
  invalid: boolean;
  autoFocus: boolean;
  /** A radio: whether it is the list's one tab stop. */
  tabStop: boolean;
  onToggle: (index: number, on: boolean) => void;
}

const OptionRow = memo(function OptionRow({
  name,
  type,
  index,
  label,
  checked,
  disabled,
  hidden,
  invalid,
  autoFocus,
  tabStop,
  onToggle,
}: OptionRowProps) {
  const radio = type === 'radio';
  return (
    // Lean on purpose, as a long list has thousands of these: the text sits in the label itself,
    // the control is styled as `.mek-option > input`, attributes that are false are left out, and
    // the checked state is the control's own (`:checked`, `.mek-option:has(:checked)`), not copied.
    <label className="mek-option" hidden={hidden || undefined} data-disabled={disabled ? '' : undefined}>
      <input
        type={type}
        name={radio ? undefined : name}
        tabIndex={radio ? (tabStop ? 0 : -1) : undefined}
        value={String(index)}
        checked={checked}
        disabled={disabled || undefined}
        autoFocus={autoFocus || undefined}
        aria-invalid={invalid || undefined}
        onChange={(event) => onToggle(index, event.target.checked)}
      />
      {label}
    </label>
  );
});

/** What one block of rows needs; it re-renders only when one of these changes. */
interface OptionBlockProps extends Pick<OptionRowProps, 'name' | 'type' | 'invalid' | 'autoFocus' | 'onToggle'> {
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
  /** Unticked rows are disabled (a multi-select at its `maxItems`). */
  full: boolean;
  /** The option index of the list's tab stop when it is in this block (radios), else -1. */
  tabStop: number;
}

const OptionBlock = memo(function OptionBlock(props: OptionBlockProps) {
  const {
    name,
    type,
    options,
    start,
    end,
    drawnEnd,
    checkedKey,
    needle,
    searchable,
    locked,
    full,
    invalid,
    autoFocus,
    tabStop,
    onToggle,
  } = props;
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
        name={name}
        type={type}
        index={index}
        label={String(options[index]?.label)}
        checked={checked}
        disabled={locked || (full && !checked)}
        hidden={hidden}
        invalid={invalid}
        autoFocus={autoFocus && index === 0}
        tabStop={index === tabStop}
        onToggle={onToggle}
      />,
    );
  }
  return <>{rows}</>;
});

/** What a widget gives its list. */
export interface ChoiceListProps {
  /** The widget's id: the rows' container is `<id>__options`. */
  id: string;
  name: string;
  type: 'checkbox' | 'radio';
  /** The group's visible label text, for the filter box's name. */
  label: string;
  labels: ElicitationLabels;
  options: EnumOptions;
  /** The chosen option indexes (any order). */
  checked: readonly number[];
  locked: boolean;
  full: boolean;
  invalid: boolean;
  autoFocus: boolean;
  onToggle: (index: number, on: boolean) => void;
  onFocusChange: (focused: boolean) => void;
  /** Attributes of the rows' container (a radio list makes it the `radiogroup`). */
  group?: {
    role: 'radiogroup';
    'aria-labelledby': string;
    'aria-describedby': string | undefined;
    'aria-required': true | undefined;
    'aria-invalid': true | undefined;
  };
}

/** The filter box (for long lists) and the rows, blocked and drawn progressively. */
export function ChoiceList(props: ChoiceListProps) {
  const {
    id,
    name,
    type,
    label,
    labels,
    options,
    checked,
    locked,
    full,
    invalid,
    autoFocus,
    onToggle,
    onFocusChange,
    group,
  } = props;
  // The filter text is view state only: what is chosen lives with the field.
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLocaleLowerCase();
  // Built only while a filter is typed: most people never filter a list.
  const filtering = needle !== '';
  const searchable = useMemo(
    () =>
      filtering ? options.map((option) => `${option.label}\u0000${String(option.value)}`.toLocaleLowerCase()) : [],
    [options, filtering],
  );
  const total = options.length;
  // How many rows are in the DOM: long lists grow a chunk per task until every option is drawn.
  const [drawn, setDrawn] = useState(() => Math.min(total, FIRST_ROWS));
  useEffect(() => {
    if (drawn >= total) return undefined;
    const timer = setTimeout(() => setDrawn((count) => Math.min(total, count + CHUNK_ROWS)), 0);
    return () => clearTimeout(timer);
  }, [drawn, total]);

  const showFilter = total > FILTER_THRESHOLD;
  const listId = `${id}__options`;
  // Counted over every option, drawn or not, so "no matches" is never shown early.
  const visible =
    needle === '' ? total : searchable.reduce((count, text) => (text.includes(needle) ? count + 1 : count), 0);

  // Rows get stable callbacks that call the latest handlers, so a tick re-renders only the rows it changes.
  const latest = useRef({ onToggle, onFocusChange });
  useLayoutEffect(() => {
    latest.current = { onToggle, onFocusChange };
  });
  const toggle = useCallback((index: number, on: boolean) => latest.current.onToggle(index, on), []);

  const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
    if (event.key === 'Escape' && filter !== '') {
      event.preventDefault();
      event.stopPropagation();
      setFilter('');
    }
  };

  // Radios: the one tab stop is the chosen option when it is shown, else the first shown option.
  const shown = (index: number) => needle === '' || searchable[index]?.includes(needle) === true;
  const chosen = checked[0];
  const tabStop =
    type !== 'radio'
      ? -1
      : chosen !== undefined && shown(chosen)
        ? chosen
        : needle === ''
          ? 0
          : searchable.findIndex((text) => text.includes(needle));

  /** Arrow keys, Home and End among the shown radios: focus the next one and choose it. */
  const onRadioKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'radio') return;
    const row = input.closest('label');
    const step = {
      ArrowDown: 'next',
      ArrowRight: 'next',
      ArrowUp: 'previous',
      ArrowLeft: 'previous',
      Home: 'first',
      End: 'last',
    }[event.key];
    if (!row || step === undefined) return;
    let target: Element | null;
    if (step === 'first') target = event.currentTarget.firstElementChild;
    else if (step === 'last') target = event.currentTarget.lastElementChild;
    else target = step === 'next' ? row.nextElementSibling : row.previousElementSibling;
    const forward = step === 'next' || step === 'first';
    while (target instanceof HTMLElement && (target.hidden || target.querySelector('input')?.disabled !== false)) {
      target = forward ? target.nextElementSibling : target.previousElementSibling;
    }
    const next = target?.querySelector('input');
    event.preventDefault();
    if (!next) return;
    next.focus();
    latest.current.onToggle(Number(next.value), true);
  };

  const size = blockRows(total);
  const checkedByBlock: number[][] = [];
  for (const index of checked) (checkedByBlock[Math.floor(index / size)] ??= []).push(index);
  const blocks = [];
  for (let start = 0; start < total; start += size) {
    if (start >= drawn && needle === '') break;
    blocks.push(
      <OptionBlock
        key={start}
        name={name}
        type={type}
        options={options}
        start={start}
        end={Math.min(total, start + size)}
        drawnEnd={Math.min(Math.max(drawn, start), Math.min(total, start + size))}
        checkedKey={(checkedByBlock[start / size] ?? []).sort((a, b) => a - b).join(',')}
        needle={needle}
        searchable={searchable}
        locked={locked}
        full={full}
        invalid={invalid}
        autoFocus={autoFocus}
        tabStop={tabStop >= start && tabStop < start + size ? tabStop : -1}
        onToggle={toggle}
      />,
    );
  }

  return (
    <>
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
      {/* Focus events bubble in React: one pair for the whole list instead of one per row. */}
      <div
        id={listId}
        // Rows outside the list box skip layout and paint only in a long list (CSS: `.mek-options-long`):
        // in a short one Chromium's tracking of what is on screen costs more than it saves (0.2 ms on
        // the first tick after a 50-option list is drawn, in some runs).
        className={total > FIRST_ROWS ? 'mek-options mek-options-long' : 'mek-options'}
        {...group}
        onFocus={() => latest.current.onFocusChange(true)}
        onBlur={() => latest.current.onFocusChange(false)}
        onKeyDown={type === 'radio' ? onRadioKeyDown : undefined}
      >
        {blocks}
      </div>
      {showFilter && visible === 0 && <p className="mek-hint">{labels.filterNoMatches}</p>}
    </>
  );
}
