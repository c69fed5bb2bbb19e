// ToolCallForm by keyboard only, in real Chromium: a list's items are reordered and removed with
// Tab and Enter (Playwright's keyboard, real key events; no click, no pointer). rjsf blurs a move
// button and a removal takes its buttons away, so each step checks where the focus went, that the
// browser shows it (:focus-visible), and the test ends with the exact arguments submitted.
import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { ToolCallForm } from '../../src/react/tools/index.js';
import { type Tool } from '../../src/tools/index.js';
import { mount } from './mount.js';

const tagTool: Tool = {
  name: 'tag',
  inputSchema: {
    type: 'object',
    properties: {
      tags: { type: 'array', title: 'Tags', items: { type: 'string' }, default: ['alpha', 'beta', 'gamma'] },
    },
  },
};

/** The values of the list's boxes, in order. */
function tags(): string[] {
  return page
    .getByRole('group', { name: 'Tags' })
    .getByRole('textbox')
    .elements()
    .map((input) => (input as HTMLInputElement).value);
}

/** The element with the focus, once the browser shows it (a ring, not a focus only a script knows of). */
function visiblyFocused(): Element | null {
  const focused = document.activeElement;
  return focused?.matches(':focus-visible') ? focused : null;
}

describe('given a list in a tool form, reordered and pruned by keyboard only', () => {
  test('Enter on move and remove buttons: the focus follows the item each time, and Enter on Call tool sends the new order', async () => {
    const onSubmit = vi.fn();
    mount(<ToolCallForm tool={tagTool} onSubmit={onSubmit} />);
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('textbox', { name: 'Tags 1' })).toHaveFocus();
    // The first item's up button is disabled, so Tab skips it.
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('button', { name: 'Move Tags item 1 down' })).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await expect.poll(tags).toEqual(['beta', 'alpha', 'gamma']);
    await expect.element(page.getByRole('button', { name: 'Move Tags item 2 down' })).toHaveFocus();
    expect(visiblyFocused()).toBe(page.getByRole('button', { name: 'Move Tags item 2 down' }).element());

    // Last now: its down button is disabled, so the focus is on its up button.
    await userEvent.keyboard('{Enter}');
    await expect.poll(tags).toEqual(['beta', 'gamma', 'alpha']);
    await expect.element(page.getByRole('button', { name: 'Move Tags item 3 up' })).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await expect.poll(tags).toEqual(['beta', 'alpha', 'gamma']);
    await expect.element(page.getByRole('button', { name: 'Move Tags item 2 up' })).toHaveFocus();

    await userEvent.keyboard('{Tab}{Tab}');
    await expect.element(page.getByRole('button', { name: 'Remove Tags item 2' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(tags).toEqual(['beta', 'gamma']);
    // The item now second, the last, gets the focus on its first enabled button.
    await expect.element(page.getByRole('button', { name: 'Move Tags item 2 up' })).toHaveFocus();
    expect(visiblyFocused()).toBe(page.getByRole('button', { name: 'Move Tags item 2 up' }).element());

    // The tab order goes on from the new place: remove, add, then Call tool.
    await userEvent.keyboard('{Tab}{Tab}{Tab}');
    await expect.element(page.getByRole('button', { name: 'Call tool' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    expect(onSubmit.mock.calls).toStrictEqual([[{ tags: ['beta', 'gamma'] }]]);
  });
});
