/**
 * The suite's tests only snapshot; this makes each of them also fail on anything React or rjsf
 * logs as an error or a warning while the kit's theme draws the case (rjsf's default theme logs
 * none for the suite).
 */
import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

let errors: MockInstance<typeof console.error>;
let warnings: MockInstance<typeof console.warn>;

beforeEach(() => {
  errors = vi.spyOn(console, 'error');
  warnings = vi.spyOn(console, 'warn');
});

afterEach(() => {
  cleanup();
  const logged = [...errors.mock.calls, ...warnings.mock.calls];
  errors.mockRestore();
  warnings.mockRestore();
  expect(logged).toEqual([]);
});
