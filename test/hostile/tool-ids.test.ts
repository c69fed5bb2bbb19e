/**
 * `$id` of any JSON type in a tool schema: a non-string `$id` is refused by the kit's scan as
 * `invalid-id` naming where it is, before Ajv sees it (Ajv calls string methods on it and fails with
 * "id.replace is not a function", which said nothing about the schema).
 */
import { describe, expect, test } from 'vitest';

import { createToolSchemaCompiler } from '../../src/tools/index.js';

/** Compiles with a fresh compiler; returns its error (or 'ok') and how many times Ajv compiled. */
function refusal(schema: unknown): [unknown, number] {
  const compiler = createToolSchemaCompiler();
  const result = compiler.compile(schema);
  return [result.ok ? 'ok' : result.error, compiler.stats.compiles];
}

describe('given a $id that is not a string (finding 10)', () => {
  test('$id: 5 at the root is invalid-id at /$id, not invalid-schema', () => {
    expect(refusal({ $id: 5, type: 'object' })).toEqual([
      { code: 'invalid-id', message: '$id at /$id must be a string (a URI); got a number.' },
      0,
    ]);
  });

  test.each([
    [null, 'null'],
    [true, 'a boolean'],
    [{ href: 'urn:x' }, 'an object'],
    [['urn:x'], 'an array'],
    [0, 'a number'],
  ])('$id %j at the root is invalid-id (%s)', (id, type) => {
    expect(refusal({ $id: id, type: 'object' })).toEqual([
      { code: 'invalid-id', message: `$id at /$id must be a string (a URI); got ${type}.` },
      0,
    ]);
  });

  test.each([
    [{ type: 'object', properties: { a: { $id: 5, type: 'string' } } }, '/properties/a/$id'],
    [{ $defs: { item: { $id: false } }, $ref: '#/$defs/item' }, '/$defs/item/$id'],
    [{ type: 'array', items: { $id: [] } }, '/items/$id'],
    [{ anyOf: [{ type: 'string' }, { $id: null }] }, '/anyOf/1/$id'],
    [{ $schema: 'http://json-schema.org/draft-07/schema#', definitions: { d: { $id: 7 } } }, '/definitions/d/$id'],
  ])('a nested non-string $id is invalid-id at %#: %s', (schema, pointer) => {
    const [error, compiles] = refusal(schema);
    expect([(error as { code?: string }).code, (error as { message?: string }).message?.split(' must ')[0]]).toEqual([
      'invalid-id',
      `$id at ${pointer}`,
    ]);
    expect(compiles).toBe(0);
  });

  test('a property NAMED $id is an ordinary property, and $id inside const/default data is data', () => {
    expect(refusal({ type: 'object', properties: { $id: { type: 'integer' } } })).toEqual(['ok', 1]);
    expect(refusal({ type: 'object', const: { $id: 5 }, default: { $id: null } })).toEqual(['ok', 1]);
  });
});
