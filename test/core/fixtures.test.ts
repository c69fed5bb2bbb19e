/**
 * The shared fixtures themselves: every variant folder is there, and every file has the shape
 * test/fixtures/README.md describes. (Whether the kit agrees with them is tested elsewhere.)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { FIELD_KINDS } from '../../src/core/fields.js';
import { BLOCKING_PROBLEM_CODES, FIELD_ERROR_CODES, WARNING_PROBLEM_CODES } from '../../src/core/problems.js';
import {
  isMalformed,
  loadFixtures,
  VARIANT_FOLDERS,
  type FixtureEntry,
  type MalformedFixture,
  type ValidFixture,
} from '../fixtures/index.js';

/** The repository root, which the entries' `file` paths are relative to. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** `test/fixtures/elicitation`, read from disk to check the loader missed nothing. */
const FIXTURE_ROOT = join(ROOT, 'test/fixtures/elicitation');

const entries = loadFixtures();
const validEntries = entries.filter((e): e is FixtureEntry & { fixture: ValidFixture } => !isMalformed(e.fixture));
const malformedEntries = entries.filter((e): e is FixtureEntry & { fixture: MalformedFixture } =>
  isMalformed(e.fixture),
);

/** The file exactly as written (the loader defaults `warnings`). */
function raw(entry: FixtureEntry): Record<string, unknown> {
  return JSON.parse(readFileSync(join(ROOT, entry.file), 'utf8')) as Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);
const blocking = new Set<string>(BLOCKING_PROBLEM_CODES);
const warningCodes = new Set<string>(WARNING_PROBLEM_CODES);
const fieldErrorCodes = new Set<string>(FIELD_ERROR_CODES);
const fieldKinds = new Set<string>(FIELD_KINDS);

/** Checks a `{field, code}` list: non-empty, known codes, nothing else (messages are not compared). */
function expectFieldErrors(errors: unknown, where: string): void {
  expect(Array.isArray(errors) && errors.length > 0, `${where}: errors must be a non-empty array`).toBe(true);
  for (const error of errors as unknown[]) {
    expect(isRecord(error) && Object.keys(error).sort(), `${where}: ${JSON.stringify(error)}`).toEqual([
      'code',
      'field',
    ]);
    const { field, code } = error as Record<string, unknown>;
    expect(typeof field, where).toBe('string');
    expect(fieldErrorCodes.has(code as string), `${where}: unknown field error code ${String(code)}`).toBe(true);
  }
}

/** Checks the `Field` list shape and that keys follow `properties` in order. */
function expectFields(fields: unknown, properties: unknown, where: string): void {
  expect(Array.isArray(fields), `${where}: fields must be an array`).toBe(true);
  for (const field of fields as unknown[]) {
    expect(isRecord(field), where).toBe(true);
    const f = field as Record<string, unknown>;
    expect(typeof f['key'], `${where}: key`).toBe('string');
    expect(typeof f['label'], `${where}: label`).toBe('string');
    expect(typeof f['required'], `${where}: required`).toBe('boolean');
    expect(fieldKinds.has(f['kind'] as string), `${where}: kind ${String(f['kind'])}`).toBe(true);
    for (const [key, value] of Object.entries(f))
      expect(value, `${where}: ${key} must be absent, not null`).not.toBeNull();
    if (f['kind'] === 'single-select' || f['kind'] === 'multi-select') {
      expect(Array.isArray(f['options']) && (f['options'] as unknown[]).length > 0, `${where}: options`).toBe(true);
      for (const option of f['options'] as unknown[]) {
        expect(isRecord(option) && Object.keys(option).sort(), `${where}: option`).toEqual(['label', 'value']);
      }
    }
  }
  if (isRecord(properties)) {
    expect(
      (fields as Record<string, unknown>[]).map((f) => f['key']),
      `${where}: fields follow properties order`,
    ).toEqual(Object.keys(properties));
  }
}

