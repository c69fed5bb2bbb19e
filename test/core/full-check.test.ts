/**
 * The complete check of answers to schemas with rules core does not read: refused while the validator is not
 * loaded (never sent unchecked), then the servers' verdict, with the error at its field. Its own module state:
 * the first test runs before anything has loaded the validator.
 */
import { describe, expect, test, vi } from 'vitest';

import {
  createElicitationFormModel,
  isSchemaValidatorLoaded,
  loadPatternEngine,
  loadSchemaValidator,
  submitDraft,
  validateElicitContent,
  type RequestedSchema,
} from '../../src/core/index.js';

function untrusted(value: unknown): RequestedSchema {
  return value as RequestedSchema;
}

const ifThen = untrusted({
  type: 'object',
  properties: { note: { type: 'string' }, more: { type: 'string' } },
  if: { required: ['note'] },
  then: { required: ['more'] },
});

const PENDING = {
  field: '',
  code: 'schema-pending',
  message: "The server's rules for this form cannot be checked yet; try again in a moment.",
};

describe('given a schema with rules core does not check', () => {
  test('before the validator loads, Accept is refused with schema-pending, never sent unchecked', () => {
    expect(isSchemaValidatorLoaded()).toBe(false);
    expect(submitDraft(ifThen, { note: 'hi', more: 'yes' })).toEqual({ ok: false, errors: [PENDING] });
    expect(validateElicitContent(ifThen, { note: 'hi', more: 'yes' })).toEqual([PENDING]);
    const model = createElicitationFormModel({ message: 'Note?', requestedSchema: ifThen });
    expect([model.needsSchemaValidator, model.needsPatternEngine]).toEqual([true, false]);
  });

  test('a schema core checks whole needs no validator, loaded or not', () => {
    const plain = untrusted({ type: 'object', properties: { note: { type: 'string' } } });
    expect(submitDraft(plain, { note: 'hi' })).toEqual({
      ok: true,
      result: { action: 'accept', content: { note: 'hi' } },
    });
    expect(createElicitationFormModel({ message: 'Note?', requestedSchema: plain }).needsSchemaValidator).toBe(false);
  });

  test('once loaded, the answer is judged; the host’s schema object is left as it was', async () => {
    await loadSchemaValidator();
    const before = JSON.stringify(ifThen);
    expect(submitDraft(ifThen, { note: 'hi' })).toEqual({
      ok: false,
      errors: [{ field: 'more', code: 'required', message: 'This field is required.' }],
    });
    expect(submitDraft(ifThen, { note: 'hi', more: 'yes' })).toEqual({
      ok: true,
      result: { action: 'accept', content: { note: 'hi', more: 'yes' } },
    });
    expect(JSON.stringify(ifThen)).toBe(before);
    expect(Object.getOwnPropertyNames(ifThen)).toEqual(['type', 'properties', 'if', 'then']);
  });

  test('the form model shows the error at the field after Accept, and re-judges the form as the person types', async () => {
    await loadSchemaValidator();
    const model = createElicitationFormModel({ message: 'Note?', requestedSchema: ifThen });
    model.setValue('note', 'hi');
    expect(model.submit().ok).toBe(false);
    expect(model.getField('more')?.error).toEqual({
      field: 'more',
      code: 'required',
      message: 'This field is required.',
    });
    // Emptying `note` lifts the rule on `more`: its error goes without `more` being touched.
    model.setValue('note', undefined);
    expect(model.getSnapshot().errors).toEqual([]);
    model.setValue('note', 'again');
    expect(model.getSnapshot().errors).toEqual([
      { field: 'more', code: 'required', message: 'This field is required.' },
    ]);
  });

  test.each([
    [
      'a $ref that points nowhere (the servers fail every answer)',
      { note: { type: 'string' } },
      { $ref: '#/$defs/missing' },
      'a $ref points nowhere',
    ],
    [
      'a $schema no server knows',
      { note: { type: 'string' } },
      { $schema: 'https://example.com/my-dialect' },
      'its $schema names a dialect the servers do not know',
    ],
    [
      'references that fan out exponentially',
      { note: { type: 'string' } },
      {
        $ref: '#/$defs/d0',
        $defs: Object.fromEntries(
          Array.from({ length: 40 }, (_, i) => [
            `d${i}`,
            i === 39 ? {} : { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] },
          ]),
        ),
      },
      'it is too large or refers to itself too often to be checked',
    ],
    [
      'nesting 1,000 levels deep',
      { note: { type: 'string' } },
      { not: JSON.parse('{"not":'.repeat(999) + '{}' + '}'.repeat(999)) as unknown },
      'it is too large or refers to itself too often to be checked',
    ],
  ])('%s: refused with a form-wide schema error, never sent', async (_name, properties, root, reason) => {
    await loadSchemaValidator();
    const schema = untrusted({ type: 'object', properties, ...root });
    expect(submitDraft(schema, { note: 'hi' })).toEqual({
      ok: false,
      errors: [
        {
          field: '',
          code: 'schema',
          message: `The server cannot check any answer against this schema (${reason}); decline or cancel instead.`,
        },
      ],
    });
  });

  test('a pattern inside a rule runs on the linear-time engine: a catastrophic one on a long text costs nothing', async () => {
    await Promise.all([loadSchemaValidator(), loadPatternEngine()]);
    const schema = untrusted({
      type: 'object',
      properties: { note: { type: 'string' } },
      allOf: [{ properties: { note: { pattern: '^(a+)+$' } } }],
    });
    const model = createElicitationFormModel({ message: 'Note?', requestedSchema: schema });
    expect([model.needsSchemaValidator, model.needsPatternEngine]).toEqual([true, true]);
    // On a backtracking engine this text takes longer than the age of the universe.
    expect(submitDraft(schema, { note: `${'a'.repeat(5_000)}!` })).toEqual({
      ok: false,
      errors: [{ field: 'note', code: 'rule', message: 'The server does not accept this answer.' }],
    });
    expect(submitDraft(schema, { note: 'aaaa' })).toEqual({
      ok: true,
      result: { action: 'accept', content: { note: 'aaaa' } },
    });
  });

  test('a format inside a rule is judged as the servers judge it (ajv-formats)', async () => {
    await loadSchemaValidator();
    const schema = untrusted({
      type: 'object',
      properties: { id: { type: 'string' } },
      allOf: [{ properties: { id: { format: 'uuid' } } }],
    });
    expect(submitDraft(schema, { id: 'not-a-uuid' })).toEqual({
      ok: false,
      errors: [{ field: 'id', code: 'rule', message: 'The server does not accept this answer.' }],
    });
    expect(submitDraft(schema, { id: '123e4567-e89b-12d3-a456-426614174000' }).ok).toBe(true);
  });
});

describe('given the queue (as the bridge runs it on a server, where no form loads the validator)', () => {
  test('a request with a rule core does not check is admitted once the validator is loaded, and its answer is judged', async () => {
    // Fresh modules: nothing has loaded the validator in them yet.
    vi.resetModules();
    const fresh = await import('../../src/core/index.js');
    expect(fresh.isSchemaValidatorLoaded()).toBe(false);
    const queue = fresh.createElicitationQueue();
    const answer = queue.enqueue({ message: 'Note?', requestedSchema: ifThen }, { server: { name: 'S' } });
    await expect.poll(() => queue.getSnapshot().entries.length).toBe(1);
    expect(fresh.isSchemaValidatorLoaded()).toBe(true);
    const id = queue.getSnapshot().entries[0]?.id ?? '';
    expect(queue.respond(id, { action: 'accept', content: { note: 'hi' } })).toBe('invalid');
    expect(queue.respond(id, { action: 'accept', content: { note: 'hi', more: 'yes' } })).toBe('answered');
    await expect(answer).resolves.toEqual({ action: 'accept', content: { note: 'hi', more: 'yes' } });
  });
});
