// ToolCallForm with arrays and nested objects: items added, moved and removed, and nested groups;
// the list is sent in its order.
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import { ToolCallForm } from '../../../src/react/tools/index.js';
import type { Tool } from '../../../src/tools/index.js';
import { submitButton, tool } from './helpers.js';

describe('given arrays and nested objects', () => {
  test('items are added, moved and removed; the list is sent in its order', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(
      <ToolCallForm
        tool={tool({
          type: 'object',
          properties: { tags: { type: 'array', title: 'Tags', items: { type: 'string' } } },
        })}
        onSubmit={onSubmit}
      />,
    );
    const tags = screen.getByRole('group', { name: 'Tags' });
    expect(within(tags).getByText('No items.')).toBeInTheDocument();
    for (const text of ['alpha', 'beta', 'gamma']) {
      await user.click(within(tags).getByRole('button', { name: 'Add to Tags' }));
      const inputs = within(tags).getAllByRole('textbox');
      await user.type(inputs[inputs.length - 1] as HTMLElement, text);
    }
    expect(
      within(tags)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['alpha', 'beta', 'gamma']);
    expect(within(tags).getByRole('textbox', { name: 'Tags 3' })).toHaveValue('gamma');
    await user.click(within(tags).getByRole('button', { name: 'Move Tags item 3 up' }));
    await user.click(within(tags).getByRole('button', { name: 'Remove Tags item 1' }));
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ tags: ['gamma', 'beta'] }]]);
  });

  test('a list of objects names each item group after the list', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        people: {
          type: 'array',
          title: 'People',
          minItems: 1,
          items: {
            type: 'object',
            title: 'Person',
            properties: { name: { type: 'string', title: 'Name' }, age: { type: 'integer', title: 'Age' } },
            required: ['name'],
          },
        },
      },
      required: ['people'],
    };
    render(<ToolCallForm tool={tool(schema, 'invite')} onSubmit={onSubmit} />);
    // rjsf starts a list with minItems: 1 with one item.
    const first = screen.getByRole('group', { name: 'People 1' });
    await user.type(within(first).getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Add to People' }));
    const second = screen.getByRole('group', { name: 'People 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Name' }), 'Alan');
    await user.type(within(second).getByRole('textbox', { name: 'Age' }), '41');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ people: [{ name: 'Ada' }, { name: 'Alan', age: 41 }] }]]);
  });

  test('a list below its minItems is refused with the issue inside the list group', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: { ids: { type: 'array', title: 'Ids', minItems: 2, items: { type: 'integer' } } },
      required: ['ids'],
    };
    render(<ToolCallForm tool={tool(schema)} onSubmit={onSubmit} />);
    const ids = screen.getByRole('group', { name: 'Ids' });
    const [first] = within(ids).getAllByRole('textbox');
    await user.type(first as HTMLElement, '5');
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    // The empty second item is left out, so the list has one item.
    expect(ids).toHaveAccessibleDescription('Add at least 2 items.');
    expect(first).toHaveFocus();
  });

  test('nested objects are sent nested; an optional group left empty is omitted', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        filters: {
          type: 'object',
          title: 'Filters',
          properties: {
            range: {
              type: 'object',
              title: 'Range',
              properties: {
                from: { type: 'string', format: 'date', title: 'From' },
                to: { type: 'string', format: 'date', title: 'To' },
              },
            },
            owner: { type: 'object', title: 'Owner', properties: { login: { type: 'string', title: 'Login' } } },
          },
        },
      },
    };
    render(<ToolCallForm tool={tool(schema)} onSubmit={onSubmit} />);
    const range = within(screen.getByRole('group', { name: 'Filters' })).getByRole('group', { name: 'Range' });
    await user.type(within(range).getByLabelText('From'), '2024-02-29');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ filters: { range: { from: '2024-02-29' } } }]]);
  });
});
