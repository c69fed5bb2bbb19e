/**
 * The headless model of one form-mode elicitation, shaped for `useSyncExternalStore`. Errors show from
 * the first Accept on: before it a field is not judged while typed in; after it, each is judged again as
 * it changes, so an error leaves as soon as it is fixed.
 */
import { hasOwn, setOwn } from '../shared/path.js';
import {
  answerField,
  isDraftValue,
  initialDraft,
  SCHEMA_REFUSED,
  submitDraft,
  type Draft,
  type DraftValue,
  type SubmitResult,
} from './draft.js';
import { hasPatternField, type Field } from './fields.js';
import type { FieldError, SchemaProblem } from './problems.js';
import type { RequestProblem } from './queue-types.js';
import { readFormRequest } from './request.js';
import { parseCached } from './schema.js';
import { secretFieldKeys } from './secrets.js';
import { fileFieldKeys } from './files.js';
import { hasAnyPattern, needsWholeCheck } from './full-check.js';
import type { ElicitResult, RequestedSchema } from './types.js';

/** What core read of a request: a form to fill in, or why there is none. */
export type FormReading =
  | {
      ok: true;
      message: string;
      schema: RequestedSchema;
      fields: readonly Field[];
      /** Parts of the schema ignored to keep the form usable. */
      warnings: readonly SchemaProblem[];
    }
  | {
      ok: false;
      /** The message when it is text: still shown, so the person knows what was asked. */
      message: string | undefined;
      /** What is wrong with the params around the schema. */
      requestProblems: readonly RequestProblem[];
      /** Why the schema is refused (severity `error`). */
      schemaProblems: readonly SchemaProblem[];
      /** Schema warnings found on the way. */
      warnings: readonly SchemaProblem[];
    };

/** One field as shown: the same object until its value or its error changes. */
export interface FieldState {
  readonly field: Field;
  /** What the field holds; `undefined` when it is empty. */
  readonly value: DraftValue | undefined;
  /** Core's verdict on the field, once errors are shown; `undefined` when it conforms. */
  readonly error: FieldError | undefined;
}

/** The whole form at one moment: a new object after every change. */
export interface FormSnapshot {
  /** `answered` once `respond` took an answer: the form is then read-only. */
  readonly status: 'open' | 'answered';
  /** The person's answers so far, by property key. */
  readonly draft: Readonly<Draft>;
  /** The errors shown, in field order: empty before the first refused Accept and once all are fixed. */
  readonly errors: readonly FieldError[];
  /** How many Accepts were refused; a view moves the focus to the first error when it grows. */
  readonly attempts: number;
  /** The answer given, once `status` is `answered`. */
  readonly answer: ElicitResult | undefined;
}

/** The model of one form-mode elicitation. */
export interface ElicitationFormModel {
  /** What core read of the request; fixed for the model's life. */
  readonly reading: FormReading;
  /** Whether a field (or a rule the complete check runs) has a `pattern`: answering waits for the pattern engine (`loadPatternEngine`). */
  readonly needsPatternEngine: boolean;
  /**
   * Whether the schema has rules core does not check itself (`allOf`, `not`, `const`, …): answering waits for
   * the complete JSON Schema validator (`loadSchemaValidator`), which checks the whole answer on Accept.
   */
  readonly needsSchemaValidator: boolean;
  /**
   * The keys of the fields that ask for a secret (a password, key, token or payment credential), in form order:
   * their values are masked in every view and never kept in a draft. Empty when the request is refused.
   */
  readonly secretKeys: readonly string[];
  /** The keys of the fields that take a file (SEP-2356 `x-mcp-file`), in form order; never kept in a draft. */
  readonly fileKeys: readonly string[];
  /** The current snapshot (the same object until something changes). */
  getSnapshot: () => FormSnapshot;
  /** Calls `listener` after every change. Returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /** One field's state, or `undefined` for a key the form does not have. */
  getField: (key: string) => FieldState | undefined;
  /** Calls `listener` when that field's state changes. Returns the unsubscribe function. */
  subscribeField: (key: string, listener: () => void) => () => void;
  /** Sets a field's value (`undefined` empties it). Ignored for unknown keys and once answered. */
  setValue: (key: string, value: DraftValue | undefined) => void;
  /** Core's verdict on the draft now: what Accept would send, or why not. Shows nothing. */
  check: () => SubmitResult;
  /** Accept's verdict: like `check`, and when refused every error is shown (and kept current). */
  submit: () => SubmitResult;
  /** Takes the one answer. `false` (and nothing changes) when the form was already answered. */
  respond: (result: ElicitResult) => boolean;
}

