/** The dialects a tool schema may declare (SEP-2106: 2020-12 by default; also draft-07, and 2019-09, which Ajv has). */

/** A dialect the kit compiles. */
export type ToolSchemaDialect = '2020-12' | '2019-09' | 'draft-07';

/** The dialect used when a schema has no `$schema` (SEP-2106 §"Default dialect"). */
export const DEFAULT_DIALECT: ToolSchemaDialect = '2020-12';

/** The meta-schema URI Ajv registers per dialect: it looks the meta-schema up by this exact string. */
export const CANONICAL_DIALECT_URIS: Readonly<Record<ToolSchemaDialect, string>> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema',
};

/**
 * Every `$schema` spelling the kit accepts: each canonical URI with either scheme (both are in real use)
 * and with or without an empty `#` (RFC 3986 §3.5). Nothing else is guessed.
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
