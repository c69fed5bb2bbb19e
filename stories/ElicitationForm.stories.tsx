/**
 * `ElicitationForm` stories. Each request comes from the shared fixtures (`stories/fixtures.ts`);
 * each story shows its form live (its play may fill it, never answers); the test-only story after it
 * (`!dev`) answers and checks the exact `ElicitResult` the form hands to `onRespond`. They run as tests
 * in Chromium (test/stories, zone Asia/Kolkata, axe on every shot). The stories tagged `time-zone` (a
 * date-time field) run once more in Pacific/Auckland, so their plays hold in any zone a person opens
 * Storybook in.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, mocked, within } from 'storybook/test';

import {
  ElicitationForm,
  type ElicitationLabels,
  type ElicitRequestFormParams,
  type FieldError,
  type TitledOption,
} from '../src/index.js';
import { loadPatternEngine } from '../src/core/index.js';
import { combinedRequest, fixtureRequest, malformedRequest, validFixture } from './fixtures.js';
import './host-form.css';

const meta = {
  title: 'ElicitationForm',
  component: ElicitationForm,
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
    server: { name: 'Deploy bot', id: 'deploy-1' },
    onRespond: fn(),
    onDraftChange: fn(),
  },
  argTypes: {
    onRespond: { table: { category: 'Events' } },
    onDraftChange: { table: { category: 'Events' } },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
    density: { control: 'inline-radio', options: ['comfortable', 'compact'] },
  },
} satisfies Meta<typeof ElicitationForm>;

export default meta;

type Story = StoryObj<typeof meta>;

// ---------------------------------------------------------------------------------------------
// The five enum variants (SEP-1330), both spellings of the titled ones.

/** Plain `enum`: the values are the labels. */
export const UntitledSingle: Story = {
  name: 'Enum: untitled single',
  args: { request: fixtureRequest('untitled-single/required-no-default') },
  play: async ({ canvas, userEvent }) => {
    const region = canvas.getByRole('radiogroup', { name: 'Region' });
    await expect(region).toHaveAttribute('aria-required', 'true');
    const west = within(region).getByRole('radio', { name: 'eu-west-1' });
    await expect(west).not.toBeChecked();
    await userEvent.click(west);
    await expect(west).toBeChecked();
    await expect(within(region).getByRole('radio', { name: 'us-east-1' })).not.toBeChecked();
  },
};

