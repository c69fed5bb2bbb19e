/**
 * The tool layer's rjsf adapter, for the kit's tool components: the rjsf view of
 * a tool schema and the walk from rjsf form data to tool arguments. Not part of the package's exports.
 */
export type { ArgumentNode, ArgumentsWalk, LocatedIssue, ToolFormData, WalkContext } from './arguments.js';
export {
  fieldId,
  locateIssues,
  OPTION_SELECTOR_SUFFIX,
  readNumberText,
  toArguments,
  toErrorSchema,
} from './arguments.js';
export { countFormFields, OPTION_TITLES, rjsfToolSchema } from './schema.js';
export type { TupleShape } from './tuple.js';
export { tupleItemSchema, tupleShape } from './tuple.js';
export { hasPatterns } from '../scan.js';
export { formRegExp } from '../tool-schema.js';
