/**
 * The single-line input every text-like widget draws. `ElicitationForm` draws no native `required`: it may
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

// A pattern the kit cannot run (lookaround, back-references) is the server's to check.
function patternLeftToServer(schema: object): boolean {
  const pattern: unknown = (schema as Record<string, unknown>).pattern;
  return typeof pattern === 'string' && patternSupport(pattern) === 'server-only';
}

/** What a text-like widget chooses about its input. */
export interface InputFieldProps {
  widget: KitWidgetProps;
  type: 'text' | 'password' | 'email' | 'url' | 'date' | 'datetime-local';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  text: string;
  /** Bounds, format or time zone under the input. */
  hint: string | undefined;
  onText: (text: string) => void;
  /** Extra native attributes (`step`); `ui:autocomplete` wins over `autoComplete`. */
  inputProps?: Pick<InputHTMLAttributes<HTMLInputElement>, 'step' | 'autoComplete' | 'spellCheck'>;
  children?: ReactNode;
  /** Drawn on the input's line, after it (a secret's show/hide toggle). */
  after?: ReactNode;
}

/** A labelled native input, fully controlled by the text it is given. */
export function InputField({
  widget,
  type,
  inputMode,
  text,
  hint,
  onText,
  inputProps,
  children,
  after,
}: InputFieldProps) {
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
  const note = patternLeftToServer(schema) ? labels.patternByServer : undefined;
  const shown = hint ?? note;
  const rjsf = rjsfRegistry(registry);
  const ClearButton = rjsf?.templates.ButtonTemplates.ClearButton;
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : inputProps?.autoComplete;
  const input = (
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
      autoCapitalize={typeof options.autocapitalize === 'string' ? options.autocapitalize : undefined}
    />
  );
  return (
    <>
      <FieldLabel as="label" id={id} label={label} hideLabel={hideLabel} required={required} labels={labels} />
      <Description id={id} description={descriptionOf(widget)} label={label} labels={labels} />
      {after === undefined ? (
        input
      ) : (
        <div className="mek-secret">
          {input}
          {after}
        </div>
      )}
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
 * What an emptied input gives rjsf: `ui:emptyValue`, else `undefined` as rjsf's own inputs do, so a
 * cleared required field is missing for rjsf's validator.
 */
export function emptyValue(widget: KitWidgetProps): unknown {
  return widget.options.emptyValue;
}

/** The text an input shows for a value: strings as they are, finite numbers in JSON form, else nothing. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}
