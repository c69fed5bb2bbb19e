/**
 * What the jsdom component tests share: axe without colour contrast, and a `window.open` that
 * opens nothing.
 */
import axe from 'axe-core';
import { afterAll, beforeEach, vi, type MockInstance } from 'vitest';

/**
 * axe's violations in `container`: rule ids and the selectors of the nodes that break them; `[]`
 * when the tree is clean. jsdom has no layout and no canvas, so the colour-contrast rule cannot
 * run here: it is left to Chromium (test/browser/axe.browser.test.tsx and the story tests).
 */
export async function violations(container: HTMLElement): Promise<{ id: string; nodes: string[] }[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** Replaces `window.open` with a spy for the calling test file, its calls cleared before each test. */
export function stubWindowOpen(): MockInstance<typeof window.open> {
  const open = vi.spyOn(window, 'open').mockImplementation(() => null);
  beforeEach(() => {
    open.mockClear();
  });
  afterAll(() => {
    open.mockRestore();
  });
  return open;
}
