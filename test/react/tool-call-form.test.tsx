// ToolCallForm: a tool's inputSchema drawn as a form, and the exact arguments object it submits.
// Each schema feature (oneOf/anyOf, allOf, if/then/else, $ref/$defs, enums, arrays, nested
// objects) is driven as a person would, and the args handed to onSubmit are asserted exactly.
// Unsafe schemas show the kit's refusal instead of a form; every state is checked with axe.
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';

import { ToolCallForm } from '../../src/react/tools/index.js';
import { compileToolSchema, type Tool } from '../../src/tools/index.js';
import { addPerson, findPerson, payByCard, payByCardDraft07, plotPoint, runCommand } from '../fixtures/tools.js';
import { countFormFields, rjsfToolSchema } from '../../src/tools/rjsf/schema.js';
import { violations } from './helpers.js';

function tool(inputSchema: Tool['inputSchema'], name = 'search'): Tool {
  return { name, inputSchema };
}

function submitButton() {
  return screen.getByRole('button', { name: 'Call tool' });
}

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

describe('given oneOf "find by id or by name"', () => {
  test('choosing "By name" and typing a name submits exactly { query: { name } }', async () => {
    const user = userEvent.setup();
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
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={findPerson} onSubmit={onSubmit} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Find by' }), 'By id');
    await user.type(screen.getByRole('textbox', { name: 'Id' }), '42');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ query: { id: 42 } }]]);
  });

  test('an id typed before switching to "By name" is not sent', async () => {
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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
    ).toEqual(["/query/name must have required property 'name'"]);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription("must have required property 'name' At least 1 character");
  });

  test('back to "Choose…": no option is read, and the summary links to the selector', async () => {
    const user = userEvent.setup();
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
    ).toEqual(["/query must have required property 'query'"]);
    expect(selector).toHaveFocus();
  });

  test('the error summary link moves the focus to its field', async () => {
    const user = userEvent.setup();
    render(<ToolCallForm tool={findPerson} onSubmit={vi.fn()} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Find by' }), 'By id');
    await user.click(submitButton());
    await user.click(screen.getByRole('combobox', { name: 'Find by' }));
    await user.click(screen.getByRole('link', { name: "/query/id must have required property 'id'" }));
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
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={contactTool} onSubmit={onSubmit} />);
    // The schema has a pattern: the form is drawn once the pattern engine has loaded.
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Contact' }), 'Phone');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+4722334455');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ contact: '+4722334455' }]]);
  });

  test('a value that matches no option is refused with the option’s issue', async () => {
    const user = userEvent.setup();
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
    ).toEqual(['/contact must match format "email"', '/contact must match pattern "^\\+[0-9]{6,15}$"']);
  });
});

describe('given allOf', () => {
  test('the parts are one form and the args hold every part', async () => {
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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
      'must be <= 14 A whole number, 14 or less',
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
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={shipTool} onSubmit={onSubmit} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'US');
    expect(screen.queryByRole('textbox', { name: 'Province' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'State' }), 'NY');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ country: 'US', state: 'NY' }]]);
  });

  test('CA asks for a province instead, which may stay empty', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={shipTool} onSubmit={onSubmit} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'CA');
    expect(screen.queryByRole('textbox', { name: 'State' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Province' })).toBeInTheDocument();
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ country: 'CA' }]]);
  });

  test('the "then" rule is checked: a bad state is refused at /state', async () => {
    const user = userEvent.setup();
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
    ).toEqual(['/state must match pattern "^[A-Z]{2}$"']);
    expect(screen.getByRole('textbox', { name: 'State' })).toHaveFocus();
  });
});

