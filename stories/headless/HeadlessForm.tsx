/** A host's own elicitation form from `useElicitationForm`: plain JSX, no rjsf, no kit widget. */
import { useElicitationForm, type DraftValue, type ElicitResult, type Field } from '../../src/index.js';
import './headless.css';

const INPUT_TYPE = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as const;

function Control({ field, value, set }: { field: Field; value?: DraftValue; set: (v?: DraftValue) => void }) {
  const name = { 'aria-label': field.label, 'aria-required': field.required };
  if (field.kind === 'boolean')
    return <input {...name} type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} />;
  if (field.kind === 'multi-select') {
    const chosen = Array.isArray(value) ? value : [];
    const toggle = (v: string, on: boolean) => set(on ? [...chosen, v] : chosen.filter((c) => c !== v));
    return field.options.map((o) => (
      <label key={o.value} className="hl-option">
        <input type="checkbox" checked={chosen.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />
        {o.label}
      </label>
    ));
  }
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (field.kind === 'single-select')
    return (
      <select {...name} value={text} onChange={(e) => set(e.target.value || undefined)}>
        <option value="">Choose…</option>
        {field.options.map((o) => (
          <option key={o.value} value={o.value} label={o.label} />
        ))}
      </select>
    );
  const type = field.kind === 'text' && field.format ? INPUT_TYPE[field.format] : 'text';
  return <input {...name} type={type} value={text} onChange={(e) => set(e.target.value)} />;
}

/** Renders any form-mode request; answers once through `onRespond`. */
export function HeadlessForm({ request, onRespond }: { request: unknown; onRespond: (r: ElicitResult) => void }) {
  const { reading, snapshot, setValue, accept, decline, cancel } = useElicitationForm(request, { onRespond });
  const actions = [
    ['Accept', accept],
    ['Decline', decline],
    ['Cancel', cancel],
  ] as const;
  const errorOf = (key: string) => snapshot.errors.find((error) => error.field === key)?.message;
  return (
    <div className="hl-form" role="group" aria-label={reading.message ?? 'Request'}>
      <p>{reading.message}</p>
      {!reading.ok && <p role="alert">This request cannot be answered as a form.</p>}
      {reading.ok &&
        reading.fields.map((field) => (
          <fieldset key={field.key} aria-invalid={errorOf(field.key) !== undefined}>
            <legend>{field.required ? `${field.label} *` : field.label}</legend>
            {field.description && <p className="hl-hint">{field.description}</p>}
            <Control field={field} value={snapshot.draft[field.key]} set={(v) => setValue(field.key, v)} />
            {errorOf(field.key) && <p className="hl-error">{errorOf(field.key)}</p>}
          </fieldset>
        ))}
      <fieldset className="hl-actions" disabled={snapshot.status === 'answered'}>
        {actions.slice(reading.ok ? 0 : 1).map(([label, onClick]) => (
          <button key={label} type="button" onClick={onClick}>
            {label}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
