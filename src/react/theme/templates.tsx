/**
 * The kit's rjsf templates. Kit widgets draw their own label, description and hint (a radio group
 * names itself with `aria-labelledby`, a checkbox group with its `legend`), so `FieldTemplate`
 * draws a label only for a widget that is not the kit's: one a host names in `ui:widget`, or one
 * rjsf falls back to (a `color`, `time` or `data-url` format, `password`, `textarea`, files…).
 * Groups are `fieldset`s named by their `legend`; buttons carry their text. Everything is plain
 * text: no markdown, no HTML from the schema.
 */
import {
  ADDITIONAL_PROPERTY_FLAG,
  buttonId,
  canExpand,
  deepEquals,
  descriptionId,
  errorId,
  getSchemaType,
  getTemplate,
  getUiOptions,
  hasWidget,
  helpId,
  isObject,
  titleId,
  TranslatableString,
  type DescriptionFieldProps,
  type ErrorListProps,
  type FieldErrorProps,
  type FieldHelpProps,
  type FieldTemplateProps,
  type IconButtonProps,
  type ObjectFieldTemplateProps,
  type OptionalDataControlsTemplateProps,
  type Registry,
  type RJSFSchema,
  type SubmitButtonProps,
  type TitleFieldProps,
  type UiSchema,
  type WrapIfAdditionalTemplateProps,
} from '@rjsf/utils';
import { Fragment } from 'react';

import { KIT_WIDGET_NAMES } from './registry.js';
import { FieldLabel, hasErrors, optionDescriptionId, readLabels, RequiredMark } from './widgets/parts.js';

/**
 * The `ui:widget` name rjsf draws a field with, as its fields pick it: the uiSchema's, else the
 * schema's `format` when a widget has that name, a select for options, a checkbox for a boolean.
 * `undefined` for what no single widget draws: an object, a list, a `oneOf`/`anyOf` of schemas
 * (its option selector is a kit select, named by the union's title).
 */
function widgetOf(schema: RJSFSchema, uiSchema: UiSchema | undefined, registry: Registry): unknown {
  const { schemaUtils, widgets } = registry;
  const union = (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) && !schemaUtils.isSelect(schema);
  const type = getSchemaType(schema);
  const first = Array.isArray(type) ? type[0] : type;
  if (first === 'object' || (union && first !== 'array')) return undefined;
  const widget: unknown = getUiOptions(uiSchema).widget;
  if (widget !== undefined) return widget;
  switch (first) {
    case 'boolean':
      return 'checkbox';
    case 'string':
    case 'number':
    case 'integer': {
      const { format } = schema;
      if (typeof format === 'string' && hasWidget(schema, format, widgets)) return format;
      return schemaUtils.isSelect(schema) ? 'select' : 'text';
    }
    case 'array':
      if (schemaUtils.isMultiSelect(schema)) return 'select';
      return schemaUtils.isFilesArray(schema, uiSchema) ? 'files' : undefined;
    default:
      return undefined;
  }
}

/** The `description` of the chosen option of a single select whose options are `oneOf`/`anyOf` schemas. */
function chosenOptionText(schema: RJSFSchema, formData: unknown, registry: Registry): string | undefined {
  if (!registry.schemaUtils.isSelect(schema)) return undefined;
  const options: unknown = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(options)) return undefined;
  for (const option of options as unknown[]) {
    if (!isObject(option)) continue;
    const { const: constant, enum: values, description } = option as RJSFSchema;
    const value: unknown = constant !== undefined ? constant : Array.isArray(values) ? values[0] : undefined;
    if (typeof description === 'string' && description !== '' && deepEquals(value, formData)) return description;
  }
  return undefined;
}

/**
 * Wraps one field: a label and description for a widget that does not draw its own, the widget,
 * the chosen option's description (`oneOf` options with a `description`), its errors and `ui:help`;
 * `data-invalid`/`data-required` for styling, `ui:classNames` and `ui:style` as rjsf applies them.
 * A property added under `additionalProperties` goes through `WrapIfAdditionalTemplate`.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { children, hidden, registry, uiSchema } = props;
  if (hidden) return <div hidden>{children}</div>;
  const WrapIfAdditional = getTemplate('WrapIfAdditionalTemplate', registry, getUiOptions(uiSchema));
  return (
    <WrapIfAdditional {...props}>
      <FieldBody {...props} />
    </WrapIfAdditional>
  );
}

/**
 * `FieldTemplate` without `WrapIfAdditionalTemplate`: for the tool form, which draws an added
 * property's name box and remove button itself. Internal to the kit.
 */
