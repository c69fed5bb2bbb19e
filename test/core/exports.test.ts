// The public surface of `mcp-elicit-kit/core` is a decision: a new runtime export must be added here.
import { expect, test } from 'vitest';
import * as core from '../../src/core/index.js';

test('mcp-elicit-kit/core exports exactly these runtime names', () => {
  expect(Object.keys(core).sort()).toEqual([
    'AUDIT_RECORD_SCHEMA',
    'BLOCKING_PROBLEM_CODES',
    'DEFAULT_RADIO_LIMIT',
    'DEFAULT_SCHEMA_LIMITS',
    'FIELD_ERROR_CODES',
    'FIELD_KINDS',
    'LONG_URL_LENGTH',
    'MAX_URL_LENGTH',
    'REQUEST_PROBLEM_CODES',
    'SCHEMA_DIALECT_URIS',
    'STRING_FORMATS',
    'STRUCTURED_CONTENT_TARGETS',
    'TOOL_RESULT_NOTES',
    'URL_REFUSALS',
    'URL_WARNINGS',
    'WARNING_PROBLEM_CODES',
    'auditTargetValue',
    'compileToolSchema',
    'countStructuredContentTargets',
    'createElicitationQueue',
    'createToolSchemaCompiler',
    'initialDraft',
    'inspectUrl',
    'isDate',
    'isDateTime',
    'isEmail',
    'isUri',
    'localDateTimeToRfc3339',
    'matchesFormat',
    'parseRequestedSchema',
    'structuredContentTarget',
    'submitDraft',
    'toRjsf',
    'validateElicitContent',
    'validateToolResult',
  ]);
});