/** Accept sends the chosen value itself, `{ region: 'eu-west-1' }`, once. */
export const UntitledSingleAnswered: Story = {
  ...UntitledSingle,
  name: 'Enum: untitled single: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await UntitledSingle.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { region: 'eu-west-1' } });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

/** `oneOf` of `{const, title}` (the spec's spelling): titles are the labels, the const is sent. */
export const TitledSingleOneOf: Story = {
  name: 'Enum: titled single (oneOf)',
  args: { request: fixtureRequest('titled-single/one-of-required') },
  play: async ({ canvas, userEvent }) => {
    const environment = canvas.getByRole('radiogroup', { name: 'Environment' });
    await expect(
      within(environment)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([false, false, false]);
    await expect(within(environment).queryByRole('radio', { name: 'prod' })).toBeNull();
    await userEvent.click(within(environment).getByRole('radio', { name: 'Production' }));
    await expect(within(environment).getByRole('radio', { name: 'Production' })).toBeChecked();
  },
};

/** Accept sends the chosen option's const (`prod`), not its title. */
export const TitledSingleOneOfAnswered: Story = {
  ...TitledSingleOneOf,
  name: 'Enum: titled single (oneOf): answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await TitledSingleOneOf.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { environment: 'prod' } });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

/** `anyOf` at the top of a single select: not the spec's spelling, but servers send it. */
export const TitledSingleAnyOf: Story = {
  name: 'Enum: titled single (anyOf)',
  args: { request: fixtureRequest('titled-single/any-of-required') },
  play: async ({ canvas, userEvent }) => {
    const engine = canvas.getByRole('radiogroup', { name: 'Database engine' });
    await expect(
      within(engine)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['PostgreSQL 16', 'MySQL 8.4', 'SQLite (single file)']);
    await userEvent.click(within(engine).getByRole('radio', { name: 'PostgreSQL 16' }));
    await expect(within(engine).getByRole('radio', { name: 'PostgreSQL 16' })).toBeChecked();
  },
};

/** Accept sends the const of the chosen `anyOf` option (`postgres`). */
export const TitledSingleAnyOfAnswered: Story = {
  ...TitledSingleAnyOf,
  name: 'Enum: titled single (anyOf): answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await TitledSingleAnyOf.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { engine: 'postgres' } });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

/** The deprecated `enum` + `enumNames`: the names are the labels. */
export const LegacyEnumNames: Story = {
  name: 'Enum: legacy enumNames',
  args: { request: fixtureRequest('legacy-titled/required-no-default') },
  play: async ({ canvas, userEvent }) => {
    const zone = canvas.getByRole('radiogroup', { name: 'Time zone' });
    await userEvent.click(within(zone).getByRole('radio', { name: 'India Standard Time' }));
    await expect(within(zone).getByRole('radio', { name: 'India Standard Time' })).toBeChecked();
    await expect(within(zone).getByRole('radio', { name: 'Coordinated Universal Time' })).not.toBeChecked();
  },
};

/** Accept sends the enum value (`Asia/Kolkata`), not its name. */
export const LegacyEnumNamesAnswered: Story = {
  ...LegacyEnumNames,
  name: 'Enum: legacy enumNames: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await LegacyEnumNames.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { timeZone: 'Asia/Kolkata' } });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

/** The 60 countries of the `titled-multi/sixty-options` case, as `{const, title}` options, in order. */
const countryOptions: TitledOption[] = validFixture('titled-multi/sixty-options').fields.flatMap((field) =>
  field.kind === 'multi-select' ? field.options.map((option) => ({ const: option.value, title: option.label })) : [],
);

/** More than 50 options: a combobox, whose popup the typed letters filter (case and accents ignored). */
export const LongSingleSelect: Story = {
  name: 'Enum: titled single, 60 options',
  args: {
    request: {
      message: 'Which country should the spring campaign launch in first?',
      requestedSchema: {
        type: 'object',
        properties: { launch: { type: 'string', title: 'Launch country', oneOf: countryOptions } },
        required: ['launch'],
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    const launch = canvas.getByRole('combobox', { name: 'Launch country' });
    await expect(launch).toHaveValue('');
    await expect(launch).toHaveAttribute('placeholder', 'Choose…');
    await userEvent.type(launch, 'germ');
    await expect(
      within(canvas.getByRole('listbox', { name: 'Launch country' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Germany']);
    await userEvent.keyboard('{Enter}');
    await expect(launch).toHaveValue('Germany');
  },
};

/** Accept sends the const of the option picked from the filtered popup (`DE`). */
export const LongSingleSelectAnswered: Story = {
  ...LongSingleSelect,
  name: 'Enum: titled single, 60 options: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await LongSingleSelect.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { launch: 'DE' } });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

/** `items.enum`: ticked in any order, sent in option order. */
export const UntitledMulti: Story = {
  name: 'Enum: untitled multi',
  args: { request: fixtureRequest('untitled-multi/optional-no-bounds') },
  play: async ({ canvas, userEvent }) => {
    const platforms = canvas.getByRole('group', { name: 'Platforms' });
    await userEvent.click(within(platforms).getByRole('checkbox', { name: 'windows' }));
    await userEvent.click(within(platforms).getByRole('checkbox', { name: 'linux' }));
    await expect(
      within(platforms)
        .getAllByRole('checkbox')
        .map((box) => [(box as HTMLInputElement).labels?.[0]?.textContent, (box as HTMLInputElement).checked]),
    ).toEqual([
      ['linux', true],
      ['macos', false],
      ['windows', true],
    ]);
    await expect(within(platforms).getByRole('status')).toHaveTextContent(/^2 selected$/);
  },
};

/** Accept sends the ticked values in option order, not click order. */
export const UntitledMultiAnswered: Story = {
  ...UntitledMulti,
  name: 'Enum: untitled multi: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await UntitledMulti.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: { platforms: ['linux', 'windows'] },
    });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

/** `items.anyOf` of `{const, title}` (the spec's spelling), with `minItems`/`maxItems`. */
export const TitledMultiAnyOf: Story = {
  name: 'Enum: titled multi (items.anyOf)',
  args: { request: fixtureRequest('titled-multi/any-of-optional-bounds') },
  play: async ({ canvas, userEvent }) => {
    const checks = canvas.getByRole('group', { name: 'Checks' });
    await expect(checks).toHaveAccessibleDescription('Choose 1–3 options');
    await userEvent.click(within(checks).getByRole('checkbox', { name: 'Dependency audit' }));
    await userEvent.click(within(checks).getByRole('checkbox', { name: 'Lint' }));
    await expect(within(checks).getByRole('checkbox', { name: 'Lint' })).toBeChecked();
    await expect(within(checks).getByRole('checkbox', { name: 'Unit tests' })).not.toBeChecked();
    await expect(within(checks).getByRole('status')).toHaveTextContent(/^2 of 3 selected$/);
  },
};

/** Accept sends the ticked consts in option order (`lint`, then `audit`). */
export const TitledMultiAnyOfAnswered: Story = {
  ...TitledMultiAnyOf,
  name: 'Enum: titled multi (items.anyOf): answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await TitledMultiAnyOf.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { checks: ['lint', 'audit'] } });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

/** `items.oneOf` (the SEP's TypeScript spelling), with a default that is pre-ticked. */
export const TitledMultiOneOf: Story = {
  name: 'Enum: titled multi (items.oneOf)',
  args: { request: fixtureRequest('titled-multi/one-of-with-default') },
  play: async ({ canvas, userEvent }) => {
    const channels = canvas.getByRole('group', { name: 'Alert channels' });
    await expect(within(channels).getByRole('checkbox', { name: 'Email' })).toBeChecked();
    await userEvent.click(within(channels).getByRole('checkbox', { name: 'PagerDuty' }));
    await expect(within(channels).getByRole('checkbox', { name: 'PagerDuty' })).toBeChecked();
  },
};

/** Accept sends the default and the added choice, in option order. */
export const TitledMultiOneOfAnswered: Story = {
  ...TitledMultiOneOf,
  name: 'Enum: titled multi (items.oneOf): answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await TitledMultiOneOf.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: { alertChannels: ['email', 'pager'] },
    });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

// ---------------------------------------------------------------------------------------------
// The four string formats, and the other primitives.

/** `format: "email"`. */
export const EmailFormat: Story = {
  name: 'Format: email',
  args: { request: fixtureRequest('format-email/required') },
  play: async ({ canvas, userEvent }) => {
    const email = canvas.getByRole('textbox', { name: 'Billing email' });
    await expect(email).toHaveAttribute('type', 'email');
    await userEvent.type(email, 'ap@example.com');
  },
};

/** Accept sends the typed address as text. */
export const EmailFormatAnswered: Story = {
  ...EmailFormat,
  name: 'Format: email: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await EmailFormat.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: { billingEmail: 'ap@example.com' },
    });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

/** `format: "uri"`: typed text, never a link. */
export const UriFormat: Story = {
  name: 'Format: uri',
  args: { request: fixtureRequest('format-uri/required') },
  play: async ({ canvas, userEvent }) => {
    const url = canvas.getByRole('textbox', { name: 'Webhook URL' });
    await userEvent.type(url, 'https://hooks.example.com/mcp/events');
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** Accept sends the typed URL as text. */
export const UriFormatAnswered: Story = {
  ...UriFormat,
  name: 'Format: uri: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await UriFormat.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: { webhookUrl: 'https://hooks.example.com/mcp/events' },
    });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

/** `format: "date"`: a calendar date, sent as `YYYY-MM-DD` whatever the locale shows. */
export const DateFormat: Story = {
  name: 'Format: date',
  args: { request: fixtureRequest('format-date/required') },
  play: async ({ canvas, userEvent }) => {
    const date = canvas.getByLabelText('Start date *');
    // Chromium draws its own date control in the reader's format: no YYYY-MM-DD hint to contradict it.
    await expect(date).toHaveAccessibleDescription('');
    await userEvent.type(date, '2024-02-29');
    await expect(date).toHaveValue('2024-02-29');
  },
};

/** Accept sends the date as `YYYY-MM-DD`. */
export const DateFormatAnswered: Story = {
  ...DateFormat,
  name: 'Format: date: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await DateFormat.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { startDate: '2024-02-29' } });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

/**
 * The browser's UTC offset at `instant`, as RFC 3339 writes it (`+05:30`), read from `Date` itself
 * and not from the kit, so the plays below check what the kit shows and sends in any zone.
 */
function utcOffset(instant: Date): string {
  const minutes = -instant.getTimezoneOffset();
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * `format: "date-time"`: a local date and time, sent with the offset the browser's zone has at that
 * moment (+05:30 in the test run's Asia/Kolkata, +13:00 in Pacific/Auckland); the hint names the
 * zone and that offset. Tagged `time-zone`: it runs in both zones.
 */
export const DateTimeFormat: Story = {
  name: 'Format: date-time',
  tags: ['time-zone'],
  args: { request: fixtureRequest('format-date-time/required') },
  play: async ({ canvas, userEvent }) => {
    const start = canvas.getByLabelText('Window start *');
    // The zone's name is the browser's (Chromium's ICU still calls Asia/Kolkata Asia/Calcutta).
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    // Empty, the field shows the offset of now; filled, the offset at the chosen time (DST may differ).
    const now = new Date();
    now.setSeconds(0, 0);
    await expect(start).toHaveAccessibleDescription(`Time zone: ${zone} (UTC${utcOffset(now)})`);
    await userEvent.type(start, '2026-03-01T09:30');
    await expect(start).toHaveValue('2026-03-01T09:30');
    const offset = utcOffset(new Date(2026, 2, 1, 9, 30));
    await expect(start).toHaveAccessibleDescription(`Time zone: ${zone} (UTC${offset})`);
  },
};

/** Accept sends the local time with the offset the zone has at that moment; runs in both zones too. */
export const DateTimeFormatAnswered: Story = {
  ...DateTimeFormat,
  name: 'Format: date-time: answered',
  tags: ['time-zone', '!dev', '!autodocs'],
  play: async (context) => {
    await DateTimeFormat.play?.(context);
    const { args, canvas, userEvent } = context;
    // The offset the zone has at the chosen time, which the hint showed above.
    const offset = utcOffset(new Date(2026, 2, 1, 9, 30));
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: { windowStart: `2026-03-01T09:30:00${offset}` },
    });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

/** `type: "number"`: the typed text becomes a JSON number on Accept. */
export const NumberField: Story = {
  name: 'Number',
  args: { request: fixtureRequest('number/required-bounds') },
  play: async ({ canvas, userEvent }) => {
    const discount = canvas.getByRole('textbox', { name: 'Discount (%)' });
    await expect(discount).toHaveAccessibleDescription('A number from 0 to 100');
    await userEvent.type(discount, '12.5');
  },
};

/** Accept sends the typed text as a JSON number (`12.5`). */
export const NumberFieldAnswered: Story = {
  ...NumberField,
  name: 'Number: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await NumberField.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { discount: 12.5 } });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

/** `type: "integer"` with a default. */
export const IntegerField: Story = {
  name: 'Integer',
  args: { request: fixtureRequest('integer/required-bounds-default') },
  play: async ({ canvas, userEvent }) => {
    const replicas = canvas.getByRole('textbox', { name: 'Replicas' });
    await expect(replicas).toHaveValue('3');
    await userEvent.clear(replicas);
    await userEvent.type(replicas, '7');
  },
};

/** Accept sends the changed default as an integer (`7`). */
export const IntegerFieldAnswered: Story = {
  ...IntegerField,
  name: 'Integer: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await IntegerField.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { replicas: 7 } });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

/** A required boolean left unticked is answered `false`: the box was seen and left alone. */
export const BooleanField: Story = {
  name: 'Boolean',
  args: { request: fixtureRequest('boolean/required') },
  play: async ({ canvas }) => {
    const migrations = canvas.getByRole('checkbox', { name: 'Run migrations' });
    await expect(migrations).not.toBeChecked();
    await expect(migrations).not.toHaveAttribute('aria-required');
  },
};

/** Accept with the box left alone sends `false`. */
export const BooleanFieldAnswered: Story = {
  ...BooleanField,
  name: 'Boolean: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await BooleanField.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { runMigrations: false } });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

// ---------------------------------------------------------------------------------------------
// Defaults, bounds, errors.

/**
 * Defaults (SEP-1034) pre-fill the form; a required titled single select is NOT pre-filled with
 * its first option (rjsf would, unless told not to).
 */
export const Defaults: Story = {
  name: 'Defaults',
  // Shows a date-time field (Start at), whose hint names the zone.
  tags: ['time-zone'],
  args: { request: fixtureRequest('mixed/deployment') },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('textbox', { name: 'Version' })).toHaveValue('v2.4.1');
    await expect(canvas.getByRole('radio', { name: 'eu-west-1' })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Replicas' })).toHaveValue('2');
    await expect(canvas.getByRole('checkbox', { name: 'Dry run' })).not.toBeChecked();
    const strategy = canvas.getByRole('radiogroup', { name: 'Rollout strategy' });
    await expect(
      within(strategy)
        .getAllByRole('radio')
        .filter((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([]);
    await userEvent.click(within(strategy).getByRole('radio', { name: 'Canary (5%)' }));
  },
};

/** What a play function is given (the story's args, its canvas, a person). */
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

/** Accept on the `Defaults` form once a strategy is picked: every default is sent as shown, once. */
async function acceptDefaults({ args, canvas, userEvent }: PlayContext): Promise<void> {
  await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
  await expect(args.onRespond).toHaveBeenCalledWith({
    action: 'accept',
    content: { version: 'v2.4.1', region: 'eu-west-1', replicas: 2, strategy: 'canary', dryRun: false },
  });
  await expect(args.onRespond).toHaveBeenCalledTimes(1);
}

/** Accept sends every default as shown and the picked strategy; the sent state shows every kind of field. */
export const DefaultsAnswered: Story = {
  ...Defaults,
  name: 'Defaults: answered',
  tags: ['time-zone', '!dev', '!autodocs', 'shot'],
  play: async (context) => {
    await Defaults.play?.(context);
    await acceptDefaults(context);
  },
};

/** Length, number and item bounds are shown as hints; at `maxItems` the other boxes are disabled. */
export const Bounds: Story = {
  name: 'Bounds',
  args: {
    request: combinedRequest('Set up the translated project.', [
      'text/required-bounds',
      'integer/required-bounds-default',
      'titled-multi/one-of-required-max',
    ]),
  },
  play: async ({ canvas, userEvent }) => {
    const name = canvas.getByRole('textbox', { name: 'Project name' });
    await expect(name).toHaveAccessibleDescription('3–20 characters');
    const replicas = canvas.getByRole('textbox', { name: 'Replicas' });
    await expect(replicas).toHaveAccessibleDescription('A whole number from 1 to 10');
    const languages = canvas.getByRole('group', { name: 'Languages' });
    await expect(languages).toHaveAccessibleDescription('Choose at most 2 options');

    await userEvent.type(name, 'Apollo');
    await userEvent.clear(replicas);
    await userEvent.type(replicas, '7');
    await userEvent.click(within(languages).getByRole('checkbox', { name: 'Japanese' }));
    await userEvent.click(within(languages).getByRole('checkbox', { name: 'German' }));
    await expect(within(languages).getByRole('status')).toHaveTextContent(/^2 of 2 selected$/);
    await expect(within(languages).getByRole('checkbox', { name: 'French' })).toBeDisabled();
    await expect(within(languages).getByRole('checkbox', { name: 'Japanese' })).toBeEnabled();
  },
};

/** Accept sends the text, the integer and the two languages in option order. */
export const BoundsAnswered: Story = {
  ...Bounds,
  name: 'Bounds: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await Bounds.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: { projectName: 'Apollo', replicas: 7, languages: ['de', 'ja'] },
    });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

const errorsRequest = combinedRequest('Create the billing project.', [
  'text/required-bounds',
  'format-email/required',
  'number/required-bounds',
]);

/** Accept with wrong answers: an error summary, each field marked, focus on the first invalid field. Nothing is sent. */
export const Errors: Story = {
  name: 'Errors',
  args: { request: errorsRequest },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Project name' }), 'Ap');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Billing email' }), 'ap@localhost');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Discount (%)' }), 'abc');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));

    const summary = canvas.getByRole('alert');
    await expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Project name: Enter at least 3 characters.',
      'Billing email: Enter an email address such as name@example.com.',
      'Discount (%): Enter a number.',
    ]);
    const name = canvas.getByRole('textbox', { name: 'Project name' });
    await expect(name).toHaveFocus();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Enter at least 3 characters. 3–20 characters');
    await expect(canvas.getByRole('textbox', { name: 'Discount (%)' })).toHaveAccessibleDescription(
      'Enter a number. A number from 0 to 100',
    );
    await expect(args.onRespond).not.toHaveBeenCalled();
  },
};

/** The same errors, then fixed: the next Accept sends the answer once. */
export const ErrorsFixed: Story = {
  ...Errors,
  name: 'Errors: fixed, then answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await Errors.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.type(canvas.getByRole('textbox', { name: 'Project name' }), 'ollo');
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Billing email' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Billing email' }), 'ap@example.com');
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Discount (%)' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Discount (%)' }), '12.5');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: { projectName: 'Apollo', billingEmail: 'ap@example.com', discount: 12.5 },
    });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

// ---------------------------------------------------------------------------------------------
// A very long titled single select.

/** 1,500 `{const, title}` options: "Site 0001" … "Site 1500". */
const sites: TitledOption[] = Array.from({ length: 1500 }, (_, index) => {
  const number = String(index + 1).padStart(4, '0');
  return { const: `site-${number}`, title: `Site ${number}` };
});

/** 1,500 options in a combobox: the popup draws only the rows in view; an optional choice can be cleared. */
export const VeryLongSingleSelect: Story = {
  name: 'Enum: titled single, 1,500 options',
  args: {
    request: {
      message: 'Which site should receive the shipment?',
      requestedSchema: { type: 'object', properties: { site: { type: 'string', title: 'Site', oneOf: sites } } },
    },
  },
  play: async ({ canvas, userEvent }) => {
    const site = canvas.getByRole('combobox', { name: 'Site' });
    await userEvent.type(site, '0742');
    const listbox = canvas.getByRole('listbox', { name: 'Site' });
    await expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Site 0742']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Site 0742' }));
    await expect(site).toHaveValue('Site 0742');
    // Optional: the choice can be cleared, and chosen again.
    await userEvent.click(canvas.getByRole('button', { name: 'Clear choice' }));
    await expect(site).toHaveValue('');
    await userEvent.type(site, 'site 0742{Enter}');
    await expect(site).toHaveValue('Site 0742');
  },
};

/** Accept sends the const of the option chosen again after clearing (`site-0742`). */
export const VeryLongSingleSelectAnswered: Story = {
  ...VeryLongSingleSelect,
  name: 'Enum: titled single, 1,500 options: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await VeryLongSingleSelect.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { site: 'site-0742' } });
  },
};

// ---------------------------------------------------------------------------------------------
// A very long titled multi-select.

/** 2,000 `{const, title}` options, built here: "Part 0001" … "Part 2000". */
const parts: TitledOption[] = Array.from({ length: 2000 }, (_, index) => {
  const number = String(index + 1).padStart(4, '0');
  return { const: `part-${number}`, title: `Part ${number}` };
});

/** A filter box finds options; it only hides rows, so a ticked option stays ticked while hidden. */
export const TwoThousandOptions: Story = {
  name: 'Enum: titled multi, 2,000 options',
  args: {
    request: {
      message: 'Which spare parts should be reordered?',
      requestedSchema: {
        type: 'object',
        properties: {
          parts: { type: 'array', title: 'Spare parts', items: { anyOf: parts }, minItems: 1, maxItems: 10 },
        },
        required: ['parts'],
      },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const filter = canvas.getByRole('searchbox', { name: 'Filter Spare parts' });
    await userEvent.type(filter, '1999');
    const group = canvas.getByRole('group', { name: 'Spare parts' });
    await expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Part 1999']);
    await userEvent.tab();
    await expect(within(group).getByRole('checkbox', { name: 'Part 1999' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(within(group).getByRole('checkbox', { name: 'Part 1999' })).toBeChecked();

    // Escape in a non-empty filter clears it, and does not cancel the form.
    await userEvent.click(filter);
    await userEvent.keyboard('{Escape}');
    await expect(filter).toHaveValue('');
    await expect(args.onRespond).not.toHaveBeenCalled();

    await userEvent.type(filter, '0042');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(within(group).getByRole('status')).toHaveTextContent(/^2 of 10 selected$/);
  },
};

/** Accept sends both ticked parts, the one hidden by the filter included, in option order. */
export const TwoThousandOptionsAnswered: Story = {
  ...TwoThousandOptions,
  name: 'Enum: titled multi, 2,000 options: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await TwoThousandOptions.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: { parts: ['part-0042', 'part-1999'] },
    });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

// ---------------------------------------------------------------------------------------------
// A request the kit refuses.

/** Core refuses the schema: each problem is shown with its path, and only Decline and Cancel are offered. */
export const Malformed: Story = {
  name: 'Malformed request',
  args: { request: malformedRequest('malformed/several-problems') },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This request cannot be shown as a form')).toBeVisible();
    // Two lists: the warning, folded away under "1 note about this request", then the errors.
    await expect(canvas.getByText('1 note about this request')).toBeVisible();
    const lists = canvas.getAllByRole('list');
    await expect(
      lists.map((list) =>
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ),
    ).toEqual([
      ['properties.room.title title must be text, not number 42; it is ignored.'],
      [
        'properties.slot.format format "time" is not one the spec allows (email, uri, date, date-time).',
        'properties.attendees.type type must be string, number, integer, boolean or array, not an array.',
      ],
    ]);
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual(['Decline', 'Cancel']);
  },
};

/** Decline sends `{ action: 'decline' }` and nothing else. */
export const MalformedAnswered: Story = {
  ...Malformed,
  name: 'Malformed request: declined',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await Malformed.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'decline' });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(mocked(args.onRespond).mock.calls).toStrictEqual([[{ action: 'decline' }]]);
  },
};

