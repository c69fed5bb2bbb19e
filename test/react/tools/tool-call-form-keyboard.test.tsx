// ToolCallForm by keyboard: moving and removing list and tuple items, the focus follows the item.
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import { ToolCallForm } from '../../../src/react/tools/index.js';
import type { Tool } from '../../../src/tools/index.js';
import { submitButton, tool } from './helpers.js';

/** Focuses `button` and presses Enter on it, as a keyboard user does after tabbing to it. */
async function pressEnter(user: ReturnType<typeof userEvent.setup>, button: HTMLElement) {
  button.focus();
  await user.keyboard('{Enter}');
}

describe('given a keyboard user moving and removing items, the focus follows the item', () => {
  test('a list: move down, down to the end, then up to the top; the focus stays on the moved item’s button', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(
      <ToolCallForm
        tool={tool({
          type: 'object',
          properties: {
            tags: { type: 'array', title: 'Tags', items: { type: 'string' }, default: ['a', 'b', 'c', 'd'] },
          },
        })}
        onSubmit={onSubmit}
      />,
    );
    const tags = screen.getByRole('group', { name: 'Tags' });
    const values = () =>
      within(tags)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value);
    await pressEnter(user, screen.getByRole('button', { name: 'Move Tags item 2 down' }));
    expect(values()).toEqual(['a', 'c', 'b', 'd']);
    expect(screen.getByRole('button', { name: 'Move Tags item 3 down' })).toHaveFocus();
    // Enter again moves the same item on, as often as it is pressed.
    await user.keyboard('{Enter}');
    expect(values()).toEqual(['a', 'c', 'd', 'b']);
    // Last now, its down button is disabled: the focus is on its up button.
    expect(screen.getByRole('button', { name: 'Move Tags item 4 down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Tags item 4 up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(values()).toEqual(['a', 'c', 'b', 'd']);
    expect(screen.getByRole('button', { name: 'Move Tags item 3 up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Move Tags item 2 up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(values()).toEqual(['b', 'a', 'c', 'd']);
    expect(screen.getByRole('button', { name: 'Move Tags item 1 down' })).toHaveFocus();
    // Typing re-renders the list; only the buttons move the focus, so it stays in the box.
    await user.click(within(tags).getByRole('textbox', { name: 'Tags 1' }));
    await user.keyboard('x');
    expect(within(tags).getByRole('textbox', { name: 'Tags 1' })).toHaveFocus();
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ tags: ['bx', 'a', 'c', 'd'] }]]);
  });

  test('a list: remove in the middle, the first, the last, then the only item; the focus ends on the add button', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(
      <ToolCallForm
        tool={tool({
          type: 'object',
          properties: {
            tags: { type: 'array', title: 'Tags', items: { type: 'string' }, default: ['a', 'b', 'c', 'd'] },
          },
        })}
        onSubmit={onSubmit}
      />,
    );
    const tags = screen.getByRole('group', { name: 'Tags' });
    const values = () =>
      within(tags)
        .queryAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value);
    // The item now second gets the focus, on its first enabled button.
    await pressEnter(user, screen.getByRole('button', { name: 'Remove Tags item 2' }));
    expect(values()).toEqual(['a', 'c', 'd']);
    expect(screen.getByRole('button', { name: 'Move Tags item 2 up' })).toHaveFocus();
    // The first item's up button is disabled, so its down button is the first it has.
    await pressEnter(user, screen.getByRole('button', { name: 'Remove Tags item 1' }));
    expect(values()).toEqual(['c', 'd']);
    expect(screen.getByRole('button', { name: 'Move Tags item 1 down' })).toHaveFocus();
    // No item after the last: the one before it, now alone, with only its remove button.
    await pressEnter(user, screen.getByRole('button', { name: 'Remove Tags item 2' }));
    expect(values()).toEqual(['c']);
    expect(screen.getByRole('button', { name: 'Remove Tags item 1' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(values()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add to Tags' })).toHaveFocus();
    await user.click(submitButton());
    // An optional list left empty is omitted, like any empty optional field.
    expect(onSubmit.mock.calls).toStrictEqual([[{}]]);
  });

  test('a tuple’s extra items: moves and removes follow the item; past the positions the focus goes to the add button', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        command: {
          type: 'array',
          title: 'Command',
          prefixItems: [{ type: 'string', title: 'Program' }],
          items: { type: 'string' },
          default: ['git', '-a', '-b', '-c'],
        },
      },
    };
    render(<ToolCallForm tool={tool(schema, 'run')} onSubmit={onSubmit} />);
    const command = screen.getByRole('group', { name: 'Command' });
    const values = () =>
      within(command)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value);
    await pressEnter(user, screen.getByRole('button', { name: 'Move Command item 2 down' }));
    expect(values()).toEqual(['git', '-b', '-a', '-c']);
    expect(screen.getByRole('button', { name: 'Move Command item 3 down' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(values()).toEqual(['git', '-b', '-c', '-a']);
    expect(screen.getByRole('button', { name: 'Move Command item 4 up' })).toHaveFocus();
    // The first extra item cannot move up into the positions: its down button gets the focus.
    await pressEnter(user, screen.getByRole('button', { name: 'Move Command item 3 up' }));
    expect(values()).toEqual(['git', '-c', '-b', '-a']);
    expect(screen.getByRole('button', { name: 'Move Command item 2 down' })).toHaveFocus();
    await pressEnter(user, screen.getByRole('button', { name: 'Remove Command item 3' }));
    expect(values()).toEqual(['git', '-c', '-a']);
    expect(screen.getByRole('button', { name: 'Move Command item 3 up' })).toHaveFocus();
    await pressEnter(user, screen.getByRole('button', { name: 'Remove Command item 3' }));
    expect(values()).toEqual(['git', '-c']);
    expect(screen.getByRole('button', { name: 'Remove Command item 2' })).toHaveFocus();
    // The item before is the Program position, which has no buttons.
    await user.keyboard('{Enter}');
    expect(values()).toEqual(['git']);
    expect(screen.getByRole('button', { name: 'Add to Command' })).toHaveFocus();
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ command: ['git'] }]]);
  });

  test('a tuple without a rest rule: removing its last extra item, with no add button, focuses the tuple’s group', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        pair: {
          type: 'array',
          title: 'Pair',
          prefixItems: [{ type: 'string', title: 'Key' }],
          default: ['k', 'extra'],
        },
      },
    };
    render(<ToolCallForm tool={tool(schema, 'toggle')} onSubmit={onSubmit} />);
    const pair = screen.getByRole('group', { name: 'Pair' });
    expect(within(pair).queryByRole('button', { name: 'Add to Pair' })).toBeNull();
    await pressEnter(user, screen.getByRole('button', { name: 'Remove Pair item 2' }));
    expect(
      within(pair)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['k']);
    expect(pair).toHaveFocus();
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ pair: ['k'] }]]);
  });

  test('lists inside list items: each list moves the focus among its own buttons only', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        people: {
          type: 'array',
          title: 'People',
          items: {
            type: 'object',
            title: 'Person',
            properties: {
              name: { type: 'string', title: 'Name' },
              tags: { type: 'array', title: 'Tags', items: { type: 'string' } },
            },
          },
          default: [
            { name: 'Ada', tags: ['x', 'y'] },
            { name: 'Alan', tags: ['p', 'q'] },
          ],
        },
      },
    };
    render(<ToolCallForm tool={tool(schema, 'invite')} onSubmit={onSubmit} />);
    await pressEnter(
      user,
      within(screen.getByRole('group', { name: 'People 2' })).getByRole('button', { name: 'Move Tags item 1 down' }),
    );
    expect(
      within(screen.getByRole('group', { name: 'People 2' })).getByRole('button', { name: 'Move Tags item 2 up' }),
    ).toHaveFocus();
    await pressEnter(user, screen.getByRole('button', { name: 'Move People item 2 up' }));
    expect(screen.getByRole('button', { name: 'Move People item 1 down' })).toHaveFocus();
    expect(within(screen.getByRole('group', { name: 'People 1' })).getByRole('textbox', { name: 'Name' })).toHaveValue(
      'Alan',
    );
    await pressEnter(
      user,
      within(screen.getByRole('group', { name: 'People 1' })).getByRole('button', { name: 'Remove Tags item 2' }),
    );
    expect(
      within(screen.getByRole('group', { name: 'People 1' })).getByRole('button', { name: 'Remove Tags item 1' }),
    ).toHaveFocus();
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([
      [
        {
          people: [
            { name: 'Alan', tags: ['q'] },
            { name: 'Ada', tags: ['x', 'y'] },
          ],
        },
      ],
    ]);
  });
});
