/**
 * The public names of src/tools/index.ts (values; types are erased). A new name is a decision:
 * this list changes with it.
 */
import { expect, test } from 'vitest';

import * as tools from '../../src/tools/index.js';

test('src/tools exports exactly these values', () => {
  expect(Object.keys(tools).sort()).toEqual([
    'AUDIT_RECORD_SCHEMA',
    'DEFAULT_SCHEMA_LIMITS',
    'SCHEMA_DIALECT_URIS',
    'STRUCTURED_CONTENT_TARGETS',
    'TOOL_RESULT_NOTES',
    'auditTargetValue',
    'compileToolSchema',
    'countStructuredContentTargets',
    'createToolSchemaCompiler',
    'isPatternEngineLoaded',
    'loadPatternEngine',
    'patternSupport',
    'structuredContentTarget',
    'validateToolResult',
  ]);
});