export function FieldBody(props: FieldTemplateProps) {
  const {
    id,
    label,
    children,
    classNames,
    style,
    description,
    rawDescription,
    errors,
    help,
    rawErrors,
    hidden,
    required,
    displayLabel,
    formData,
    schema,
    uiSchema,
    registry,
  } = props;
  if (hidden) return <div hidden>{children}</div>;
  const widget = widgetOf(schema, uiSchema, registry);
  if (getSchemaType(schema) === 'object' && widget === undefined) {
    return (
      <div className={classNames} style={style}>
        {children}
        {errors}
        {help}
      </div>
    );
  }
  const labelledByWidget = widget === undefined || (typeof widget === 'string' && KIT_WIDGET_NAMES.has(widget));
  const chosen = displayLabel ? chosenOptionText(schema, formData, registry) : undefined;
  return (
    <div
      className={classNames ? `mek-field ${classNames}` : 'mek-field'}
      style={style}
      data-invalid={hasErrors(rawErrors) ? '' : undefined}
      data-required={required ? '' : undefined}
    >
      {!labelledByWidget && label !== '' && (
        // Named even without `displayLabel` (`ui:label: false`): then only screen readers see the name.
        <FieldLabel
          as="label"
          id={id}
          label={label}
          hideLabel={!displayLabel}
          required={required}
          labels={readLabels(registry)}
        />
      )}
      {!labelledByWidget && displayLabel && rawDescription !== '' && description}
      {children}
      {chosen !== undefined && (
        <p id={optionDescriptionId(id)} className="mek-description">
          {chosen}
        </p>
      )}
      {errors}
      {help}
    </div>
  );
}

/**
 * A property added under `additionalProperties` (or `patternProperties`): a box for its name
 * ("<name> Key", renamed when it loses the focus, as rjsf's own), the field, and a remove button.
 * Any other field is drawn as it is.
 */
export function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const { id, label, children, disabled, readonly, schema, uiSchema, registry, onKeyRenameBlur, onRemoveProperty } =
    props;
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) return <>{children}</>;
  const { RemoveButton } = registry.templates.ButtonTemplates;
  const keyId = `${id}-key`;
  return (
    <div className="mek-additional">
      <div className="mek-field">
        <label htmlFor={keyId} className="mek-label">
          {registry.translateString(TranslatableString.KeyLabel, [label])}
        </label>
        {/* Uncontrolled, as rjsf's own: the key is renamed when the box loses the focus. */}
        <input
          id={keyId}
          key={label}
          type="text"
          className="mek-input"
          defaultValue={label}
          disabled={disabled}
          readOnly={readonly}
          onBlur={onKeyRenameBlur}
        />
      </div>
      {children}
      <RemoveButton
        id={buttonId(id, 'remove')}
        className="rjsf-object-property-remove"
        disabled={disabled || readonly}
        onClick={onRemoveProperty}
        uiSchema={uiSchema}
        registry={registry}
      />
    </div>
  );
}

/** A field's errors, with the id its widget lists in `aria-describedby`. */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const list = (errors ?? []).filter((error) => error !== '');
  if (list.length === 0) return null;
  return (
    <div id={errorId(fieldPathId)} className="mek-field-error">
      {list.map((error, index) => (
        <p key={index}>{error}</p>
      ))}
    </div>
  );
}

/** `ui:help`, as plain text, with the id the kit's widgets list in `aria-describedby`. */
export function FieldHelpTemplate({ fieldPathId, help }: FieldHelpProps) {
  if (help === undefined || help === '') return null;
  return (
    <div id={helpId(fieldPathId)} className="mek-hint">
      {help}
    </div>
  );
}

/**
 * An object: a `fieldset` named by its title (`legend`), its description, the optional-data control
 * rjsf offers (`enableOptionalDataFieldForType`), its fields in `ui:order`, and an add button when
 * it takes more properties (`additionalProperties`). A bare `oneOf`/`anyOf` draws nothing here: the
 * union's selector and option are drawn by the union field.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
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
    onAddProperty,
    optionalDataControl,
  } = props;
  if ((schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0) return null;
  const options = getUiOptions(uiSchema);
  const Title = getTemplate('TitleFieldTemplate', registry, options);
  const Description = getTemplate('DescriptionFieldTemplate', registry, options);
  const { AddButton } = registry.templates.ButtonTemplates;
  // As rjsf's own: the control sits with the title, unless the title is not drawn as editable.
  const controlInTitle = !readonly && !disabled;
  return (
    // The top level is no box of its own: the host's form around it is one.
    <fieldset id={fieldPathId.$id} className={fieldPathId.path.length === 0 ? 'mek-object' : 'mek-object mek-group'}>
      {title !== '' && (
        <Title
          id={titleId(fieldPathId)}
          title={title}
          required={required}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
          optionalDataControl={controlInTitle ? optionalDataControl : undefined}
        />
      )}
      {description !== undefined && description !== '' && (
        <Description
          id={descriptionId(fieldPathId)}
          description={description}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
      {(!controlInTitle || title === '') && optionalDataControl}
      <div className="mek-fields">
        {/* Hidden ones too: `FieldTemplate` draws them hidden, as rjsf's own keeps their inputs. */}
        {properties.map((property) => (
          <Fragment key={property.name}>{property.content}</Fragment>
        ))}
      </div>
      {canExpand(schema, uiSchema, formData) && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-object-property-expand"
          onClick={onAddProperty}
          disabled={disabled || readonly}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </fieldset>
  );
}

