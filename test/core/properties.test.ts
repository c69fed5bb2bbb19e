// Property tests (fast-check): for generated valid schemas and arbitrary drafts, submitDraft never
// throws, and whatever it accepts passes both the kit's check and the official SDK server's check.
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { initialDraft, submitDraft } from '../../src/core/draft.js';
import { parseRequestedSchema } from '../../src/core/schema.js';
import type { PrimitiveSchemaDefinition, RequestedSchema } from '../../src/core/types.js';
import { validateElicitContent } from '../../src/core/validate.js';

const sdk = new AjvJsonSchemaValidator();

const label = fc.option(fc.string({ maxLength: 8 }), { nil: undefined });
const optionValues = fc.uniqueArray(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 6 });
const bounds = fc.tuple(fc.nat(6), fc.nat(6)).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
const numberBounds = fc
  .tuple(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: -1e6, max: 1e6, noNaN: true }))
  .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);

function withTitle<T extends object>(schema: T, title: string | undefined): T {
  return title === undefined ? schema : { ...schema, title };
}

const property: fc.Arbitrary<PrimitiveSchemaDefinition> = fc.oneof(
  fc
    .tuple(
      label,
      fc.option(bounds, { nil: undefined }),
      fc.option(fc.constantFrom('email', 'uri', 'date', 'date-time' as const), { nil: undefined }),
    )
    .map(([title, b, format]) =>
      withTitle(
        { type: 'string' as const, ...(b && { minLength: b[0], maxLength: b[1] }), ...(format && { format }) },
        title,
      ),
    ),
  fc
    .tuple(label, fc.constantFrom('number', 'integer' as const), fc.option(numberBounds, { nil: undefined }))
    .map(([title, type, b]) => withTitle({ type, ...(b && { minimum: b[0], maximum: b[1] }) }, title)),
  label.map((title) => withTitle({ type: 'boolean' as const }, title)),
  fc.tuple(label, optionValues).map(([title, values]) => withTitle({ type: 'string' as const, enum: values }, title)),
  fc
    .tuple(label, optionValues)
    .map(([title, values]) =>
      withTitle({ type: 'string' as const, oneOf: values.map((v) => ({ const: v, title: `T ${v}` })) }, title),
    ),
  fc
    .tuple(label, optionValues)
    .map(([title, values]) =>
      withTitle({ type: 'string' as const, enum: values, enumNames: values.map((v) => `N ${v}`) }, title),
    ),
  fc.tuple(label, optionValues, fc.nat(3), fc.nat(6)).map(([title, values, min, extra]) =>
    withTitle(
      {
        type: 'array' as const,
        items: { type: 'string' as const, enum: values },
        minItems: Math.min(min, values.length),
        maxItems: Math.min(min, values.length) + extra,
      },
      title,
    ),
  ),
  fc
    .tuple(label, optionValues)
    .map(([title, values]) =>
      withTitle(
        { type: 'array' as const, items: { anyOf: values.map((v) => ({ const: v, title: `T ${v}` })) } },
        title,
      ),
    ),
);

const schemaArb: fc.Arbitrary<RequestedSchema> = fc
  .dictionary(
    fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', 'a.b', 'ui:order')),
    property,
    {
      maxKeys: 6,
    },
  )
  .chain((properties) =>
    fc.subarray(Object.keys(properties)).map((required) => ({ type: 'object' as const, properties, required })),
  );

/** Values a person (or a buggy widget) could leave in a draft. */
const draftValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(''),
  fc.string({ maxLength: 10 }),
  fc.constantFrom(
    '0',
    '1',
    '-1',
    '1.5',
    'abc',
    '2026-03-01',
    '2026-03-01T09:30',
    '2026-03-29T02:30',
    'a@b.co',
    'https://x.y',
  ),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 6 }), { maxLength: 5 }),
  fc.constant(null),
);

