/**
 * The single-line input every text-like widget draws (text, email, uri, date, date-time, number):
 * label, description, the native input and a hint, tied together with `aria-describedby`.
 * Internal; each public widget decides only the input type, the hint and how text maps to a value.
 *
 * In a host's rjsf `Form` the input also takes what rjsf's default theme gives its inputs: the native
 * `required` attribute, `ui:placeholder`, `ui:autocomplete`, and a clear button with
 * `allowClearTextInputs`. `ElicitationForm` draws no native `required`: its form is a `<div>` that may
 * sit in a host's own `<form>`, whose submission it must never block.
 */
import type { HTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';

import { patternSupport } from '../../../shared/pattern-engine.js';
import {
  describedBy,
  Description,
  descriptionOf,
  FieldLabel,
  hasErrors,
  Hint,
  readLabels,
  rjsfRegistry,
  type KitWidgetProps,
  formOf,
} from './parts.js';

/** Whether the field's `pattern` is one the kit cannot run (lookaround, back-references): the server checks it. */
function patternLeftToServer(schema: object): boolean {
  const pattern: unknown = (schema as Record<string, unknown>).pattern;
  return typeof pattern === 'string' && patternSupport(pattern) === 'server-only';
}

/** What a text-like widget chooses about its input. */
export interface InputFieldProps {
  /** The rjsf props the widget received, passed on whole. */
  widget: KitWidgetProps;
  /** The native input type. */
  type: 'text' | 'email' | 'url' | 'date' | 'datetime-local';
  /** The on-screen keyboard to offer. */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** What the input shows. */
  text: string;
  /** The hint under the input (bounds, format, time zone); none when `undefined`. */
  hint: string | undefined;
  /** Called with the input's text on every change. */
  onText: (text: string) => void;
  /** Extra native attributes (`step`); `ui:autocomplete` wins over `autoComplete`. */
  inputProps?: Pick<InputHTMLAttributes<HTMLInputElement>, 'step' | 'autoComplete' | 'spellCheck'>;
  /** Anything shown after the hint (unused by most widgets). */
  children?: ReactNode;
}

/** A labelled native input, fully controlled by the text it is given. */
export function InputField({ widget, type, inputMode, text, hint, onText, inputProps, children }: InputFieldProps) {
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
    schema,
    htmlName,
    placeholder,
    options,
    onChange,
    onBlur,
    onFocus,
  } = widget;
  const labels = readLabels(registry);
  const invalid = hasErrors(rawErrors);
  // A pattern the kit does not run is said so under the field, after the widget's own hint.
  const note = patternLeftToServer(schema) ? labels.patternByServer : undefined;
  const shown = hint ?? note;
  const rjsf = rjsfRegistry(registry);
  const ClearButton = rjsf?.templates.ButtonTemplates.ClearButton;
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : inputProps?.autoComplete;
  return (
    <>
      <FieldLabel as="label" id={id} label={label} hideLabel={hideLabel} required={required} labels={labels} />
      <Description id={id} description={descriptionOf(widget)} />
      <input
        id={id}
        name={htmlName ?? id}
        form={formOf(registry)}
        type={type}
        inputMode={inputMode}
        className="mek-input"
        value={text}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        placeholder={placeholder || undefined}
        // rjsf's default theme marks required inputs natively; the browser then checks them first.
        required={rjsf !== undefined && required ? true : undefined}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(widget, shown)}
        data-invalid={invalid ? '' : undefined}
        onChange={(event) => onText(event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
        {...inputProps}
        autoComplete={autoComplete}
      />
      {rjsf && ClearButton && options.allowClearTextInputs === true && !readonly && !disabled && text !== '' && (
        <ClearButton registry={rjsf} onClick={() => onChange(emptyValue(widget))} />
      )}
      <Hint id={id} hint={shown}>
        {hint !== undefined && note !== undefined && (
          <>
            <br />
            {note}
          </>
        )}
      </Hint>
      {children}
    </>
  );
}

/**
 * What an emptied input gives rjsf: the widget's `emptyValue` option (`ui:emptyValue`), else
 * `undefined`, as rjsf's own inputs do, so a cleared field is no answer (a required one is then
 * missing for rjsf's validator, and core reads it as empty).
 */
export function emptyValue(widget: KitWidgetProps): unknown {
  return widget.options.emptyValue;
}

/** The text an input shows for a value rjsf holds: strings as they are, numbers in JSON form, nothing otherwise. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}