// ---------------------------------------------------------------------------------------------
// Decline, Cancel, Escape.

const projectRequest: ElicitRequestFormParams = fixtureRequest('text/required-bounds');

/** Decline: the explicit "no", with no content even when fields are filled. */
export const Decline: Story = {
  name: 'Actions: decline',
  args: { request: projectRequest },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Project name' }), 'Apollo');
  },
};

/** Decline sends `{ action: 'decline' }`: no content, though a field was filled. */
export const DeclineAnswered: Story = {
  ...Decline,
  name: 'Actions: decline: declined',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await Decline.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'decline' });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(mocked(args.onRespond).mock.calls).toStrictEqual([[{ action: 'decline' }]]);
  },
};

/** Cancel: dismissed without a choice. */
export const Cancel: Story = {
  name: 'Actions: cancel',
  args: { request: projectRequest },
};

/** Cancel sends `{ action: 'cancel' }` and nothing else. */
export const CancelAnswered: Story = {
  ...Cancel,
  name: 'Actions: cancel: cancelled',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await Cancel.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'cancel' });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(mocked(args.onRespond).mock.calls).toStrictEqual([[{ action: 'cancel' }]]);
  },
};

/** Escape anywhere in the form is Cancel; a second Escape sends nothing more. */
export const Escape: Story = {
  name: 'Actions: Escape cancels',
  args: { request: projectRequest },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Project name' }), 'Apo');
  },
};

