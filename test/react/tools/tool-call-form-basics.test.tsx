// ToolCallForm's frame: the header named after the tool, labels and theme, a parent that swaps
// tools, and axe on the untouched, chosen and refused states.
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';

import { ToolCallForm } from '../../../src/react/tools/index.js';
import type { Tool } from '../../../src/tools/index.js';
import { findPerson } from '../../fixtures/tools.js';
import { violations } from '../helpers.js';
import { submitButton, tool } from './helpers.js';

describe('given a tool, the header', () => {
  test('names the form after the tool and shows its title, name and description as text', () => {
    render(<ToolCallForm tool={findPerson} onSubmit={vi.fn()} />);
    const form = screen.getByRole('group', { name: 'Arguments of Find person' });
    expect(within(form).getByText('Find person')).toBeInTheDocument();
    expect(within(form).getByText('find_person')).toBeInTheDocument();
    expect(within(form).getByText('Looks a person up by id or by name.')).toBeInTheDocument();
  });

  test('uses the name when there is no title, and shows markup in a description as text', () => {
    const evil = '<img src=x onerror=alert(1)> see https://evil.example';
    const { container } = render(
      <ToolCallForm tool={{ ...tool({ type: 'object' }, 'raw_tool'), description: evil }} onSubmit={vi.fn()} />,
    );
    expect(screen.getByRole('group', { name: 'Arguments of raw_tool' })).toBeInTheDocument();
    expect(screen.getByText(evil)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('given a parent that swaps tools', () => {
  test('a new tool object starts a fresh form', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const first = tool({ type: 'object', properties: { q: { type: 'string', title: 'Query' } } }, 'first');
    const second = tool({ type: 'object', properties: { q: { type: 'string', title: 'Query' } } }, 'second');
    function Parent() {
      const [current, setCurrent] = useState(first);
      return (
        <>
          <button type="button" onClick={() => setCurrent(second)}>
            Next tool
          </button>
          <ToolCallForm tool={current} onSubmit={onSubmit} />
        </>
      );
    }
    render(<Parent />);
    await user.type(screen.getByRole('textbox', { name: 'Query' }), 'kept?');
    await user.click(screen.getByRole('button', { name: 'Next tool' }));
    expect(screen.getByRole('group', { name: 'Arguments of second' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Query' })).toHaveValue('');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{}]]);
  });
});

describe('given labels and theme', () => {
  test('labels replace the form’s strings; theme sets data-theme', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <ToolCallForm
        tool={findPerson}
        onSubmit={vi.fn()}
        theme="dark"
        labels={{
          submit: 'Run',
          formName: (name) => `Run ${name}`,
          errorSummaryTitle: 'Fix these:',
          issuePath: (pointer) => `at ${pointer}`,
        }}
      />,
    );
    const group = screen.getByRole('group', { name: 'Run Find person' });
    expect(group).toHaveAttribute('data-theme', 'dark');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Find by' }), 'By name');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const summary = screen.getByRole('alert');
    expect(within(summary).getByText('Fix these:')).toBeInTheDocument();
    expect(within(summary).getByRole('listitem')).toHaveTextContent('at /query/name This field is required.');
  });
});

describe('given axe', () => {
  test('the untouched form, the chosen option and the refused submit have zero violations', async () => {
    const user = userEvent.setup({ delay: null });
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        query: {
          title: 'Find by',
          oneOf: [
            { title: 'By id', type: 'object', properties: { id: { type: 'integer', title: 'Id' } }, required: ['id'] },
            {
              title: 'By name',
              type: 'object',
              properties: { name: { type: 'string', title: 'Name', description: 'Full name.' } },
              required: ['name'],
            },
          ],
        },
        tags: { type: 'array', title: 'Tags', minItems: 1, items: { type: 'string', minLength: 2 } },
        owner: {
          type: 'object',
          title: 'Owner',
          description: 'Who owns it.',
          properties: { login: { type: 'string', title: 'Login' } },
          required: ['login'],
        },
        color: {
          type: 'string',
          title: 'Color',
          oneOf: [
            { const: 'r', title: 'Red' },
            { const: 'g', title: 'Green' },
          ],
        },
        days: { type: 'array', title: 'Days', uniqueItems: true, items: { type: 'string', enum: ['mon', 'tue'] } },
        dryRun: { type: 'boolean', title: 'Dry run' },
      },
      required: ['query', 'owner', 'tags'],
    };
    const { container } = render(<ToolCallForm tool={tool(schema, 'catalog')} onSubmit={vi.fn()} />);
    expect(await violations(container)).toEqual([]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Find by' }), 'By name');
    await user.click(screen.getByRole('button', { name: 'Add to Tags' }));
    expect(await violations(container)).toEqual([]);
    await user.type(within(screen.getByRole('group', { name: 'Tags' })).getAllByRole('textbox')[0] as HTMLElement, 'x');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });
});
