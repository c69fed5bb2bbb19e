/**
 * A file field (SEP-2356 `x-mcp-file`, a draft: the host opts in with `files`) in `ElicitationForm`, from the
 * shared fixture `file/photo-required` (the SEP's own example: an image up to 2 MB). Each state is one story:
 * empty, a chosen file, one too large and one of the wrong type (both refused before a byte is read), and the
 * sent form (test-only, shot), which shows the file's name and size and holds no bytes.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent as storyUserEvent } from 'storybook/test';

import { ElicitationForm } from '../src/index.js';
import { fixtureRequest } from './fixtures.js';
import './host-form.css';

const meta = {
  title: 'ElicitationForm/File field',
  component: ElicitationForm,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    request: fixtureRequest('file/photo-required'),
    server: { name: 'Profile service', id: 'profiles-1' },
    files: true,
    onRespond: fn(),
    onDraftChange: fn(),
  },
  argTypes: {
    onRespond: { table: { category: 'Events' } },
    onDraftChange: { table: { category: 'Events' } },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
  },
} satisfies Meta<typeof ElicitationForm>;

export default meta;

type Story = StoryObj<typeof meta>;

// SEP-2356's own 1×1 PNG (70 bytes).
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNkYGBgAAAABQABWaDDsAAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

/** The picker, once its chunk has arrived (the widget's own ready state). */
const pickerOf = (canvas: { findByLabelText: (text: RegExp, options: object) => Promise<HTMLElement> }) =>
  canvas.findByLabelText(/Profile photo/, { selector: 'input' });

/** Nothing chosen: the picker, its drop zone, and what the server accepts. */
export const Empty: Story = {
  name: 'File field: empty',
  play: async ({ canvas }) => {
    const input = await pickerOf(canvas);
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAttribute('accept', 'image/*');
    await expect(canvas.getByText('Accepted: image/*. Up to 2 MB.')).toBeVisible();
  },
};

/** A PNG chosen: its name, type and size, and a button to remove it. */
export const Chosen: Story = {
  name: 'File field: chosen',
  play: async ({ canvas, userEvent }) => {
    await userEvent.upload(await pickerOf(canvas), new File([PNG], 'me.png', { type: 'image/png' }));
    await expect(await canvas.findByText('me.png (image/png, 70 bytes)', { exact: true })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remove the file of Profile photo' })).toBeVisible();
  },
};

/** A file over `maxSize`: refused with the limit named, before it is read. */
export const TooLarge: Story = {
  name: 'File field: too large',
  play: async ({ canvas }) => {
    const user = storyUserEvent.setup({ applyAccept: false });
    await user.upload(
      await pickerOf(canvas),
      new File([new Uint8Array(3 * 1024 * 1024)], 'big.png', { type: 'image/png' }),
    );
    await expect(canvas.getByRole('alert')).toHaveTextContent('The file is 3 MB; the server accepts files up to 2 MB.');
  },
};

/** A file outside `accept` (the picker's filter overridden, as pickers allow): refused before it is read. */
export const WrongType: Story = {
  name: 'File field: wrong type',
  play: async ({ canvas }) => {
    const user = storyUserEvent.setup({ applyAccept: false });
    await user.upload(await pickerOf(canvas), new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'A file of type application/pdf is not accepted; the server accepts image/*.',
    );
  },
};

/** Sent: the answer is the PNG's `data:` URI; the form then shows the file's name and size, no picker. */
export const Sent: Story = {
  ...Chosen,
  name: 'File field: sent',
  tags: ['!dev', '!autodocs', 'shot'],
  play: async (context) => {
    await Chosen.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: { photo: `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}` },
    });
    await expect(canvas.getByText('me.png (image/png, 70 bytes)', { exact: true })).toBeVisible();
    await expect(canvas.queryByLabelText(/Profile photo/, { selector: 'input' })).toBeNull();
  },
};
