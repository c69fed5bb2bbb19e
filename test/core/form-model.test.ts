import { describe, expect, test, vi } from 'vitest';

import { createElicitationFormModel, type ElicitRequestFormParams } from '../../src/core/index.js';

const request: ElicitRequestFormParams = {
  message: 'Deploy?',
  requestedSchema: {
    type: 'object',
    properties: {
      env: { type: 'string', title: 'Environment', enum: ['staging', 'production'] },
      replicas: { type: 'integer', minimum: 1, default: 2 },
      note: { type: 'string' },
    },
    required: ['env', 'replicas'],
  },
};

describe('given a form request with a default and two required fields', () => {
  test('the draft starts from the defaults, nothing invented, and no error is shown', () => {
    const model = createElicitationFormModel(request);
    expect(model.getSnapshot()).toEqual({
      status: 'open',
      draft: { replicas: 2 },
      errors: [],
      attempts: 0,
      answer: undefined,
    });
    expect(model.getField('env')).toEqual({
      field: expect.objectContaining({ key: 'env' }),
      value: undefined,
      error: undefined,
    });
    expect(model.reading.ok && model.reading.fields.map((field) => field.key)).toEqual(['env', 'replicas', 'note']);
  });

  test('typing before the first Accept shows no error; check judges without showing', () => {
    const model = createElicitationFormModel(request);
    model.setValue('replicas', 'x');
    expect(model.getField('replicas')?.error).toBeUndefined();
    expect(model.check()).toEqual({
      ok: false,
      errors: [
        { field: 'env', code: 'required', message: 'This field is required.' },
        { field: 'replicas', code: 'not-a-number', message: 'Enter a number.' },
      ],
    });
    expect(model.getSnapshot().errors).toEqual([]);
    expect(model.getSnapshot().attempts).toBe(0);
  });

  test('a refused Accept shows every error; each leaves as its field is fixed, and the list empties', () => {
    const model = createElicitationFormModel(request);
    model.setValue('replicas', 'x');
    model.submit();
    expect(model.getSnapshot().attempts).toBe(1);
    expect(model.getSnapshot().errors.map((error) => [error.field, error.code])).toEqual([
      ['env', 'required'],
      ['replicas', 'not-a-number'],
    ]);
    model.setValue('env', 'staging');
    expect(model.getField('env')?.error).toBeUndefined();
    expect(model.getSnapshot().errors.map((error) => error.field)).toEqual(['replicas']);
    model.setValue('replicas', '0');
    expect(model.getField('replicas')?.error).toEqual({
      field: 'replicas',
      code: 'minimum',
      message: 'Enter 1 or more.',
    });
    model.setValue('replicas', '3');
    expect(model.getSnapshot().errors).toEqual([]);
    expect(model.submit()).toEqual({
      ok: true,
      result: { action: 'accept', content: { env: 'staging', replicas: 3 } },
    });
    expect(model.getSnapshot().attempts).toBe(1);
  });

  test('a field keeps its state object until its own value or error changes', () => {
    const model = createElicitationFormModel(request);
    const note = model.getField('note');
    const replicas = model.getField('replicas');
    model.setValue('env', 'production');
    expect(model.getField('note')).toBe(note);
    expect(model.getField('replicas')).toBe(replicas);
    model.setValue('replicas', 2);
    expect(model.getField('replicas')).toBe(replicas);
  });

  test('field listeners hear only their field; form listeners hear every change', () => {
    const model = createElicitationFormModel(request);
    const onEnv = vi.fn();
    const onNote = vi.fn();
    const onForm = vi.fn();
    model.subscribeField('env', onEnv);
    model.subscribeField('note', onNote);
    const stop = model.subscribe(onForm);
    model.setValue('env', 'staging');
    expect([onEnv.mock.calls.length, onNote.mock.calls.length, onForm.mock.calls.length]).toEqual([1, 0, 1]);
    stop();
    model.setValue('note', 'hi');
    expect([onEnv.mock.calls.length, onNote.mock.calls.length, onForm.mock.calls.length]).toEqual([1, 1, 1]);
  });

  test('an empty optional field is left out; unknown keys are ignored', () => {
    const model = createElicitationFormModel(request);
    model.setValue('env', 'staging');
    model.setValue('note', '');
    model.setValue('extra', 'x');
    expect(model.getSnapshot().draft).toEqual({ env: 'staging', replicas: 2, note: '' });
    expect(model.check()).toEqual({ ok: true, result: { action: 'accept', content: { env: 'staging', replicas: 2 } } });
  });

  test('the form answers once; after that it is read-only', () => {
    const model = createElicitationFormModel(request);
    expect(model.respond({ action: 'decline' })).toBe(true);
    expect(model.respond({ action: 'cancel' })).toBe(false);
    model.setValue('env', 'staging');
    expect(model.getSnapshot()).toEqual({
      status: 'answered',
      draft: { replicas: 2 },
      errors: [],
      attempts: 0,
      answer: { action: 'decline' },
    });
  });
});

