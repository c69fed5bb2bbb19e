/**
 * What the jsdom component tests share: a one-field request drawn by `ElicitationForm`, axe without
 * colour contrast, and a `window.open` that opens nothing.
 */
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { createElement } from 'react';
import { afterAll, beforeEach, vi, type MockInstance } from 'vitest';

import { ElicitationForm, type ElicitRequestFormParams, type PrimitiveSchemaDefinition } from '../../src/index.js';

/** A one-field request: the field is `f`. */
export function ask(property: PrimitiveSchemaDefinition, required = false): ElicitRequestFormParams {
  return {
    message: 'Please answer',
    requestedSchema: { type: 'object', properties: { f: property }, ...(required && { required: ['f'] }) },
  };
}

/** A titled single select (`oneOf` const/title) titled `title`, of these option titles, values `v0`, `v1`, … */
export function titledSelect(titles: string[], title = 'Plan'): ElicitRequestFormParams {
  return ask({
    type: 'string',
    title,
    oneOf: titles.map((text, index) => ({ const: `v${String(index)}`, title: text })),
  });
}

/** A titled multi-select (`items.anyOf` const/title) titled `title`, each option given as `[value, title]`. */
export function titledMultiSelect(options: [string, string][], title = 'Tags'): ElicitRequestFormParams {
  return ask({
    type: 'array',
    title,
    items: { anyOf: options.map(([value, text]) => ({ const: value, title: text })) },
  });
}

/** `request` drawn by `ElicitationForm` from server `serverName`, with a user and its Accept click. */
export function renderForm(request: ElicitRequestFormParams, serverName: string) {
  const onRespond = vi.fn();
  const user = userEvent.setup({ delay: null });
  const view = render(createElement(ElicitationForm, { request, server: { name: serverName }, onRespond }));
  const accept = () => user.click(screen.getByRole('button', { name: 'Accept' }));
  return { ...view, onRespond, user, accept };
}

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
