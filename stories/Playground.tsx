/**
 * `Playground`: paste a `requestedSchema` and see, side by side, the form the kit draws for it, the
 * `ElicitResult` that Accept would send right now, and core's verdict on both the schema and that
 * answer. A Storybook-only component: every decision shown comes from the kit's public API
 * (`ElicitationForm`'s `onDraftChange`, `parseRequestedSchema`, `validateElicitContent`).
 */
import { useId, useMemo, useState } from 'react';

import {
  ElicitationForm,
  type Draft,
  type ElicitationServer,
  type ElicitRequestFormParams,
  type ElicitResult,
  type ParseResult,
  type RequestedSchema,
  type SubmitResult,
} from '../src/index.js';
import { parseRequestedSchema, validateElicitContent } from '../src/core/index.js';
import './playground.css';

/** The props of `Playground`. */
export interface PlaygroundProps {
  /** The `requestedSchema` the textarea starts with, as JSON text. */
  initialSchema: string;
  /** The request's `message`. */
  message: string;
  /** Which server the form says is asking. */
  server: ElicitationServer;
  /** Called with the answer when the person presses Accept, Decline or Cancel (or Escape). */
  onRespond: (result: ElicitResult) => void;
}

/** The textarea's text read as JSON: the value, or why it is not JSON. */
type JsonText = { ok: true; value: unknown } | { ok: false; reason: string };

function readJson(text: string): JsonText {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** `parseRequestedSchema`'s result, with each field cut down to what identifies it. */
function describeParse(result: ParseResult): unknown {
  if (!result.ok) return { ok: false, problems: result.problems };
  const fields = result.fields.map((field) =>
    field.kind === 'single-select' || field.kind === 'multi-select'
      ? { key: field.key, kind: field.kind, variant: field.variant }
      : { key: field.key, kind: field.kind },
  );
  return { ok: true, fields, warnings: result.warnings };
}

/** Pretty JSON, as every output shows it. */
function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** The latest draft the form reported, and core's verdict on it. */
interface Live {
  draft: Draft;
  verdict: SubmitResult;
}

/** A schema editor beside the live form, its live answer and core's verdict. */
export function Playground({ initialSchema, message, server, onRespond }: PlaygroundProps) {
  const id = useId();
  const [text, setText] = useState(initialSchema);
  // Counts "Ask again"; with the text it keys the form, so either change mounts a fresh one.
  const [round, setRound] = useState(0);
  const [live, setLive] = useState<Live | undefined>(undefined);
  const [sent, setSent] = useState<ElicitResult | undefined>(undefined);

  const parsedJson = useMemo(() => readJson(text), [text]);
  const schema = parsedJson.ok ? parsedJson.value : undefined;
  const parse = useMemo(() => (parsedJson.ok ? parseRequestedSchema(parsedJson.value) : undefined), [parsedJson]);
  // Whatever was pasted is handed over as it is: the kit must cope with any value (a refused schema
  // shows its problems). One object per text, so a re-render is not a new request.
  const request = useMemo(
    () =>
      parsedJson.ok
        ? ({ message, requestedSchema: parsedJson.value } as unknown as ElicitRequestFormParams)
        : undefined,
    [parsedJson, message],
  );
  // Checked exactly as a server would check what it receives; [] means it conforms.
  const conformance =
    live?.verdict.ok && parse?.ok
      ? validateElicitContent(schema as RequestedSchema, live.verdict.result.content)
      : undefined;

  const startOver = () => {
    setLive(undefined);
    setSent(undefined);
  };

  const ids = {
    schema: `${id}-schema`,
    schemaHelp: `${id}-schema-help`,
    jsonError: `${id}-json-error`,
    result: `${id}-result`,
    parse: `${id}-parse`,
    submit: `${id}-submit`,
    conforms: `${id}-conforms`,
    sent: `${id}-sent`,
  };

  return (
    <div className="pg-root">
      <section className="pg-column" aria-labelledby={`${id}-editor`}>
        <h2 id={`${id}-editor`} className="pg-heading">
          Schema
        </h2>
        <label htmlFor={ids.schema} className="pg-label">
          requestedSchema (JSON)
        </label>
        <p id={ids.schemaHelp} className="pg-help">
          Paste or edit a schema; the form starts over with every change.
        </p>
        <textarea
          id={ids.schema}
          className="pg-textarea"
          value={text}
          rows={22}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={!parsedJson.ok || undefined}
          aria-describedby={parsedJson.ok ? ids.schemaHelp : `${ids.jsonError} ${ids.schemaHelp}`}
          onChange={(event) => {
            setText(event.target.value);
            startOver();
          }}
        />
        {/* Always in the page, so each new error is announced; empty while the JSON is fine. */}
        <div id={ids.jsonError} className="pg-error" aria-live="polite">
          {!parsedJson.ok && (
            <>
              <p className="pg-error-title">Not valid JSON, so there is no form.</p>
              <p className="pg-error-detail">{parsedJson.reason}</p>
            </>
          )}
        </div>
        <h3 id={ids.parse} className="pg-subheading">
          parseRequestedSchema
        </h3>
        <output className="pg-output" aria-labelledby={ids.parse} aria-live="polite">
          {parse ? json(describeParse(parse)) : '—'}
        </output>
      </section>

      <section className="pg-column" aria-labelledby={`${id}-form`}>
        <h2 id={`${id}-form`} className="pg-heading">
          Form
        </h2>
        {request ? (
          <ElicitationForm
            key={`${round}:${text}`}
            request={request}
            server={server}
            onRespond={(result) => {
              setSent(result);
              onRespond(result);
            }}
            onDraftChange={(draft, verdict) => setLive({ draft, verdict })}
          />
        ) : (
          <p className="pg-help">Fix the JSON to see the form.</p>
        )}
        <button
          type="button"
          className="pg-button"
          onClick={() => {
            setRound((count) => count + 1);
            startOver();
          }}
        >
          Ask again
        </button>

        <h3 id={ids.result} className="pg-subheading">
          Live ElicitResult
        </h3>
        <p className="pg-help">What Accept would send now.</p>
        <output className="pg-output" aria-labelledby={ids.result} aria-live="polite">
          {live ? (live.verdict.ok ? json(live.verdict.result) : 'none: Accept would be refused') : '—'}
        </output>

        <h3 id={ids.submit} className="pg-subheading">
          submitDraft errors
        </h3>
        <output className="pg-output" aria-labelledby={ids.submit} aria-live="polite">
          {live ? json(live.verdict.ok ? [] : live.verdict.errors) : '—'}
        </output>

        <h3 id={ids.conforms} className="pg-subheading">
          validateElicitContent
        </h3>
        <output className="pg-output" aria-labelledby={ids.conforms} aria-live="polite">
          {conformance ? json(conformance) : '—'}
        </output>

        <h3 id={ids.sent} className="pg-subheading">
          Sent to onRespond
        </h3>
        <output className="pg-output" aria-labelledby={ids.sent} aria-live="polite">
          {sent ? json(sent) : '—'}
        </output>
      </section>
    </div>
  );
}
