// ToolCallForm with tuples in the draft-07 / 2019-09 spelling (an items array, additionalItems).
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import { ToolCallForm } from '../../../src/react/tools/index.js';
import type { Tool } from '../../../src/tools/index.js';
import { GAP, submitButton, tool } from './helpers.js';

describe('given a tuple in the draft-07 / 2019-09 spelling (items array)', () => {
  test('draft-07: items array + additionalItems: false draws each position under its own title, fixed length', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        point: {
          type: 'array',
          title: 'Point',
          items: [
            { type: 'number', title: 'X' },
            { type: 'number', title: 'Y' },
          ],
          additionalItems: false,
          minItems: 1,
        },
      },
      required: ['point'],
    };
    render(<ToolCallForm tool={tool(schema, 'plot')} onSubmit={onSubmit} />);
    const point = screen.getByRole('group', { name: 'Point' });
    expect(within(point).getByRole('textbox', { name: 'X' })).toHaveAttribute('aria-required', 'true');
    expect(within(point).getByRole('textbox', { name: 'Y' })).not.toHaveAttribute('aria-required');
    expect(
      screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Call tool']);
    await user.type(within(point).getByRole('textbox', { name: 'Y' }), '-2');
    await user.click(submitButton());
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`/point/0 ${GAP}`]);
    await user.type(within(point).getByRole('textbox', { name: 'X' }), '1.5');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ point: [1.5, -2] }]]);
  });

  test('2019-09: an additionalItems schema is the rest rule: extra items are offered', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'object',
      properties: {
        server: {
          type: 'array',
          title: 'Server',
          items: [{ type: 'string', title: 'Host' }],
          additionalItems: { type: 'integer', title: 'Port' },
          minItems: 1,
        },
      },
      required: ['server'],
    };
    render(<ToolCallForm tool={tool(schema, 'connect')} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Host' }), 'db.local');
    await user.click(screen.getByRole('button', { name: 'Add to Server' }));
    await user.type(screen.getByRole('textbox', { name: 'Server 2' }), '5432');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ server: ['db.local', 5432] }]]);
  });

  test('draft-07: extra items under an additionalItems schema move among themselves; the positions do not', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        route: {
          type: 'array',
          title: 'Route',
          items: [
            { type: 'string', title: 'From' },
            { type: 'string', title: 'To' },
          ],
          additionalItems: { type: 'string' },
          minItems: 2,
        },
      },
      required: ['route'],
    };
    render(<ToolCallForm tool={tool(schema, 'travel')} onSubmit={onSubmit} />);
    const route = screen.getByRole('group', { name: 'Route' });
    await user.type(within(route).getByRole('textbox', { name: 'From' }), 'Oslo');
    await user.type(within(route).getByRole('textbox', { name: 'To' }), 'Rome');
    await user.click(within(route).getByRole('button', { name: 'Add to Route' }));
    await user.type(within(route).getByRole('textbox', { name: 'Route 3' }), 'Bern');
    await user.click(within(route).getByRole('button', { name: 'Add to Route' }));
    await user.type(within(route).getByRole('textbox', { name: 'Route 4' }), 'Paris');
    expect(
      within(route)
        .getAllByRole('button')
        .map((button) => [
          button.getAttribute('aria-label') ?? button.textContent,
          (button as HTMLButtonElement).disabled,
        ]),
    ).toEqual([
      ['Move Route item 3 up', true],
      ['Move Route item 3 down', false],
      ['Remove Route item 3', false],
      ['Move Route item 4 up', false],
      ['Move Route item 4 down', true],
      ['Remove Route item 4', false],
      ['Add to Route', false],
    ]);
    await user.click(within(route).getByRole('button', { name: 'Move Route item 4 up' }));
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ route: ['Oslo', 'Rome', 'Paris', 'Bern'] }]]);
  });

  test("draft-07: a position's default is pre-filled (rjsf reads an items array, not prefixItems) and sent", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        size: {
          type: 'array',
          title: 'Size',
          items: [
            { type: 'integer', title: 'Width', default: 640 },
            { type: 'integer', title: 'Height' },
          ],
          additionalItems: false,
        },
      },
    };
    render(<ToolCallForm tool={tool(schema, 'resize')} onSubmit={onSubmit} />);
    expect(screen.getByRole('textbox', { name: 'Width' })).toHaveValue('640');
    await user.type(screen.getByRole('textbox', { name: 'Height' }), '480');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ size: [640, 480] }]]);
  });

  test('draft-07: an items array without "type": "array" is still drawn as a tuple', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        pair: {
          title: 'Pair',
          items: [
            { type: 'string', title: 'Key' },
            { type: 'number', title: 'Value' },
          ],
          additionalItems: false,
        },
      },
    };
    render(<ToolCallForm tool={tool(schema, 'put')} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Key' }), 'size');
    await user.type(screen.getByRole('textbox', { name: 'Value' }), '3');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ pair: ['size', 3] }]]);
  });

  test('under draft-07, prefixItems is not a keyword: the array is not a tuple, as the validator reads it', () => {
    const schema: Tool['inputSchema'] = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        tags: {
          type: 'array',
          title: 'Tags',
          prefixItems: [{ type: 'number', title: 'Count' }],
          items: { type: 'string' },
        },
      },
    };
    render(<ToolCallForm tool={tool(schema, 'tag')} onSubmit={vi.fn()} />);
    expect(screen.queryByRole('textbox', { name: 'Count' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to Tags' })).toBeInTheDocument();
  });
});
