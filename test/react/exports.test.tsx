// The React entry's public surface, exactly: a new export is a decision, made here on purpose.
import { describe, expect, test } from 'vitest';

import * as core from '../../src/core/index.js';
import * as entry from '../../src/index.js';
import * as toolsReact from '../../src/react/tools/index.js';

describe('given the React entry (src/index.ts)', () => {
  test('exports exactly these runtime names', () => {
    expect(Object.keys(entry).sort()).toEqual([
      'BLOCKING_PROBLEM_CODES',
      'BooleanWidget',
      'DEFAULT_RADIO_LIMIT',
      'DateTimeWidget',
      'DateWidget',
      'DescriptionFieldTemplate',
      'ElicitationForm',
      'ElicitationHost',
      'ElicitationPrompt',
      'ElicitationRound',
      'EmailWidget',
      'EnumRadioWidget',
      'EnumSelectWidget',
      'ErrorListTemplate',
      'FIELD_ERROR_CODES',
      'FIELD_KINDS',
      'FieldErrorTemplate',
      'FieldTemplate',
      'LONG_URL_LENGTH',
      'MAX_URL_LENGTH',
      'MultiSelectWidget',
      'NumberWidget',
      'ObjectFieldTemplate',
      'REQUEST_PROBLEM_CODES',
      'STRING_FORMATS',
      'SubmitButton',
      'TextWidget',
      'TitleFieldTemplate',
      'URL_REFUSALS',
      'URL_WARNINGS',
      'UriWidget',
      'UrlElicitation',
      'WARNING_PROBLEM_CODES',
      'WIDGET_NAMES',
      'createElicitationFormModel',
      'createElicitationQueue',
      'defaultHostLabels',
      'defaultLabels',
      'generateTheme',
      'initialDraft',
      'inspectUrl',
      'isDate',
      'isDateTime',
      'isEmail',
      'isPatternEngineLoaded',
      'isUri',
      'loadPatternEngine',
      'localDateTimeToRfc3339',
      'matchesFormat',
      'parseRequestedSchema',
      'patternSupport',
      'submitDraft',
      'toRjsf',
      'useElicitationForm',
      'validateElicitContent',
      'widgetFor',
    ]);
  });

  test('re-exports every runtime name of the core entry, as the same value', () => {
    const values: Record<string, unknown> = entry;
    for (const [name, value] of Object.entries(core)) {
      expect(values[name], name).toBe(value);
    }
  });
});

describe('given the tools/react entry (src/react/tools/index.ts)', () => {
  test('exports exactly these runtime names', () => {
    expect(Object.keys(toolsReact).sort()).toEqual(['ToolCallForm', 'ToolResultView']);
  });
});
