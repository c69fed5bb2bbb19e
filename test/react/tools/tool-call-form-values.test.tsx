// ToolCallForm's values: enums, free-form values, empty and typed fields (numbers, date-times),
// and what the schema dialect changes in the verdict.
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import { ToolCallForm } from '../../../src/react/tools/index.js';
import type { Tool } from '../../../src/tools/index.js';
import { payByCard, payByCardDraft07 } from '../../fixtures/tools.js';
import { submitButton, tool } from './helpers.js';

describe('given enums', () => {
  const enumTool = tool({
    type: 'object',
    properties: {
      color: {
        type: 'string',
        title: 'Color',
        oneOf: [
          { const: 'r', title: 'Red' },
          { const: 'g', title: 'Green' },
        ],
      },
      size: { type: 'string', title: 'Size', enum: ['S', 'M', 'L'] },
      level: {
        type: 'integer',
        title: 'Level',
        oneOf: [
          { const: 1, title: 'Low' },
          { const: 2, title: 'High' },
        ],
      },
      days: { type: 'array', title: 'Days', uniqueItems: true, items: { type: 'string', enum: ['mon', 'tue', 'wed'] } },
    },
    required: ['color'],
  });

  test('titled options show their titles and send their consts; a required one is not pre-chosen', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={enumTool} onSubmit={onSubmit} />);
    const color = screen.getByRole('combobox', { name: 'Color' });
    expect(color).toHaveValue('');
    expect(
      within(color)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'Red', 'Green']);
    await user.selectOptions(color, 'Green');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'M');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'High');
    // Ticked out of order, sent in option order.
    await user.click(screen.getByRole('checkbox', { name: 'wed' }));
    await user.click(screen.getByRole('checkbox', { name: 'mon' }));
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ color: 'g', size: 'M', level: 2, days: ['mon', 'wed'] }]]);
  });

  test('nothing chosen: the optional ones are omitted, the required one is refused', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={enumTool} onSubmit={onSubmit} />);
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/color This field is required.']);
    expect(screen.getByRole('combobox', { name: 'Color' })).toHaveFocus();
  });
});

describe('given free-form values', () => {
  test('a property without a type gets a type picker, string first', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(
      <ToolCallForm
        tool={tool({ type: 'object', properties: { value: { title: 'Value' } } }, 'store')}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveDisplayValue('string');
    await user.type(screen.getByRole('textbox', { name: 'Value' }), 'anything');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ value: 'anything' }]]);
  });

  test('additionalProperties: a property is added empty, named, filled and sent', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: { labels: { type: 'object', title: 'Labels', additionalProperties: { type: 'string' } } },
    };
    render(<ToolCallForm tool={tool(schema, 'tag')} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Add a property to Labels' }));
    // One name box and one remove button: the tool form's own, never also rjsf's.
    expect(
      screen
        .getAllByRole('button', { name: /remove/i })
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Remove property newKey']);
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('aria-label') ?? box.id)).toHaveLength(2);
    const key = screen.getByRole('textbox', { name: 'Name of property newKey' });
    await user.clear(key);
    await user.type(key, 'team');
    await user.tab();
    const value = screen.getByRole('textbox', { name: 'team' });
    expect(value).toHaveValue('');
    await user.type(value, 'infra');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ labels: { team: 'infra' } }]]);
  });
});

describe('given empty and typed fields', () => {
  const profile = tool({
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name' },
      limit: { type: 'integer', title: 'Limit', default: 10 },
      ratio: { type: 'number', title: 'Ratio' },
      when: { type: 'string', format: 'date-time', title: 'When' },
      dryRun: { type: 'boolean', title: 'Dry run' },
    },
    required: ['dryRun'],
  });

  test('a field typed in then cleared is omitted, not sent as ""; defaults are pre-filled; a required box unticked is false', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={profile} onSubmit={onSubmit} />);
    expect(screen.getByRole('textbox', { name: 'Limit' })).toHaveValue('10');
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, 'x');
    await user.clear(name);
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ limit: 10, dryRun: false }]]);
  });

  test('number text is read as a JSON number and shown as typed; text that is not a number is refused', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={profile} onSubmit={onSubmit} />);
    const ratio = screen.getByRole('textbox', { name: 'Ratio' });
    await user.type(ratio, '1.0');
    expect(ratio).toHaveValue('1.0');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ limit: 10, ratio: 1, dryRun: false }]]);
    await user.clear(ratio);
    await user.type(ratio, '0x10');
    await user.click(submitButton());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/ratio Enter a number.']);
    expect(ratio).toHaveAccessibleDescription('Enter a number.');
  });

  test('a local date-time goes out as RFC 3339 with the zone offset (Asia/Kolkata here)', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={profile} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('When'), '2026-03-01T09:30');
    await user.click(screen.getByRole('checkbox', { name: 'Dry run' }));
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ limit: 10, when: '2026-03-01T09:30:00+05:30', dryRun: true }]]);
  });
});

describe('given the schema dialect', () => {
  test('2020-12 (no $schema) applies dependentRequired: a card without a billing address is refused', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={payByCard} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4111');
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/billing This field is required.']);
    expect(screen.getByRole('textbox', { name: 'Billing address' })).toHaveFocus();
  });

  test('draft-07 has no dependentRequired keyword: the same answer is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={payByCardDraft07} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4111');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ card: '4111' }]]);
  });
});