describe('given $ref and $defs', () => {
  test('two properties sharing one definition are two groups, sent as nested objects', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      $defs: {
        Place: {
          type: 'object',
          properties: { city: { type: 'string', title: 'City' }, zip: { type: 'string', title: 'Zip' } },
          required: ['city'],
        },
      },
      properties: { from: { title: 'From', $ref: '#/$defs/Place' }, to: { title: 'To', $ref: '#/$defs/Place' } },
      required: ['from', 'to'],
    };
    render(<ToolCallForm tool={tool(schema, 'route')} onSubmit={onSubmit} />);
    await user.type(within(screen.getByRole('group', { name: 'From' })).getByRole('textbox', { name: 'City' }), 'Oslo');
    await user.type(within(screen.getByRole('group', { name: 'To' })).getByRole('textbox', { name: 'City' }), 'Bergen');
    await user.type(within(screen.getByRole('group', { name: 'To' })).getByRole('textbox', { name: 'Zip' }), '5003');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ from: { city: 'Oslo' }, to: { city: 'Bergen', zip: '5003' } }]]);
  });

  test('a recursive definition draws a level per item added', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      $defs: {
        Node: {
          type: 'object',
          title: 'Node',
          properties: {
            name: { type: 'string', title: 'Name' },
            children: { type: 'array', title: 'Children', items: { $ref: '#/$defs/Node' } },
          },
          required: ['name'],
        },
      },
      properties: { tree: { title: 'Tree', $ref: '#/$defs/Node' } },
      required: ['tree'],
    };
    render(<ToolCallForm tool={tool(schema, 'plant')} onSubmit={onSubmit} />);
    const tree = screen.getByRole('group', { name: 'Tree' });
    await user.click(within(tree).getByRole('button', { name: 'Add to Children' }));
    const child = screen.getByRole('group', { name: 'Children-1' });
    await user.type(within(child).getByRole('textbox', { name: 'Name' }), 'leaf');
    await user.type(screen.getAllByRole('textbox', { name: 'Name' })[0] as HTMLElement, 'root');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ tree: { name: 'root', children: [{ name: 'leaf' }] } }]]);
  });

  test('an anchor reference ("#name"), which rjsf cannot resolve itself, is drawn and sent', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      $defs: { Email: { $anchor: 'email', type: 'string', format: 'email', title: 'Email' } },
      properties: { to: { $ref: '#email' } },
      required: ['to'],
    };
    render(<ToolCallForm tool={tool(schema, 'mail')} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ to: 'ada@example.com' }]]);
  });

  test('the copy rjsf draws rewrites references in schemas only: a $ref or $anchor key inside a default is data', () => {
    const data = { $ref: '#email', $anchor: 'email' };
    const schema: Tool['inputSchema'] = {
      type: 'object',
      $defs: { Email: { $anchor: 'email', type: 'string', title: 'Email' } },
      properties: { to: { $ref: '#email' }, meta: { type: 'object', title: 'Meta', default: data } },
    };
    const copy = rjsfToolSchema(schema, '2020-12') as {
      properties: Record<string, { $ref?: string; default?: unknown }>;
    };
    expect([copy.properties.to?.$ref, copy.properties.meta?.default]).toStrictEqual(['#/$defs/Email', data]);
  });

  test('a reference rjsf cannot follow (an embedded $id) shows rjsf’s reason instead of crashing the host', () => {
    // React reports the caught error on the console; keep the output quiet and check it did.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const schema: Tool['inputSchema'] = {
      type: 'object',
      $defs: { City: { $id: 'https://example.com/city', type: 'string', title: 'City' } },
      properties: { city: { $ref: 'https://example.com/city' } },
    };
    expect(compileToolSchema(schema).ok).toBe(true);
    render(<ToolCallForm tool={tool(schema, 'geo')} onSubmit={vi.fn()} />);
    expect(screen.getByText('This tool’s input schema cannot be used, so no form is shown')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The form could not be drawn for this schema: Could not find a definition for https://example.com/city.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});

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
    const user = userEvent.setup();
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
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={enumTool} onSubmit={onSubmit} />);
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(["/color must have required property 'color'"]);
    expect(screen.getByRole('combobox', { name: 'Color' })).toHaveFocus();
  });
});

