/**
 * `ComboboxWidget`: the single select of many options, as the WAI-ARIA APG's editable combobox with list
 * autocomplete. The text box keeps the focus and points at the active option (`aria-activedescendant`); the
 * popup draws only the rows in view at one fixed height, and nothing while closed, so 100,000 options
 * open at once. Typing filters the titles (case and accents ignored); values stay core's.
 */
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type UIEvent } from 'react';

import './combobox.css';
import type * as Parts from './parts.js';
import type { KitWidgetProps } from './parts.js';
import type * as ServerTextParts from '../../shared/server-text.js';

/**
 * What the combobox uses of `parts.js`, handed in by the select that loads it instead of imported: a
 * module this chunk shared with the entry would be split into a third chunk of its own, and a host's
 * first load would pay for the split.
 */
export type ComboboxParts = Pick<
  typeof Parts,
  | 'describedBy'
  | 'Description'
  | 'descriptionOf'
  | 'hasErrors'
  | 'labelId'
  | 'readLabels'
  | 'RequiredMark'
  | 'rjsfRegistry'
  | 'useSameOptions'
  | 'useRowMetrics'
  | 'formOf'
> &
  Pick<typeof ServerTextParts, 'optionValueNote' | 'serverText' | 'ServerText' | 'useLookalikeOptions'>;

// Until measured (jsdom, a hidden form): the CSS row height 2rem and the popup's `max-height` 18rem at 16px.
const DEFAULT_METRICS: Parts.RowMetrics = { row: 32, view: 288 };
const OVERSCAN = 8;

/** The text a title is matched by: lower case, accents (combining marks after NFD) dropped. */
export function searchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The option indexes the popup shows, ascending: all (`undefined`) or those whose title holds the query. */
type Shown = readonly number[] | undefined;

function at(shown: Shown, position: number): number {
  return shown === undefined ? position : (shown[position] ?? -1);
}

function positionOf(shown: Shown, index: number): number {
  return shown === undefined ? index : shown.indexOf(index);
}

/** What the popup shows: open or not, the typed filter (`null`: none, the chosen title is shown), the active row. */
interface View {
  open: boolean;
  query: string | null;
  /** Position of the active option among the shown ones; -1 for none. */
  active: number;
}

const CLOSED: View = { open: false, query: null, active: -1 };

