// The public surface of `mcp-elicit-kit/core` is a decision: a new runtime export must be added here.
import { expect, test } from 'vitest';
import * as core from '../../src/core/index.js';

test('mcp-elicit-kit/core exports exactly these runtime names', () => {
  expect(Object.keys(core).sort()).toEqual([
    'BLOCKING_PROBLEM_CODES',
    'CANCEL_REASONS',
    'DEFAULT_RADIO_LIMIT',
    'FIELD_ERROR_CODES',
    'FIELD_KINDS',
    'LONG_URL_LENGTH',
    'MAX_URL_LENGTH',
    'REASON_META_KEY',
    'REQUEST_PROBLEM_CODES',
    'SECRET_MASK',
    'STRING_FORMATS',
    'URL_REFUSALS',
    'URL_WARNINGS',
    'WARNING_PROBLEM_CODES',
    'WIDGET_NAMES',
    'createElicitationFormModel',
    'createElicitationQueue',
    'initialDraft',
    'inspectUrl',
    'isDate',
    'isDateTime',
    'isEmail',
    'isPatternEngineLoaded',
    'isSchemaValidatorLoaded',
    'isUri',
    'loadPatternEngine',
    'loadSchemaValidator',
    'localDateTimeToRfc3339',
    'matchesFormat',
    'parseRequestedSchema',
    'patternSupport',
    'redactElicitResult',
    'submitDraft',
    'toRjsf',
    'validateElicitContent',
    'widgetFor',
  ]);
});
