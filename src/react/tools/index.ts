/**
 * `mcp-elicit-kit/tools/react`: the tool-call form and the tool-result view. Needs react, react-dom,
 * `@rjsf/core`, `@rjsf/utils` and `@rjsf/validator-ajv8`.
 */
export type { ToolCallFormProps } from './tool-call-form.js';
export { ToolCallForm } from './tool-call-form.js';
export type { ToolResultViewProps } from './tool-result-view.js';
export { ToolResultView } from './tool-result-view.js';
export type { ToolCallFormLabels, ToolResultViewLabels } from './tool-labels.js';
