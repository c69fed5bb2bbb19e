/**
 * The rjsf theme of `ToolCallForm`: the kit's widgets, plus what a tool schema needs and an
 * elicitation never has: nested objects (`fieldset` + `legend`), lists with add / remove / move
 * buttons named after their list and position, tuples drawn position by position, `oneOf`/`anyOf`
 * option selectors, free-form properties (`additionalProperties`). Internal to the kit.
 *
 * Errors are placed where they are read: a field's under the field (its widget lists them in
 * `aria-describedby`), an object's or a list's inside its group, named by the group's
 * `aria-describedby`. Errors about a `oneOf`/`anyOf` as a whole appear only in the form's error
 * summary: rjsf draws the picked option with the union's own id and errors, so showing them at
 * the union would show them twice.
 */
import { getDefaultRegistry } from '@rjsf/core';
import {
  ADDITIONAL_PROPERTY_FLAG,
  canExpand,
  descriptionId,
  errorId,
  getSchemaType,
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
  type FieldTemplateProps,
  type MultiSchemaFieldTemplateProps,
  type ObjectFieldTemplateProps,
  type RJSFSchema,
  type TemplatesType,
  type WidgetProps,
} from '@rjsf/utils';
import {
  createContext,
  Fragment,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';

import { generateTheme } from '../theme/generate-theme.js';
import { readNumberText, OPTION_SELECTOR_SUFFIX, type ToolFormData } from '../../tools/rjsf/index.js';
import type { ToolCallFormLabels } from './tool-labels.js';
import { tupleItemSchema, tupleShape, type TupleShape } from '../../tools/rjsf/index.js';
import {
  FieldErrorTemplate,
  FieldTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  ErrorListTemplate,
} from '../theme/templates.js';
import { EnumSelectWidget } from '../theme/widgets/enum-select-widget.js';
import type { KitFormContext } from '../theme/widgets/parts.js';
import type { ToolSchemaDialect } from '../../tools/index.js';

/** What the tool form's templates read from rjsf's `formContext`. */
export interface ToolFormContext extends KitFormContext {
  /** The tool form's own strings. */
  toolLabels: ToolCallFormLabels;
  /** The dialect of the tool's schema, which says how a tuple is spelt. */
  dialect: ToolSchemaDialect;
  /** Records which option an option selector shows (`-1`: none); `undefined` when the selector is gone. */
  reportOption: (selectorId: string, option: number | undefined) => void;
}

type TemplateRegistry = FieldTemplateProps<ToolFormData, RJSFSchema, ToolFormContext>['registry'];

function toolLabels(registry: TemplateRegistry): ToolCallFormLabels {
  return registry.formContext.toolLabels;
}

/** The visible mark after a required group's legend; screen readers are not told twice. */
function Required({ registry }: { registry: TemplateRegistry }) {
  return (
    <span className="mek-required-mark" aria-hidden="true">
      {' '}
      {toolLabels(registry).requiredMark}
    </span>
  );
}

/** Messages with the id a group names in `aria-describedby`; nothing when there are none. */
function GroupErrors({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  const list = (errors ?? []).filter((error) => error !== '');
  if (list.length === 0) return null;
  return (
    <div id={id} className="mek-field-error">
      {list.map((error, index) => (
        <p key={index}>{error}</p>
      ))}
    </div>
  );
}

function hasText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** `aria-describedby` of a group: its errors first, then its description. */
function groupDescribedBy(id: string, errors: readonly string[] | undefined, description: unknown): string | undefined {
  const ids = [];
  if ((errors ?? []).some((error) => error !== '')) ids.push(errorId(id));
  if (hasText(description)) ids.push(descriptionId(id));
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** `true` for a schema rjsf draws as an option selector (a `oneOf`/`anyOf` that is not an enum). */
function isUnion(schema: RJSFSchema, registry: TemplateRegistry): boolean {
  return (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) && !registry.schemaUtils.isSelect(schema);
}

/** The label of the list an item belongs to, for its buttons' names. */
const ListLabel = createContext('');

/** What an item button does; also its `data-action`, by which the list finds it again. */
type ItemAction = 'move-up' | 'move-down' | 'remove';

/**
 * Where a list puts the focus once the change of a move or remove button is drawn: on the item
 * now at `index` (the moved item, or the one after the removed one), preferring its `action` button.
 */
interface FocusRequest {
  action: ItemAction;
  index: number;
}

/** Asks the list an item belongs to for the focus to follow the item (see `ToolArrayFieldTemplate`). */
const ListFocus = createContext<(request: FocusRequest) => void>(() => undefined);

/** The enabled buttons of item `index` of `list`, in order; not those of a list inside the item. */
function itemButtons(list: HTMLElement, index: number): HTMLButtonElement[] {
  const buttons = list.querySelectorAll<HTMLButtonElement>(`button[data-item="${index}"]`);
  return Array.from(buttons).filter((button) => !button.disabled && button.closest('[data-list]') === list);
}

/**
 * Where the focus goes after a move or remove, as in the ARIA Authoring Practices' rearrangeable
 * lists: a moved item keeps it on the same button, or on its other move button once it reaches an
 * edge (the first enabled one: the move buttons come first); after a removal it goes to the item
 * now in that place, else the one before, else the add button, else the list itself. An add button
 * is disabled only with the whole list, whose remove buttons then are too.
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

/**
 * Whether the union field around an option selector is required. rjsf does not tell the selector,
 * and the required mark belongs there: the person must pick an option.
 */
const UnionRequired = createContext(false);

/**
 * `true` for the object rjsf draws as the picked option of a union. rjsf hands it the union's
 * `required`, which is already marked at the selector.
 */
const UnionOption = createContext(false);

/**
 * Wraps one field. Objects, lists and unions draw their own group (see their templates); a
 * property added under `additionalProperties` gets its name box and a remove button; everything
 * else is the kit's `FieldTemplate`.
 */
export function ToolFieldTemplate(props: FieldTemplateProps<ToolFormData, RJSFSchema, ToolFormContext>) {
  const { id, label, children, hidden, schema, registry, disabled, readonly, onKeyRenameBlur, onRemoveProperty } =
    props;
  if (hidden) return <div hidden>{children}</div>;
  const type = getSchemaType(schema);
  const union = isUnion(schema, registry);
  const grouped =
    type === 'object' ||
    (type === 'array' && !registry.schemaUtils.isMultiSelect(schema)) ||
    (type === undefined && union);
  const drawn = grouped ? children : <FieldTemplate {...props} />;
  const field = union ? (
    <UnionRequired.Provider value={Boolean(props.required)}>{drawn}</UnionRequired.Provider>
  ) : (
    drawn
  );
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) return field;
  const labels = toolLabels(registry);
  const keyId = `${id}__key`;
  return (
    <div className="mek-additional">
      <div className="mek-field">
        <label htmlFor={keyId} className="mek-label">
          {labels.propertyName(label)}
        </label>
        {/* Uncontrolled, like rjsf's own: the key is renamed when the box loses focus. */}
        <input
          id={keyId}
          key={label}
          type="text"
          className="mek-input"
          defaultValue={label}
          disabled={disabled || readonly}
          onBlur={onKeyRenameBlur}
        />
      </div>
      {field}
      <button
        type="button"
        className="mek-button mek-button-quiet"
        disabled={disabled || readonly}
        onClick={onRemoveProperty}
      >
        {labels.removeProperty(label)}
      </button>
    </div>
  );
}

/**
 * An object: the form's top level as a plain list of fields; a nested object as a named group
 * (`fieldset` + `legend`) with its description and its own errors (such as "must NOT have
 * additional properties"). A bare `oneOf`/`anyOf` draws nothing here: its selector and the picked
 * option are drawn by the union's template.
 */
export function ToolObjectFieldTemplate(props: ObjectFieldTemplateProps<ToolFormData, RJSFSchema, ToolFormContext>) {
  const {
    title,
    description,
    properties,
    fieldPathId,
    schema,
    uiSchema,
    formData,
    registry,
    required,
    disabled,
    readonly,
    errorSchema,
    onAddProperty,
  } = props;
  const list = useContext(ListLabel);
  const option = useContext(UnionOption);
  if ((schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0) return null;
  const labels = toolLabels(registry);
  const id = fieldPathId.$id;
  const fields = (
    <UnionOption.Provider value={false}>
      {properties.map((property) =>
        property.hidden ? null : <Fragment key={property.name}>{property.content}</Fragment>,
      )}
    </UnionOption.Provider>
  );
  // rjsf types canExpand's answer `any`; it is a boolean.
  const expand = canExpand(schema, uiSchema, formData) === true && (
    <button
      type="button"
      className="mek-button mek-button-quiet"
      disabled={disabled || readonly}
      onClick={onAddProperty}
    >
      {labels.addProperty(title)}
    </button>
  );
  if (fieldPathId.path.length === 0) {
    return (
      <div className="mek-fields">
        {hasText(description) && (
          <p id={descriptionId(id)} className="mek-description">
            {description}
          </p>
        )}
        {fields}
        {expand}
      </div>
    );
  }
  const errors = errorSchema?.__errors;
  // An object that is a list item is named after the list and its place in it, like rjsf names
  // the items it draws as single fields ("Contacts-2"); a title the item schema shares with every
  // other item would not tell them apart.
  const last = fieldPathId.path[fieldPathId.path.length - 1];
  const name = typeof last === 'number' && list !== '' ? labels.listItem(list, last + 1) : title;
  return (
    <fieldset id={id} className="mek-group" aria-describedby={groupDescribedBy(id, errors, description)}>
      <legend id={titleId(id)} className="mek-label">
        {name}
        {required && !option && <Required registry={registry} />}
      </legend>
      {hasText(description) && (
        <p id={descriptionId(id)} className="mek-description">
          {description}
        </p>
      )}
      <GroupErrors id={errorId(id)} errors={errors} />
      <div className="mek-fields">{fields}</div>
      {expand}
    </fieldset>
  );
}

/**
 * A list: a named group with its items, each with remove and move buttons that name the list and
 * the position ("Remove Tags item 2"), and an add button ("Add to Tags"). Errors about the list
 * itself (`minItems`, `uniqueItems`…) sit inside the group and describe it.
 */
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
  // State, not a ref: a button sets it in the same event as its change, so React draws both in one
  // commit, and the effect below runs for that commit only, never for a re-render of another cause.
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

/**
 * What the item buttons read: the part of rjsf's props a tuple's extra items can give too (they
 * have no copy or add-below, and no item key).
 */
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

/** What one item reads of rjsf's props: its field, its buttons, whether it has any. */
type ItemProps = Pick<
  ArrayFieldItemTemplateProps<ToolFormData, RJSFSchema, ToolFormContext>,
  'children' | 'hasToolbar'
> & { buttonsProps: ItemButtonsProps };

/** One list item: its field, then its buttons. */
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

/**
 * Move up, move down, remove: text buttons named after the list and the 1-based position. Each
 * asks the list to put the focus where its item went (`focusTarget`).
 */
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
  // One button: it asks the list to put the focus on item `target` once the change is drawn.
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
      onClick={(event) => {
        requestFocus({ action, index: target });
        handler(event);
      }}
    >
      {text}
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

/** A `oneOf`/`anyOf`: its option selector (a labelled drop-down list), then the picked option's fields. */
export function ToolMultiSchemaFieldTemplate({
  selector,
  optionSchemaField,
}: MultiSchemaFieldTemplateProps<ToolFormData, RJSFSchema, ToolFormContext>) {
  return (
    <div className="mek-union">
      <div className="mek-field">{selector}</div>
      <UnionOption.Provider value>{optionSchemaField}</UnionOption.Provider>
    </div>
  );
}

/**
 * The kit's drop-down list. As the selector of a `oneOf`/`anyOf` it also reports the option it
 * shows: rjsf keeps that choice in the union field's own state, and the form needs it to read the
 * answers along the option the person sees (`toArguments`).
 */
export function ToolSelectWidget(props: WidgetProps<ToolFormData, RJSFSchema, ToolFormContext>) {
  const { id, registry } = props;
  const value: unknown = props.value;
  const selector = id.endsWith(OPTION_SELECTOR_SUFFIX.oneOf) || id.endsWith(OPTION_SELECTOR_SUFFIX.anyOf);
  const report = registry.formContext.reportOption;
  const unionRequired = useContext(UnionRequired);
  // -1: the selector shows no option ("Choose…"), so rjsf draws none and none is read.
  const option = typeof value === 'number' ? value : -1;
  useLayoutEffect(() => {
    if (!selector) return undefined;
    report(id, option);
    return () => report(id, undefined);
  }, [selector, report, id, option]);
  return <EnumSelectWidget {...props} required={selector ? unionRequired : props.required} />;
}

/**
 * Number fields: the form data holds a JSON number as soon as the text reads as one (so rjsf's
 * `if`/`then` and option matching see numbers), and the text itself otherwise, which the form
 * reports as "Enter a number." on submit. The field remembers the text typed, so `1.0` or `1.`
 * stay on screen while they mean 1.
 */
export function ToolNumberField(props: FieldProps<ToolFormData, RJSFSchema, ToolFormContext>) {
  const { registry, formData, onChange } = props;
  const StringField = registry.fields.StringField;
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const current: unknown = formData;
  // The typed text is shown while it still stands for the value the form holds.
  const shown = typed !== undefined && readNumberText(typed) === current ? typed : current;
  if (!StringField) return null;
  return (
    <StringField
      {...props}
      formData={shown as ToolFormData}
      onChange={(value, path, errors, id) => {
        const raw: unknown = value;
        if (typeof raw === 'string') {
          setTyped(raw);
          onChange(readNumberText(raw) as ToolFormData | undefined, path, errors, id);
          return;
        }
        setTyped(undefined);
        onChange(value, path, errors, id);
      }}
    />
  );
}

type ToolFieldProps = FieldProps<ToolFormData, RJSFSchema, ToolFormContext>;

/** rjsf's own array field, which draws every array that is not a tuple. */
const StockArrayField = getDefaultRegistry<ToolFormData, RJSFSchema, ToolFormContext>().fields.ArrayField;

/** The tool form's data is typed as the arguments object; a tuple's value is an array in it. */
function asFormData(items: unknown[]): ToolFormData {
  return items as unknown as ToolFormData;
}

/**
 * A tuple: a named group, like a list, with one field per position, named by the position's
 * `title` (else "Item 2") and required below `minItems`. Items after the positions follow the
 * rest rule (`TupleShape.rest`): a schema gives an add button and items that can be removed and
 * moved among themselves, named like list items ("Command-2"); otherwise none can be added.
 *
 * Each position is rjsf's `SchemaField` with that position's schema, so it is drawn, resolved
 * (`$ref`, `oneOf`…) and validated like any other field. A position the person empties stays
 * empty: rjsf's `Form` turns `undefined` set at an array index into `null`, a value, so this
 * field then sends the whole tuple with that position `undefined` instead. What is sent, and
 * what an empty position before a filled one means, is `toArguments`' business.
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
    // Drawn as a list item, with the list's buttons ("Move Command item 3 up"); the first extra
    // item cannot move up into the positions.
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
 * Arrays: a tuple (`toolTuple.ts`) is drawn position by position (`ToolTupleField`); any other
 * array by rjsf's own `ArrayField`. As the theme's `ArrayField` this finds a tuple wherever rjsf
 * draws an array (a property, a `$ref`, an option of a `oneOf`, a list item, a tuple position),
 * where a `ui:field` would have to be put into the uiSchema, which rjsf keys by data path, by
 * following every one of those by hand.
 */
export function ToolArrayField(props: ToolFieldProps) {
  const tuple = tupleShape(props.schema, props.registry.formContext.dialect);
  if (tuple) return <ToolTupleField {...props} tuple={tuple} />;
  return StockArrayField ? <StockArrayField {...props} /> : null;
}

/** The theme: the kit's widgets and field templates, the tool form's group templates. */
export function toolTheme(): {
  fields: { NumberField: typeof ToolNumberField; ArrayField: typeof ToolArrayField };
  widgets: Record<string, (props: WidgetProps<ToolFormData, RJSFSchema, ToolFormContext>) => ReactNode>;
  templates: Partial<TemplatesType<ToolFormData, RJSFSchema, ToolFormContext>>;
} {
  return {
    fields: { NumberField: ToolNumberField, ArrayField: ToolArrayField },
    // The elicitation form's widgets; only a select differs (see ToolSelectWidget).
    widgets: { ...generateTheme().widgets, SelectWidget: ToolSelectWidget },
    templates: {
      FieldTemplate: ToolFieldTemplate,
      FieldErrorTemplate,
      ObjectFieldTemplate: ToolObjectFieldTemplate,
      ArrayFieldTemplate: ToolArrayFieldTemplate,
      ArrayFieldItemTemplate: ToolArrayFieldItemTemplate,
      ArrayFieldItemButtonsTemplate: ToolArrayFieldItemButtonsTemplate,
      MultiSchemaFieldTemplate: ToolMultiSchemaFieldTemplate,
      TitleFieldTemplate,
      DescriptionFieldTemplate,
      ErrorListTemplate,
    },
  };
}
