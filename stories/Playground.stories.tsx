/**
 * The playground: paste a `requestedSchema`, see the form, the live `ElicitResult` and core's
 * verdict. Its stories paste schemas from the shared fixtures and check every output exactly, and leave
 * the form unanswered; the test-only story after each (`!dev`) sends the answer.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, mocked, within } from 'storybook/test';

import { loadPatternEngine } from '../src/core/index.js';
import { combinedRequest, fixtureRequest, malformedFixture } from './fixtures.js';
import { Playground } from './Playground.js';

const meta = {
  title: 'Playground',
  component: Playground,
  // A host that has loaded the pattern engine (the fixtures have patterns); the wait before it loads
  // is tested in test/hostile/patterns.browser.test.tsx.
  loaders: [
    async () => {
      await loadPatternEngine();
      return {};
    },
  ],
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    initialSchema: JSON.stringify(fixtureRequest('mixed/deployment').requestedSchema, null, 2),
    message: 'Playground: answer the pasted schema.',
    server: { name: 'Playground server' },
    onRespond: fn(),
  },
  argTypes: {
    onRespond: { table: { category: 'Events' } },
    initialSchema: { control: { type: 'text' } },
  },
} satisfies Meta<typeof Playground>;

export default meta;

type Story = StoryObj<typeof meta>;

/** Pretty JSON, as the playground prints it. */
function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** The starting schema (the deployment case): its fields, and an answer refused until a strategy is picked. */
export const Initial: Story = {
  name: 'Initial schema',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'parseRequestedSchema' }).textContent).toBe(
      json({
        ok: true,
        fields: [
          { key: 'version', kind: 'text' },
          { key: 'region', kind: 'single-select', variant: 'untitled' },
          { key: 'replicas', kind: 'number' },
          { key: 'strategy', kind: 'single-select', variant: 'titled' },
          { key: 'notify', kind: 'multi-select', variant: 'titled' },
          { key: 'startAt', kind: 'text' },
          { key: 'approver', kind: 'text' },
          { key: 'dryRun', kind: 'boolean' },
        ],
        warnings: [],
      }),
    );
    await expect(canvas.getByRole('status', { name: 'Live ElicitResult' }).textContent).toBe(
      'none: Accept would be refused',
    );
    await expect(canvas.getByRole('status', { name: 'submitDraft errors' }).textContent).toBe(
      json([{ field: 'strategy', code: 'required', message: 'This field is required.' }]),
    );
    await expect(canvas.getByRole('status', { name: 'validateElicitContent' }).textContent).toBe('—');
  },
};

/** Three fixtures' properties in one schema: a titled single with a default, an optional integer, a titled multi. */
const pasted = json(
  combinedRequest('', [
    'titled-single/any-of-with-default',
    'integer/optional-zero',
    'titled-multi/one-of-required-max',
  ]).requestedSchema,
);

/** The answer to the pasted schema once `PasteSchema` has filled it in. */
const answer = { action: 'accept', content: { plan: 'team', retries: 2, languages: ['de', 'ja'] } } as const;

/** Paste a schema: the form starts over, and the live answer follows every change until Accept sends it. */
export const PasteSchema: Story = {
  name: 'Paste a schema',
  play: async ({ args, canvas, userEvent }) => {
    const editor = canvas.getByRole('textbox', { name: 'requestedSchema (JSON)' });
    await userEvent.clear(editor);
    await userEvent.paste(pasted);

    const live = canvas.getByRole('status', { name: 'Live ElicitResult' });
    await expect(canvas.getByRole('radio', { name: 'Team ($8 per user)' })).toBeChecked();
    await expect(live.textContent).toBe(json({ action: 'accept', content: { plan: 'team', languages: [] } }));

    const retries = canvas.getByRole('textbox', { name: 'Retries' });
    await userEvent.type(retries, 'abc');
    await expect(live.textContent).toBe('none: Accept would be refused');
    await expect(canvas.getByRole('status', { name: 'submitDraft errors' }).textContent).toBe(
      json([{ field: 'retries', code: 'not-a-number', message: 'Enter a number.' }]),
    );

    await userEvent.clear(retries);
    await userEvent.type(retries, '2');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Japanese' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'German' }));
    await expect(live.textContent).toBe(json(answer));
    await expect(canvas.getByRole('status', { name: 'submitDraft errors' }).textContent).toBe('[]');
    await expect(canvas.getByRole('status', { name: 'validateElicitContent' }).textContent).toBe('[]');
    await expect(args.onRespond).not.toHaveBeenCalled();
  },
};

