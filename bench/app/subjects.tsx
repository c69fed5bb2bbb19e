/**
 * The three subjects of `npm run bench`, each drawing the same case:
 * - `kit`: `ElicitationForm` with the MCP schema (titled options as `anyOf`/`oneOf` const/title);
 * - `rjsf`: plain `@rjsf/core` (default theme) with `@rjsf/validator-ajv8` and the same MCP schema,
 *   `uniqueItems: true` added so a multi-select draws one control (rjsf's default for it, a `<select multiple>`);
 * - `native`: a bare React list of `<input>`s with memoised rows, the floor.
 * "Ticked" options come from the schema `default` (kit), `formData` (rjsf) or the initial state
 * (native). A single select has at most one choice, so "10 ticked" means one chosen there.
 */
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator, { customizeValidator } from '@rjsf/validator-ajv8';
import { Fragment, memo, useCallback, useMemo, useState, type ReactNode } from 'react';

import { ElicitationForm, type ElicitRequestFormParams, type RequestedSchema } from '../../src/index.js';
import { SingleSelect } from '../../src/react/theme/widgets/enum-select-widget.js';
import { SMALL_FORM } from '../small-form.js';

/** What is measured. */
export type Subject = 'kit' | 'rjsf' | 'native';

/** One list case: a titled multi or single select with `options` options, `ticked` chosen. */
export interface ListCase {
  kind: 'multi' | 'single';
  options: number;
  ticked: number;
}

/** The option values and titles of a case. */
export function titled(count: number): { const: string; title: string }[] {
  return Array.from({ length: count }, (_, index) => ({ const: `opt-${index}`, title: `Option ${index + 1}` }));
}

/** The values chosen at the start: every `options / ticked`-th option, so they spread over the list. */
export function chosenAt(spec: ListCase): string[] {
  const count = spec.kind === 'single' ? Math.min(spec.ticked, 1) : spec.ticked;
  return Array.from({ length: count }, (_, index) => `opt-${Math.floor((index * spec.options) / Math.max(count, 1))}`);
}

/** The MCP property of a case, with the chosen values as its default when there are any. */
function mcpProperty(spec: ListCase): Record<string, unknown> {
  const options = titled(spec.options);
  const chosen = chosenAt(spec);
  if (spec.kind === 'multi')
    return { type: 'array', title: 'Items', items: { anyOf: options }, ...(chosen.length > 0 && { default: chosen }) };
  return { type: 'string', title: 'Item', oneOf: options, ...(chosen[0] !== undefined && { default: chosen[0] }) };
}

const noop = (): void => {};

/**
 * The kit: `ElicitationForm`. The request is built when the element is made, not in its render, so a
 * harness can build it before its clock starts (a host holds it already, read from the wire).
 */
function kitList(spec: ListCase, onAnswer: () => void = noop): ReactNode {
  const request: ElicitRequestFormParams = {
    message: 'Choose',
    requestedSchema: { type: 'object', properties: { pick: mcpProperty(spec) } } as unknown as RequestedSchema,
  };
  return <ElicitationForm request={request} server={{ name: 'bench' }} onRespond={onAnswer} />;
}

/** Plain rjsf with its default theme and Ajv validator. */
function RjsfList({ spec, onAnswer }: { spec: ListCase; onAnswer?: () => void }) {
  const property = mcpProperty(spec);
  delete property.default;
  if (spec.kind === 'multi') property.uniqueItems = true;
  const schema: RJSFSchema = { type: 'object', properties: { pick: property as RJSFSchema } };
  const chosen = chosenAt(spec);
  const formData = chosen.length === 0 ? {} : { pick: spec.kind === 'multi' ? chosen : chosen[0] };
  // A fresh validator (own Ajv) per mount: with the shared one, mounting the 5,000-option form a
  // second time overflows Ajv's stack while compiling ("Maximum call stack size exceeded", retried
  // without end), so a page could never show that form twice.
  const own = useMemo(() => customizeValidator(), []);
  return <Form schema={schema} validator={own} initialFormData={formData} onSubmit={onAnswer} />;
}

interface RowProps {
  index: number;
  value: string;
  label: string;
  checked: boolean;
  type: 'checkbox' | 'radio';
  onToggle: (index: number, on: boolean) => void;
}

const Row = memo(function Row({ index, value, label, checked, type, onToggle }: RowProps) {
  return (
    <label>
      <input
        type={type}
        name="pick"
        value={value}
        checked={checked}
        onChange={(event) => onToggle(index, event.target.checked)}
      />
      {label}
    </label>
  );
});

/** A bare React list of inputs with memoised rows. */
function NativeList({ spec }: { spec: ListCase }) {
  const options = titled(spec.options);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(chosenAt(spec)));
  const onToggle = useCallback(
    (index: number, on: boolean) => {
      const value = `opt-${index}`;
      setChosen((current) => {
        if (spec.kind === 'single') return new Set([value]);
        const next = new Set(current);
        if (on) next.add(value);
        else next.delete(value);
        return next;
      });
    },
    [spec.kind],
  );
  return (
    <fieldset>
      <legend>{spec.kind === 'multi' ? 'Items' : 'Item'}</legend>
      {options.map((option, index) => (
        <Row
          key={option.const}
          index={index}
          value={option.const}
          label={option.title}
          checked={chosen.has(option.const)}
          type={spec.kind === 'multi' ? 'checkbox' : 'radio'}
          onToggle={onToggle}
        />
      ))}
    </fieldset>
  );
}

/** The kit's native `<select>` at every size (no radios, no combobox): the threshold cases' other control. */
const NATIVE_SELECT = { select: SingleSelect, radio: SingleSelect };

