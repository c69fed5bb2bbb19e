/**
 * `validateElicitContent`: the verdict the SDK server's Ajv (with formats, on the unstripped schema)
 * would give, with no code generation (it runs under a strict CSP) and options as a set lookup.
 */
import { hasOwn, isRecord, quoteShort } from '../shared/path.js';
import type { FieldError } from './problems.js';
import { parseCached } from './schema.js';
import type { RequestedSchema } from './types.js';
import { checkAnswerCount, checkValue, REQUIRED } from './value.js';
import { checkWholeAnswer } from './full-check.js';
import { isDraftValue } from './draft.js';
import type { ElicitContent } from './types.js';

/**
 * Field errors for `content` against `schema`; `[]` means it conforms. Extra keys are allowed, as
 * JSON Schema allows them, unless the schema says `additionalProperties: false`.
 */
export function validateElicitContent(schema: RequestedSchema, content: unknown): FieldError[] {
  const parsed = parseCached(schema);
  if (!parsed.ok) {
    const first = parsed.problems.find((problem) => problem.severity === 'error');
    return [
      {
        field: '',
        code: 'schema',
        message: `The requested schema is refused, so no answer can conform: ${first?.message ?? ''}`,
      },
    ];
  }
  if (!isRecord(content)) return [{ field: '', code: 'type', message: 'The answer must be an object.' }];
  const errors: FieldError[] = [];
  for (const field of parsed.fields) {
    if (!hasOwn(content, field.key)) {
      if (field.required) errors.push({ field: field.key, ...REQUIRED });
      continue;
    }
    const problem = checkValue(field, content[field.key]);
    if (problem) errors.push({ field: field.key, ...problem });
  }
  if (isRecord(schema) && schema.additionalProperties === false) {
    const known = new Set(parsed.fields.map((field) => field.key));
    for (const key of Object.keys(content)) {
      if (!known.has(key))
        errors.push({ field: key, code: 'unexpected', message: `${quoteShort(key)} is not a field of this form.` });
    }
  }
  const count = checkAnswerCount(parsed, Object.keys(content).length);
  if (count) errors.push(count);
  // Rules core does not read (allOf, not, const, …): the complete check, once core finds nothing. Values
  // of no content shape are the SDKs' to refuse, and core's checks above already refused them.
  if (errors.length > 0 || !Object.values(content).every(isDraftValue)) return errors;
  return checkWholeAnswer(schema, parsed, content as ElicitContent);
}
