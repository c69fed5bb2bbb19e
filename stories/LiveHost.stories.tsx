/**
 * "Live host": the whole flow with nothing mocked. A real SDK 1.x `McpServer` (the demo tools) and
 * `Client` run in the page, linked by the SDK's in-memory transport; `attachElicitation` routes the
 * server's elicitations to `ElicitationHost`. Press a tool's button and answer what it asks; its text
 * result shows under the button and goes to `onResult` (under Events). Each story calls a tool and
 * leaves its question to answer; the test-only story after it (`!dev`) answers and checks the result.
 * `window.open` is a spy here, so the URL tool's "Open in new tab" opens nothing.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';

import { LiveHost } from './LiveHost.js';
import { stubWindowOpen } from './windowOpen.js';
import './live-host.css';

const meta = {
  title: 'Live host',
  component: LiveHost,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { serverName: 'Live demo server', completeAfterMs: 3000, onResult: fn() },
  argTypes: {
    onResult: { table: { category: 'Events' } },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
  },
  beforeEach: stubWindowOpen,
} satisfies Meta<typeof LiveHost>;

export default meta;

type Story = StoryObj<typeof meta>;

/** Call `greet`: its question waits in the host, the name typed, to be answered. */
export const Greet: Story = {
  name: 'Live host',
  play: async ({ canvas, userEvent }) => {
    const call = await canvas.findByRole('button', { name: 'Call greet' });
    await expect(canvas.getAllByRole('button', { name: /^Call / }).map((button) => button.textContent)).toEqual([
      'Call greet',
      'Call everything',
      'Call confirm',
      'Call open_link',
      'Call stop_waiting',
      'Call burst',
      'Call profile_photo',
    ]);
    await userEvent.click(call);
    const prompt = await canvas.findByRole('group', { name: 'Request from Live demo server' });
    await expect(prompt).toHaveAccessibleDescription('What should I call you?');
    await waitFor(() => expect(prompt).toHaveFocus());
    await userEvent.type(within(prompt).getByRole('textbox', { name: 'Your name' }), 'Ada Lovelace');
  },
};

/** Accept in the host: the tool's result is the answer the server got, shown under its button. */
export const GreetAnswered: Story = {
  ...Greet,
  name: 'Live host: answered',
  tags: ['!dev', '!autodocs', 'shot'],
  play: async (context) => {
    await Greet.play?.(context);
    const { args, canvas, userEvent } = context;
    const prompt = canvas.getByRole('group', { name: 'Request from Live demo server' });
    await userEvent.click(within(prompt).getByRole('button', { name: 'Accept' }));
    const output = canvas.getByRole('status', { name: 'Result of greet' });
    await waitFor(() => expect(output).toHaveTextContent(/^Hello, Ada Lovelace!$/));
    await expect(args.onResult).toHaveBeenCalledTimes(1);
    await expect(args.onResult).toHaveBeenCalledWith('greet', 'Hello, Ada Lovelace!');
    await expect(canvas.queryByRole('group')).toBeNull();
  },
};

/** Call `confirm`: its yes-or-no question waits in the host, to accept or decline. */
export const Decline: Story = {
  name: 'Live host: decline',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Call confirm' }));
    await canvas.findByRole('group', { name: 'Request from Live demo server' });
  },
};

/** Decline the `confirm` tool's question: the server receives exactly `{ action: "decline" }`. */
export const DeclineAnswered: Story = {
  ...Decline,
  name: 'Live host: decline: declined',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await Decline.play?.(context);
    const { args, canvas, userEvent } = context;
    const prompt = canvas.getByRole('group', { name: 'Request from Live demo server' });
    await userEvent.click(within(prompt).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(args.onResult).toHaveBeenCalledWith('confirm', '{"action":"decline"}'));
    await expect(args.onResult).toHaveBeenCalledTimes(1);
  },
};
