/**
 * Story args from the shared elicitation fixtures (`test/fixtures/elicitation/<variant>/<name>.json`),
 * picked by `variant/name`. The same files feed the core, component and browser tests, so a story
 * shows exactly the request those tests answer. An id that names no case throws when the story file
 * loads, which fails every story of the file in the test run.
 */
import type { ElicitRequestFormParams, PrimitiveSchemaDefinition } from '../src/index.js';
import {
  fixtureGlob,
  isMalformed,
  type MalformedFixture,
  type ValidFixture,
  type VariantFolder,
} from '../test/fixtures/index.js';

/** `variant/name` of a case the kit renders as a form, e.g. `titled-single/one-of-required`. */
export type ValidFixtureId = `${Exclude<VariantFolder, 'malformed'>}/${string}`;

/** `malformed/name` of a case the kit refuses or partly ignores, e.g. `malformed/several-problems`. */
export type MalformedFixtureId = `malformed/${string}`;

function find(id: string): ValidFixture | MalformedFixture {
  const entry = fixtureGlob.find(({ variant, name }) => `${variant}/${name}` === id);
  if (!entry) throw new Error(`No elicitation fixture "${id}" under test/fixtures/elicitation`);
  return entry.fixture;
}

/** The valid case `id`; throws if it does not exist or is a malformed case. */
export function validFixture(id: ValidFixtureId): ValidFixture {
  const fixture = find(id);
  if (isMalformed(fixture)) throw new Error(`Fixture "${id}" is a malformed case`);
  return fixture;
}

/** The malformed case `id`; throws if it does not exist or is a valid case. */
export function malformedFixture(id: MalformedFixtureId): MalformedFixture {
  const fixture = find(id);
  if (!isMalformed(fixture)) throw new Error(`Fixture "${id}" is not a malformed case`);
  return fixture;
}

/** The `elicitation/create` params of the valid case `id`, as `ElicitationForm`'s `request` arg. */
export function fixtureRequest(id: ValidFixtureId): ElicitRequestFormParams {
  return validFixture(id).request;
}

/**
 * The request of a malformed case, typed as form params on purpose: the story shows what the kit
 * does when a server sends something that is not a valid request.
 */
export function malformedRequest(id: MalformedFixtureId): ElicitRequestFormParams {
  return malformedFixture(id).request as unknown as ElicitRequestFormParams;
}

/**
 * One form from several valid cases: their properties in the order given, and their `required`
 * lists joined. Property keys must not repeat across the cases.
 */
export function combinedRequest(message: string, ids: readonly ValidFixtureId[]): ElicitRequestFormParams {
  const properties: { [key: string]: PrimitiveSchemaDefinition } = {};
  const required: string[] = [];
  for (const id of ids) {
    const schema = fixtureRequest(id).requestedSchema;
    for (const [key, property] of Object.entries(schema.properties)) {
      if (Object.prototype.hasOwnProperty.call(properties, key))
        throw new Error(`Property "${key}" of "${id}" is already taken`);
      // defineProperty, not assignment: a `__proto__` key stays an own property (as JSON.parse made it).
      Object.defineProperty(properties, key, { value: property, enumerable: true, writable: true, configurable: true });
    }
    required.push(...(schema.required ?? []));
  }
  return { message, requestedSchema: { type: 'object', properties, required } };
}
