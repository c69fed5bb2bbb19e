/** Words what core read of a form request (`FormReading`) with the labels: the problems as shown. */
import type { FormReading, RequestProblem, SchemaProblem } from '../../core/index.js';
import type { ElicitationLabels } from '../shared/labels.js';

/** One problem as shown: where, and what. */
export interface ShownProblem {
  /** As core writes it (`properties.color.enumNames`); `message`/`mode` for the params; `""` for the whole. */
  path: string;
  /** The text shown, already passed through the labels. */
  text: string;
}

/** Schema problems as shown. */
export function shownSchemaProblems(problems: readonly SchemaProblem[], labels: ElicitationLabels): ShownProblem[] {
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

/** Why a refused reading is refused, params first, as shown. */
export function shownRefusal(reading: Extract<FormReading, { ok: false }>, labels: ElicitationLabels): ShownProblem[] {
  const problems = [
    ...reading.requestProblems.map((problem) => shownParam(problem, labels)),
    ...shownSchemaProblems(reading.schemaProblems, labels),
  ];
  // A request refused with no stated reason cannot happen; say something rather than nothing.
  return problems.length > 0 ? problems : [{ path: '', text: labels.requestNotObject }];
}
