// ToolCallForm with schema combinators: oneOf/anyOf (the option picker), allOf (parts merged) and
// if/then/else, driven as a person would; the args handed to onSubmit are asserted exactly.
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import { ToolCallForm } from '../../../src/react/tools/index.js';
import type { Tool } from '../../../src/tools/index.js';
import { findPerson } from '../../fixtures/tools.js';
import { submitButton, tool } from './helpers.js';

describe('given oneOf "find by id or by name"', () => {
  test('choosing "By name" and typing a name submits exactly { query: { name } }', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={findPerson} onSubmit={onSubmit} />);
    const selector = screen.getByRole('combobox', { name: 'Find by' });
    expect(
      within(selector)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'By id', 'By name']);
    // The union is required: the selector carries the mark, not the option's group.
    expect(selector).toHaveAttribute('aria-required', 'true');
    await user.selectOptions(selector, 'By name');
    expect(screen.getByRole('group', { name: 'By name' }).querySelector('legend')).toHaveTextContent(/^By name$/);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ query: { name: 'Ada' } }]]);
  });

  test('"By id" submits the id as a JSON number', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={findPerson} onSubmit={onSubmit} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Find by' }), 'By id');
    await user.type(screen.getByRole('textbox', { name: 'Id' }), '42');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ query: { id: 42 } }]]);
  });

  test('an id typed before switching to "By name" is not sent', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={findPerson} onSubmit={onSubmit} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Find by' }), 'By id');
    await user.type(screen.getByRole('textbox', { name: 'Id' }), '7');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Find by' }), 'By name');
    expect(screen.queryByRole('textbox', { name: 'Id' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Grace');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ query: { name: 'Grace' } }]]);
  });

  test('an empty "By name" shows only the picked option’s issue, on the Name field, and focuses it', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={findPerson} onSubmit={onSubmit} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Find by' }), 'By name');
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    // Ajv also reports the "By id" option's missing id and the failed oneOf: neither is shown.
    const summary = screen.getByRole('alert');
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/query/name This field is required.']);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('This field is required. At least 1 character');
  });

  test('back to "Choose…": no option is read, and the summary links to the selector', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={findPerson} onSubmit={onSubmit} />);
    const selector = screen.getByRole('combobox', { name: 'Find by' });
    await user.selectOptions(selector, 'By name');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.selectOptions(selector, 'Choose…');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/query This field is required.']);
    expect(selector).toHaveFocus();
  });

  test('the error summary link moves the focus to its field', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ToolCallForm tool={findPerson} onSubmit={vi.fn()} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Find by' }), 'By id');
    await user.click(submitButton());
    await user.click(screen.getByRole('combobox', { name: 'Find by' }));
    await user.click(screen.getByRole('link', { name: '/query/id This field is required.' }));
    expect(screen.getByRole('textbox', { name: 'Id' })).toHaveFocus();
  });
});

describe('given anyOf of two string shapes', () => {
  const contactTool = tool({
    type: 'object',
    properties: {
      contact: {
        title: 'Contact',
        anyOf: [
          { title: 'Email', type: 'string', format: 'email' },
          { title: 'Phone', type: 'string', pattern: '^\\+[0-9]{6,15}$' },
        ],
      },
    },
    required: ['contact'],
  });

  test('the picked option’s field is drawn and its value sent as the property itself', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={contactTool} onSubmit={onSubmit} />);
    // The schema has a pattern: the form is drawn once the pattern engine has loaded.
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Contact' }), 'Phone');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+4722334455');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ contact: '+4722334455' }]]);
  });

  test('a value that matches no option is refused with the option’s issue', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={contactTool} onSubmit={onSubmit} />);
    // The schema has a pattern: the form is drawn once the pattern engine has loaded.
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Contact' }), 'Phone');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '12');
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '/contact Enter an email address such as name@example.com.',
      '/contact The text does not have the form the server asks for.',
    ]);
  });
});

describe('given allOf', () => {
  test('the parts are one form and the args hold every part', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      allOf: [
        { properties: { city: { type: 'string', title: 'City' } }, required: ['city'] },
        { properties: { days: { type: 'integer', title: 'Days', minimum: 1, maximum: 14 } } },
      ],
    };
    render(<ToolCallForm tool={tool(schema, 'forecast')} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Oslo');
    await user.type(screen.getByRole('textbox', { name: 'Days' }), '3');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ city: 'Oslo', days: 3 }]]);
  });

  test('a constraint from one part refuses the value', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      allOf: [{ properties: { days: { type: 'integer', title: 'Days' } } }, { properties: { days: { maximum: 14 } } }],
    };
    render(<ToolCallForm tool={tool(schema, 'forecast')} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Days' }), '30');
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    // rjsf merged the parts, so the hint knows the maximum too.
    expect(screen.getByRole('textbox', { name: 'Days' })).toHaveAccessibleDescription(
      'Enter 14 or less. A whole number, 14 or less',
    );
  });
});

describe('given if/then/else', () => {
  const shipTool = tool(
    {
      type: 'object',
      properties: { country: { type: 'string', title: 'Country', enum: ['US', 'CA'] } },
      required: ['country'],
      if: { properties: { country: { const: 'US' } }, required: ['country'] },
      then: { properties: { state: { type: 'string', title: 'State', pattern: '^[A-Z]{2}$' } }, required: ['state'] },
      else: { properties: { province: { type: 'string', title: 'Province' } } },
    },
    'ship',
  );

  test('US asks for a state and sends it', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={shipTool} onSubmit={onSubmit} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'US');
    expect(screen.queryByRole('textbox', { name: 'Province' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'State' }), 'NY');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ country: 'US', state: 'NY' }]]);
  });

  test('CA asks for a province instead, which may stay empty', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={shipTool} onSubmit={onSubmit} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'CA');
    expect(screen.queryByRole('textbox', { name: 'State' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Province' })).toBeInTheDocument();
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ country: 'CA' }]]);
  });

  test('the "then" rule is checked: a bad state is refused at /state', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={shipTool} onSubmit={onSubmit} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'US');
    await user.type(screen.getByRole('textbox', { name: 'State' }), 'New York');
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/state The text does not have the form the server asks for.']);
    expect(screen.getByRole('textbox', { name: 'State' })).toHaveFocus();
  });
});
