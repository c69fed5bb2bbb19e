/**
 * The heuristic that refuses `pattern`s able to backtrack exponentially (src/tools/pattern-risk.ts).
 * Ambiguous shapes are the textbook ReDoS cases; the safe ones include every pattern Zod 4 emits
 * for its string formats, since tool schemas generated with Zod carry them.
 */
import * as z from 'zod';
import { describe, expect, test } from 'vitest';

import { analyzePattern } from '../../src/shared/pattern-risk.js';

describe('given patterns that backtrack exponentially', () => {
  test.each([
    '^(a+)+$',
    '(a*)*b',
    '^(a|a)*$',
    '^((?:a|a)b)+$',
    '^(a+a)+$',
    '^(\\w+\\s?)*$',
    '^(.*,)+$',
    '^(\\s*,\\s*)*$',
    '^(x+x+)+y$',
    '^(a{1,3}b?)+$',
    '^([a-z]+)*[0-9]$',
    '^(\\d|\\w)+$',
    '^(?:[^"]*"?)+$',
    '((a+)+)+',
    '^(a+){3,}$',
    '(?=(a+)+b)',
    '^(a|a){1,100}$',
    '^(?:ab|a[a-z])+$',
    '^(?:x\\d*|x[0-9]+)+$',
    '^(?:(a)|b|a)+$',
    '^(?:(?:a|ab)b?)+$',
    '^(?:(?:\\d|\\d\\d)\\.?)+$',
  ])('%s is ambiguous', (pattern) => {
    expect(analyzePattern(pattern, 64)).toBe('ambiguous');
  });
});

describe('given patterns whose repetitions are fenced', () => {
  test.each([
    '^[a-z0-9]+(-[a-z0-9]+)*$',
    '^([a-z0-9]+-)*[a-z0-9]+$',
    '^(\\d+\\.\\d+,)+$',
    '^(a+b+)+$',
    '^(?:\\.[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)*$',
    '^(\\d{1,3}\\.){3}\\d{1,3}$',
    '^(foo|bar)+$',
    '^\\d*\\d*x$',
    '\\s+$',
    '^(a+){2}$',
    '^(a|a){8}$',
    '^(?:ab)+$',
    '^[\\p{L}\\p{N}]+$',
    '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
    '^(a|ab)+$',
    '^\\w+( \\w+)*$',
    '^[A-Z][a-z]+(?: [A-Z][a-z]+)*$',
    '^(/[a-z0-9._-]+)+/?$',
    '^#(?:[0-9a-fA-F]{3}){1,2}$',
    // semver.org's recommended pattern
    '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$',
  ])('%s is safe', (pattern) => {
    expect(analyzePattern(pattern, 64)).toBe('safe');
  });
});

describe('given the patterns Zod 4 writes into JSON Schema', () => {
  const formats = {
    email: z.email(),
    uuid: z.uuid(),
    datetime: z.iso.datetime(),
    date: z.iso.date(),
    time: z.iso.time(),
    duration: z.iso.duration(),
    ipv4: z.ipv4(),
    ipv6: z.ipv6(),
    cidrv4: z.cidrv4(),
    cidrv6: z.cidrv6(),
    cuid: z.cuid(),
    cuid2: z.cuid2(),
    ulid: z.ulid(),
    base64: z.base64(),
    base64url: z.base64url(),
    hostname: z.hostname(),
    emoji: z.emoji(),
    nanoid: z.nanoid(),
    e164: z.e164(),
  };
  const schema = z.toJSONSchema(z.object(formats)) as { properties: Record<string, { pattern?: string }> };

  test.each(Object.keys(formats))('%s is safe', (name) => {
    const pattern = schema.properties[name]?.pattern;
    expect(typeof pattern).toBe('string');
    expect(analyzePattern(pattern as string, 64)).toBe('safe');
  });
});

describe('given patterns the analysis cannot or must not read', () => {
  test.each([
    ['(', 'unparsed'],
    ['a)', 'unparsed'],
    ['*a', 'unparsed'],
    ['[a-', 'unparsed'],
    ['(((a)))', 'safe'],
  ] as const)('%s is %s', (pattern, expected) => {
    expect(analyzePattern(pattern, 64)).toBe(expected);
  });

  test('hundreds of alternatives sharing first characters inside a repeated group are too complex to decide', () => {
    const words = Array.from({ length: 650 }, (_, i) => `w${i}x`);
    expect(analyzePattern(`^(?:${words.join('|')})+$`, 64)).toBe('too-complex');
    // The same words once, not repeated, need no analysis.
    expect(analyzePattern(`^(?:${words.join('|')})$`, 64)).toBe('safe');
  });

  test('groups nested deeper than the limit are too deep, and reading them does not recurse past it', () => {
    const deep = `${'('.repeat(100_000)}a${')'.repeat(100_000)}`;
    expect(analyzePattern(deep, 64)).toBe('too-deep');
    expect(analyzePattern(`${'('.repeat(64)}a${')'.repeat(64)}`, 64)).toBe('safe');
    expect(analyzePattern(`${'('.repeat(65)}a${')'.repeat(65)}`, 64)).toBe('too-deep');
  });
});
