/**
 * The fields of `ElicitationForm`, drawn straight from core's fields with the kit's widgets.
 *
 * Not through rjsf's `Form`: it holds the whole answer in one state, so every keystroke or tick
 * re-renders every field and re-walks the schema (defaults, path schema, and for a multi-select
 * every option once per chosen item). Here each field owns its value: a keystroke re-renders one
 * field, a tick one block of rows. The answer as a whole lives in a small store outside React,
 * read when it is needed (Accept, the live draft report).
 *
 * What is drawn is what rjsf would draw with the kit's theme: the widget `toRjsf` names for the
 * field, given the field schema `toRjsf` wrote, rjsf's ids (`<prefix>_<key>`, `…__error`,
 * `…__description`, `…-<n>` per option of a short radio group), and the markup of the kit's
 * `FieldTemplate`. A host that runs its own rjsf `Form` with `generateTheme()` gets the same controls.
 */
import { errorId, type RJSFSchema } from '@rjsf/utils';
import { memo, useCallback, useState, type ComponentType } from 'react';

import type { Field, RjsfForm } from '../../core/index.js';
import { BooleanWidget } from '../theme/widgets/boolean-widget.js';
import { DateTimeWidget } from '../theme/widgets/date-time-widget.js';
import { DateWidget } from '../theme/widgets/date-widget.js';
import { EmailWidget } from '../theme/widgets/email-widget.js';
import { EnumRadioWidget } from '../theme/widgets/enum-radio-widget.js';
import { EnumSelectWidget } from '../theme/widgets/enum-select-widget.js';
import { MultiSelectWidget } from '../theme/widgets/multi-select-widget.js';
import { NumberWidget } from '../theme/widgets/number-widget.js';
import { TextWidget } from '../theme/widgets/text-widget.js';
import { UriWidget } from '../theme/widgets/uri-widget.js';
import type { EnumOptions, KitWidgetProps } from '../theme/widgets/parts.js';

/** The kit widget for each `ui:widget` name `toRjsf` writes. */
const WIDGETS: Readonly<Record<string, ComponentType<KitWidgetProps>>> = {
  text: TextWidget,
  email: EmailWidget,
  uri: UriWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  updown: NumberWidget,
  checkbox: BooleanWidget,
  radio: EnumRadioWidget,
  select: EnumSelectWidget,
  checkboxes: MultiSelectWidget,
};

/** One field as drawn: what the widget is given besides its value and errors. */
export interface FieldSlot {
  field: Field;
  /** The rjsf property name (`RjsfForm.formKeys`). */
  formKey: string;
  /** The control's id: `<prefix>_<formKey>`, as rjsf names it. */
  id: string;
  /** The field schema `toRjsf` wrote (bounds, format, description for the widget). */
  schema: RJSFSchema;
  Widget: ComponentType<KitWidgetProps>;
  /** The options of a select, in order, with their labels. */
  enumOptions: EnumOptions | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields of a form `toRjsf` made, ready to draw; ids start with `idPrefix`. */
export function fieldSlots(fields: readonly Field[], rjsf: RjsfForm, idPrefix: string): FieldSlot[] {
  const properties = isRecord(rjsf.schema.properties) ? rjsf.schema.properties : {};
  return fields.flatMap((field, index) => {
    const formKey = rjsf.formKeys[index];
    if (formKey === undefined) return [];
    const schema = properties[formKey];
    const ui: unknown = rjsf.uiSchema[formKey];
    const widgetName: unknown = isRecord(ui) ? ui['ui:widget'] : undefined;
    const Widget = typeof widgetName === 'string' ? WIDGETS[widgetName] : undefined;
    if (!isRecord(schema) || Widget === undefined) return [];
    const enumOptions =
      field.kind === 'single-select' || field.kind === 'multi-select'
        ? field.options.map((option) => ({ value: option.value, label: option.label }))
        : undefined;
    return [{ field, formKey, id: `${idPrefix}_${formKey}`, schema: schema as RJSFSchema, Widget, enumOptions }];
  });
}

/**
 * The answer being given, outside React: each field writes its value here as it changes, and the
 * form reads the whole of it on Accept. `onChange` hears every write.
 */
export interface AnswerStore {
  /** rjsf-style form data: `formKey` → the widget's value. */
  readonly values: Record<string, unknown>;
  set(formKey: string, value: unknown): void;
}

/** A store starting from `values` (copied); `onChange` is called after every write. */
export function createAnswerStore(
  values: Record<string, unknown>,
  onChange: (values: Record<string, unknown>) => void,
): AnswerStore {
  const current: Record<string, unknown> = { ...values };
  return {
    values: current,
    set(formKey, value) {
      // Form keys are plain identifiers (toRjsf gives odd MCP keys a stand-in name), never `__proto__`.
      if (value === undefined) delete current[formKey];
      else current[formKey] = value;
      onChange(current);
    },
  };
}

const noFocusReport = (): void => {};

/** What `FieldView` needs; it re-renders only when its errors change, or its own value. */
interface FieldViewProps {
  slot: FieldSlot;
  store: AnswerStore;
  /** Core's messages for this field after the last refused Accept; `undefined` when none. */
  errors: string[] | undefined;
  /** The widgets' `registry.formContext` (the labels), the same object for every field. */
  formContext: { labels: object };
}

/** One field: its widget, holding its own value, and its error messages. */
export const FieldView = memo(function FieldView({ slot, store, errors, formContext }: FieldViewProps) {
  const { field, formKey, id, schema, Widget, enumOptions } = slot;
  const [value, setValue] = useState<unknown>(() => store.values[formKey]);
  const onChange = useCallback(
    (next: unknown) => {
      setValue(next);
      store.set(formKey, next);
    },
    [store, formKey],
  );
  const invalid = errors !== undefined && errors.length > 0;
  return (
    <div className="mek-field" data-invalid={invalid ? '' : undefined} data-required={field.required ? '' : undefined}>
      <Widget
        id={id}
        label={field.label}
        schema={schema}
        value={value}
        required={field.required}
        rawErrors={errors}
        options={{ enumOptions }}
        registry={{ formContext }}
        onChange={onChange}
        onBlur={noFocusReport}
        onFocus={noFocusReport}
      />
      {invalid && (
        <div id={errorId(id)} className="mek-field-error">
          {errors.map((error, index) => (
            <p key={index}>{error}</p>
          ))}
        </div>
      )}
    </div>
  );
});
