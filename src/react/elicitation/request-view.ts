/**
 * Reads the untrusted `request` handed to `ElicitationForm` into what the component shows: a form,
 * or the problems that refuse it. Every verdict is core's: the params (`readFormRequest`, which the
 * queue's `toPrompt` uses too) and the schema (`parseRequestedSchema`); this only words them with
 * the labels. Never throws.
 */
import type { Field, RequestedSchema, RequestProblem, SchemaProblem } from '../../core/index.js';
import { readFormRequest } from '../../core/internal.js';
import { parseCached } from '../../core/internal.js';
import type { ElicitationLabels } from '../shared/labels.js';

/** One problem as shown: where, and what. */
export interface ShownProblem {
  /** As core writes it (`properties.color.enumNames`); `message`/`mode` for the params; `""` for the whole. */
  path: string;
  /** The text shown, already passed through the labels. */
  text: string;
}

/** What the form shows for a request. */
export type RequestView =
  | {
      ok: true;
      /** The message, shown as plain text. */
      message: string;
      /** The `requestedSchema`, accepted by core. */
      schema: RequestedSchema;
      /** Core's classified fields, in `properties` order. */
      fields: Field[];
      /** Parts core ignored to keep the form usable; shown discreetly. */
      warnings: ShownProblem[];
    }
  | {
      ok: false;
      /** The message, when it is text: still shown, so the person knows what was asked. */
      message: string | undefined;
      /** Why the form is refused. */
      problems: ShownProblem[];
      /** Schema warnings found on the way, shown discreetly as in the accepted case. */
      warnings: ShownProblem[];
    };

function shown(problems: readonly SchemaProblem[], labels: ElicitationLabels): ShownProblem[] {
  return problems.map((problem) => ({ path: problem.path, text: labels.problemMessage(problem) }));
}

/** A params problem as shown: where it is, and the label that words it. */
function shownParam(problem: RequestProblem, labels: ElicitationLabels): ShownProblem {
  switch (problem.code) {
    case 'message-invalid':
      return { path: 'message', text: labels.messageNotText };
    case 'unknown-mode':
    case 'not-form':
      return { path: 'mode', text: labels.notFormMode };
    default:
      return { path: '', text: labels.requestNotObject };
  }
}

function read(request: unknown, labels: ElicitationLabels): RequestView {
  const reading = readFormRequest(request);
  const { message } = reading;
  const problems = reading.problems.map((problem) => shownParam(problem, labels));
  // Not an object, or another mode: there is no schema worth reading.
  if (reading.problems.some((problem) => problem.code !== 'message-invalid'))
    return { ok: false, message, problems, warnings: [] };
  // Remembered per schema object: the form's toRjsf, initialDraft and submitDraft read this parse.
  const parsed = parseCached(reading.requestedSchema);
  if (!parsed.ok) {
    const errors = parsed.problems.filter((problem) => problem.severity === 'error');
    const warnings = parsed.problems.filter((problem) => problem.severity === 'warning');
    return { ok: false, message, problems: [...problems, ...shown(errors, labels)], warnings: shown(warnings, labels) };
  }
  const warnings = shown(parsed.warnings, labels);
  if (message === undefined || problems.length > 0) return { ok: false, message, problems, warnings };
  return { ok: true, message, schema: reading.requestedSchema as RequestedSchema, fields: parsed.fields, warnings };
}

/** The view of `request`. A request whose very reading throws (a hostile getter) is refused too. */
export function readRequest(request: unknown, labels: ElicitationLabels): RequestView {
  try {
    return read(request, labels);
  } catch {
    return { ok: false, message: undefined, problems: [{ path: '', text: labels.requestNotObject }], warnings: [] };
  }
}