/**
 * A group's title as its `legend`, in plain text, then the optional-data control rjsf gives it.
 * The control follows the legend rather than sitting in it, so the group's name is its title only.
 */
export function TitleFieldTemplate({ id, title, required, registry, optionalDataControl }: TitleFieldProps) {
  return (
    <>
      <legend id={id} className="mek-label">
        {title}
        {required && <RequiredMark labels={readLabels(registry)} />}
      </legend>
      {optionalDataControl}
    </>
  );
}

/** A description as plain text (rjsf's default may render markdown). */
export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (description === '') return null;
  return (
    <div id={id} className="mek-description">
      {description}
    </div>
  );
}

/**
 * rjsf's optional-data control: a button that adds the data of an optional object or list, one
 * that removes it, or the note that there is none (read-only forms).
 */
export function OptionalDataControlsTemplate({
  id,
  label,
  onAddClick,
  onRemoveClick,
}: OptionalDataControlsTemplateProps) {
  const onClick = onAddClick ?? onRemoveClick;
  if (onClick === undefined) {
    return (
      <p id={id} className="mek-hint">
        {label}
      </p>
    );
  }
  return (
    <button id={id} type="button" className="mek-button mek-button-quiet" onClick={onClick}>
      {label}
    </button>
  );
}

/**
 * The errors of a host's rjsf `Form` after a refused submit, as a plain list (`showErrorList`).
 * `ElicitationForm` has its own error summary and `ToolCallForm` turns this list off.
 */
export function ErrorListTemplate({ errors, registry }: ErrorListProps) {
  if (errors.length === 0) return null;
  return (
    <div className="mek-error-list">
      <p className="mek-label">{registry.translateString(TranslatableString.ErrorsLabel)}</p>
      <ul>
        {errors.map((error, index) => (
          <li key={index}>{error.stack}</li>
        ))}
      </ul>
    </div>
  );
}

/** The submit button for a host's own rjsf `Form`: the `accept` label unless `ui:submitButtonOptions` names one. */
export function SubmitButton({ uiSchema, registry }: SubmitButtonProps) {
  const options: unknown = uiSchema?.['ui:submitButtonOptions'];
  const own =
    typeof options === 'object' && options !== null ? (options as { submitText?: unknown; norender?: unknown }) : {};
  if (own.norender === true) return null;
  return (
    <button type="submit" className="mek-button mek-button-primary">
      {typeof own.submitText === 'string' ? own.submitText : readLabels(registry).accept}
    </button>
  );
}

/** A text button for rjsf's add, copy, move, remove and clear actions; rjsf's own are icons that need Bootstrap. */
function TextButton({ text, ...props }: IconButtonProps & { text: string }) {
  const { id, className, disabled, onClick, title } = props;
  return (
    <button
      id={id}
      type="button"
      className={className ? `mek-button mek-button-quiet ${className}` : 'mek-button mek-button-quiet'}
      disabled={disabled}
      title={title}
      onClick={onClick}
    >
      {text}
    </button>
  );
}

/** A text button saying `text` in the form's language (rjsf's `translateString`). */
function textButton(text: TranslatableString) {
  return function KitButton(props: IconButtonProps) {
    return <TextButton {...props} text={props.registry.translateString(text)} />;
  };
}

/** The buttons rjsf's lists, `additionalProperties` and clearable inputs draw, as text buttons. */
export const ButtonTemplates = {
  AddButton: textButton(TranslatableString.AddButton),
  CopyButton: textButton(TranslatableString.CopyButton),
  MoveDownButton: textButton(TranslatableString.MoveDownButton),
  MoveUpButton: textButton(TranslatableString.MoveUpButton),
  RemoveButton: textButton(TranslatableString.RemoveButton),
  ClearButton: textButton(TranslatableString.ClearLabel),
  SubmitButton,
};