/** The list case drawn by `subject` (`kit-select`: the kit with its native `<select>` whatever the size). */
export function listSubject(subject: Subject | 'kit-select', spec: ListCase, onAnswer?: () => void): ReactNode {
  if (subject === 'kit') return kitList(spec, onAnswer);
  if (subject === 'kit-select') {
    const request: ElicitRequestFormParams = {
      message: 'Choose',
      requestedSchema: { type: 'object', properties: { pick: mcpProperty(spec) } } as unknown as RequestedSchema,
    };
    return <ElicitationForm request={request} server={{ name: 'bench' }} onRespond={noop} widgets={NATIVE_SELECT} />;
  }
  if (subject === 'rjsf') return <RjsfList spec={spec} {...(onAnswer && { onAnswer })} />;
  return <NativeList spec={spec} />;
}

/** `count` prompts of the list case at once (the memory cases), each with its own request. */
export function manySubject(subject: Subject, spec: ListCase, count: number): ReactNode {
  return Array.from({ length: count }, (_, index) => <Fragment key={index}>{listSubject(subject, spec)}</Fragment>);
}

/**
 * `fields` multi-selects of `options` untitled options each, drawn by the kit (the 1,000 × 1,000
 * case: core refuses it, so what is timed is the refusal).
 */
export function gridSubject(fields: number, options: number): ReactNode {
  const values = Array.from({ length: options }, (_, index) => `opt-${index}`);
  const properties = Object.fromEntries(
    Array.from({ length: fields }, (_, index) => [
      `f${index}`,
      { type: 'array', title: `Items ${index + 1}`, items: { type: 'string', enum: values } },
    ]),
  );
  const request: ElicitRequestFormParams = {
    message: 'Choose',
    requestedSchema: { type: 'object', properties } as unknown as RequestedSchema,
  };
  return <ElicitationForm request={request} server={{ name: 'bench' }} onRespond={noop} />;
}

/** The 100 text fields of the keystroke case. */
export const FIELD_COUNT = 100;
const fieldKeys = Array.from({ length: FIELD_COUNT }, (_, index) => `field${index}`);
const fieldsSchema = {
  type: 'object',
  properties: Object.fromEntries(fieldKeys.map((key, index) => [key, { type: 'string', title: `Field ${index + 1}` }])),
} as const;

/** A bare React form of 100 controlled inputs (no memoisation: plain React). */
function NativeFields() {
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <form>
      {fieldKeys.map((key, index) => (
        <label key={key}>
          Field {index + 1}
          <input
            type="text"
            value={values[key] ?? ''}
            onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
          />
        </label>
      ))}
    </form>
  );
}

/** The 100-field form drawn by `subject`. */
export function fieldsSubject(subject: Subject): ReactNode {
  if (subject === 'kit') {
    const request: ElicitRequestFormParams = {
      message: 'Fill in',
      requestedSchema: fieldsSchema as unknown as RequestedSchema,
    };
    return <ElicitationForm request={request} server={{ name: 'bench' }} onRespond={noop} />;
  }
  if (subject === 'rjsf') return <Form schema={fieldsSchema as unknown as RJSFSchema} validator={validator} />;
  return <NativeFields />;
}

/** What every subject calls with the answer (kit: `onRespond`; rjsf: `onSubmit`; native: its submit). */
export type Answered = (content: Record<string, unknown>) => void;

/** A bare React form of the same six controlled inputs and a submit button (plain React, no checks). */
function NativeSmallForm({ onAnswer }: { onAnswer: Answered }) {
  const [values, setValues] = useState<Record<string, string | boolean>>({
    firstLine: SMALL_FORM.properties.firstLine.default,
  });
  const set = (key: string, value: string | boolean) => setValues((current) => ({ ...current, [key]: value }));
  const text = (key: string, type: string, title: string) => (
    <label>
      {title}
      <input type={type} value={String(values[key] ?? '')} onChange={(event) => set(key, event.target.value)} />
    </label>
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // Empty answers left out, as MCP wants.
        onAnswer(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')));
      }}
    >
      <p>Please provide inputs for the following fields:</p>
      {text('name', 'text', 'String')}
      <label>
        <input
          type="checkbox"
          checked={values.check === true}
          onChange={(event) => set('check', event.target.checked)}
        />
        Boolean
      </label>
      {text('firstLine', 'text', 'String with default')}
      {text('email', 'email', 'String with email format')}
      {text('homepage', 'url', 'String with uri format')}
      {text('birthdate', 'date', 'String with date format')}
      <button type="submit">Submit</button>
    </form>
  );
}

/** rjsf's form of the same schema, with a fresh validator per mount (as the list cases). */
function RjsfSmallForm({ onAnswer }: { onAnswer: Answered }) {
  const own = useMemo(() => customizeValidator(), []);
  return (
    <Form
      schema={SMALL_FORM as unknown as RJSFSchema}
      validator={own}
      onSubmit={({ formData }) => onAnswer(formData as Record<string, unknown>)}
    />
  );
}

/** The small form drawn by `subject`; `onAnswer` is called once the subject has its answer. */
export function smallFormSubject(subject: Subject, onAnswer: Answered): ReactNode {
  if (subject === 'kit') {
    const request: ElicitRequestFormParams = {
      message: 'Please provide inputs for the following fields:',
      requestedSchema: SMALL_FORM as unknown as RequestedSchema,
    };
    return (
      <ElicitationForm
        request={request}
        server={{ name: 'bench' }}
        onRespond={(result) => onAnswer(result.content ?? {})}
      />
    );
  }
  if (subject === 'rjsf') return <RjsfSmallForm onAnswer={onAnswer} />;
  return <NativeSmallForm onAnswer={onAnswer} />;
}