describe('given a change that shows no new error', () => {
  test('the snapshot keeps the same errors list, so a view of the errors is not drawn again; a fixed error renews it', () => {
    const model = createElicitationFormModel(request);
    const empty = model.getSnapshot().errors;
    model.setValue('note', 'a');
    model.setValue('replicas', 'x');
    expect(model.getSnapshot().errors).toBe(empty);
    model.submit();
    const shown = model.getSnapshot().errors;
    expect(shown.map((error) => error.field)).toEqual(['env', 'replicas']);
    model.setValue('note', 'ab');
    model.setValue('replicas', 'y');
    expect(model.getSnapshot().errors).toBe(shown);
    model.setValue('replicas', '3');
    expect(model.getSnapshot().errors.map((error) => error.field)).toEqual(['env']);
    expect(Object.isFrozen(model.getSnapshot().errors)).toBe(true);
  });
});

describe('given the pattern engine', () => {
  test('a form needs it exactly when a text field has a pattern', () => {
    expect(createElicitationFormModel(request).needsPatternEngine).toBe(false);
    const patterned = {
      message: 'Version',
      requestedSchema: { type: 'object' as const, properties: { v: { type: 'string' as const, pattern: '^v\\d+$' } } },
    };
    expect(createElicitationFormModel(patterned).needsPatternEngine).toBe(true);
    expect(createElicitationFormModel(42).needsPatternEngine).toBe(false);
  });
});

describe('given keys that are not plain identifiers', () => {
  test('`__proto__` and `constructor` are answered as own keys', () => {
    // JSON.parse: an object literal's `__proto__:` would set the prototype instead of a key.
    const model = createElicitationFormModel(
      JSON.parse(
        '{"message":"Keys","requestedSchema":{"type":"object","properties":{"__proto__":{"type":"string"},' +
          '"constructor":{"type":"boolean"}},"required":["constructor"]}}',
      ),
    );
    model.setValue('__proto__', 'own');
    const verdict = model.submit();
    expect(verdict.ok && Object.getOwnPropertyNames(verdict.result.content).sort()).toEqual([
      '__proto__',
      'constructor',
    ]);
    expect(verdict.ok && Object.getOwnPropertyDescriptor(verdict.result.content, '__proto__')?.value).toBe('own');
    expect(Object.getPrototypeOf(model.getSnapshot().draft)).toBe(Object.prototype);
  });
});

describe('given requests core refuses', () => {
  test.each([
    ['not an object', 42, { requestProblems: ['not-object'], schemaProblems: [], message: undefined }],
    [
      'URL mode',
      { mode: 'url', message: 'Go', url: 'https://a.example' },
      { requestProblems: ['not-form'], schemaProblems: [], message: 'Go' },
    ],
    [
      'a nested property',
      { message: 'Nested', requestedSchema: { type: 'object', properties: { a: { type: 'object' } } } },
      { requestProblems: [], schemaProblems: ['nested-object'], message: 'Nested' },
    ],
  ])('%s: the reading says why, and Accept is refused with the schema error', (_name, input, expected) => {
    const model = createElicitationFormModel(input);
    const { reading } = model;
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect({
      requestProblems: reading.requestProblems.map((problem) => problem.code),
      schemaProblems: reading.schemaProblems.map((problem) => problem.code),
      message: reading.message,
    }).toEqual(expected);
    expect(model.submit()).toEqual({
      ok: false,
      errors: [
        {
          field: '',
          code: 'schema',
          message: 'The requested schema is refused, so no answer can conform; decline or cancel instead.',
        },
      ],
    });
    expect(model.respond({ action: 'cancel' })).toBe(true);
  });
});

describe('given an earlier draft (initialDraft)', () => {
  const request: ElicitRequestFormParams = {
    message: 'About you',
    requestedSchema: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        city: { type: 'string', default: 'Oslo' },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      },
    },
  };

  test('it replaces the defaults: a field it lacks starts empty, unknown keys and non-draft values are dropped', () => {
    const seed = { name: 'Ada', tags: ['b'], extra: 'x', city: { nested: true } } as never;
    const model = createElicitationFormModel(request, { initialDraft: seed });
    expect(model.getSnapshot().draft).toEqual({ name: 'Ada', tags: ['b'] });
    expect(model.getField('city')?.value).toBeUndefined();
  });

  test('without one, the defaults fill the form as before', () => {
    expect(createElicitationFormModel(request).getSnapshot().draft).toEqual({ city: 'Oslo' });
  });
});
