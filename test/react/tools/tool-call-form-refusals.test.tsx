// ToolCallForm with schemas the kit refuses (unsafe, not an object, too many fields): the refusal,
// naming the problem, instead of a form.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';

import { ToolCallForm } from '../../../src/react/tools/index.js';
import { compileToolSchema, type Tool } from '../../../src/tools/index.js';
import { countFormFields } from '../../../src/tools/rjsf/schema.js';
import { violations } from '../helpers.js';
import { tool } from './helpers.js';

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
