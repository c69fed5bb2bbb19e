/**
 * The fields of `ElicitationForm`, drawn from core's fields with the kit's widgets, not through rjsf's
 * `Form` (which re-renders every field on every change): a keystroke re-renders one field. The markup
 * and ids are what rjsf would draw with the kit's theme.
 */
import { errorId, type RJSFSchema } from '@rjsf/utils';
import { memo, useCallback } from 'react';

import {
  SECRET_MASK,
  toRjsf,
  widgetFor,
  type DraftValue,
  type ElicitationFormModel,
  type Field,
  type FormReading,
  type RjsfForm,
} from '../../core/index.js';
import type { ElicitationLabels } from '../shared/labels.js';
import { resolveWidget, type KitWidgets, type ResolvedWidget } from '../theme/registry.js';
import type { EnumOptions } from '../theme/widgets/parts.js';
import { useFormField } from './use-elicitation-form.js';

type AcceptedReading = Extract<FormReading, { ok: true }>;

/** One field as drawn: what the widget is given besides its value and errors. */
export interface FieldSlot {
  field: Field;
  /** The control's id: `<prefix>_<formKey>`, as rjsf names it (`formKey`: `RjsfForm.formKeys`). */
  id: string;
  /** The field schema `toRjsf` wrote (bounds, format, description for the widget). */
  schema: RJSFSchema;
  /** The widget, or why there is none (a host's replacement that is not a component). */
  widget: ResolvedWidget;
  /** The options of a select, in order, with their labels. */
  enumOptions: EnumOptions | undefined;
}

function controlId(rjsf: RjsfForm, idPrefix: string, index: number): string {
  return `${idPrefix}_${rjsf.formKeys[index] ?? `field${index}`}`;
}

/** The control id of the field `key` of an accepted reading drawn with `idPrefix`. */
export function fieldControlId(reading: AcceptedReading, idPrefix: string, key: string): string | undefined {
  const index = reading.fields.findIndex((field) => field.key === key);
  return index < 0 ? undefined : controlId(toRjsf(reading.schema), idPrefix, index);
}

/** The fields of an accepted reading, ready to draw; ids start with `idPrefix`. Every field gets a slot. */
export function fieldSlots(
  reading: AcceptedReading,
  idPrefix: string,
  widgets: Partial<KitWidgets> | undefined,
): FieldSlot[] {
  const rjsf = toRjsf(reading.schema);
  const properties = (rjsf.schema.properties ?? {}) as Record<string, RJSFSchema>;
  return reading.fields.map((field, index) => {
    const formKey = rjsf.formKeys[index] ?? '';
    return {
      field,
      id: controlId(rjsf, idPrefix, index),
      schema: properties[formKey] ?? {},
      widget: resolveWidget(widgets, widgetFor(field), field.key),
      // Core's own list, not a copy: its index (`optionIndex`) comes with it.
      enumOptions: 'options' in field ? field.options : undefined,
    };
  });
}

const noFocusReport = (): void => {};

interface FieldViewProps {
  slot: FieldSlot;
  model: ElicitationFormModel;
  labels: ElicitationLabels;
  /** The widgets' `registry.formContext` (the labels), the same object for every field. */
  formContext: { labels: object };
  /** Whether the form was answered: its controls are then read-only. */
  disabled: boolean;
}

/** One field: its widget, its value from the model, and core's error for it. */
export const FieldView = memo(function FieldView({ slot, model, labels, formContext, disabled }: FieldViewProps) {
  const { field, id, schema, widget, enumOptions } = slot;
  const state = useFormField(model, field.key);
  const onChange = useCallback(
    (next: unknown) => model.setValue(field.key, next as DraftValue | undefined),
    [model, field.key],
  );
  const errors = state?.error === undefined ? undefined : [labels.fieldError(state.error)];
  // Once answered, a secret shows a mask: the page keeps no copy of what was sent (not even in a `value` attribute).
  const value =
    disabled && field.kind === 'text' && field.secret && state?.value !== undefined ? SECRET_MASK : state?.value;
  const invalid = errors !== undefined || !widget.ok;
  return (
    <div className="mek-field" data-invalid={invalid ? '' : undefined} data-required={field.required ? '' : undefined}>
      {widget.ok ? (
        <widget.Widget
          id={id}
          label={field.label}
          schema={schema}
          value={value}
          required={field.required}
          disabled={disabled}
          rawErrors={errors}
          options={{ enumOptions }}
          registry={{ formContext }}
          onChange={onChange}
          onBlur={noFocusReport}
          onFocus={noFocusReport}
        />
      ) : (
        // A visible refusal, never a silently missing field (production; development throws).
        <p id={id} className="mek-refused-title">
          {labels.fieldCannotBeShown(field.label)}
        </p>
      )}
      {errors !== undefined && (
        <div id={errorId(id)} className="mek-field-error">
          {errors.map((error, index) => (
            <p key={index}>{error}</p>
          ))}
        </div>
      )}
    </div>
  );
});