function draftFor(schema: RequestedSchema): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(schema.properties);
  if (keys.length === 0) return fc.constant({});
  // Values are mostly drawn from each field's own options, so accepts are common.
  return fc
    .tuple(
      ...keys.map((key) => {
        const p = schema.properties[key] as unknown as Record<string, unknown>;
        const opts = (p.enum ?? (p.oneOf as { const: string }[] | undefined)?.map((o) => o.const)) as
          string[] | undefined;
        const items = p.items as Record<string, unknown> | undefined;
        const multi = (items?.enum ?? (items?.anyOf as { const: string }[] | undefined)?.map((o) => o.const)) as
          string[] | undefined;
        const own = opts ? fc.constantFrom(...opts) : multi ? fc.subarray(multi) : draftValue;
        return fc.oneof(own, draftValue);
      }),
    )
    .map((values) => {
      const draft: Record<string, unknown> = {};
      keys.forEach((key, i) =>
        Object.defineProperty(draft, key, { value: values[i], enumerable: true, writable: true, configurable: true }),
      );
      return draft;
    });
}

describe('given generated valid schemas and arbitrary drafts', () => {
  test('the generator only makes schemas the kit accepts', () => {
    fc.assert(
      fc.property(schemaArb, (schema) => parseRequestedSchema(schema).ok === true),
      { numRuns: 300 },
    );
  });

  // 1,500 schemas, each compiled by the SDK's Ajv: seconds, and more on a busy machine.
  test(
    'submitDraft never throws, and an accepted answer passes the kit and the SDK server',
    { timeout: 60_000 },
    () => {
      let accepted = 0;
      fc.assert(
        fc.property(
          schemaArb.chain((schema) => fc.tuple(fc.constant(schema), draftFor(schema))),
          ([schema, draft]) => {
            const outcome = submitDraft(schema, draft as never);
            if (!outcome.ok) {
              expect(outcome.errors.length).toBeGreaterThan(0);
              return;
            }
            accepted++;
            expect(validateElicitContent(schema, outcome.result.content)).toEqual([]);
            const verdict = sdk.getValidator(schema as never)(outcome.result.content);
            expect(verdict.errorMessage).toBeUndefined();
            expect(verdict.valid).toBe(true);
          },
        ),
        { numRuns: 1500 },
      );
      // The property must not pass vacuously: a good share of drafts are accepted.
      expect(accepted).toBeGreaterThan(150);
    },
  );

  test('submitting the initial draft of a schema with valid defaults never throws', () => {
    fc.assert(
      fc.property(schemaArb, (schema) => {
        const outcome = submitDraft(schema, initialDraft(schema));
        if (outcome.ok) expect(sdk.getValidator(schema as never)(outcome.result.content).valid).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('given arbitrary JSON', () => {
  test('parseRequestedSchema never throws and always says ok or lists an error', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ type: fc.constant('object'), properties: fc.dictionary(fc.string(), fc.jsonValue()) }),
        ),
        (input) => {
          const parsed = parseRequestedSchema(input);
          if (!parsed.ok) expect(parsed.problems.some((p) => p.severity === 'error')).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('the kit and the SDK server agree on arbitrary content for a fixed schema', () => {
    const schema = {
      type: 'object',
      properties: {
        s: { type: 'string', minLength: 1, maxLength: 3 },
        n: { type: 'integer', minimum: 0, maximum: 9 },
        b: { type: 'boolean' },
        e: {
          type: 'string',
          oneOf: [
            { const: 'a', title: 'A' },
            { const: 'b', title: 'B' },
          ],
        },
        m: {
          type: 'array',
          items: {
            anyOf: [
              { const: 'x', title: 'X' },
              { const: 'y', title: 'Y' },
            ],
          },
          maxItems: 1,
        },
      },
      required: ['s'],
    } as const satisfies RequestedSchema;
    const value = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom('a', 'b', 'x', 1, 0, 9.5, true, ['x'], ['x', 'x'], ['y', 'x']),
    );
    fc.assert(
      fc.property(fc.record({ s: value, n: value, b: value, e: value, m: value }, { requiredKeys: [] }), (content) => {
        const kit = validateElicitContent(schema, content).length === 0;
        expect(kit).toBe(sdk.getValidator(schema as never)(content).valid);
      }),
      { numRuns: 3000 },
    );
  });
});
