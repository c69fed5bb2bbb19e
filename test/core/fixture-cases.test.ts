// The shared fixtures, run against the core: every case's classification, starting draft, scripted
// answers and content verdicts, the content verdicts again through the official SDK server's
// validator, and every malformed case's exact problems.
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { beforeAll, describe, expect, test } from 'vitest';
import { initialDraft, submitDraft } from '../../src/core/draft.js';
import { loadPatternEngine } from '../../src/core/index.js';
import type { SchemaProblem } from '../../src/core/problems.js';
import { parseRequestedSchema } from '../../src/core/schema.js';
import { validateElicitContent } from '../../src/core/validate.js';
import { isMalformed, loadFixtures, type MalformedFixture, type ValidFixture } from '../fixtures/index.js';

const entries = loadFixtures();
const valid = entries.flatMap((e) =>
  isMalformed(e.fixture) ? [] : [{ id: `${e.variant}/${e.name}`, fixture: e.fixture }],
);
const malformed = entries.flatMap((e) =>
  isMalformed(e.fixture) ? [{ id: `${e.variant}/${e.name}`, fixture: e.fixture }] : [],
);
const sdk = new AjvJsonSchemaValidator();

// Fixtures with a `pattern` are checked synchronously, as a host does once the engine is loaded.
beforeAll(async () => {
  await loadPatternEngine();
});

/** Problems as a sorted list of `path code severity`, so order does not matter but every one does. */
function problemSet(problems: Pick<SchemaProblem, 'path' | 'code' | 'severity'>[]): string[] {
  return problems.map((p) => `${p.path} ${p.code} ${p.severity ?? 'warning'}`).sort();
}

describe.each(valid)('given the valid case $id', ({ fixture }: { fixture: ValidFixture }) => {
  const schema = fixture.request.requestedSchema;

  test('it is classified into exactly the expected fields and warnings', () => {
    const parsed = parseRequestedSchema(schema);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.fields).toEqual(fixture.fields);
    expect(problemSet(parsed.warnings)).toEqual(
      problemSet((fixture.warnings ?? []).map((w) => ({ ...w, severity: 'warning' as const }))),
    );
  });

  test('the form starts with exactly the defaults', () => {
    expect(initialDraft(schema)).toStrictEqual(fixture.initialDraft);
  });

  test.each(fixture.answers)('answer "$name" gives the expected result or errors', (answer) => {
    const outcome = submitDraft(schema, answer.draft);
    if (answer.result) {
      expect(outcome).toStrictEqual({ ok: true, result: answer.result });
    } else {
      expect(outcome.ok).toBe(false);
      expect(outcome.ok ? [] : outcome.errors.map(({ field, code }) => ({ field, code }))).toEqual(answer.errors);
    }
  });

  test.each(fixture.contents)('content %# is judged the same by the kit and by the SDK server', (entry) => {
    const errors = validateElicitContent(schema, entry.content);
    expect(errors.map(({ field, code }) => ({ field, code }))).toEqual(entry.valid ? [] : entry.errors);
    expect(sdk.getValidator(schema as never)(entry.content).valid).toBe(entry.valid);
  });
});

describe.each(malformed)('given the malformed case $id', ({ fixture }: { fixture: MalformedFixture }) => {
  test('exactly the expected problems are reported, and the form is allowed or refused as expected', () => {
    const parsed = parseRequestedSchema(fixture.request.requestedSchema);
    expect(parsed.ok).toBe(fixture.formAllowed);
    const problems = parsed.ok ? parsed.warnings : parsed.problems;
    expect(problemSet(problems)).toEqual(problemSet(fixture.problems));
    if (parsed.ok && fixture.fields) expect(parsed.fields).toEqual(fixture.fields);
    for (const problem of problems) expect(problem.message.length).toBeGreaterThan(10);
  });

  test('nothing throws, and a refused form can still produce no accept', () => {
    const schema = fixture.request.requestedSchema;
    const outcome = submitDraft(schema as never, {});
    if (!fixture.formAllowed) expect(outcome).toMatchObject({ ok: false, errors: [{ field: '', code: 'schema' }] });
  });
});