/** Accept sends the live answer as shown, once, and the playground shows what was sent. */
export const PasteSchemaAnswered: Story = {
  ...PasteSchema,
  name: 'Paste a schema: answered',
  tags: ['!dev', '!autodocs', 'shot'],
  play: async (context) => {
    await PasteSchema.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith(answer);
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('status', { name: 'Sent to onRespond' }).textContent).toBe(json(answer));
  },
};

/** Text that is not JSON: a parse error and no form, never a crash; fixing it brings the form back. */
export const BadJson: Story = {
  name: 'Bad JSON',
  play: async ({ canvas, userEvent }) => {
    const editor = canvas.getByRole('textbox', { name: 'requestedSchema (JSON)' });
    await userEvent.clear(editor);
    await userEvent.paste('{"type": "object", "properties": {');
    await expect(editor).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Not valid JSON, so there is no form.')).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Request from Playground server' })).toBeNull();
    await expect(canvas.getByText('Fix the JSON to see the form.')).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'parseRequestedSchema' }).textContent).toBe('—');
    await expect(canvas.getByRole('status', { name: 'Live ElicitResult' }).textContent).toBe('—');

    await userEvent.paste('}}');
    await expect(editor).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText('Not valid JSON, so there is no form.')).toBeNull();
    await expect(canvas.getByRole('status', { name: 'Live ElicitResult' }).textContent).toBe(
      json({ action: 'accept', content: {} }),
    );
  },
};

/** Accept on the form of the fixed JSON sends its (empty) content. */
export const BadJsonAnswered: Story = {
  ...BadJson,
  name: 'Bad JSON: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await BadJson.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: {} });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

/** A schema core refuses: its problems in the verdict, the refused form, no live answer. */
export const RefusedSchema: Story = {
  name: 'Schema core refuses',
  play: async ({ canvas, userEvent }) => {
    const editor = canvas.getByRole('textbox', { name: 'requestedSchema (JSON)' });
    await userEvent.clear(editor);
    await userEvent.paste(json(malformedFixture('malformed/enum-names-short').request.requestedSchema));
    await expect(canvas.getByRole('status', { name: 'parseRequestedSchema' }).textContent).toBe(
      json({
        ok: false,
        problems: [
          {
            path: 'properties.tier.enumNames',
            message: 'enumNames must list one text name per enum value.',
            code: 'enum-names-mismatch',
            severity: 'error',
          },
        ],
      }),
    );
    const kit = canvas.getByRole('group', { name: 'Request from Playground server' });
    await expect(within(kit).getByText('This request cannot be shown as a form')).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Live ElicitResult' }).textContent).toBe('—');
  },
};

/** Decline on the refused form sends `{ action: 'decline' }` and nothing else. */
export const RefusedSchemaAnswered: Story = {
  ...RefusedSchema,
  name: 'Schema core refuses: declined',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await RefusedSchema.play?.(context);
    const { args, canvas, userEvent } = context;
    const kit = canvas.getByRole('group', { name: 'Request from Playground server' });
    await userEvent.click(within(kit).getByRole('button', { name: 'Decline' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'decline' });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(mocked(args.onRespond).mock.calls).toStrictEqual([[{ action: 'decline' }]]);
  },
};
