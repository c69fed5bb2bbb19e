/**
 * The React-free tool-schema layer: compile tool schemas safely, judge `tools/call` results, and the
 * audit gate (MCP 2025-06-18, "Tools" → "Output Schema"). Explicit named exports only: a new public name is a decision, pinned by a test.
 */
export type { ToolSchemaDialect } from './dialects.js';
export { SCHEMA_DIALECT_URIS } from './dialects.js';
export type {
  CompiledToolSchema,
  CompileToolSchemaResult,
  SchemaIssue,
  SchemaLimits,
  ToolSchemaCompiler,
  ToolSchemaCompilerOptions,
  ToolSchemaCompilerStats,
  ToolSchemaError,
  ToolSchemaErrorCode,
} from './tool-schema.js';
export { compileToolSchema, createToolSchemaCompiler, DEFAULT_SCHEMA_LIMITS } from './tool-schema.js';
export type { PatternSupport } from '../shared/pattern-engine.js';
export { isPatternEngineLoaded, loadPatternEngine, patternSupport } from '../shared/pattern-engine.js';
export type {
  CallToolResult,
  ContentBlock,
  Tool,
  ToolResultVerdict,
  ToolResultVerdictKind,
  ValidateToolResultOptions,
} from './tool-result.js';
export { TOOL_RESULT_NOTES, validateToolResult } from './tool-result.js';
export type { AuditRecord, StructuredContentTarget, StructuredContentTargetCounts } from './audit-gate.js';
export {
  AUDIT_RECORD_SCHEMA,
  auditTargetValue,
  countStructuredContentTargets,
  STRUCTURED_CONTENT_TARGETS,
  structuredContentTarget,
} from './audit-gate.js';