/** Escape sends `{ action: 'cancel' }`; the second Escape sends nothing more. */
export const EscapeAnswered: Story = {
  ...Escape,
  name: 'Actions: Escape cancels: cancelled',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await Escape.play?.(context);
    const { args, userEvent } = context;
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('{Escape}');
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'cancel' });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(mocked(args.onRespond).mock.calls).toStrictEqual([[{ action: 'cancel' }]]);
  },
};

/**
 * Inside a host's own `<form>` (a settings page with its own fields and Save): the kit draws no form of
 * its own and its fields post nothing with the host's form; Enter in a kit field answers the kit, and
 * the host's Save submits the host's form and answers nothing.
 */
export const InsideHostForm: Story = {
  name: 'Embedding: inside a host form',
  args: { request: projectRequest },
  render: (args) => (
    <form className="hf-root" aria-labelledby="hf-title" onSubmit={(event) => event.preventDefault()}>
      <h2 id="hf-title">Project settings</h2>
      <div className="hf-fields">
        <label>
          Team
          <input name="team" defaultValue="Platform" />
        </label>
        <label>
          Owner email
          <input name="owner" type="email" defaultValue="ops@example.com" />
        </label>
      </div>
      <ElicitationForm {...args} />
      <div className="hf-actions">
        <button type="submit" className="hf-save">
          Save settings
        </button>
      </div>
    </form>
  ),
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const hostForm = canvas.getByRole('form', { name: 'Project settings' });
    await expect(hostForm).toBeVisible();
    await expect(canvasElement.querySelectorAll('form')).toHaveLength(1);
    // What the host's Save reads: its own two fields, never the kit's unsent answer.
    const posted: [string, FormDataEntryValue][][] = [];
    const hostSubmit = fn(() => {
      posted.push([...new FormData(hostForm as HTMLFormElement).entries()]);
    });
    hostForm.addEventListener('submit', hostSubmit);

    // The host's own fields and Save: the host's form is submitted, the kit answers nothing.
    const team = canvas.getByRole('textbox', { name: 'Team' });
    await userEvent.clear(team);
    await userEvent.type(team, 'Payments');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Project name' }), 'Apo');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(hostSubmit).toHaveBeenCalledTimes(1);
    await expect(posted).toStrictEqual([
      [
        ['team', 'Payments'],
        ['owner', 'ops@example.com'],
      ],
    ]);
    await expect(args.onRespond).not.toHaveBeenCalled();
  },
};