describe('given arrays and nested objects', () => {
  test('items are added, moved and removed; the list is sent in its order', async () => {
    const user = userEvent.setup();
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
    expect(within(tags).getByRole('textbox', { name: 'Tags-3' })).toHaveValue('gamma');
    await user.click(within(tags).getByRole('button', { name: 'Move Tags item 3 up' }));
    await user.click(within(tags).getByRole('button', { name: 'Remove Tags item 1' }));
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ tags: ['gamma', 'beta'] }]]);
  });

  test('a list of objects names each item group after the list', async () => {
    const user = userEvent.setup();
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
    const first = screen.getByRole('group', { name: 'People-1' });
    await user.type(within(first).getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Add to People' }));
    const second = screen.getByRole('group', { name: 'People-2' });
    await user.type(within(second).getByRole('textbox', { name: 'Name' }), 'Alan');
    await user.type(within(second).getByRole('textbox', { name: 'Age' }), '41');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ people: [{ name: 'Ada' }, { name: 'Alan', age: 41 }] }]]);
  });

  test('a list below its minItems is refused with the issue inside the list group', async () => {
    const user = userEvent.setup();
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
    expect(ids).toHaveAccessibleDescription('must NOT have fewer than 2 items');
    expect(first).toHaveFocus();
  });

  test('nested objects are sent nested; an optional group left empty is omitted', async () => {
    const user = userEvent.setup();
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

const GAP =
  'Empty, but a later position is filled. Fill this one in, or clear the ones after it: positions cannot be skipped.';

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
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Call tool']);
  });

  test('typing into the positions sends exactly the tuple', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={addPerson} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Age' }), '36');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ person: ['Ada', 36] }]]);
  });

  test("a position's default is pre-filled and sent; a position without one stays empty", async () => {
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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
    expect(screen.getByRole('textbox', { name: 'Query-3' })).toHaveValue('misc');
    await user.type(screen.getByRole('textbox', { name: 'Scope' }), 'all');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ query: ['cats', 'all', 'misc'] }]]);
  });

  test('a tuple without "type": "array" is still drawn as a tuple', async () => {
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={plotPoint} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Item 1' }), '4');
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/point must NOT have fewer than 2 items']);
    const y = screen.getByRole('textbox', { name: 'Item 2' });
    expect(y).toHaveFocus();
    expect(y).toHaveAccessibleDescription('must NOT have fewer than 2 items');
  });

  test('an unticked box is an answer where the tuple needs one (below minItems, before a filled position): false', async () => {
    const user = userEvent.setup();
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
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={runCommand} onSubmit={onSubmit} />);
    const command = screen.getByRole('group', { name: 'Command' });
    expect(
      within(command)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Add to Command']);
    await user.type(within(command).getByRole('textbox', { name: 'Program' }), 'ls');
    await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
    await user.type(within(command).getByRole('textbox', { name: 'Command-2' }), '-l');
    await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
    await user.type(within(command).getByRole('textbox', { name: 'Command-3' }), '-a');
    await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
    // maxItems: 4 reached: no more adding.
    expect(
      within(command)
        .getAllByRole('button')
        .map((button) => button.textContent),
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
    const user = userEvent.setup();
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
      ['Command-3', '5'],
      ['Command-4', '-n'],
      ['Command-5', '--oneline'],
    ] as const) {
      await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
      await user.type(within(command).getByRole('textbox', { name }), text);
    }
    // As in a list, an item that cannot move one way has that button disabled: the first extra
    // item cannot move up into the positions, the last cannot move down.
    expect(
      within(command)
        .getAllByRole('button')
        .map((button) => [button.textContent, (button as HTMLButtonElement).disabled]),
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
    await user.type(within(command).getByRole('textbox', { name: 'Command-5' }), '0');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ command: ['git', 'log', '-n', '--oneline', '50'] }]]);
  });

  test('a single extra item has no move buttons, only remove', async () => {
    const user = userEvent.setup();
    render(<ToolCallForm tool={runCommand} onSubmit={vi.fn()} />);
    const command = screen.getByRole('group', { name: 'Command' });
    await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
    expect(
      within(command)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Remove Command item 2', 'Add to Command']);
  });

  test('an item just typed into moves with its text; an empty extra item moves too and is still left out', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={runCommand} onSubmit={onSubmit} />);
    const command = screen.getByRole('group', { name: 'Command' });
    await user.type(within(command).getByRole('textbox', { name: 'Program' }), 'ls');
    await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
    await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
    await user.type(within(command).getByRole('textbox', { name: 'Command-3' }), '-a');
    await user.click(within(command).getByRole('button', { name: 'Move Command item 3 up' }));
    await user.click(within(command).getByRole('button', { name: 'Add to Command' }));
    await user.type(within(command).getByRole('textbox', { name: 'Command-4' }), '/tmp');
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
    const user = userEvent.setup();
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
        .map((button) => [button.textContent, (button as HTMLButtonElement).disabled]),
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
    const user = userEvent.setup();
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
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Call tool']);
    await user.click(submitButton());
    await user.type(screen.getByRole('textbox', { name: 'Key' }), 'beta');
    await user.click(screen.getByRole('checkbox', { name: 'Enabled' }));
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{}], [{ pair: ['beta', true] }]]);
  });

  test('nested in an object property, an object position is a group named by its own title', async () => {
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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
    const second = screen.getByRole('group', { name: 'Headers-2' });
    await user.type(within(second).getByRole('textbox', { name: 'Header name' }), 'Accept');
    await user.type(within(second).getByRole('textbox', { name: 'Header value' }), 'text/plain');
    const first = screen.getByRole('group', { name: 'Headers-1' });
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
    const user = userEvent.setup();
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

/** Focuses `button` and presses Enter on it, as a keyboard user does after tabbing to it. */
async function pressEnter(user: ReturnType<typeof userEvent.setup>, button: HTMLElement) {
  button.focus();
  await user.keyboard('{Enter}');
}

describe('given a keyboard user moving and removing items, the focus follows the item', () => {
  test('a list: move down, down to the end, then up to the top; the focus stays on the moved item’s button', async () => {
    const user = userEvent.setup();
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
    await user.click(within(tags).getByRole('textbox', { name: 'Tags-1' }));
    await user.keyboard('x');
    expect(within(tags).getByRole('textbox', { name: 'Tags-1' })).toHaveFocus();
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ tags: ['bx', 'a', 'c', 'd'] }]]);
  });

  test('a list: remove in the middle, the first, the last, then the only item; the focus ends on the add button', async () => {
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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
      within(screen.getByRole('group', { name: 'People-2' })).getByRole('button', { name: 'Move Tags item 1 down' }),
    );
    expect(
      within(screen.getByRole('group', { name: 'People-2' })).getByRole('button', { name: 'Move Tags item 2 up' }),
    ).toHaveFocus();
    await pressEnter(user, screen.getByRole('button', { name: 'Move People item 2 up' }));
    expect(screen.getByRole('button', { name: 'Move People item 1 down' })).toHaveFocus();
    expect(within(screen.getByRole('group', { name: 'People-1' })).getByRole('textbox', { name: 'Name' })).toHaveValue(
      'Alan',
    );
    await pressEnter(
      user,
      within(screen.getByRole('group', { name: 'People-1' })).getByRole('button', { name: 'Remove Tags item 2' }),
    );
    expect(
      within(screen.getByRole('group', { name: 'People-1' })).getByRole('button', { name: 'Remove Tags item 1' }),
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

describe('given a tuple in the draft-07 / 2019-09 spelling (items array)', () => {
  test('draft-07: items array + additionalItems: false draws each position under its own title, fixed length', async () => {
    const user = userEvent.setup();
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
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Call tool']);
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
    const user = userEvent.setup();
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
    await user.type(screen.getByRole('textbox', { name: 'Server-2' }), '5432');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ server: ['db.local', 5432] }]]);
  });

  test('draft-07: extra items under an additionalItems schema move among themselves; the positions do not', async () => {
    const user = userEvent.setup();
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
    await user.type(within(route).getByRole('textbox', { name: 'Route-3' }), 'Bern');
    await user.click(within(route).getByRole('button', { name: 'Add to Route' }));
    await user.type(within(route).getByRole('textbox', { name: 'Route-4' }), 'Paris');
    expect(
      within(route)
        .getAllByRole('button')
        .map((button) => [button.textContent, (button as HTMLButtonElement).disabled]),
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
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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

describe('given free-form values', () => {
  test('a property without a type gets a type picker, string first', async () => {
    const user = userEvent.setup();
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
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const schema: Tool['inputSchema'] = {
      type: 'object',
      properties: { labels: { type: 'object', title: 'Labels', additionalProperties: { type: 'string' } } },
    };
    render(<ToolCallForm tool={tool(schema, 'tag')} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Add a property to Labels' }));
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
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={payByCard} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4111');
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/billing must have property billing when property card is present']);
    expect(screen.getByRole('textbox', { name: 'Billing address' })).toHaveFocus();
  });

  test('draft-07 has no dependentRequired keyword: the same answer is sent', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ToolCallForm tool={payByCardDraft07} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4111');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ card: '4111' }]]);
  });
});

describe('given a schema the kit refuses', () => {
  const cases: { name: string; schema: Tool['inputSchema']; limits?: { maxDepth: number }; message: string }[] = [
    {
      name: 'a remote $ref',
      schema: { type: 'object', properties: { address: { $ref: 'https://schemas.example.com/address.json' } } },
      message:
        '$ref "https://schemas.example.com/address.json" at /properties/address/$ref points outside this schema. Only references inside the schema (such as "#/$defs/Name" or "#name") are followed, and nothing is ever fetched.',
    },
    {
      name: 'an unsupported dialect',
      schema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
      message:
        'Unsupported JSON Schema dialect "http://json-schema.org/draft-04/schema#" at /$schema. Supported: 2020-12 (the default when $schema is absent), 2019-09 and draft-07.',
    },
    {
      name: 'an $id that is not a URI',
      schema: { $id: 'my_tool:input', type: 'object' },
      message:
        '$id "my_tool:input" at /$id is not a valid URI (URI scheme is malformed). Use a plain name such as "my_tool_input", or move the schema under $defs and point to it with "$ref": "#/$defs/my_tool_input".',
    },
    {
      name: 'a schema over the depth limit',
      schema: { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'string' } } } } },
      limits: { maxDepth: 3 },
      message: 'The schema nests objects and arrays deeper than maxDepth (3), at /properties/a/properties/b.',
    },
  ];

  test.each(cases)('$name shows the refusal, naming the problem, and no form', async ({ schema, limits, message }) => {
    const { container } = render(<ToolCallForm tool={tool(schema, 'lookup')} onSubmit={vi.fn()} limits={limits} />);
    const compiled = compileToolSchema(schema, limits);
    expect(compiled.ok ? '' : compiled.error.message).toBe(message);
    const group = screen.getByRole('group', { name: 'Arguments of lookup' });
    expect(within(group).getByText('This tool’s input schema cannot be used, so no form is shown')).toBeInTheDocument();
    expect(within(group).getByText(message)).toBeInTheDocument();
    expect(container.querySelector('form')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(await violations(container)).toEqual([]);
  });

  test('a root that is not an object is refused: arguments are always an object', () => {
    render(
      <ToolCallForm
        tool={{ name: 'odd', inputSchema: { type: 'string' } as unknown as Tool['inputSchema'] }}
        onSubmit={vi.fn()}
      />,
    );
    expect(
      screen.getByText(
        'The input schema must describe an object (its root "type" must be "object"): tool arguments are always an object.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('given a schema with more fields than a form may have', () => {
  const properties = (count: number, prefix = 'p') =>
    Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index}`, { type: 'string' }]));

  test('1,001 fields (599 + 2 properties, 2 tuple positions, 398 nested properties) are refused, with the count, and no form', () => {
    const schema = {
      type: 'object',
      properties: {
        ...properties(599),
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false },
        nested: { type: 'object', properties: properties(398, 'n') },
      },
    } as Tool['inputSchema'];
    const { container } = render(<ToolCallForm tool={tool(schema, 'wide')} onSubmit={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'Arguments of wide' });
    expect(
      within(group).getByText(
        'The input schema has at least 1001 fields, more than the 1000 a form may have: nobody could fill it in.',
      ),
    ).toBeInTheDocument();
    expect(container.querySelector('form')).toBeNull();
  });

  test('1,000 fields are drawn', () => {
    const { container } = render(
      <ToolCallForm
        tool={tool({ type: 'object', properties: properties(1000) } as Tool['inputSchema'], 'wide')}
        onSubmit={vi.fn()}
      />,
    );
    expect(container.querySelectorAll('form input[type=text]').length).toBe(1000);
  });

  test('counted: properties and positions, each place once; values (const, enum, default, examples) are data, not fields', () => {
    const data = { properties: properties(2000) };
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'object', properties: properties(3), default: data, examples: [data] },
        b: { $ref: '#/$defs/B' },
        c: { type: 'array', items: [{ type: 'string' }, { type: 'string' }], const: data, enum: [data] },
      },
      $defs: { B: { type: 'object', properties: properties(4) } },
    };
    expect(countFormFields(schema, 1000)).toBe(3 + 3 + 2 + 4);
    // A long array of non-schemas is walked, not spread into a call (which would throw).
    expect(
      countFormFields(
        {
          type: 'object',
          required: Array.from({ length: 1_000_000 }, (_, index) => `r${index}`),
          properties: properties(2),
        },
        1000,
      ),
    ).toBe(2);
    // It stops once past the limit, what a refusal needs: one of the three objects is counted.
    expect(
      countFormFields(
        {
          allOf: [{ properties: properties(5000) }, { properties: properties(5000) }, { properties: properties(5000) }],
        },
        1000,
      ),
    ).toBe(5000);
  });
});

describe('given a parent that swaps tools', () => {
  test('a new tool object starts a fresh form', async () => {
    const user = userEvent.setup();
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
    const user = userEvent.setup();
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
    expect(within(summary).getByRole('listitem')).toHaveTextContent(
      "at /query/name must have required property 'name'",
    );
  });
});

describe('given axe', () => {
  test('the untouched form, the chosen option and the refused submit have zero violations', async () => {
    const user = userEvent.setup();
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
