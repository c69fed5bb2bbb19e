/**
 * The audit gate (MCP 2025-06-18, "Tools" → "Output Schema") (src/tools/audit-gate.ts): every outcome, in its order, with malformed
 * records, non-object `structuredContent`, and the wrapper's exact shape; the value each outcome
 * validates; and the per-outcome counts.
 */
import { describe, expect, test } from 'vitest';

import {
  AUDIT_RECORD_SCHEMA,
  auditTargetValue,
  countStructuredContentTargets,
  STRUCTURED_CONTENT_TARGETS,
  structuredContentTarget,
} from '../../src/tools/audit-gate.js';

const legacy = { tool: 'get_weather', protocol: '2025-11-25', metaIdTool: true };
const weather = { city: 'Oslo', tempC: 3 };
const wrapped = { content: [], structuredContent: { result: weather } };

describe('given the audit-record schema', () => {
  test('it is the fixed audit-record schema, verbatim', () => {
    expect(AUDIT_RECORD_SCHEMA).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['tool', 'protocol', 'metaIdTool'],
      properties: {
        tool: { type: 'string', minLength: 1 },
        protocol: { enum: ['2025-11-25', '2026-07-28'] },
        metaIdTool: { type: 'boolean' },
      },
    });
    expect(STRUCTURED_CONTENT_TARGETS).toEqual(['schema', 'missing', 'legacy_wrapper', 'validate_root']);
  });
});

describe('given a malformed record: schema, before anything else is looked at', () => {
  test.each([
    ['no tool', { protocol: '2025-11-25', metaIdTool: true }],
    ['no protocol', { tool: 'get_weather', metaIdTool: true }],
    ['no metaIdTool', { tool: 'get_weather', protocol: '2025-11-25' }],
    ['an extra key', { ...legacy, server: 'weather' }],
    ['an empty tool name', { ...legacy, tool: '' }],
    ['a tool name that is not a string', { ...legacy, tool: 7 }],
    ['an unknown protocol', { ...legacy, protocol: '2025-06-18' }],
    ['a protocol that is not a string', { ...legacy, protocol: 20251125 }],
    ['metaIdTool as a string', { ...legacy, metaIdTool: 'true' }],
    ['metaIdTool as a number', { ...legacy, metaIdTool: 1 }],
    ['metaIdTool null', { ...legacy, metaIdTool: null }],
    ['an empty object', {}],
    ['null', null],
    ['an array', [legacy]],
    ['a string', JSON.stringify(legacy)],
    ['undefined', undefined],
  ])('%s', (_name, record) => {
    expect(structuredContentTarget(record, wrapped)).toBe('schema');
    expect(structuredContentTarget(record, { content: [] })).toBe('schema');
  });
});

describe('given a well-formed record and no object to validate: missing', () => {
  test.each([
    ['no structuredContent', { content: [] }],
    ['structuredContent undefined', { content: [], structuredContent: undefined }],
    ['structuredContent null', { content: [], structuredContent: null }],
    ['an array', { content: [], structuredContent: [weather] }],
    ['a string', { content: [], structuredContent: 'Oslo' }],
    ['a number', { content: [], structuredContent: 0 }],
    ['false', { content: [], structuredContent: false }],
    ['a body that is null', null],
    ['a body that is an array', [wrapped]],
    ['a body that is a string', JSON.stringify(wrapped)],
  ])('%s', (_name, body) => {
    for (const protocol of ['2025-11-25', '2026-07-28']) {
      for (const metaIdTool of [true, false]) {
        expect(structuredContentTarget({ tool: 'get_weather', protocol, metaIdTool }, body)).toBe('missing');
      }
    }
  });
});

describe('given the 2025-11-25 wrapper of an id’d tool: legacy_wrapper', () => {
  test('{result: {…}} from a metaIdTool toward 2025-11-25', () => {
    expect(structuredContentTarget(legacy, wrapped)).toBe('legacy_wrapper');
    expect(structuredContentTarget(legacy, { content: [], structuredContent: { result: {} } })).toBe('legacy_wrapper');
  });
});

