/** A host's own elicitation form from `useElicitationForm`: plain JSX, no rjsf, no kit widget. */
import type { DraftValue, ElicitResult, Field } from '../../src/index.js';
import { useElicitationForm } from '../../src/index.js';
import './headless.css';

const INPUT_TYPE = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as const;

function Control({
  field,
  value,
  set,
}: {
  field: Field;
  value: DraftValue | undefined;
  set: (v?: DraftValue) => void;
}) {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const name = { 'aria-label': field.label, 'aria-required': field.required };
  switch (field.kind) {
    case 'text':
      return (
        <input
          {...name}
          type={field.format ? INPUT_TYPE[field.format] : 'text'}
          value={text}
          onChange={(e) => set(e.target.value)}
        />
      );
    case 'number':
      return (
        <input
          {...name}
          inputMode={field.integer ? 'numeric' : 'decimal'}
          value={text}
          onChange={(e) => set(e.target.value)}
        />
      );
    case 'boolean':
      return <input {...name} type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} />;
    case 'single-select':
      return (
        <select {...name} value={text} onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)}>
          <option value="">Choose…</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case 'multi-select': {
      const chosen = Array.isArray(value) ? value : [];
      return field.options.map((o) => (
        <label key={o.value} className="hl-option">
          <input
            type="checkbox"
            checked={chosen.includes(o.value)}
            onChange={(e) => set(e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))}
          />
          {o.label}
        </label>
      ));
    }
    default:
      return field satisfies never;
  }
}

/** Renders any form-mode request; answers once through `onRespond`. */
export function HeadlessForm({ request, onRespond }: { request: unknown; onRespond: (r: ElicitResult) => void }) {
  const { reading, snapshot, setValue, accept, decline, cancel } = useElicitationForm(request, { onRespond });
  const errorOf = (key: string) => snapshot.errors.find((error) => error.field === key)?.message;
  return (
    <div className="hl-form" role="group" aria-label={reading.message ?? 'Request'}>
      <p>{reading.message}</p>
      {reading.ok ? (
        reading.fields.map((field) => (
          <fieldset key={field.key} aria-invalid={errorOf(field.key) !== undefined}>
            <legend>
              {field.label}
              {field.required && ' *'}
            </legend>
            {field.description && <p className="hl-hint">{field.description}</p>}
            <Control field={field} value={snapshot.draft[field.key]} set={(v) => setValue(field.key, v)} />
            {errorOf(field.key) && <p className="hl-error">{errorOf(field.key)}</p>}
          </fieldset>
        ))
      ) : (
        <p role="alert">This request cannot be answered as a form.</p>
      )}
      <div className="hl-actions">
        {reading.ok && (
          <button type="button" disabled={snapshot.status === 'answered'} onClick={accept}>
            Accept
          </button>
        )}
        <button type="button" disabled={snapshot.status === 'answered'} onClick={decline}>
          Decline
        </button>
        <button type="button" disabled={snapshot.status === 'answered'} onClick={cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
