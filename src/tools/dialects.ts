/**
 * The JSON Schema dialects a tool schema may declare with `$schema` (SEP-2106: 2020-12 by default,
 * draft-07 when `$schema` says so; the kit also takes 2019-09, which Ajv implements).
 */

/** A dialect the kit compiles. */
export type ToolSchemaDialect = '2020-12' | '2019-09' | 'draft-07';

/** The dialect used when a schema has no `$schema` (SEP-2106 §"Default dialect"). */
export const DEFAULT_DIALECT: ToolSchemaDialect = '2020-12';

/**
 * The meta-schema URI Ajv registers for each dialect. A schema is handed to Ajv with this exact
 * spelling in its root `$schema`: Ajv looks the meta-schema up by that string and throws
 * `no schema with key or ref` for any other spelling.
 */
export const CANONICAL_DIALECT_URIS: Readonly<Record<ToolSchemaDialect, string>> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema',
};

/**
 * Every `$schema` spelling the kit accepts, and the dialect it names. For each dialect: the
 * canonical URI and the same URI with the other scheme (`http`/`https`), each with or without an
 * empty fragment (`#`). The empty fragment does not change which resource a URI names (RFC 3986
 * §3.5), and both schemes are in real use: the meta-schemas' own ids are `https://…/2020-12/schema`
 * and `http://…/draft-07/schema#`, while generators and hand-written schemas mix them up. Nothing
 * else is guessed: no trailing slash, no `www.`, no case folding, no `draft/2020-12` without
 * `/schema`.
 */
export const SCHEMA_DIALECT_URIS: Readonly<Record<string, ToolSchemaDialect>> = Object.freeze(
  Object.fromEntries(
    (Object.entries(CANONICAL_DIALECT_URIS) as [ToolSchemaDialect, string][]).flatMap(([dialect, uri]) => {
      const path = uri.replace(/^https?:/, '');
      return ['https:', 'http:'].flatMap((scheme) => [
        [`${scheme}${path}`, dialect],
        [`${scheme}${path}#`, dialect],
      ]);
    }),
  ) as Record<string, ToolSchemaDialect>,
);

/** The dialect a `$schema` string names, or `undefined` when the kit does not support it. */
export function dialectOf(uri: string): ToolSchemaDialect | undefined {
  return Object.prototype.hasOwnProperty.call(SCHEMA_DIALECT_URIS, uri) ? SCHEMA_DIALECT_URIS[uri] : undefined;
}
