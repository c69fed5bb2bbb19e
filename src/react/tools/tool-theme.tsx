/**
 * The rjsf theme of `ToolCallForm`: the kit's widgets plus nested objects, lists, tuples, unions and
 * `additionalProperties`. A union's own errors appear only in the error summary: rjsf draws the picked
 * option with the union's id and errors, so showing them at the union would show them twice.
 */
import {
  ADDITIONAL_PROPERTY_FLAG,
  canExpand,
  descriptionId,
  errorId,
  getSchemaType,
  titleId,
  type FieldTemplateProps,
  type MultiSchemaFieldTemplateProps,
  type ObjectFieldTemplateProps,
  type RJSFSchema,
  type TemplatesType,
  type WidgetProps,
} from '@rjsf/utils';
import { Fragment, useContext, useLayoutEffect, useMemo, type ReactNode } from 'react';

import { generateTheme } from '../theme/generate-theme.js';
import { OPTION_SELECTOR_SUFFIX, OPTION_TITLES, type ToolFormData } from '../../tools/rjsf/index.js';
import { NumberField } from '../theme/typed-values.js';
import {
  FieldBody,
  FieldErrorTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  ErrorListTemplate,
} from '../theme/templates.js';
import { EnumSelectWidget } from '../theme/widgets/enum-select-widget.js';
import type { EnumOptions } from '../theme/widgets/parts.js';
import {
  type ToolFormContext,
  toolLabels,
  Required,
  GroupErrors,
  hasText,
  groupDescribedBy,
  isUnion,
  UnionRequired,
  UnionOption,
} from './tool-theme-parts.js';
import {
  ListLabel,
  ToolArrayFieldTemplate,
  ToolArrayFieldItemTemplate,
  ToolArrayFieldItemButtonsTemplate,
  ToolArrayField,
  ToolArraySchemaField,
} from './tool-list.js';

/** Wraps one field; objects, lists and unions draw their own group, an added property its name box and remove. */
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
  const drawn = grouped ? children : <FieldBody {...props} />;
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
 * An object: the top level as a plain list of fields, a nested one as a named group with its own errors
 * ("must NOT have additional properties"). A bare `oneOf`/`anyOf` draws nothing here.
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
  // A list item is named "Contacts-2", as rjsf names single-field items: a shared title tells none apart.
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

// The titles `rjsfToolSchema` keeps beside an `enum` written as titled options; a multi-select's are on its items.
function useOptionTitles(props: WidgetProps<ToolFormData, RJSFSchema, ToolFormContext>): EnumOptions | undefined {
  const { schema, multiple, registry, options } = props;
  const holder =
    multiple === true && typeof schema.items === 'object' && !Array.isArray(schema.items)
      ? registry.schemaUtils.retrieveSchema(schema.items)
      : schema;
  const titles: unknown = (holder as Record<string, unknown>)[OPTION_TITLES];
  const given = options.enumOptions;
  return useMemo(
    () =>
      Array.isArray(titles) && given !== undefined && given.length === titles.length
        ? given.map((option, index) => {
            const title: unknown = titles[index];
            return typeof title === 'string' ? { ...option, label: title } : option;
          })
        : given,
    [titles, given],
  );
}

/**
 * The kit's drop-down. As a union's selector it also reports the option shown: rjsf keeps that choice in
 * the union field's state, and `toArguments` needs it to read the answers along the option the person sees.
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
  const enumOptions = useOptionTitles(props);
  return (
    <EnumSelectWidget
      {...props}
      options={{ ...props.options, enumOptions }}
      required={selector ? unionRequired : props.required}
    />
  );
}

/** The theme: the kit's widgets and field templates, the tool form's group templates. */
export function toolTheme(): {
  fields: {
    NumberField: typeof NumberField;
    ArrayField: typeof ToolArrayField;
    ArraySchemaField: typeof ToolArraySchemaField;
  };
  widgets: Record<string, (props: WidgetProps<ToolFormData, RJSFSchema, ToolFormContext>) => ReactNode>;
  templates: Partial<TemplatesType<ToolFormData, RJSFSchema, ToolFormContext>>;
} {
  return {
    // Numbers as soon as the text reads as one, so rjsf's `if`/`then` and option matching see numbers.
    fields: { NumberField, ArrayField: ToolArrayField, ArraySchemaField: ToolArraySchemaField },
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
