/**
 * The headless path: a host's own components render a conforming elicitation form from
 * `useElicitationForm`, with plain JSX and its own CSS (no rjsf, no kit widget). Each story leaves its
 * form unanswered; the test-only story after it (`!dev`) answers it and checks the exact `ElicitResult`.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';

import { fixtureRequest } from './fixtures.js';
import { HeadlessForm } from './headless/HeadlessForm.js';

const meta = {
  title: 'Headless/useElicitationForm',
  component: HeadlessForm,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { request: fixtureRequest('mixed/deployment'), onRespond: fn() },
  argTypes: { onRespond: { table: { category: 'Events' } } },
} satisfies Meta<typeof HeadlessForm>;

export default meta;

type Story = StoryObj<typeof meta>;

/** Errors appear after the first Accept, leave as each field is fixed, and the answer is core's. */
export const Deployment: Story = {
  // The deployment case has a date-time field: run in the second zone too.
  tags: ['time-zone'],
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('textbox', { name: 'Version' })).toHaveValue('v2.4.1');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).not.toHaveBeenCalled();
    // The version has a `pattern`: an Accept before the pattern engine has loaded is judged once it has
    // (on a cold Vite cache the engine's first transform alone may take seconds).
    await expect(await canvas.findByText('This field is required.', {}, { timeout: 15_000 })).toBeVisible();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Rollout strategy' }), 'canary');
    await expect(canvas.queryByText('This field is required.')).toBeNull();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Slack' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Status page' }));
  },
};

/** Accept once every error is fixed: core's exact answer, and the form then answers nothing more. */
export const DeploymentAnswered: Story = {
  ...Deployment,
  name: 'Deployment: answered',
  tags: ['time-zone', '!dev', '!autodocs'],
  play: async (context) => {
    await Deployment.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(args.onRespond).toHaveBeenCalledWith({
        action: 'accept',
        content: {
          version: 'v2.4.1',
          region: 'eu-west-1',
          replicas: 2,
          strategy: 'canary',
          notify: ['slack', 'status'],
          dryRun: false,
        },
      }),
    );
    await expect(canvas.getByRole('button', { name: 'Decline' })).toBeDisabled();
  },
};

/** A request core refuses still offers Decline and Cancel. */
export const Refused: Story = {
  args: { request: { message: 'Nested', requestedSchema: { type: 'object', properties: { a: { type: 'object' } } } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('This request cannot be answered as a form.');
  },
};

/** Cancel on the refused request sends `{ action: 'cancel' }`. */
export const RefusedAnswered: Story = {
  ...Refused,
  name: 'Refused: cancelled',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await Refused.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'cancel' });
  },
};