/** Enter in the kit's field answers the kit, and the host's form is not submitted again. */
export const InsideHostFormAnswered: Story = {
  ...InsideHostForm,
  name: 'Embedding: inside a host form: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await InsideHostForm.play?.(context);
    const { args, canvas, userEvent } = context;
    // The host's Save has submitted once (checked above); any submit from here on is one too many.
    const resubmitted = fn();
    canvas.getByRole('form', { name: 'Project settings' }).addEventListener('submit', resubmitted);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Project name' }), 'llo{Enter}');
    await expect(mocked(args.onRespond).mock.calls).toStrictEqual([
      [{ action: 'accept', content: { projectName: 'Apollo' } }],
    ]);
    await expect(resubmitted).not.toHaveBeenCalled();
  },
};

// ---------------------------------------------------------------------------------------------
// Theme and labels.

/** `theme: 'dark'` forces the dark palette (without it the kit follows `prefers-color-scheme`). */
export const DarkTheme: Story = {
  name: 'Theme: dark',
  // Shows a date-time field (Start at), whose hint names the zone.
  tags: ['time-zone'],
  args: { request: fixtureRequest('mixed/deployment'), theme: 'dark' },
  globals: { backgrounds: { value: 'dark' } },
  play: async (context) => {
    await expect(context.canvas.getByRole('group', { name: 'Request from Deploy bot (ID: deploy-1)' })).toHaveAttribute(
      'data-theme',
      'dark',
    );
    await Defaults.play?.(context);
  },
};

