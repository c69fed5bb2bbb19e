/**
 * What makes a page in a browser test settled, so that what a test judges (a colour for axe, a shot, a click
 * target) is the page's final state and never a frame of a transition: motion off for the kit and for any
 * third-party theme, web fonts loaded, nothing `aria-busy`, no animation running.
 */
import { expect, vi } from 'vitest';

/**
 * Ends every CSS transition and animation at once, on every element of the page (the kit's and a theme's: MUI
 * animates a label's colour as a form becomes disabled, and axe once judged a colour halfway). Transitions
 * are turned off, not shortened: no `transitionend` is waited for anywhere (react-transition-group, which MUI's
 * popups use, ends on its own timer).
 */
export function stopMotion(): void {
  if (document.getElementById('mek-test-no-motion') !== null) return;
  const style = document.createElement('style');
  style.id = 'mek-test-no-motion';
  style.textContent = `*, *::before, *::after {
  transition: none !important;
  animation: none !important;
  caret-color: transparent !important;
}`;
  document.head.append(style);
}

/** Undoes `stopMotion()`, for a test that judges the kit's own motion rules. */
export function startMotion(): void {
  document.getElementById('mek-test-no-motion')?.remove();
}

/** Resolves once `root` is settled: fonts loaded, no `aria-busy` inside, no animation left on the page. */
export async function settled(root: Element): Promise<void> {
  await document.fonts.ready;
  // A view still loading says so (`aria-busy`); `expect.poll` is for tests, `vi.waitFor` also serves hooks.
  await vi.waitFor(() => {
    expect(root.querySelector('[aria-busy="true"]')).toBeNull();
    expect(document.getAnimations().filter((animation) => animation.playState === 'running')).toEqual([]);
  });
  // Two frames: what the last change scheduled has been laid out and painted.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}