/** Reads an untrusted request into what the form shows. Never throws. */
export function readForm(request: unknown): FormReading {
  const params = readFormRequest(request);
  const refused = (schemaProblems: readonly SchemaProblem[], warnings: readonly SchemaProblem[]): FormReading => ({
    ok: false,
    message: params.message,
    requestProblems: params.problems,
    schemaProblems,
    warnings,
  });
  // Not an object, or another mode: there is no schema worth reading.
  if (params.problems.some((problem) => problem.code !== 'message-invalid')) return refused([], []);
  const parsed = parseCached(params.requestedSchema);
  if (!parsed.ok) {
    const errors = parsed.problems.filter((problem) => problem.severity === 'error');
    return refused(
      errors,
      parsed.problems.filter((problem) => problem.severity === 'warning'),
    );
  }
  if (params.message === undefined || params.problems.length > 0) return refused([], parsed.warnings);
  return {
    ok: true,
    message: params.message,
    schema: params.requestedSchema as RequestedSchema,
    fields: parsed.fields,
    warnings: parsed.warnings,
  };
}

/** Options of `createElicitationFormModel`. */
export interface ElicitationFormModelOptions {
  /**
   * The person's earlier draft of this request (a reload, a re-mounted host), used instead of the defaults:
   * a field absent from it starts empty, as the person left it. Keys the form lacks and values of no draft
   * shape are dropped, and so is any value of a secret or file field; what is kept is judged like typed input, on Accept.
   */
  initialDraft?: Readonly<Draft> | undefined;
}

/**
 * The kept part of a seeded draft: only the form's keys, only draft-shaped values, copied. A secret field
 * always starts empty: a stored draft never holds its value (at most a mask), and a mask is no answer. So does
 * a file field (SEP-2356: the host reads a file only on the person's own choice; drafts keep no bytes).
 */
function seedDraft(fields: readonly Field[], seed: Readonly<Draft>, secrets: readonly string[]): Draft {
  const draft: Draft = {};
  for (const field of fields) {
    if (!hasOwn(seed, field.key) || secrets.includes(field.key) || field.kind === 'file') continue;
    const value: unknown = seed[field.key];
    if (isDraftValue(value)) setOwn(draft, field.key, Array.isArray(value) ? [...value] : value);
  }
  return draft;
}

/**
 * Creates the model of `request` (untrusted `elicitation/create` params), with defaults pre-filled, or with
 * `options.initialDraft` when the person had started on it.
 */