/** The sent state in the dark palette, so axe checks the contrast of the disabled, answered form too. */
export const DarkThemeAnswered: Story = {
  ...DarkTheme,
  name: 'Theme: dark: answered',
  tags: ['time-zone', '!dev', '!autodocs'],
  play: async (context) => {
    await DarkTheme.play?.(context);
    await acceptDefaults(context);
  },
};

/** The error state in the dark palette, so axe checks the contrast of its error colours too. */
export const DarkThemeErrors: Story = {
  name: 'Theme: dark, errors',
  args: { request: errorsRequest, theme: 'dark' },
  globals: { backgrounds: { value: 'dark' } },
  play: async (context) => {
    await expect(context.canvas.getByRole('group', { name: 'Request from Deploy bot (ID: deploy-1)' })).toHaveAttribute(
      'data-theme',
      'dark',
    );
    await Errors.play?.(context);
  },
};

const germanFieldErrors: { [code in FieldError['code']]?: string } = {
  required: 'Dieses Feld ist erforderlich.',
  'min-length': 'Der Text ist zu kurz.',
  'min-items': 'Bitte mehr Optionen wählen.',
};

/** Every string of the kit in German; text the server sent (message, titles) stays as sent. */
const german: ElicitationLabels = {
  requestFrom: 'Anfrage von',
  serverId: (id) => `(Kennung: ${id})`,
  serverScope: ({ sessionId, toolCallId, requestId }) =>
    `(${[sessionId && `Sitzung ${sessionId}`, toolCallId && `Werkzeugaufruf ${toolCallId}`, requestId && `Anfrage ${requestId}`].filter(Boolean).join(', ')})`,
  serverTextHidden: (codePoints) =>
    `Der Name des Servers enthält unsichtbare oder richtungsändernde Zeichen, ausgeschrieben als ${codePoints.map((code) => `<${code}>`).join(', ')}.`,
  textHidden: (codePoints) =>
    `Dieser Text enthält unsichtbare oder richtungsändernde Zeichen, ausgeschrieben als ${codePoints.map((code) => `<${code}>`).join(', ')}.`,
  optionValue: (value) => `(sendet „${value}“)`,
  accept: 'Annehmen',
  sent: (action) => (action === 'accept' ? 'Angenommen' : action === 'decline' ? 'Abgelehnt' : 'Abgebrochen'),
  decline: 'Ablehnen',
  cancel: 'Abbrechen',
  requiredMark: '*',
  requiredNote: 'Mit * markierte Felder sind Pflichtfelder.',
  choosePlaceholder: 'Bitte wählen…',
  clearChoice: 'Auswahl entfernen',
  filterLabel: (fieldLabel) => `${fieldLabel} filtern`,
  filterNoMatches: 'Keine Option passt zum Filter.',
  removeChoice: (optionLabel) => `${optionLabel} entfernen`,
  chosenOption: (optionLabel) => (optionLabel === undefined ? 'Nichts gewählt' : `Gewählt: ${optionLabel}`),
  selectedCount: (count, max) => (max === undefined ? `${count} ausgewählt` : `${count} von ${max} ausgewählt`),
  itemsHint: (min, max) => (min !== undefined && max !== undefined ? `${min} bis ${max} Optionen wählen` : undefined),
  lengthHint: (min, max) => (min !== undefined && max !== undefined ? `${min} bis ${max} Zeichen` : undefined),
  numberHint: ({ min, max }) => (min !== undefined && max !== undefined ? `Zahl von ${min} bis ${max}` : undefined),
  dateHint: 'Format: JJJJ-MM-TT',
  timeZoneHint: (timeZone, offset) => `Zeitzone: ${timeZone} (UTC${offset})`,
  patternByServer: 'Die Form dieses Textes prüft der Server beim Senden.',
  patternLoading: 'Die Prüfung dieses Formulars wird vorbereitet…',
  readingOptions: (count: number) => `Die ${count.toLocaleString('de-DE')} Optionen des Formulars werden gelesen…`,
  patternLoadFailed:
    'Die Prüfung dieses Formulars konnte nicht geladen werden. Erneut annehmen, oder ablehnen oder abbrechen.',
  errorSummaryTitle: 'Bitte korrigieren Sie vor dem Annehmen:',
  fieldError: (error) => germanFieldErrors[error.code] ?? error.message,
  secretWarning:
    'fragt in diesem Formular nach etwas, das wie ein Passwort oder Schlüssel aussieht. MCP-Server dürfen das nicht: Ein seriöser Server schickt Sie auf seine eigene Seite. Lehnen Sie ab, wenn Sie ihm nicht vertrauen.',
  secretRefusedTitle: 'Dieses Formular fragt nach einem Passwort oder Schlüssel',
  secretRefused:
    'fragt in einem Formular nach etwas, das wie ein Passwort oder Schlüssel aussieht; MCP-Server dürfen das nicht. Diese App zeigt solche Formulare nicht. Sie können ablehnen oder abbrechen.',
  showSecret: (fieldLabel: string) => `${fieldLabel} anzeigen`,
  chooseFile: 'Datei wählen oder hierher ziehen',
  removeFile: (fieldLabel: string) => `Datei von ${fieldLabel} entfernen`,
  chosenFile: (name: string | undefined, type: string, size: string) =>
    name === undefined ? `Eine Datei (${type}, ${size})` : `${name} (${type}, ${size})`,
  fileHint: (accept: readonly string[] | undefined, maxSize: string | undefined) =>
    [accept && `Erlaubt: ${accept.join(', ')}.`, maxSize && `Bis ${maxSize}.`].filter(Boolean).join(' ') || undefined,
  readingFile: 'Datei wird gelesen…',
  fileUnreadable: 'Die Datei konnte nicht gelesen werden. Bitte erneut wählen.',
  chooseFileAgain: 'Dateien bleiben beim Neuladen nicht erhalten: bitte die Datei erneut wählen.',
  filesRefusedTitle: 'Dieses Formular fragt nach einer Datei',
  filesRefused: 'fragt nach einer Datei, die diese App nicht senden kann. Sie können ablehnen oder abbrechen.',
  fileCannotBeFilled: (fieldLabel: string) =>
    `„${fieldLabel}“ fragt nach einer Datei, die diese App nicht senden kann.`,
  refusedTitle: 'Diese Anfrage kann nicht als Formular angezeigt werden',
  refusedIntro:
    'Der Server hat eine Anfrage gesendet, die nicht korrekt beantwortet werden kann. Sie können sie ablehnen oder abbrechen.',
  problemPath: (path) => (path === '' ? '(ganze Anfrage)' : path),
  problemMessage: (problem) => problem.message,
  warningsTitle: (count) => (count === 1 ? '1 Hinweis zu dieser Anfrage' : `${count} Hinweise zu dieser Anfrage`),
  requestNotObject: 'Die Anfrage ist kein Objekt.',
  messageNotText: 'Die Nachricht der Anfrage ist kein Text.',
  notFormMode: 'Dies ist keine Formular-Anfrage.',
  formCrashed: 'Das Formular konnte wegen eines internen Fehlers nicht angezeigt werden.',
  fieldCannotBeShown: (label: string) => `Das Feld „${label}“ kann nicht angezeigt werden.`,
};

