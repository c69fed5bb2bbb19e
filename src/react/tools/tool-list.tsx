/**
 * The tool form's lists and tuples: add / remove / move buttons named after their list and position,
 * the focus following a moved or removed item, and tuples drawn position by position.
 */
import { getDefaultRegistry } from '@rjsf/core';
import {
  descriptionId,
  errorId,
  getUiOptions,
  titleId,
  toFieldPathId,
  type ArrayFieldItemButtonsTemplateProps,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type ErrorSchema,
  type FieldPathId,
  type FieldPathList,
  type FieldProps,
  type RJSFSchema,
} from '@rjsf/utils';
import { createContext, useContext, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { ToolFormData } from '../../tools/rjsf/index.js';
import { tupleItemSchema, tupleShape, type TupleShape } from '../../tools/rjsf/index.js';

import {
  type ToolFormContext,
  toolLabels,
  Required,
  GroupErrors,
  hasText,
  groupDescribedBy,
} from './tool-theme-parts.js';

/** The label of the list an item belongs to, for its buttons' names. */
export const ListLabel = createContext('');

/** Also the button's `data-action`, by which the list finds it again. */
type ItemAction = 'move-up' | 'move-down' | 'remove';

/** Where the focus goes once a move or remove is drawn: item `index`, preferably its `action` button. */
interface FocusRequest {
  action: ItemAction;
  index: number;
}

/** Asks the list an item belongs to for the focus to follow the item (see `ToolArrayFieldTemplate`). */
const ListFocus = createContext<(request: FocusRequest) => void>(() => undefined);

/** Not those of a list inside the item. */
function itemButtons(list: HTMLElement, index: number): HTMLButtonElement[] {
  const buttons = list.querySelectorAll<HTMLButtonElement>(`button[data-item="${index}"]`);
  return Array.from(buttons).filter((button) => !button.disabled && button.closest('[data-list]') === list);
}

/**
 * As in the ARIA Authoring Practices' rearrangeable lists: a moved item keeps the focus on the same
 * button (or its other move button at an edge); after a removal it goes to the item now in that place,
 * else the one before, else the add button, else the list itself.
 */
function focusTarget(
  list: HTMLElement,
  add: HTMLButtonElement | null,
  { action, index }: FocusRequest,
): HTMLElement | undefined {
  if (action !== 'remove') {
    const moved = itemButtons(list, index);
    return moved.find((button) => button.dataset.action === action) ?? moved[0];
  }
  return itemButtons(list, index)[0] ?? itemButtons(list, index - 1)[0] ?? add ?? list;
}

/** A named group whose buttons name the list and position ("Remove Tags item 2"); list-level errors describe it. */
export function ToolArrayFieldTemplate(props: ArrayFieldTemplateProps<ToolFormData, RJSFSchema, ToolFormContext>) {
  const {
    title,
    schema,
    uiSchema,
    items,
    canAdd,
    onAddClick,
    fieldPathId,
    registry,
    required,
    disabled,
    readonly,
    rawErrors,
  } = props;
  const labels = toolLabels(registry);
  const id = fieldPathId.$id;
  const options = getUiOptions(uiSchema);
  const label = typeof options.title === 'string' ? options.title : title;
  const description = typeof options.description === 'string' ? options.description : schema.description;
  const group = useRef<HTMLFieldSetElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // State, not a ref: set in the same event as the change, so the effect runs for that commit only.
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  useLayoutEffect(() => {
    // rjsf blurs a move button on click, and a removed item takes its buttons with it.
    if (focusRequest !== null && group.current !== null)
      focusTarget(group.current, addButton.current, focusRequest)?.focus();
  }, [focusRequest]);
  return (
    <fieldset
      ref={group}
      id={id}
      className="mek-group mek-list"
      data-list=""
      // Focusable only where it may be the last resort of a removal: a list without an add button.
      tabIndex={!canAdd && focusRequest?.action === 'remove' ? -1 : undefined}
      aria-describedby={groupDescribedBy(id, rawErrors, description)}
    >
      <legend id={titleId(id)} className="mek-label">
        {label}
        {required && <Required registry={registry} />}
      </legend>
      {hasText(description) && (
        <p id={descriptionId(id)} className="mek-description">
          {description}
        </p>
      )}
      <GroupErrors id={errorId(id)} errors={rawErrors} />
      <ListLabel.Provider value={label}>
        <ListFocus.Provider value={setFocusRequest}>
          {items.length > 0 ? (
            <div className="mek-list-items">{items}</div>
          ) : (
            <p className="mek-hint">{labels.emptyList}</p>
          )}
        </ListFocus.Provider>
      </ListLabel.Provider>
      {canAdd && (
        <button
          ref={addButton}
          type="button"
          className="mek-button mek-button-quiet"
          disabled={disabled || readonly}
          onClick={onAddClick}
        >
          {labels.addItem(label)}
        </button>
      )}
    </fieldset>
  );
}

/** What the item buttons read: the part of rjsf's props a tuple's extra items can give too. */
type ItemButtonsProps = Pick<
  ArrayFieldItemButtonsTemplateProps<ToolFormData, RJSFSchema, ToolFormContext>,
  | 'index'
  | 'hasMoveUp'
  | 'hasMoveDown'
  | 'hasRemove'
  | 'onMoveUpItem'
  | 'onMoveDownItem'
  | 'onRemoveItem'
  | 'disabled'
  | 'readonly'
  | 'registry'
>;

type ItemProps = Pick<
  ArrayFieldItemTemplateProps<ToolFormData, RJSFSchema, ToolFormContext>,
  'children' | 'hasToolbar'
> & { buttonsProps: ItemButtonsProps };

export function ToolArrayFieldItemTemplate(props: ItemProps) {
  const { children, buttonsProps, hasToolbar } = props;
  return (
    <div className="mek-list-item">
      <div className="mek-list-item-field">{children}</div>
      {hasToolbar && (
        <div className="mek-list-item-actions">
          <ToolArrayFieldItemButtonsTemplate {...buttonsProps} />
        </div>
      )}
    </div>
  );
}

const ITEM_ICONS = { 'move-up': '↑', 'move-down': '↓', remove: '✕' } as const;

/** Move up, move down, remove: named after the list and the 1-based position. */
export function ToolArrayFieldItemButtonsTemplate(props: ItemButtonsProps) {
  const {
    index,
    hasMoveUp,
    hasMoveDown,
    hasRemove,
    onMoveUpItem,
    onMoveDownItem,
    onRemoveItem,
    disabled,
    readonly,
    registry,
  } = props;
  const labels = toolLabels(registry);
  const list = useContext(ListLabel);
  const requestFocus = useContext(ListFocus);
  const position = index + 1;
  const locked = Boolean(disabled || readonly);
  const button = (
    action: ItemAction,
    enabled: boolean,
    target: number,
    handler: (event: MouseEvent<HTMLButtonElement>) => void,
    text: string,
  ) => (
    <button
      type="button"
      className="mek-button mek-button-quiet"
      data-item={index}
      data-action={action}
      disabled={locked || !enabled}
      aria-label={text}
      title={text}
      onClick={(event) => {
        requestFocus({ action, index: target });
        handler(event);
      }}
    >
      <span aria-hidden="true">{ITEM_ICONS[action]}</span>
    </button>
  );
  return (
    <>
      {(hasMoveUp || hasMoveDown) && (
        <>
          {button('move-up', hasMoveUp, index - 1, onMoveUpItem, labels.moveItemUp(list, position))}
          {button('move-down', hasMoveDown, index + 1, onMoveDownItem, labels.moveItemDown(list, position))}
        </>
      )}
      {hasRemove && button('remove', true, index, onRemoveItem, labels.removeItem(list, position))}
    </>
  );
}

type ToolFieldProps = FieldProps<ToolFormData, RJSFSchema, ToolFormContext>;

const StockArrayField = getDefaultRegistry<ToolFormData, RJSFSchema, ToolFormContext>().fields.ArrayField;
const { SchemaField: StockSchemaField } = getDefaultRegistry<ToolFormData, RJSFSchema, ToolFormContext>().fields as {
  SchemaField: (props: ToolFieldProps) => ReactNode;
};

/** An item of a list, named after the list and its place ("Assignees 2"); rjsf would say "Assignees-2". */
export function ToolArraySchemaField(props: ToolFieldProps & { index?: number }) {
  const list = useContext(ListLabel);
  const { index } = props;
  const title =
    typeof index === 'number' && list !== '' ? toolLabels(props.registry).listItem(list, index + 1) : props.title;
  return <StockSchemaField {...props} title={title} />;
}

function asFormData(items: unknown[]): ToolFormData {
  return items as unknown as ToolFormData;
}

/**
 * A tuple: a named group with one rjsf `SchemaField` per position (named by its `title`, required below
 * `minItems`); extra items follow the rest rule. An emptied position stays empty: rjsf's `Form` turns
 * `undefined` at an array index into `null`, a value, so the whole tuple is sent with it `undefined`.
 */
function ToolTupleField({ tuple, ...props }: ToolFieldProps & { tuple: TupleShape }) {
  const {
    schema,
    formData,
    errorSchema,
    registry,
    onChange,
    onBlur,
    onFocus,
    name,
    title,
    disabled,
    readonly,
    hideError,
  } = props;
  const { SchemaField } = registry.fields;
  const labels = toolLabels(registry);
  const current: unknown = formData;
  const data: unknown[] = Array.isArray(current) ? current : [];
  // rjsf's fields are memoised with functions counted as equal, so a position may keep an older
  // handler: handlers read the tuple from here, never from the render they were made in.
  const latest = useRef(data);
  useLayoutEffect(() => {
    latest.current = data;
  });
  // Inside a oneOf/anyOf option rjsf gives the field the union's id and its items the real one.
  // FieldProps does not declare childFieldPathId (its index signature makes it `any`): read it typed.
  const ids: { fieldPathId: FieldPathId; childFieldPathId?: FieldPathId } = props;
  const itemsPathId = ids.childFieldPathId ?? ids.fieldPathId;
  const label = schema.title || title || name;
  const count = tuple.positions.length;
  const rest = tuple.rest;
  const canAdd =
    rest !== false &&
    rest !== undefined &&
    (tuple.maxItems === undefined || Math.max(data.length, count) < tuple.maxItems);

  const change = (items: unknown[]) => onChange(asFormData(items), itemsPathId.path);
  const changeAt =
    (index: number) =>
    (value: ToolFormData | undefined, path: FieldPathList, errors?: ErrorSchema<ToolFormData>, id?: string) => {
      if (value !== undefined || path.length !== itemsPathId.path.length + 1) {
        onChange(value, path, errors, id);
        return;
      }
      const items = latest.current;
      const next = Array.from({ length: Math.max(items.length, index + 1) }, (_, at) =>
        at === index ? undefined : items[at],
      );
      onChange(asFormData(next), itemsPathId.path, errors && { [index]: errors }, id);
    };
  const add = () => {
    if (!rest) return;
    const items = latest.current;
    // Positions not reached yet stay empty; the new item goes after them, as rjsf starts a list item.
    const kept = Array.from({ length: Math.max(items.length, count) }, (_, at) => items[at]);
    change([...kept, registry.schemaUtils.getDefaultFormState(rest, undefined)]);
  };
  const removeAt = (index: number) => {
    const items = latest.current;
    change(Array.from({ length: items.length - 1 }, (_, at) => items[at < index ? at : at + 1]));
  };
  // Only extra items are moved, and only among themselves: each position has its own schema.
  const swap = (index: number, other: number) => {
    const items = latest.current;
    if (Math.min(index, other) < count || Math.max(index, other) >= items.length) return;
    change(items.map((item, at) => (at === index ? items[other] : at === other ? items[index] : item)));
  };

  const field = (index: number, fieldLabel: string, required: boolean) =>
    SchemaField && (
      <SchemaField
        name={`${name}-${index}`}
        title={fieldLabel}
        schema={tupleItemSchema(tuple, index)}
        uiSchema={{}}
        formData={data[index] as ToolFormData}
        errorSchema={errorSchema?.[String(index)]}
        fieldPathId={toFieldPathId(index, registry.globalFormOptions, itemsPathId)}
        required={required}
        onChange={changeAt(index)}
        onBlur={onBlur}
        onFocus={onFocus}
        registry={registry}
        disabled={disabled}
        readonly={readonly}
        hideError={hideError}
      />
    );
  const items = Array.from({ length: Math.max(data.length, count) }, (_, index) => {
    if (index < count) {
      const own = registry.schemaUtils.retrieveSchema(tupleItemSchema(tuple, index), data[index] as ToolFormData).title;
      // A position is named by its own title, never as the list's n-th item, also when it is a group.
      return (
        <ListLabel.Provider key={index} value="">
          {field(
            index,
            typeof own === 'string' && own !== '' ? own : labels.tuplePosition(index + 1),
            index < tuple.minItems,
          )}
        </ListLabel.Provider>
      );
    }
    // Drawn as a list item; the first extra item cannot move up into the positions.
    return (
      <ToolArrayFieldItemTemplate
        key={index}
        hasToolbar
        buttonsProps={{
          index,
          hasMoveUp: index > count,
          hasMoveDown: index < data.length - 1,
          hasRemove: true,
          onMoveUpItem: () => swap(index, index - 1),
          onMoveDownItem: () => swap(index, index + 1),
          onRemoveItem: () => removeAt(index),
          disabled,
          readonly,
          registry,
        }}
      >
        {field(index, labels.listItem(label, index + 1), false)}
      </ToolArrayFieldItemTemplate>
    );
  });
  return (
    <ToolArrayFieldTemplate
      title={label}
      schema={schema}
      uiSchema={props.uiSchema}
      items={items}
      canAdd={canAdd}
      onAddClick={add}
      fieldPathId={props.fieldPathId}
      registry={registry}
      required={props.required}
      disabled={disabled}
      readonly={readonly}
      rawErrors={props.rawErrors}
      formData={asFormData(data)}
      errorSchema={errorSchema}
    />
  );
}

/**
 * Arrays: a tuple position by position, anything else by rjsf's `ArrayField`. As the theme's
 * `ArrayField` it finds a tuple wherever rjsf draws an array, where a `ui:field` would have to be put
 * into the uiSchema (keyed by data path) by hand.
 */
export function ToolArrayField(props: ToolFieldProps) {
  const tuple = tupleShape(props.schema, props.registry.formContext.dialect);
  if (tuple) return <ToolTupleField {...props} tuple={tuple} />;
  return StockArrayField ? <StockArrayField {...props} /> : null;
}
