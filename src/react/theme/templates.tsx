/**
 * The kit's rjsf templates. Kit widgets draw their own label, description and hint, so `FieldTemplate`
 * labels only a widget that is not the kit's. Everything is plain text: no markdown, no HTML from the schema.
 */
import {
  ADDITIONAL_PROPERTY_FLAG,
  buttonId,
  canExpand,
  descriptionId,
  errorId,
  getSchemaType,
  getTemplate,
  getUiOptions,
  hasWidget,
  helpId,
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
  type SubmitButtonProps,
  type TitleFieldProps,
  type WrapIfAdditionalTemplateProps,
} from '@rjsf/utils';
import type { ReactNode } from 'react';

import { KIT_WIDGET_NAMES } from './registry.js';
import { FieldLabel, hasErrors, readLabels, RequiredMark } from './widgets/parts.js';

/**
 * Whether rjsf draws the field with a widget that is not the kit's (`ui:widget`, a `format` naming a widget,
 * a file list). Objects, lists and unions draw their own group; a union's selector is a kit select.
 */
function foreignWidget({ schema, uiSchema, registry }: FieldTemplateProps): boolean {
  const { schemaUtils } = registry;
  const type: unknown = getSchemaType(schema);
  const first: unknown = Array.isArray(type) ? type[0] : type;
  if (first === 'object' || (first !== 'array' && (schema.oneOf ?? schema.anyOf) && !schemaUtils.isSelect(schema)))
    return false;
  const { format } = schema;
  const widget: unknown =
    getUiOptions(uiSchema).widget ??
    (first === 'array'
      ? schemaUtils.isFilesArray(schema, uiSchema)
      : typeof format === 'string' && hasWidget(schema, format, registry.widgets) && format);
  return widget !== false && widget !== undefined && !KIT_WIDGET_NAMES.has(widget as string);
}

/**
 * Wraps one field: a label for a widget that draws none, the widget, its errors and `ui:help`, with
 * `data-invalid`/`data-required` for styling and `ui:classNames`/`ui:style` as rjsf applies them.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  /* eslint-disable react-hooks/static-components -- getTemplate hands back the registry's component, the same on every render */
  const WrapIfAdditional = getTemplate('WrapIfAdditionalTemplate', props.registry, getUiOptions(props.uiSchema));
  return (
    <WrapIfAdditional {...props}>
      <FieldBody {...props} />
    </WrapIfAdditional>
  );
  /* eslint-enable react-hooks/static-components */
}

/**
 * `FieldTemplate` without `WrapIfAdditionalTemplate`: for the tool form, which draws an added
 * property's name box and remove button itself. Internal to the kit.
 */