describe('fixture folders', () => {
  it('has every variant folder of the README, each with at least one case', () => {
    for (const variant of VARIANT_FOLDERS) {
      const dir = join(FIXTURE_ROOT, variant);
      expect(existsSync(dir) && statSync(dir).isDirectory(), `missing folder elicitation/${variant}`).toBe(true);
      const cases = readdirSync(dir).filter((file) => file.endsWith('.json'));
      expect(cases.length, `elicitation/${variant} has no case`).toBeGreaterThanOrEqual(1);
    }
  });

  it('has no folder or file outside the README layout', () => {
    const known = new Set<string>(VARIANT_FOLDERS);
    for (const name of readdirSync(FIXTURE_ROOT)) {
      expect(known.has(name), `unexpected elicitation/${name}`).toBe(true);
      for (const file of readdirSync(join(FIXTURE_ROOT, name))) {
        expect(file, `elicitation/${name}/${file}`).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*\.json$/);
      }
    }
  });

  it('has at least 30 malformed cases, and only malformed/ holds malformed cases', () => {
    expect(malformedEntries.length).toBeGreaterThanOrEqual(30);
    for (const entry of entries) {
      expect(isMalformed(entry.fixture), `${entry.variant}/${entry.name}`).toBe(entry.variant === 'malformed');
    }
  });

  it('loads sorted by variant then name', () => {
    for (let i = 1; i < entries.length; i++) {
      const [a, b] = [entries[i - 1]!, entries[i]!];
      const ordered = a.variant < b.variant || (a.variant === b.variant && a.name < b.name);
      expect(ordered, `${a.variant}/${a.name} before ${b.variant}/${b.name}`).toBe(true);
    }
  });

  // The limits need schemas of 1,001 properties or 100,001 options: test/core/schema.test.ts and test/hostile build them.
  const LIMITS = new Set(['too-many-fields', 'too-many-options', 'too-many-options-total']);
  it('covers every blocking problem code (except `unreadable`, which JSON cannot express, and the limits) and every warning code', () => {
    const seen = new Set(malformedEntries.flatMap((e) => e.fixture.problems.map((p) => p.code)));
    for (const entry of validEntries) for (const warning of entry.fixture.warnings) seen.add(warning.code);
    for (const code of BLOCKING_PROBLEM_CODES)
      if (code !== 'unreadable' && !LIMITS.has(code)) expect(seen.has(code), code).toBe(true);
    for (const code of WARNING_PROBLEM_CODES) expect(seen.has(code), code).toBe(true);
  });

  it('loads every JSON file on disk (Vite glob vs node:fs), own __proto__ keys included', () => {
    const onDisk = readdirSync(FIXTURE_ROOT, { withFileTypes: true })
      .filter((dirent) => dirent.isDirectory())
      .flatMap((dirent) =>
        readdirSync(join(FIXTURE_ROOT, dirent.name))
          .filter((file) => file.endsWith('.json'))
          .map((file) => `test/fixtures/elicitation/${dirent.name}/${file}`),
      )
      .sort();
    expect(entries.map((e) => e.file).sort()).toEqual(onDisk);
    expect(entries.map((e) => `${e.variant}/${e.name}`)).toEqual(
      entries.map((e) => e.file.slice('test/fixtures/elicitation/'.length, -'.json'.length)),
    );
    const proto = entries.find((e) => e.variant === 'mixed' && e.name === 'prototype-keys');
    expect(proto).toBeDefined();
    const fixture = proto!.fixture as ValidFixture;
    expect(own(fixture.request.requestedSchema.properties, '__proto__')).toBe(true);
    expect(own(fixture.initialDraft, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(fixture.request.requestedSchema.properties)).toBe(Object.prototype);
  });
});

