// A tool argument marked x-mcp-file (SEP-2356) in ToolCallForm: the kit's file picker with `files`, and without it
// no form and the reason, as an elicitation form does.
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import { ToolCallForm } from '../../../src/react/tools/index.js';
import { submitButton, tool } from './helpers.js';

// SEP-2356's tool example.
const describeImage = tool(
  {
    type: 'object',
    properties: {
      image: {
        type: 'string',
        format: 'uri',
        description: 'The image to describe.',
        'x-mcp-file': { accept: ['image/png', 'image/jpeg'], maxSize: 5242880 },
      },
    },
    required: ['image'],
  },
  'describe_image',
);
const BYTES = [0x89, 0x50, 0x4e, 0x47, 1, 2, 3];

describe('given a tool whose argument is a file', () => {
  test('with files, the picker fills it and the call gets the data: URI of exactly the bytes', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null, applyAccept: false });
    render(<ToolCallForm tool={describeImage} onSubmit={onSubmit} files />);
    const input = (await screen.findByLabelText(/image/, { selector: 'input' })) as HTMLInputElement;
    expect(input.type).toBe('file');
    await user.upload(input, new File([new Uint8Array(BYTES)], 'cat.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'A file of type image/gif is not accepted; the server accepts image/png, image/jpeg.',
    );
    await user.upload(input, new File([new Uint8Array(BYTES)], 'cat.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.queryByText(/Reading the file/)).toBeNull());
    expect(screen.getByText('cat.png (image/png, 7 bytes)')).toBeTruthy();
    await user.click(submitButton());
    expect(onSubmit.mock.calls).toStrictEqual([
      [{ image: `data:image/png;base64,${Buffer.from(BYTES).toString('base64')}` }],
    ]);
  });

  test('without files, no form: the tool says which argument is a file it cannot send', () => {
    render(<ToolCallForm tool={describeImage} onSubmit={vi.fn()} />);
    expect(screen.getByText('This tool asks for a file')).toBeTruthy();
    expect(screen.getByText('"image" is a file, which this app cannot send.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Call tool' })).toBeNull();
  });

  test('misplaced (no format: "uri"), the keyword is ignored and the argument stays a text box', () => {
    render(
      <ToolCallForm
        tool={tool({
          type: 'object',
          properties: { notes: { type: 'string', 'x-mcp-file': { accept: ['text/plain'] } } },
        })}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'notes' })).toBeTruthy();
  });
});