export function FieldBody(props: FieldTemplateProps) {
  const { id, label, children, classNames, style, description, rawDescription, errors, help, hidden } = props;
  const { required, displayLabel, rawErrors, schema, registry } = props;
  if (hidden) return <div hidden>{children}</div>;
  const object = getSchemaType(schema) === 'object';
  const named = !object && label !== '' && foreignWidget(props);
  return (
    <div
      className={object ? classNames : `mek-field ${classNames ?? ''}`}
      style={style}
      data-invalid={!object && hasErrors(rawErrors) ? '' : undefined}
      data-required={!object && required ? '' : undefined}
    >
      {named && (
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
      {named && displayLabel && rawDescription !== '' && description}
      {children}
      {errors}
      {help}
    </div>
  );
}

/** `ui:help`, as plain text, with the id the kit's widgets list in `aria-describedby`. */
export function FieldHelpTemplate({ fieldPathId, help }: FieldHelpProps) {
  return (
    help && (
      <div id={helpId(fieldPathId)} className="mek-hint">
        {help}
      </div>
    )
  );
}

// rjsf's own buttons are icons that need Bootstrap.
function TextButton({ id, className, disabled, onClick, children }: IconButtonProps & { children: ReactNode }) {
  return (
    <button
      id={id}
      type="button"
      className={`mek-button mek-button-quiet ${className ?? ''}`.trim()}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** A property added under `additionalProperties`: a box for its name, the field, and a remove button. */
export function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const { id, label, children, disabled, readonly, schema, registry, onKeyRenameBlur, onRemoveProperty } = props;
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) return children;
  const { RemoveButton } = registry.templates.ButtonTemplates;
  return (
    <div className="mek-additional">
      <label className="mek-field">
        <span className="mek-label">{registry.translateString(TranslatableString.KeyLabel, [label])}</span>
        {/* Uncontrolled, as rjsf's own: the key is renamed when the box loses the focus. */}
        <input
          key={label}
          className="mek-input"
          defaultValue={label}
          disabled={disabled}
          readOnly={readonly}
          onBlur={onKeyRenameBlur}
        />
      </label>
      {children}
      <RemoveButton
        id={buttonId(id, 'remove')}
        className="rjsf-object-property-remove"
        disabled={disabled || readonly}
        onClick={onRemoveProperty}
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

/**
 * An object: a `fieldset` named by its `legend`, its description, optional-data control, fields and add button.
 * A bare `oneOf`/`anyOf` draws nothing here: the union field draws its selector and option.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, description, properties, fieldPathId, schema, uiSchema, registry, required } = props;
  const { disabled, readonly, onAddProperty, optionalDataControl } = props;
  const formData: unknown = props.formData;
  if ((schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0) return null;
  const options = getUiOptions(uiSchema);
  /* eslint-disable react-hooks/static-components -- getTemplate hands back the registry's components, the same on every render */
  const Title = getTemplate('TitleFieldTemplate', registry, options);
  const Description = getTemplate('DescriptionFieldTemplate', registry, options);
  const { AddButton } = registry.templates.ButtonTemplates;
  // As rjsf's own: the control follows the title, unless the form is read-only or there is no title.
  const controlInTitle = !readonly && !disabled && title !== '';
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
      {!controlInTitle && optionalDataControl}
      {/* Hidden ones too: `FieldTemplate` draws them hidden, as rjsf's own keeps their inputs. */}
      <div className="mek-fields">{properties.map((property) => property.content)}</div>
      {canExpand(schema, uiSchema, formData) && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-object-property-expand"
          onClick={onAddProperty}
          disabled={disabled || readonly}
          registry={registry}
        />
      )}
    </fieldset>
  );
  /* eslint-enable react-hooks/static-components */
}

/**
 * A group's title as its `legend`. The optional-data control follows the legend rather than sitting
 * in it, so the group's accessible name is its title only.
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
  return (
    description !== '' && (
      <div id={id} className="mek-description">
        {description}
      </div>
    )
  );
}

/** rjsf's optional-data control: add or remove an optional object's or list's data, or (read-only) a note. */
export function OptionalDataControlsTemplate({
  id,
  label,
  registry,
  onAddClick,
  onRemoveClick,
}: OptionalDataControlsTemplateProps) {
  const onClick = onAddClick ?? onRemoveClick;
  return onClick ? (
    <TextButton id={id} registry={registry} onClick={onClick}>
      {label}
    </TextButton>
  ) : (
    <p id={id} className="mek-hint">
      {label}
    </p>
  );
}

/**
 * The errors of a host's rjsf `Form` after a refused submit, as a plain list (`showErrorList`).
 * `ElicitationForm` has its own error summary and `ToolCallForm` turns this list off.
 */
export function ErrorListTemplate({ errors, registry }: ErrorListProps) {
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

/**
 * The submit button for a host's own rjsf `Form`: the `accept` label unless `ui:submitButtonOptions`
 * names one; its `props` (a disabled form's `disabled`) and `norender` as rjsf's own.
 */
export function SubmitButton({ uiSchema, registry }: SubmitButtonProps) {
  const options = getUiOptions(uiSchema).submitButtonOptions;
  return (
    !options?.norender && (
      <button type="submit" {...options?.props} className="mek-button mek-button-primary">
        {options?.submitText ?? readLabels(registry).accept}
      </button>
    )
  );
}

function textButton(text: TranslatableString) {
  return function KitButton(props: IconButtonProps) {
    return <TextButton {...props}>{props.registry.translateString(text)}</TextButton>;
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
