// ToolCallForm with $ref/$defs: shared and recursive definitions, anchors, and references rjsf
// cannot follow (shown as a reason, never a crash).
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import { ToolCallForm } from '../../../src/react/tools/index.js';
import { compileToolSchema, type Tool } from '../../../src/tools/index.js';
import { rjsfToolSchema } from '../../../src/tools/rjsf/schema.js';
import { submitButton, tool } from './helpers.js';

describe('given $ref and $defs', () => {
  test('two properties sharing one definition are two groups, sent as nested objects', async () => {
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
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
    const child = screen.getByRole('group', { name: 'Children 1' });
    await user.type(within(child).getByRole('textbox', { name: 'Name' }), 'leaf');
    await user.type(screen.getAllByRole('textbox', { name: 'Name' })[0] as HTMLElement, 'root');
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([[{ tree: { name: 'root', children: [{ name: 'leaf' }] } }]]);
  });

  test('an anchor reference ("#name"), which rjsf cannot resolve itself, is drawn and sent', async () => {
    const user = userEvent.setup({ delay: null });
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
