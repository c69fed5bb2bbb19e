/**
 * A guard on `RegExp.prototype.exec` for the current test file: it throws when a backtracking RegExp
 * runs one of the returned set's sources, so a test passes only when the kit judged the text without
 * V8's engine. Cleared after each test; the native `exec` comes back after the file.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';

export function guardBacktracking(): Set<string> {
  const guarded = new Set<string>();
  const nativeExec = RegExp.prototype.exec;
  beforeAll(() => {
    RegExp.prototype.exec = function guardedExec(this: RegExp, text: string) {
      if (guarded.has(this.source)) throw new Error(`a backtracking RegExp ran the hostile pattern ${this.source}`);
      return nativeExec.call(this, text);
    };
  });
  afterEach(() => guarded.clear());
  afterAll(() => {
    RegExp.prototype.exec = nativeExec;
  });
  return guarded;
}
