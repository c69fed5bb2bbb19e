/**
 * The kit's rjsf templates. Kit widgets draw their own label, description and hint (a radio group
 * names itself with `aria-labelledby`, a checkbox group with its `legend`), so `FieldTemplate` only
 * wraps a field and places its errors; it draws a label only for a widget that is not the kit's.
 * Everything is plain text: no markdown, no HTML from the schema.
 */
import {
  errorId,
  getUiOptions,
  type DescriptionFieldProps,
  type ErrorListProps,
  type FieldErrorProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type SubmitButtonProps,
  type TitleFieldProps,
} from '@rjsf/utils';
import { Fragment } from 'react';

import { KIT_WIDGET_NAMES } from './registry.js';
import { Description, FieldLabel, hasErrors, readLabels, RequiredMark } from './widgets/parts.js';

/** Wraps one field: its widget, then its errors; `data-invalid`/`data-required` for styling. */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, rawErrors, hidden, required, schema, uiSchema, registry } = props;
  if (hidden) return <div hidden>{children}</div>;
  if (schema.type === 'object') return children;
  const widget: unknown = getUiOptions(uiSchema).widget;
  const labelledByWidget = widget === undefined || (typeof widget === 'string' && KIT_WIDGET_NAMES.has(widget));
  const labels = readLabels(registry);
  return (
    <div
      className="mek-field"
      data-invalid={hasErrors(rawErrors) ? '' : undefined}
      data-required={required ? '' : undefined}
    >
      {!labelledByWidget && (
        <>
          <FieldLabel as="label" id={id} label={label} hideLabel={false} required={required} labels={labels} />
          <Description id={id} description={schema.description} />
        </>
      )}
      {children}
      {errors}
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

/** The fields of the (flat) object, in `ui:order`; its title and description as plain text when given. */
export function ObjectFieldTemplate({ title, description, properties }: ObjectFieldTemplateProps) {
  return (
    <div className="mek-fields">
      {title !== '' && <p className="mek-object-title">{title}</p>}
      {description !== undefined && description !== '' && <p className="mek-description">{description}</p>}
      {properties.map((property) =>
        property.hidden ? null : <Fragment key={property.name}>{property.content}</Fragment>,
      )}
    </div>
  );
}

/** A title as plain text. */
export function TitleFieldTemplate({ id, title, required, registry }: TitleFieldProps) {
  return (
    <p id={id} className="mek-label">
      {title}
      {required && <RequiredMark labels={readLabels(registry)} />}
    </p>
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
 * rjsf's error list is off: `ElicitationForm` shows its own error summary from core's verdict.
 * Hosts with their own rjsf `Form` can pass their own `ErrorListTemplate`.
 */
export function ErrorListTemplate(_props: ErrorListProps) {
  return null;
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