describe.each(validEntries.map((e) => [`${e.variant}/${e.name}`, e] as const))('valid case %s', (_, entry) => {
  const file = raw(entry);
  const where = `${entry.variant}/${entry.name}`;

  it('has exactly the README keys', () => {
    const allowed = ['description', 'request', 'fields', 'warnings', 'initialDraft', 'answers', 'contents'];
    for (const key of Object.keys(file)) expect(allowed, `${where}: unexpected key ${key}`).toContain(key);
    for (const key of ['description', 'request', 'fields', 'initialDraft', 'answers', 'contents']) {
      expect(own(file, key), `${where}: missing ${key}`).toBe(true);
    }
    expect(typeof file['description'] === 'string' && file['description'].length > 0).toBe(true);
  });

  it('has a form-mode request with a flat object schema', () => {
    const request = file['request'];
    expect(isRecord(request)).toBe(true);
    const { message, requestedSchema } = request as Record<string, unknown>;
    expect(typeof message === 'string' && message.length > 0, `${where}: message`).toBe(true);
    expect(
      isRecord(requestedSchema) && requestedSchema['type'] === 'object' && isRecord(requestedSchema['properties']),
    ).toBe(true);
  });

  it('lists fields in properties order, with short option lists', () => {
    const schema = (file['request'] as Record<string, Record<string, unknown>>)['requestedSchema'] as Record<
      string,
      unknown
    >;
    expectFields(file['fields'], schema['properties'], where);
    for (const field of entry.fixture.fields) {
      if ('options' in field && entry.name !== 'sixty-options')
        expect(field.options.length, `${where}: ${field.key}`).toBeLessThanOrEqual(8);
    }
  });

  it('has warnings of warning codes only', () => {
    const warnings = file['warnings'] ?? [];
    expect(Array.isArray(warnings)).toBe(true);
    for (const warning of warnings as unknown[]) {
      expect(isRecord(warning), where).toBe(true);
      const w = warning as Record<string, unknown>;
      expect(typeof w['path'], where).toBe('string');
      expect(warningCodes.has(w['code'] as string), `${where}: ${String(w['code'])}`).toBe(true);
      if (own(w, 'severity')) expect(w['severity']).toBe('warning');
    }
  });

  it('pre-fills only fields that have a default', () => {
    const draft = file['initialDraft'];
    expect(isRecord(draft)).toBe(true);
    const withDefault = entry.fixture.fields.filter((f) => f.default !== undefined).map((f) => f.key);
    expect(Object.keys(draft as object).sort()).toEqual([...withDefault].sort());
  });

  it('has 2–5 answers, each with exactly one of result/errors, and at least one accept', () => {
    const answers = file['answers'] as unknown[];
    expect(Array.isArray(answers)).toBe(true);
    expect(answers.length).toBeGreaterThanOrEqual(2);
    expect(answers.length).toBeLessThanOrEqual(5);
    for (const answer of answers) {
      expect(isRecord(answer), where).toBe(true);
      const a = answer as Record<string, unknown>;
      const at = `${where} answer "${String(a['name'])}"`;
      for (const key of Object.keys(a)) expect(['name', 'draft', 'result', 'errors'], at).toContain(key);
      expect(typeof a['name'] === 'string' && a['name'].length > 0, at).toBe(true);
      expect(isRecord(a['draft']), `${at}: draft`).toBe(true);
      expect(own(a, 'result') !== own(a, 'errors'), `${at}: exactly one of result/errors`).toBe(true);
      if (own(a, 'result')) {
        const result = a['result'];
        expect(isRecord(result), at).toBe(true);
        const r = result as Record<string, unknown>;
        expect(['accept', 'decline', 'cancel'], at).toContain(r['action']);
        if (r['action'] === 'accept') expect(isRecord(r['content']), `${at}: accept carries content`).toBe(true);
        else expect(own(r, 'content'), `${at}: only accept carries content`).toBe(false);
      } else {
        expectFieldErrors(a['errors'], at);
      }
    }
    const accepted = answers.find((a) => own(a as object, 'result')) as
      Record<string, Record<string, unknown>> | undefined;
    expect(accepted?.['result']?.['action'], `${where}: the first answer with a result is the SDK round trip`).toBe(
      'accept',
    );
  });

  it('has 2–6 contents, valid and invalid, errors exactly on the invalid ones', () => {
    const contents = file['contents'] as unknown[];
    expect(Array.isArray(contents)).toBe(true);
    expect(contents.length).toBeGreaterThanOrEqual(2);
    expect(contents.length).toBeLessThanOrEqual(6);
    for (const content of contents) {
      expect(isRecord(content), where).toBe(true);
      const c = content as Record<string, unknown>;
      const at = `${where} content ${JSON.stringify(c['content'])}`;
      for (const key of Object.keys(c)) expect(['content', 'valid', 'errors'], at).toContain(key);
      expect(isRecord(c['content']), at).toBe(true);
      expect(typeof c['valid'], at).toBe('boolean');
      if (c['valid']) expect(own(c, 'errors'), `${at}: a valid content has no errors`).toBe(false);
      else expectFieldErrors(c['errors'], at);
    }
    expect(
      contents.some((c) => (c as Record<string, unknown>)['valid'] === true),
      `${where}: a valid content`,
    ).toBe(true);
    // A form without fields that allows extra keys has no invalid content.
    if (entry.fixture.fields.length > 0) {
      expect(
        contents.some((c) => (c as Record<string, unknown>)['valid'] === false),
        `${where}: an invalid content`,
      ).toBe(true);
    }
  });
});