export function createElicitationFormModel(
  request: unknown,
  options: ElicitationFormModelOptions = {},
): ElicitationFormModel {
  const reading = readForm(request);
  const fields = reading.ok ? reading.fields : [];
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const states = new Map<string, FieldState>();
  const secretKeys = Object.freeze(secretFieldKeys(fields));
  const fileKeys = Object.freeze(fileFieldKeys(fields));
  const seed = options.initialDraft;
  const start = !reading.ok
    ? {}
    : seed === undefined
      ? initialDraft(reading.schema)
      : seedDraft(fields, seed, secretKeys);
  for (const field of fields) {
    states.set(field.key, { field, value: hasOwn(start, field.key) ? start[field.key] : undefined, error: undefined });
  }
  let snapshot: FormSnapshot = Object.freeze({
    status: 'open',
    draft: Object.freeze(start),
    errors: Object.freeze([]),
    attempts: 0,
    answer: undefined,
  });
  const listeners = new Set<() => void>();
  const fieldListeners = new Map<string, Set<() => void>>();

  const notify = (keys: Iterable<string>): void => {
    for (const key of keys) for (const listener of [...(fieldListeners.get(key) ?? [])]) listener();
    for (const listener of [...listeners]) listener();
  };

  // Form-wide errors (the root's minProperties, maxProperties: field ""), shown after the fields' own.
  let formErrors: readonly FieldError[] = [];
  const parsed = reading.ok ? parseCached(reading.schema) : undefined;
  const countsAnswers = parsed?.ok && (parsed.minProperties ?? parsed.maxProperties) !== undefined;
  // Rules that tie fields together (if/then, dependentRequired, …): after an Accept, a change re-judges the whole form.
  const whole = parsed !== undefined && needsWholeCheck(parsed);
  const formWide = (verdict: SubmitResult): FieldError[] =>
    verdict.ok ? [] : verdict.errors.filter((error) => error.field === '');

  // The list shown before while it holds the same errors: a view of the errors redraws on a new list, not on each change.
  const shownErrors = (): readonly FieldError[] => {
    const errors: FieldError[] = [];
    for (const field of fields) {
      const error = states.get(field.key)?.error;
      if (error) errors.push(error);
    }
    errors.push(...formErrors);
    const old = snapshot.errors;
    return errors.length === old.length && errors.every((error, index) => error === old[index])
      ? old
      : Object.freeze(errors);
  };

  const errorOf = (field: Field, value: unknown): FieldError | undefined => {
    const answer = answerField(field, value);
    return answer.ok ? undefined : { field: field.key, ...answer.issue };
  };

  const update = (field: Field, value: DraftValue | undefined, error: FieldError | undefined): boolean => {
    const old = states.get(field.key);
    const sameError = old?.error?.code === error?.code && old?.error?.message === error?.message;
    if (old && old.value === value && sameError) return false;
    states.set(field.key, { field, value, error: sameError ? old?.error : error });
    return true;
  };

  const check = (): SubmitResult =>
    reading.ok ? submitDraft(reading.schema, snapshot.draft) : { ok: false, errors: [{ ...SCHEMA_REFUSED }] };

  return {
    reading,
    needsPatternEngine: hasPatternField(fields) || (whole && reading.ok && hasAnyPattern(reading.schema)),
    needsSchemaValidator: whole,
    secretKeys,
    fileKeys,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getField: (key) => states.get(key),
    subscribeField(key, listener) {
      const set = fieldListeners.get(key) ?? new Set();
      fieldListeners.set(key, set.add(listener));
      return () => set.delete(listener);
    },
    setValue(key, value) {
      const field = byKey.get(key);
      if (!field || snapshot.status === 'answered') return;
      const error = snapshot.attempts > 0 ? errorOf(field, value) : undefined;
      if (!update(field, value, error)) return;
      const draft = { ...snapshot.draft };
      if (value === undefined) Reflect.deleteProperty(draft, key);
      // defineProperty through setOwn: `__proto__` stays an own key of the draft.
      else setOwn(draft, key, value);
      snapshot = Object.freeze({ ...snapshot, draft: Object.freeze(draft) });
      const changed = [key];
      if (whole && snapshot.attempts > 0) {
        // The complete check's verdict, on every field: one answer may make another one required.
        const verdict = check();
        const wrong = new Map(verdict.ok ? [] : verdict.errors.map((error) => [error.field, error]));
        for (const other of fields)
          if (update(other, states.get(other.key)?.value, wrong.get(other.key)) && other !== field)
            changed.push(other.key);
        formErrors = formWide(verdict);
      }
      // Kept current like a field's error: only forms that count answers pay for a whole check per change.
      else if (countsAnswers && snapshot.attempts > 0) formErrors = formWide(check());
      snapshot = Object.freeze({ ...snapshot, errors: shownErrors() });
      notify(changed);
    },
    check,
    submit() {
      const verdict = check();
      if (!reading.ok || snapshot.status === 'answered') return verdict;
      const wrong = new Map(verdict.ok ? [] : verdict.errors.map((error) => [error.field, error]));
      const changed = fields.filter((field) => update(field, states.get(field.key)?.value, wrong.get(field.key)));
      formErrors = formWide(verdict);
      snapshot = Object.freeze({
        ...snapshot,
        errors: shownErrors(),
        attempts: verdict.ok ? snapshot.attempts : snapshot.attempts + 1,
      });
      notify(changed.map((field) => field.key));
      return verdict;
    },
    respond(result) {
      if (snapshot.status === 'answered') return false;
      snapshot = Object.freeze({ ...snapshot, status: 'answered', answer: result });
      notify([]);
      return true;
    },
  };
}