/** `labels` replaces the kit's strings: header, buttons, hints, live count, error summary. */
export const TranslatedLabels: Story = {
  name: 'Labels: German',
  args: {
    request: combinedRequest('Richten Sie das Projekt ein.', [
      'text/required-bounds',
      'untitled-multi/required-default-bounds',
    ]),
    labels: german,
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('group', { name: 'Anfrage von Deploy bot (Kennung: deploy-1)' })).toBeVisible();
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Annehmen',
      'Ablehnen',
      'Abbrechen',
    ]);
    await expect(canvas.getByText('Mit * markierte Felder sind Pflichtfelder.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Project name' })).toHaveAccessibleDescription('3 bis 20 Zeichen');
    const topics = canvas.getByRole('group', { name: 'Topics' });
    await expect(within(topics).getByRole('status')).toHaveTextContent(/^2 von 3 ausgewählt$/);

    await userEvent.click(canvas.getByRole('button', { name: 'Annehmen' }));
    const summary = canvas.getByRole('alert');
    await expect(summary.textContent).toBe(
      'Bitte korrigieren Sie vor dem Annehmen:Project name: Dieses Feld ist erforderlich.',
    );
    await expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Project name: Dieses Feld ist erforderlich.']);

    await userEvent.type(canvas.getByRole('textbox', { name: 'Project name' }), 'Apollo');
    await userEvent.click(within(topics).getByRole('checkbox', { name: 'billing' }));
  },
};