describe.each(malformedEntries.map((e) => [e.name, e] as const))('malformed case %s', (_, entry) => {
  const file = raw(entry);
  const where = `malformed/${entry.name}`;

  it('has exactly the README keys', () => {
    for (const key of Object.keys(file))
      expect(['description', 'request', 'problems', 'formAllowed', 'fields'], `${where}: ${key}`).toContain(key);
    for (const key of ['description', 'request', 'problems', 'formAllowed'])
      expect(own(file, key), `${where}: missing ${key}`).toBe(true);
    expect(typeof file['description'] === 'string' && file['description'].length > 0).toBe(true);
    const request = file['request'];
    expect(isRecord(request) && typeof request['message'] === 'string' && own(request, 'requestedSchema'), where).toBe(
      true,
    );
  });

  it('lists its problems with known codes and the severity each code has', () => {
    const problems = file['problems'] as unknown[];
    expect(Array.isArray(problems) && problems.length > 0, where).toBe(true);
    const keys = new Set<string>();
    for (const problem of problems) {
      expect(isRecord(problem) && Object.keys(problem).sort(), `${where}: ${JSON.stringify(problem)}`).toEqual([
        'code',
        'path',
        'severity',
      ]);
      const p = problem as Record<string, string>;
      expect(typeof p['path'], where).toBe('string');
      if (blocking.has(p['code'] as string)) expect(p['severity'], `${where}: ${p['code']}`).toBe('error');
      else if (warningCodes.has(p['code'] as string)) expect(p['severity'], `${where}: ${p['code']}`).toBe('warning');
      else expect.fail(`${where}: unknown problem code ${p['code']}`);
      keys.add(`${p['path']} ${p['code']}`);
    }
    expect(keys.size, `${where}: problems are a set`).toBe(problems.length);
  });

  it('allows the form exactly when there are only warnings, and then lists its fields', () => {
    const hasError = entry.fixture.problems.some((p) => p.severity === 'error');
    expect(file['formAllowed'], where).toBe(!hasError);
    expect(own(file, 'fields'), `${where}: fields only when the form is allowed`).toBe(!hasError);
    if (!hasError) {
      const schema = (file['request'] as Record<string, unknown>)['requestedSchema'] as Record<string, unknown>;
      expectFields(file['fields'], schema['properties'], where);
    }
  });
});