/** The combobox widget drawn with `parts`. */
export function comboboxWith(parts: ComboboxParts) {
  const {
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
  } = parts;
  /** An editable combobox over `enumOptions`; an optional field with a choice offers a clear button. */
  return function ComboboxWidget(props: KitWidgetProps) {
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
    const lookalike = useLookalikeOptions(enumOptions);
    const invalid = hasErrors(rawErrors);
    const locked = Boolean(disabled || readonly);
    const current: unknown = value;
    const chosen = useMemo(() => enumOptions.findIndex((option) => option.value === current), [enumOptions, current]);
    const chosenTitle = chosen === -1 ? '' : String(enumOptions[chosen]?.label);
    const listId = `${id}__listbox`;
    const optionId = (index: number) => `${id}__option-${index}`;

    const [view, setView] = useState<View>(CLOSED);
    const needle = view.query === null ? '' : searchText(view.query.trim());
    // Built on the first typed filter only: most people scroll or type a few letters once.
    const filtering = needle !== '';
    const haystack = useMemo(
      () => (filtering ? enumOptions.map((option) => searchText(option.label)) : []),
      [enumOptions, filtering],
    );
    const shown = useMemo<Shown>(() => {
      if (needle === '') return undefined;
      const matches: number[] = [];
      haystack.forEach((text, index) => {
        if (text.includes(needle)) matches.push(index);
      });
      return matches;
    }, [haystack, needle]);
    const count = shown === undefined ? enumOptions.length : shown.length;

    const inputRef = useRef<HTMLInputElement>(null);
    const popupRef = useRef<HTMLDivElement>(null);
    const metrics = useRowMetrics(popupRef, '[role="option"]', view.open, DEFAULT_METRICS);
    const [scrollTop, setScrollTop] = useState(0);
    // The offset a key asked for, written once after the render that draws its row. The person's own
    // scrolling is never written back: a state a row behind would snap the list back.
    const scrollRequest = useRef<number | null>(null);
    // The popup last scrolled: each opening draws a new one (its `key`), whose offset is 0.
    const scrolled = useRef<HTMLElement | null>(null);
    useLayoutEffect(() => {
      const popup = popupRef.current;
      const wanted = scrollRequest.current;
      scrollRequest.current = null;
      if (!view.open || !popup || wanted === null) return;
      // Reading or writing an offset lays the page out inside the click: a new popup at 0 needs neither.
      const fresh = scrolled.current !== popup;
      scrolled.current = popup;
      if (fresh ? wanted !== 0 : popup.scrollTop !== wanted) popup.scrollTop = wanted;
    });

    /** The scroll offset that keeps `position` in view, moving as little as possible. */
    const scrolledTo = (position: number, from: number): number => {
      if (position < 0) return from;
      const top = position * metrics.row;
      if (top < from) return top;
      if (top + metrics.row > from + metrics.view) return top + metrics.row - metrics.view;
      return from;
    };

    // The row height the last key's offset was computed with. A first opening computes it from the default
    // rows, before the popup is laid out; once its rows are measured (a host's font or density), the active
    // option is brought into view again with their real height, in the same frame.
    const scrolledWith = useRef<number | null>(null);
    const show = (next: View) => {
      setView(next);
      if (!next.open) return;
      const target = scrolledTo(next.active, view.open ? (popupRef.current?.scrollTop ?? 0) : 0);
      scrollRequest.current = target;
      scrolledWith.current = metrics.row;
      setScrollTop(target);
    };
    useLayoutEffect(() => {
      const was = scrolledWith.current;
      if (!view.open || was === null || was === metrics.row) return;
      scrolledWith.current = metrics.row;
      // Where the last key left the active row, on rows of the measured height.
      const target = scrolledTo(view.active, Math.round((scrollTop / was) * metrics.row));
      if (target === scrollTop) return;
      scrollRequest.current = target;
      setScrollTop(target);
    }, [metrics.row]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new row height moves it

    const openAt = (active: number) => show({ open: true, query: view.query, active });
    const choose = (index: number) => {
      setView(CLOSED);
      if (index >= 0 && index !== chosen) onChange(enumOptions[index]?.value);
    };

    const activeIndex = view.open && view.active >= 0 ? at(shown, view.active) : -1;

    const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
      if (locked || event.nativeEvent.isComposing) return;
      const last = count - 1;
      const chosenPlace = chosen === -1 ? -1 : positionOf(shown, chosen);
      const page = Math.max(1, Math.floor(metrics.view / metrics.row) - 1);
      const move = (position: number) => {
        event.preventDefault();
        show({ ...view, open: true, active: count === 0 ? -1 : Math.min(Math.max(position, 0), last) });
      };
      switch (event.key) {
        case 'ArrowDown':
          // APG: Alt+Down opens without moving; Down from closed lands on the choice (or the first option).
          if (!view.open) {
            event.preventDefault();
            openAt(event.altKey ? -1 : chosenPlace >= 0 ? chosenPlace : count > 0 ? 0 : -1);
          } else move(view.active + 1);
          return;
        case 'ArrowUp':
          if (!view.open) {
            event.preventDefault();
            openAt(event.altKey ? -1 : chosenPlace >= 0 ? chosenPlace : last);
          } else if (event.altKey) {
            event.preventDefault();
            setView({ ...view, open: false });
          } else move(view.active <= 0 ? 0 : view.active - 1);
          return;
        case 'PageDown':
          if (view.open) move(view.active + page);
          return;
        case 'PageUp':
          if (view.open) move(view.active - page);
          return;
        // Open, Home and End reach the ends of the list (a long list's ends matter more than the caret in a
        // few typed letters); closed, they move the caret as in any text box.
        case 'Home':
          if (view.open && !event.shiftKey) move(0);
          return;
        case 'End':
          if (view.open && !event.shiftKey) move(last);
          return;
        case 'Enter':
          // Closed, Enter is the form's (Accept); open, it chooses and never submits.
          if (!view.open) return;
          event.preventDefault();
          if (activeIndex >= 0) choose(activeIndex);
          else setView({ ...view, open: false });
          return;
        case 'Escape':
          // Popup first, typed filter second; only then does the form hear it (Cancel).
          if (view.open) setView({ ...view, open: false, active: -1 });
          else if (view.query !== null) setView(CLOSED);
          else return;
          event.preventDefault();
          return;
        case 'Tab':
          // Leaves without choosing: the typed filter goes, the choice stays.
          setView(CLOSED);
          return;
        default:
          return;
      }
    };

    const onScroll = (event: UIEvent<HTMLDivElement>) => {
      const top = event.currentTarget.scrollTop;
      // Same row as before: no re-render.
      setScrollTop((from) => (Math.floor(from / metrics.row) === Math.floor(top / metrics.row) ? from : top));
    };

    // Drawn rows: those in view and a few either side; the listbox's padding stands in for the rest.
    const first = Math.max(0, Math.floor(scrollTop / metrics.row) - OVERSCAN);
    const end = Math.min(count, Math.ceil((scrollTop + metrics.view) / metrics.row) + OVERSCAN);
    const rows: ReactNode[] = [];
    if (view.open) {
      for (let position = first; position < end; position++) {
        const index = at(shown, position);
        rows.push(
          <div
            key={index}
            id={optionId(index)}
            role="option"
            className="mek-combobox-option"
            aria-selected={index === chosen}
            // Only some rows exist: the position and size tell a screen reader "12 of 5,000".
            aria-posinset={position + 1}
            aria-setsize={count}
            data-active={position === view.active ? '' : undefined}
            // The pointer moves the active row too, so Enter after a hover picks what is highlighted.
            onPointerMove={() => {
              if (view.active !== position) setView({ ...view, active: position });
            }}
            onClick={() => choose(index)}
          >
            {/* The title as the row's own text (no component per row), its value after it when it looks like another. */}
            {serverText(String(enumOptions[index]?.label))}
            {lookalike[index] && ' '}
            {lookalike[index] && optionValueNote(enumOptions[index]?.value, labels)}
          </div>,
        );
      }
    }
    const noMatch = view.open && count === 0;
    // A required field is answered by choosing another option; only an optional one may go back to none.
    const clearable = !required && chosen !== -1 && !locked;

    return (
      <div className="mek-combobox" data-invalid={invalid ? '' : undefined} data-open={view.open ? '' : undefined}>
        <label htmlFor={id} id={labelId(id)} className={hideLabel ? 'mek-label mek-visually-hidden' : 'mek-label'}>
          <ServerText text={label} />
          {required && <RequiredMark labels={labels} />}
        </label>
        <Description id={id} description={descriptionOf(props)} label={label} labels={labels} />
        <div className="mek-combobox-field">
          <input
            ref={inputRef}
            id={id}
            type="text"
            role="combobox"
            form={formOf(registry)}
            className="mek-input mek-combobox-input"
            value={view.query ?? chosenTitle}
            placeholder={labels.choosePlaceholder}
            disabled={disabled}
            readOnly={readonly}
            autoFocus={autofocus}
            autoComplete="off"
            spellCheck={false}
            // rjsf's default theme marks a required control natively; ElicitationForm leaves it to core.
            required={rjsfRegistry(registry) !== undefined && required ? true : undefined}
            aria-autocomplete="list"
            // With no match there is no popup to point at; the status below says why.
            aria-expanded={view.open && !noMatch}
            aria-controls={listId}
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            aria-required={required || undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy(props)}
            data-invalid={invalid ? '' : undefined}
            onChange={(event) => {
              const query = event.target.value;
              // The first match is active, so Enter after a few letters chooses it (as shadcn's Command does).
              show({ open: true, query, active: 0 });
            }}
            onKeyDown={onKeyDown}
            onClick={() => {
              if (locked) return;
              if (view.open) setView({ ...view, open: false });
              else openAt(chosen === -1 ? -1 : positionOf(shown, chosen));
            }}
            onFocus={() => onFocus(id, current)}
            // Focus gone (a click elsewhere, Tab): the popup and the typed letters go, the choice stays.
            onBlur={() => {
              setView(CLOSED);
              onBlur(id, current);
            }}
          />
          {/* A host's rjsf Form submits the option's index, as the native select did. */}
          <input type="hidden" name={htmlName ?? id} form={formOf(registry)} value={chosen === -1 ? '' : chosen} />
          {clearable && (
            <button
              type="button"
              className="mek-combobox-clear"
              aria-label={labels.clearChoice}
              aria-describedby={labelId(id)}
              onClick={() => {
                setView(CLOSED);
                onChange(undefined);
                // The button leaves with the choice: the focus goes back to the box, not to the page's start.
                inputRef.current?.focus();
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
          {/* Lets clicks through to the text box under it, which opens and closes the popup. */}
          <span className="mek-combobox-chevron" aria-hidden="true" />
          {/* The listbox scrolls itself: axe (and a screen reader) know a combobox's popup needs no tab stop. */}
          <div
            // A new element at each opening: Chromium would restore the offset of the last one.
            key={view.open ? 'open' : 'closed'}
            ref={popupRef}
            id={listId}
            role="listbox"
            aria-label={label}
            className="mek-combobox-popup"
            // Kept in the page while closed (empty), so `aria-controls` always names an element.
            hidden={!view.open || noMatch}
            onScroll={onScroll}
            // Keeps the focus in the text box: a click on an option must not blur (and close) it first.
            onMouseDown={(event) => event.preventDefault()}
          >
            <div
              style={
                view.open
                  ? { paddingBlockStart: first * metrics.row, paddingBlockEnd: Math.max(0, count - end) * metrics.row }
                  : undefined
              }
            >
              {rows}
            </div>
          </div>
        </div>
        {/* Present (and empty) from the start, so a screen reader announces the change. */}
        <p className="mek-combobox-status" role="status">
          {noMatch ? labels.filterNoMatches : ''}
        </p>
      </div>
    );
  };
}
