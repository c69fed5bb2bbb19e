/**
 * Fixtures read local date-times in Asia/Kolkata (test/fixtures/README.md); vitest.config.ts sets
 * TZ for this project. If the zone were not applied, every date-time case would be off by hours.
 */
import { describe, expect, test } from 'vitest';

describe('given the core test project', () => {
  test('the clock is in Asia/Kolkata (+05:30, no DST)', () => {
    expect(process.env.TZ).toBe('Asia/Kolkata');
    expect(new Date(2026, 0, 15).getTimezoneOffset()).toBe(-330);
    expect(new Date(2026, 6, 1).getTimezoneOffset()).toBe(-330);
    expect(new Date().getTimezoneOffset()).toBe(-330);
  });
});
