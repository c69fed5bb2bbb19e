/**
 * Renders React into a fresh container of the real page, with `react-dom/client`, and removes it
 * when the test finishes. `flushSync` makes the first render complete before the test goes on;
 * later updates come from real browser events, which React commits before Playwright's key or
 * click command returns.
 */
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { expect, onTestFinished } from 'vitest';

/** Mounts `ui` in a new `<div>` of `document.body` for the current test; returns that container. */
export function mount(ui: ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(ui));
  onTestFinished(() => {
    root.unmount();
    container.remove();
  });
  return container;
}

/**
 * Waits until every answering button on the page is armed: a newly shown prompt ignores a person's
 * activation for its first `ARMING_MS` (answer-button.tsx). A person never answers that fast; a
 * test driving real input does, so it waits as a person would.
 */
export async function armed(): Promise<void> {
  await expect.poll(() => document.querySelectorAll('[data-arming]').length).toBe(0);
}

/**
 * Waits until no form on the page is still reading its options: a form of 10,000 options or more reads
 * them over several tasks before its fields are drawn.
 */
export async function read(): Promise<void> {
  await expect.poll(() => document.querySelectorAll('[data-state="reading"]').length, { timeout: 10_000 }).toBe(0);
}

/** What a CSS colour (a system colour such as `Highlight`) resolves to on this page, under the current emulation. */
export function systemColour(colour: string): string {
  const probe = document.createElement('span');
  probe.style.color = colour;
  document.body.append(probe);
  const resolved = getComputedStyle(probe).color;
  probe.remove();
  return resolved;
}
