/** The rjsf adapter of the tool components: a tool schema as rjsf draws it, and form data back to arguments. */
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