/** Fixed and accepted: the answer is sent, and the sent state reads in German. */
export const TranslatedLabelsAnswered: Story = {
  ...TranslatedLabels,
  name: 'Labels: German: answered',
  tags: ['!dev', '!autodocs', 'shot'],
  play: async (context) => {
    await TranslatedLabels.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Annehmen' }));
    await expect(args.onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: { projectName: 'Apollo', topics: ['releases', 'billing', 'security'] },
    });
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
  },
};

// ---------------------------------------------------------------------------------------------
// Secrets: servers must not ask for credentials in form mode (MCP 2025-11-25, "Elicitation" → "Security
// Considerations"), yet some do.

/** A server asking for a user name and a password. */
const secretRequest: ElicitRequestFormParams = {
  message: 'Sign in to your bank account to continue.',
  requestedSchema: {
    type: 'object',
    properties: {
      user: { type: 'string', title: 'User name' },
      password: { type: 'string', title: 'Password', description: 'Your online banking password.' },
    },
    required: ['user', 'password'],
  },
};

/**
 * `secrets: 'warn'` (the default): the password is masked with a Show toggle, a warning above the fields names
 * the server, Accept is drawn as Decline is, and the host's preview gets a mask instead of the password.
 */
export const SecretField: Story = {
  name: 'Secret field',
  args: { request: secretRequest, server: { name: 'Bank of Examples' } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(/asks for what looks like a password or key/)).toBeVisible();
    const password = canvas.getByLabelText(/^Password/);
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'off');
    await expect(canvas.getByRole('button', { name: 'Show Password' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.type(canvas.getByRole('textbox', { name: 'User name' }), 'ada');
    await userEvent.type(password, 'correct horse');
    await expect(args.onDraftChange).toHaveBeenLastCalledWith(
      { user: 'ada', password: '[secret]' },
      { ok: true, result: { action: 'accept', content: { user: 'ada', password: '[secret]' } } },
    );
  },
};

/** `secrets: 'refuse'`: no fields, only Decline and Cancel. */
export const SecretFieldRefused: Story = {
  name: 'Secret field: refused',
  args: { request: secretRequest, server: { name: 'Bank of Examples' }, secrets: 'refuse' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This form asks for a password or key')).toBeVisible();
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual(['Decline', 'Cancel']);
    await expect(canvas.queryAllByRole('textbox')).toEqual([]);
  },
};
