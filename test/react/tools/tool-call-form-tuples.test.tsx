// ToolCallForm with 2020-12 tuples (prefixItems): positions, their defaults, the rest rule's extra
// items, and gaps that are errors rather than closed up.
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import { ToolCallForm } from '../../../src/react/tools/index.js';
import type { Tool } from '../../../src/tools/index.js';
import { addPerson, plotPoint, runCommand } from '../../fixtures/tools.js';
import { violations } from '../helpers.js';
import { GAP, submitButton, tool } from './helpers.js';

describe('given a tuple (2020-12 prefixItems)', () => {
  test('each position is its own field, named by its title, required below minItems; items: false: no add, move or remove', () => {
    render(<ToolCallForm tool={addPerson} onSubmit={vi.fn()} />);
    const person = screen.getByRole('group', { name: 'Person' });
    expect(within(person).getAllByRole('textbox')).toEqual([
      within(person).getByRole('textbox', { name: 'Name' }),
      within(person).getByRole('textbox', { name: 'Age' }),
    ]);
    expect(within(person).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-required', 'true');
    expect(within(person).getByRole('textbox', { name: 'Age' })).toHaveAttribute('aria-required', 'true');
    expect(
      screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Call tool']);
  });

  test('typing into the positions sends exactly the tuple', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={addPerson} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Age' }), '36');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ person: ['Ada', 36] }]]);
  });

  test("a position's default is pre-filled and sent; a position without one stays empty", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        size: {
          type: 'array',
          title: 'Size',
          prefixItems: [
            { type: 'integer', title: 'Width', default: 640 },
            { type: 'integer', title: 'Height' },
            { type: 'string', title: 'Unit', default: 'px' },
          ],
          items: false,
        },
      },
    };
    render(<ToolCallForm tool={tool(schema, 'resize')} onSubmit={onSubmit} />);
    expect(
      ['Width', 'Height', 'Unit'].map((name) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value),
    ).toEqual(['640', '', 'px']);
    await user.type(screen.getByRole('textbox', { name: 'Height' }), '480');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ size: [640, 480, 'px'] }]]);
  });

  test("the rest rule's default is not a position's: the positions stay empty, an added item gets it", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        query: {
          type: 'array',
          title: 'Query',
          prefixItems: [
            { type: 'string', title: 'Text' },
            { type: 'string', title: 'Scope' },
          ],
          items: { type: 'string', default: 'misc' },
          minItems: 1,
        },
      },
    };
    render(<ToolCallForm tool={tool(schema, 'search')} onSubmit={onSubmit} />);
    expect(['Text', 'Scope'].map((name) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value)).toEqual([
      '',
      '',
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'cats');
    await user.click(screen.getByRole('button', { name: 'Add to Query' }));
    expect(screen.getByRole('textbox', { name: 'Query 3' })).toHaveValue('misc');
    await user.type(screen.getByRole('textbox', { name: 'Scope' }), 'all');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ query: ['cats', 'all', 'misc'] }]]);
  });

  test('a tuple without "type": "array" is still drawn as a tuple', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        pair: {
          title: 'Pair',
          prefixItems: [
            { type: 'string', title: 'Key' },
            { type: 'number', title: 'Value' },
          ],
          items: false,
          minItems: 2,
        },
      },
    };
    render(<ToolCallForm tool={tool(schema, 'put')} onSubmit={onSubmit} />);
    await user.type(within(screen.getByRole('group', { name: 'Pair' })).getByRole('textbox', { name: 'Key' }), 'size');
    await user.type(screen.getByRole('textbox', { name: 'Value' }), '3');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ pair: ['size', 3] }]]);
  });

  test('untitled positions are "Item 1", "Item 2"…; only those below minItems are required', () => {
    render(<ToolCallForm tool={plotPoint} onSubmit={vi.fn()} />);
    const point = screen.getByRole('group', { name: 'Point' });
    const [x, y, z] = ['Item 1', 'Item 2', 'Item 3'].map((name) => within(point).getByRole('textbox', { name }));
    expect(within(point).getAllByRole('textbox')).toEqual([x, y, z]);
    expect(x).toHaveAttribute('aria-required', 'true');
    expect(y).toHaveAttribute('aria-required', 'true');
    expect(z).not.toHaveAttribute('aria-required');
  });

  test('an empty optional last position is left out, not sent as null, 0 or ""', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={plotPoint} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Item 1' }), '1.5');
    await user.type(screen.getByRole('textbox', { name: 'Item 2' }), '-2');
    const z = screen.getByRole('textbox', { name: 'Item 3' });
    await user.type(z, '7');
    await user.clear(z);
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ point: [1.5, -2] }]]);
  });

  test('an empty position before a filled one is an error at that position: the tuple is never closed up', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        name: {
          type: 'array',
          title: 'Full name',
          prefixItems: [
            { type: 'string', title: 'Given' },
            { type: 'string', title: 'Middle' },
            { type: 'string', title: 'Family' },
          ],
          items: false,
          minItems: 1,
        },
      },
    };
    render(<ToolCallForm tool={tool(schema, 'greet')} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Given' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Family' }), 'Lovelace');
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`/name/1 ${GAP}`]);
    const middle = screen.getByRole('textbox', { name: 'Middle' });
    expect(middle).toHaveFocus();
    expect(middle).toHaveAttribute('aria-invalid', 'true');
    expect(middle).toHaveAccessibleDescription(GAP);
    await user.type(middle, 'King');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ name: ['Ada', 'King', 'Lovelace'] }]]);
  });

  test('a required position left empty at the end: minItems is reported on that position', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={plotPoint} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Item 1' }), '4');
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/point Add at least 2 items.']);
    const y = screen.getByRole('textbox', { name: 'Item 2' });
    expect(y).toHaveFocus();
    expect(y).toHaveAccessibleDescription('Add at least 2 items.');
  });

  test('an unticked box is an answer where the tuple needs one (below minItems, before a filled position): false', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        grant: {
          type: 'array',
          title: 'Grant',
          prefixItems: [
            { type: 'boolean', title: 'Read' },
            { type: 'boolean', title: 'Write' },
            { type: 'string', title: 'Path' },
            { type: 'boolean', title: 'Recursive' },
          ],
          items: false,
          minItems: 2,
        },
      },
      required: ['grant'],
    };
    render(<ToolCallForm tool={tool(schema, 'share')} onSubmit={onSubmit} />);
    await user.click(submitButton());
    await user.click(screen.getByRole('checkbox', { name: 'Write' }));
    await user.type(screen.getByRole('textbox', { name: 'Path' }), '/srv');
    await user.click(submitButton());
    // The optional box after the last filled position is left out, like an optional boolean property.
    expect(onSubmit.mock.calls).toStrictEqual([[{ grant: [false, false] }], [{ grant: [false, true, '/srv'] }]]);
  });

  test('a rest schema (items): extra items are added after the positions and removed like list items, up to maxItems', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={runCommand} onSubmit={onSubmit} />);
    const command = screen.getByRole('group', { name: 'Command' });
    expect(
      within(command)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Add to Command']);
    await user.type(within(command).getByRole('textbox', { name: 'Program' }), 'ls');
    await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
    await user.type(within(command).getByRole('textbox', { name: 'Command 2' }), '-l');
    await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
    await user.type(within(command).getByRole('textbox', { name: 'Command 3' }), '-a');
    await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
    // maxItems: 4 reached: no more adding.
    expect(
      within(command)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual([
      'Move Command item 2 up',
      'Move Command item 2 down',
      'Remove Command item 2',
      'Move Command item 3 up',
      'Move Command item 3 down',
      'Remove Command item 3',
      'Move Command item 4 up',
      'Move Command item 4 down',
      'Remove Command item 4',
    ]);
    await user.click(within(command).getByRole('button', { name: 'Remove Command item 2' }));
    expect(
      within(command)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['ls', '-a', '']);
    await user.click(submitButton());
    // The empty extra item is a list item: left out, like an empty list item.
    expect(onSubmit.mock.calls).toStrictEqual([[{ command: ['ls', '-a'] }]]);
  });

  test("extra items move among themselves with the list's buttons; the positions have none and never move", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        command: {
          type: 'array',
          title: 'Command',
          prefixItems: [
            { type: 'string', title: 'Program' },
            { type: 'string', title: 'Subcommand' },
          ],
          items: { type: 'string' },
          minItems: 2,
        },
      },
      required: ['command'],
    };
    const { container } = render(<ToolCallForm tool={tool(schema, 'run')} onSubmit={onSubmit} />);
    const command = screen.getByRole('group', { name: 'Command' });
    await user.type(within(command).getByRole('textbox', { name: 'Program' }), 'git');
    await user.type(within(command).getByRole('textbox', { name: 'Subcommand' }), 'log');
    for (const [name, text] of [
      ['Command 3', '5'],
      ['Command 4', '-n'],
      ['Command 5', '--oneline'],
    ] as const) {
      await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
      await user.type(within(command).getByRole('textbox', { name }), text);
    }
    // As in a list, an item that cannot move one way has that button disabled: the first extra
    // item cannot move up into the positions, the last cannot move down.
    expect(
      within(command)
        .getAllByRole('button')
        .map((button) => [
          button.getAttribute('aria-label') ?? button.textContent,
          (button as HTMLButtonElement).disabled,
        ]),
    ).toEqual([
      ['Move Command item 3 up', true],
      ['Move Command item 3 down', false],
      ['Remove Command item 3', false],
      ['Move Command item 4 up', false],
      ['Move Command item 4 down', false],
      ['Remove Command item 4', false],
      ['Move Command item 5 up', false],
      ['Move Command item 5 down', true],
      ['Remove Command item 5', false],
      ['Add to Command', false],
    ]);
    expect(within(command).queryByRole('button', { name: /^Move Command item [12] / })).toBeNull();
    expect(await violations(container)).toEqual([]);
    await user.click(within(command).getByRole('button', { name: 'Move Command item 3 down' }));
    expect(
      within(command)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['git', 'log', '-n', '5', '--oneline']);
    await user.click(within(command).getByRole('button', { name: 'Move Command item 5 up' }));
    expect(
      within(command)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['git', 'log', '-n', '--oneline', '5']);
    // A moved item is edited where it now is.
    await user.type(within(command).getByRole('textbox', { name: 'Command 5' }), '0');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ command: ['git', 'log', '-n', '--oneline', '50'] }]]);
  });

  test('a single extra item has no move buttons, only remove', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ToolCallForm tool={runCommand} onSubmit={vi.fn()} />);
    const command = screen.getByRole('group', { name: 'Command' });
    await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
    expect(
      within(command)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Remove Command item 2', 'Add to Command']);
  });

  test('an item just typed into moves with its text; an empty extra item moves too and is still left out', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={runCommand} onSubmit={onSubmit} />);
    const command = screen.getByRole('group', { name: 'Command' });
    await user.type(within(command).getByRole('textbox', { name: 'Program' }), 'ls');
    await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
    await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
    await user.type(within(command).getByRole('textbox', { name: 'Command 3' }), '-a');
    await user.click(within(command).getByRole('button', { name: 'Move Command item 3 up' }));
    await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
    await user.type(within(command).getByRole('textbox', { name: 'Command 4' }), '/tmp');
    await user.click(within(command).getByRole('button', { name: 'Move Command item 4 up' }));
    expect(
      within(command)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['ls', '-a', '/tmp', '']);
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ command: ['ls', '-a', '/tmp'] }]]);
  });

  test("a readOnly tuple: its extra items' move, remove and add buttons are disabled, and it is sent as it is", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        command: {
          type: 'array',
          title: 'Command',
          readOnly: true,
          prefixItems: [{ type: 'string', title: 'Program' }],
          items: { type: 'string' },
          default: ['ls', '-l', '-a'],
        },
      },
    };
    render(<ToolCallForm tool={tool(schema, 'run')} onSubmit={onSubmit} />);
    const command = screen.getByRole('group', { name: 'Command' });
    expect(
      within(command)
        .getAllByRole('button')
        .map((button) => [
          button.getAttribute('aria-label') ?? button.textContent,
          (button as HTMLButtonElement).disabled,
        ]),
    ).toEqual([
      ['Move Command item 2 up', true],
      ['Move Command item 2 down', true],
      ['Remove Command item 2', true],
      ['Move Command item 3 up', true],
      ['Move Command item 3 down', true],
      ['Remove Command item 3', true],
      ['Add to Command', true],
    ]);
    await user.click(within(command).getByRole('button', { name: 'Move Command item 3 up' }));
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ command: ['ls', '-l', '-a'] }]]);
  });

  test('no rest rule (items absent): the positions only, with no add button; an optional tuple left empty is omitted', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        pair: {
          type: 'array',
          title: 'Pair',
          prefixItems: [
            { type: 'string', title: 'Key' },
            { type: 'boolean', title: 'Enabled' },
          ],
        },
      },
    };
    render(<ToolCallForm tool={tool(schema, 'toggle')} onSubmit={onSubmit} />);
    expect(
      screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Call tool']);
    await user.click(submitButton());
    await user.type(screen.getByRole('textbox', { name: 'Key' }), 'beta');
    await user.click(screen.getByRole('checkbox', { name: 'Enabled' }));
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{}], [{ pair: ['beta', true] }]]);
  });

  test('nested in an object property, an object position is a group named by its own title', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      $defs: { Day: { type: 'string', format: 'date', title: 'Day' } },
      properties: {
        trip: {
          type: 'object',
          title: 'Trip',
          properties: {
            stop: {
              type: 'array',
              title: 'Stop',
              prefixItems: [
                {
                  type: 'object',
                  title: 'Place',
                  properties: { city: { type: 'string', title: 'City' } },
                  required: ['city'],
                },
                { $ref: '#/$defs/Day' },
              ],
              items: false,
              minItems: 2,
            },
          },
          required: ['stop'],
        },
      },
      required: ['trip'],
    };
    render(<ToolCallForm tool={tool(schema, 'book')} onSubmit={onSubmit} />);
    const stop = within(screen.getByRole('group', { name: 'Trip' })).getByRole('group', { name: 'Stop' });
    await user.type(
      within(within(stop).getByRole('group', { name: 'Place' })).getByRole('textbox', { name: 'City' }),
      'Oslo',
    );
    await user.type(within(stop).getByLabelText(/^Day/), '2026-03-01');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ trip: { stop: [{ city: 'Oslo' }, '2026-03-01'] } }]]);
  });

  test('tuples as the items of a list: each item is a tuple of its own', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        headers: {
          type: 'array',
          title: 'Headers',
          items: {
            type: 'array',
            prefixItems: [
              { type: 'string', title: 'Header name' },
              { type: 'string', title: 'Header value' },
            ],
            items: false,
            minItems: 2,
          },
        },
      },
    };
    render(<ToolCallForm tool={tool(schema, 'fetch')} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Add to Headers' }));
    await user.click(screen.getByRole('button', { name: 'Add to Headers' }));
    const second = screen.getByRole('group', { name: 'Headers 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Header name' }), 'Accept');
    await user.type(within(second).getByRole('textbox', { name: 'Header value' }), 'text/plain');
    const first = screen.getByRole('group', { name: 'Headers 1' });
    await user.type(within(first).getByRole('textbox', { name: 'Header name' }), 'X-Id');
    await user.type(within(first).getByRole('textbox', { name: 'Header value' }), '7');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([
      [
        {
          headers: [
            ['X-Id', '7'],
            ['Accept', 'text/plain'],
          ],
        },
      ],
    ]);
  });

  test('axe: the untouched tuples, extra items and the gap error have zero violations', async () => {
    const user = userEvent.setup({ delay: null });
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: {
        point: {
          type: 'array',
          title: 'Point',
          prefixItems: [{ type: 'number' }, { type: 'number' }, { type: 'number' }],
          items: false,
          minItems: 2,
        },
        command: {
          type: 'array',
          title: 'Command',
          prefixItems: [{ type: 'string', title: 'Program' }],
          items: { type: 'string' },
          minItems: 1,
        },
      },
      required: ['point', 'command'],
    };
    const { container } = render(<ToolCallForm tool={tool(schema, 'both')} onSubmit={vi.fn()} />);
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Add to Command' }));
    await user.type(screen.getByRole('textbox', { name: 'Item 3' }), '1');
    await user.click(submitButton());
    expect(screen.getByRole('textbox', { name: 'Item 1' })).toHaveFocus();
    expect(await violations(container)).toEqual([]);
  });
});
