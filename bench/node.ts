/**
 * The Node half of `npm run bench`: core's `validateElicitContent` (validator cached: the parse is
 * remembered per schema object) and `submitDraft` on a 100-field form, in microseconds per call.
 */
import { submitDraft, validateElicitContent, type Draft, type RequestedSchema } from '../src/core/index.js';

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
