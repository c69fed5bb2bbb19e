/**
 * The Node half of `npm run bench`: core's `validateElicitContent` (validator cached: the parse is
 * remembered per schema object) and `submitDraft` on a 100-field form, in microseconds per call;
 * and `validateElicitContent` on the polynomial-pattern cases against their baseline.
 */
import {
  loadPatternEngine,
  submitDraft,
  validateElicitContent,
  type Draft,
  type RequestedSchema,
} from '../src/core/index.js';
import { BASELINE_PATTERN, freshPattern, patternCases } from './patterns.js';

export { bridgeBench, CURRENT_KIT, draftBytes } from './bridge.js';

const FIELDS = 100;

/** A 100-field schema: text (with bounds and formats), numbers, booleans and selects, in turn. */
function schema(): RequestedSchema {
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < FIELDS; index++) {
    const key = `f${index}`;
    switch (index % 5) {
      case 0:
        properties[key] = { type: 'string', title: `Text ${index}`, minLength: 1, maxLength: 100 };
        break;
      case 1:
        properties[key] = { type: 'string', format: 'email' };
        break;
      case 2:
        properties[key] = { type: 'integer', minimum: 0, maximum: 1000 };
        break;
      case 3:
        properties[key] = { type: 'boolean' };
        break;
      default:
        properties[key] = {
          type: 'string',
          oneOf: [
            { const: 'a', title: 'A' },
            { const: 'b', title: 'B' },
            { const: 'c', title: 'C' },
          ],
        };
    }
  }
  return { type: 'object', properties, required: Object.keys(properties) } as unknown as RequestedSchema;
}

function content(): Draft {
  const draft: Draft = {};
  for (let index = 0; index < FIELDS; index++) {
    const key = `f${index}`;
    draft[key] = [`text ${index}`, `p${index}@example.com`, index, index % 2 === 0, 'b'][index % 5] as Draft[string];
  }
  return draft;
}

/** Median, min and max of `runs` runs of `iterations` calls each, in µs per call. */
function time(run: () => unknown, runs: number, iterations: number): number[] {
  for (let index = 0; index < iterations; index++) run();
  const samples: number[] = [];
  for (let sample = 0; sample < runs; sample++) {
    const started = performance.now();
    for (let index = 0; index < iterations; index++) run();
    samples.push(((performance.now() - started) * 1000) / iterations);
  }
  return samples;
}

/** Runs both Node cases; samples in µs per call. */
export function nodeBench(runs: number): { validate: number[]; submit: number[] } {
  const form = schema();
  const answer = content();
  if (validateElicitContent(form, answer).length !== 0) throw new Error('the bench content must conform');
  return {
    validate: time(() => validateElicitContent(form, answer), runs, 2000),
    submit: time(() => submitDraft(form, answer), runs, 2000),
  };
}

/** One text field with `pattern`. */
function patternForm(pattern: string): RequestedSchema {
  return { type: 'object', properties: { code: { type: 'string', pattern } } } as unknown as RequestedSchema;
}

/** µs of one `validateElicitContent` call on a schema seen for the first time (parse, pattern compile, match). */
function firstCheck(pattern: string, text: string): number {
  const schema = patternForm(pattern);
  const started = performance.now();
  const errors = validateElicitContent(schema, { code: text });
  const elapsed = (performance.now() - started) * 1000;
  if (errors[0]?.code !== 'pattern') throw new Error(`the bench text must fail ${pattern}`);
  return elapsed;
}

/** Samples in µs per case: `first` (a new schema each run) and `repeat` (the same one again), hostile and baseline. */
export interface PatternSamples {
  name: string;
  first: { hostile: number[]; baseline: number[] };
  repeat: { hostile: number[]; baseline: number[] };
}

/** The polynomial-pattern cases, hostile and baseline interleaved run by run. */
export async function patternBench(runs: number): Promise<PatternSamples[]> {
  await loadPatternEngine();
  const warmup = 3;
  return patternCases().map(({ name, pattern, text }) => {
    const samples: PatternSamples = {
      name,
      first: { hostile: [], baseline: [] },
      repeat: { hostile: [], baseline: [] },
    };
    for (let run = 0; run < warmup + runs; run++) {
      const hostile = firstCheck(freshPattern(pattern, run), text);
      const baseline = firstCheck(freshPattern(BASELINE_PATTERN, run), text);
      if (run >= warmup) {
        samples.first.hostile.push(hostile);
        samples.first.baseline.push(baseline);
      }
    }
    const hostileForm = patternForm(pattern);
    const baselineForm = patternForm(BASELINE_PATTERN);
    samples.repeat.hostile = time(() => validateElicitContent(hostileForm, { code: text }), runs, 20);
    samples.repeat.baseline = time(() => validateElicitContent(baselineForm, { code: text }), runs, 20);
    return samples;
  });
}
