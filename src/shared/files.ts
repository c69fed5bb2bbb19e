/** Where SEP-2356 (draft, "Declarative File Inputs for Tools and Elicitation") allows its keyword. */
import { hasOwn } from './path.js';

/** The SEP-2356 keyword. */
export const FILE_KEYWORD = 'x-mcp-file';

/**
 * Whether `schema` carries `x-mcp-file` where SEP-2356 allows it: a `format: "uri"` string that lists no options.
 * Elsewhere the keyword is ignored (SEP-2356: clients SHOULD render such a field as an ordinary input).
 */
export function isFilePlacement(schema: Record<string, unknown>): boolean {
  return (
    hasOwn(schema, FILE_KEYWORD) &&
    schema.type === 'string' &&
    schema.format === 'uri' &&
    !hasOwn(schema, 'enum') &&
    !hasOwn(schema, 'oneOf') &&
    !hasOwn(schema, 'anyOf')
  );
}