describe('given everything else: validate_root', () => {
  test.each([
    ['metaIdTool false, even with the wrapper shape', { ...legacy, metaIdTool: false }, wrapped],
    ['protocol 2026-07-28', { ...legacy, protocol: '2026-07-28' }, wrapped],
    ['the payload at the root (SDK 2.4.0)', legacy, { content: [], structuredContent: weather }],
    ['result plus another key', legacy, { content: [], structuredContent: { result: weather, page: 1 } }],
    ['result holding an array', legacy, { content: [], structuredContent: { result: [weather] } }],
    ['result holding null', legacy, { content: [], structuredContent: { result: null } }],
    ['result holding a string', legacy, { content: [], structuredContent: { result: 'Oslo' } }],
    ['result holding 0', legacy, { content: [], structuredContent: { result: 0 } }],
    ['an empty object', legacy, { content: [], structuredContent: {} }],
  ])('%s', (_name, record, body) => {
    expect(structuredContentTarget(record, body)).toBe('validate_root');
  });

  test('metaIdTool false never takes legacy_wrapper, whatever the body', () => {
    const bodies = [
      wrapped,
      { structuredContent: { result: { result: {} } } },
      { structuredContent: weather },
      { structuredContent: { result: [] } },
    ];
    for (const protocol of ['2025-11-25', '2026-07-28']) {
      for (const body of bodies) {
        expect(structuredContentTarget({ tool: 't', protocol, metaIdTool: false }, body)).toBe('validate_root');
      }
    }
  });
});

describe('given an outcome, the value to validate', () => {
  test.each([
    ['legacy_wrapper', wrapped, weather],
    ['validate_root', wrapped, { result: weather }],
    ['validate_root', { structuredContent: weather }, weather],
    ['schema', wrapped, undefined],
    ['missing', wrapped, undefined],
    ['legacy_wrapper', { structuredContent: weather }, undefined],
    ['legacy_wrapper', { structuredContent: { result: [1] } }, undefined],
    ['validate_root', { structuredContent: [weather] }, undefined],
    ['validate_root', null, undefined],
  ] as const)('%s of %j → %j', (target, body, value) => {
    expect(auditTargetValue(target, body)).toEqual(value);
  });

  test('it is the same object, not a copy', () => {
    expect(auditTargetValue('legacy_wrapper', wrapped)).toBe(wrapped.structuredContent.result);
  });

  test('an unknown target from JavaScript yields nothing (it once returned the target string itself)', () => {
    expect(auditTargetValue('bogus' as 'schema', wrapped)).toBeUndefined();
  });
});

describe('given the outcomes of many calls', () => {
  test('each outcome is counted on its own, zeros included', () => {
    const outcomes = [
      structuredContentTarget(legacy, wrapped),
      structuredContentTarget(legacy, { structuredContent: weather }),
      structuredContentTarget({ ...legacy, metaIdTool: false }, wrapped),
      structuredContentTarget({ ...legacy, tool: '' }, wrapped),
    ];
    expect(countStructuredContentTargets(outcomes)).toEqual({
      schema: 1,
      missing: 0,
      legacy_wrapper: 1,
      validate_root: 2,
      total: 4,
    });
    expect(countStructuredContentTargets([])).toEqual({
      schema: 0,
      missing: 0,
      legacy_wrapper: 0,
      validate_root: 0,
      total: 0,
    });
  });

  test('any iterable will do', () => {
    function* calls() {
      yield 'missing' as const;
      yield 'missing' as const;
    }
    expect(countStructuredContentTargets(calls())).toEqual({
      schema: 0,
      missing: 2,
      legacy_wrapper: 0,
      validate_root: 0,
      total: 2,
    });
  });
});
