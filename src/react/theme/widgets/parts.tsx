/**
 * Pieces every kit widget shares: labels, the ids that tie a control to its description, hint and error,
 * and the elements that show them. The ids are rjsf's own, so templates and widgets agree without talking;
 * a widget lists an id in `aria-describedby` only when its props say the element exists.
 */
import { descriptionId, errorId, helpId, isObject, type Registry, type WidgetProps } from '@rjsf/utils';
import { useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';

import { mergeLabels, type ElicitationLabels } from '../../shared/labels.js';
import { HiddenTextNote, ServerText } from '../../shared/server-text.js';

/** What the kit reads from rjsf's `formContext`. A host running its own rjsf `Form` may set it too. */
export interface KitFormContext {
  /** Labels laid over `defaultLabels`. */
  labels?: Partial<ElicitationLabels>;
}

/**
 * What a kit widget reads of rjsf's `WidgetProps`. `ElicitationForm` draws the same widgets with exactly
 * these props and no rjsf `Form`, so a replacement widget must not need more.
 */
export type KitWidgetProps = Pick<WidgetProps, 'id' | 'label' | 'onChange' | 'onBlur' | 'onFocus' | 'schema'> & {
  /** What the field holds. rjsf types it `any`; a widget narrows it before use. */
  value: unknown;
  hideLabel?: boolean | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  readonly?: boolean | undefined;
  autofocus?: boolean | undefined;
  multiple?: boolean | undefined;
  rawErrors?: string[] | undefined;
  htmlName?: string | undefined;
  /** `ui:placeholder` (a host's rjsf `Form`). */
  placeholder?: string | undefined;
  /** The select's `enumOptions`, and in a host's rjsf `Form` the field's `ui:` options. */
  options: {
    enumOptions?: EnumOptions | undefined;
    emptyValue?: unknown;
    description?: unknown;
    help?: unknown;
    autocomplete?: unknown;
    autocapitalize?: unknown;
    allowClearTextInputs?: unknown;
  };
  /** `formContext` (for `labels`); in a host's rjsf `Form`, rjsf's whole registry. */
  registry: { formContext?: unknown } & Partial<Pick<Registry, 'templates' | 'schemaUtils' | 'translateString'>>;
};

/** rjsf's registry when rjsf's `Form` drew the widget; `undefined` when `ElicitationForm` did. */
export function rjsfRegistry(registry: KitWidgetProps['registry']): Registry | undefined {
  return registry.templates !== undefined && registry.schemaUtils !== undefined ? (registry as Registry) : undefined;
}

/**
 * `form=""` for a control `ElicitationForm` drew: it belongs to no form, so a host's `<form>` around
 * the kit never submits the person's unsent answer (a host's rjsf `Form` keeps its controls).
 */
export function formOf(registry: KitWidgetProps['registry']): '' | undefined {
  return rjsfRegistry(registry) === undefined ? '' : undefined;
}

/** `ui:description` over `schema.description`, else (as rjsf's default theme) the chosen option's. */
export function descriptionOf(widget: Pick<KitWidgetProps, 'options' | 'schema' | 'value' | 'multiple'>): unknown {
  const { options, schema, value, multiple } = widget;
  return (
    options.description ||
    schema.description ||
    // Nothing chosen, or a list chosen: no option to look for among (maybe 100,000) options.
    (!multiple &&
      value !== undefined &&
      !Array.isArray(value) &&
      options.enumOptions?.find((option) => option.value === value)?.schema?.description)
  );
}

// Widgets read labels on every render: merge each given object once.
const mergedLabels = new WeakMap<object, ElicitationLabels>();
const DEFAULT_LABELS = mergeLabels(undefined);

/** The labels for a widget: `formContext.labels` over the defaults. */
export function readLabels(registry: { formContext?: unknown }): ElicitationLabels {
  const context: unknown = registry.formContext;
  if (!isObject(context) || !isObject(context.labels)) return DEFAULT_LABELS;
  const given = context.labels;
  let merged = mergedLabels.get(given);
  if (merged === undefined) {
    merged = mergeLabels(given);
    mergedLabels.set(given, merged);
  }
  return merged;
}

/** The id of a widget's hint line. */
export function hintId(id: string): string {
  return `${id}__hint`;
}

/** The id of a group's visible label (radio group title). */
export function labelId(id: string): string {
  return `${id}__label`;
}

/** `true` when rjsf handed the widget at least one error. */
export function hasErrors(rawErrors: string[] | undefined): boolean {
  return rawErrors !== undefined && rawErrors.length > 0;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** The ids that describe a widget's control: its error first, as it matters most, then description, hint, help. */
export function describedBy(widget: KitWidgetProps, hint?: string): string | undefined {
  const { id, rawErrors, options } = widget;
  const ids: string[] = [];
  if (hasErrors(rawErrors)) ids.push(errorId(id));
  if (isText(descriptionOf(widget))) ids.push(descriptionId(id));
  if (isText(hint)) ids.push(hintId(id));
  if (isText(options.help)) ids.push(helpId(id));
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The visible required mark. Hidden from assistive technology, which hears `aria-required` instead. */
export function RequiredMark({ labels }: { labels: ElicitationLabels }) {
  return (
    <span className="mek-required-mark" aria-hidden="true">
      {' '}
      {labels.requiredMark}
    </span>
  );
}

/** A field's visible name with the required mark; `as="span"` (id `labelId(id)`) names a radio group. */
export function FieldLabel({
  as,
  id,
  label,
  hideLabel,
  required,
  labels,
}: {
  as: 'label' | 'legend' | 'span';
  id: string;
  label: string;
  hideLabel: boolean | undefined;
  required: boolean | undefined;
  labels: ElicitationLabels;
}) {
  const className = hideLabel ? 'mek-label mek-visually-hidden' : 'mek-label';
  const content = (
    <>
      <ServerText text={label} />
      {required && <RequiredMark labels={labels} />}
    </>
  );
  if (as === 'label') {
    return (
      <label htmlFor={id} className={className}>
        {content}
      </label>
    );
  }
  if (as === 'legend') return <legend className={className}>{content}</legend>;
  return (
    <span id={labelId(id)} className={className}>
      {content}
    </span>
  );
}

/**
 * "Clear choice" for an optional single select (a radio cannot be unticked); the button leaves with the
 * choice, so the focus moves into the group. After React's commit: Chromium, when React re-applies the
 * focused radio's `name`, keeps the old choice checked for Tab.
 */
export function useClearChoice(onChange: (value: unknown) => void, focusInGroup: () => void): () => void {
  const pending = useRef(false);
  useLayoutEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    focusInGroup();
  });
  return () => {
    pending.current = true;
    onChange(undefined);
  };
}

/** The "Clear choice" button of a group named by `labelId(id)`. */
export function ClearChoiceButton({
  id,
  labels,
  onClear,
}: {
  id: string;
  labels: ElicitationLabels;
  onClear: () => void;
}) {
  return (
    <button type="button" className="mek-button mek-button-quiet" aria-describedby={labelId(id)} onClick={onClear}>
      {labels.clearChoice}
    </button>
  );
}

/**
 * A field's description as plain text, its hidden characters written out; with `labels`, a note when the
 * title (`label`) or description holds any. Nothing when there is neither.
 */
export function Description({
  id,
  description,
  label,
  labels,
}: {
  id: string;
  description: unknown;
  label?: string;
  labels?: ElicitationLabels;
}) {
  const text = typeof description === 'string' && description !== '' ? description : undefined;
  return (
    <>
      {text !== undefined && (
        <p id={descriptionId(id)} className="mek-description">
          <ServerText text={text} />
        </p>
      )}
      {labels && <HiddenTextNote texts={[label, text]} labels={labels} />}
    </>
  );
}

/** A hint line under a control; nothing when `hint` is empty. */
export function Hint({ id, hint, children }: { id: string; hint: string | undefined; children?: ReactNode }) {
  if (hint === undefined || hint === '') return null;
  return (
    <p id={hintId(id)} className="mek-hint">
      {hint}
      {children}
    </p>
  );
}

/** A finite number keyword of the widget's schema. */
export function numberKeyword(schema: object, keyword: string): number | undefined {
  const value: unknown = (schema as Record<string, unknown>)[keyword];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** rjsf's option list for a widget. */
export type EnumOptions = NonNullable<WidgetProps['options']['enumOptions']>;
const NO_OPTIONS: EnumOptions = [];

/**
 * The previous `enumOptions` while values and labels are the same: rjsf builds the array anew on every
 * render, which would rebuild the filter index and every row's props on each tick.
 */
export function useSameOptions(given: EnumOptions | undefined): EnumOptions {
  const next = given ?? NO_OPTIONS;
  // Read and replaced during render on purpose: it only holds a list equal to `given`, so a dropped or
  // repeated render gives the same answer; an effect would lag a render and redraw every row once more.
  /* eslint-disable react-hooks/refs -- see above */
  const kept = useRef(next);
  const previous = kept.current;
  const same =
    previous === next ||
    (previous.length === next.length &&
      next.every(
        (option, index) => option.value === previous[index]?.value && option.label === previous[index]?.label,
      ));
  if (!same) kept.current = next;
  return same ? previous : next;
  /* eslint-enable react-hooks/refs */
}

/** A windowed list's row height and the height of its scrolling box, in px. */
export interface RowMetrics {
  row: number;
  view: number;
}

/**
 * The row and view heights of the scrolling box `list` while `active`, as laid out (a host's font or
 * density): read when a `ResizeObserver` reports the box, after the browser's own layout, so no commit forces a
 * layout (reading them in a layout effect laid out the page inside every tick and every opening). `initial`
 * stands until then, and where nothing is laid out (jsdom).
 */
export function useRowMetrics(
  list: RefObject<HTMLElement | null>,
  row: string,
  active: boolean,
  initial: RowMetrics,
): RowMetrics {
  // A store of its own: React draws a store's change at once, so a new height is drawn before the frame is painted.
  const [store] = useState(() => {
    let value = initial;
    const listeners = new Set<() => void>();
    return {
      get: () => value,
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      set: (next: RowMetrics) => {
        value = next;
        listeners.forEach((listener) => listener());
      },
    };
  });
  const metrics = useSyncExternalStore(store.subscribe, store.get, store.get);
  useLayoutEffect(() => {
    const box = list.current;
    if (!active || !box || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      const height = box.querySelector<HTMLElement>(row)?.offsetHeight ?? 0;
      const view = box.clientHeight;
      const from = store.get();
      if (height > 0 && view > 0 && (height !== from.row || view !== from.view)) store.set({ row: height, view });
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [list, row, active, store]);
  return metrics;
}
