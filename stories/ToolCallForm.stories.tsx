/**
 * `ToolCallForm` stories: a tool's `inputSchema` as a form. Tools come from the shared fixtures
 * (`test/fixtures/tools.ts`), the same ones the component tests use. Each interaction story fills
 * the form as a person would (and checks the issues shown for what cannot be sent), leaving it to be
 * sent; the test-only story after it (`!dev`) calls the tool and checks the exact arguments handed to
 * `onSubmit`. They run as tests in Chromium (test/stories), which also proves that Ajv's generated
 * validators (the kit's and rjsf's, both built with `new Function`) work in the Vite browser bundle;
 * axe fails a shot on any violation.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';

import { ToolCallForm } from '../src/react/tools/index.js';
import { loadPatternEngine } from '../src/tools/index.js';
import {
  addPerson,
  badIdTool,
  createIssue,
  draft04Tool,
  findPerson,
  payByCard,
  payByCardDraft07,
  plotPoint,
  remoteRefTool,
  runCommand,
  shipParcel,
} from '../test/fixtures/tools.js';

const meta = {
  title: 'ToolCallForm',
  component: ToolCallForm,
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
  args: { tool: findPerson, onSubmit: fn() },
  argTypes: {
    onSubmit: { table: { category: 'Events' } },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
    density: { control: 'inline-radio', options: ['comfortable', 'compact'] },
  },
} satisfies Meta<typeof ToolCallForm>;

export default meta;

type Story = StoryObj<typeof meta>;

/** The issue lines of the error summary, as shown. */
function summaryLines(canvas: ReturnType<typeof within>): (string | null)[] {
  return within(canvas.getByRole('alert'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

// ---------------------------------------------------------------------------------------------
// oneOf / anyOf, allOf, if/then/else, $ref

/** `oneOf` with a named selector: pick "By name", type a name; exactly `{ query: { name } }` goes out. */
export const FindByName: Story = {
  name: 'oneOf: find by name',
  play: async ({ canvas, userEvent }) => {
    const selector = canvas.getByRole('combobox', { name: 'Find by' });
    await expect(
      within(selector)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'By id', 'By name']);
    await userEvent.selectOptions(selector, 'By name');
    await expect(canvas.queryByRole('textbox', { name: 'Id' })).toBeNull();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'Ada');
  },
};

/** Call tool sends exactly `{ query: { name: 'Ada' } }`, once. */
export const FindByNameAnswered: Story = {
  ...FindByName,
  name: 'oneOf: find by name: submitted',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await FindByName.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ query: { name: 'Ada' } });
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** "By id" left empty: only that option's issue is shown, on its field, which gets the focus. */
export const FindByIdRefused: Story = {
  name: 'oneOf: empty option refused',
  play: async ({ canvas, userEvent }) => {
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Find by' }), 'By id');
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(summaryLines(canvas)).toEqual(['/query/id This field is required.']);
    const id = canvas.getByRole('textbox', { name: 'Id' });
    await expect(id).toHaveFocus();
    await expect(id).toHaveAttribute('aria-invalid', 'true');
    await expect(id).toHaveAccessibleDescription('This field is required. A whole number, 1 or more');
    await userEvent.type(id, '0');
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(summaryLines(canvas)).toEqual(['/query/id Enter 1 or more.']);
    await userEvent.clear(id);
    await userEvent.type(id, '7');
  },
};

/** Fixed, the call goes out with the id as a number. */
export const FindByIdRefusedAnswered: Story = {
  ...FindByIdRefused,
  name: 'oneOf: empty option refused: submitted',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await FindByIdRefused.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ query: { id: 7 } });
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** `if`/`then`/`else`: the US asks for a state (checked by `then`), Canada for a province. */
export const ConditionalFields: Story = {
  name: 'if/then/else',
  args: { tool: shipParcel },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Country' }), 'US');
    await expect(canvas.queryByRole('textbox', { name: 'Province' })).toBeNull();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Weight (kg)' }), '2.50');
    await userEvent.type(canvas.getByRole('textbox', { name: 'State' }), 'New York');
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(summaryLines(canvas)).toEqual(['/state The text does not have the form the server asks for.']);
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(canvas.getByRole('textbox', { name: 'State' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'State' }), 'NY');
    await expect(canvas.getByRole('textbox', { name: 'Weight (kg)' })).toHaveValue('2.50');
  },
};

/** Fixed, the call sends the US fields only, the weight as a number. */
export const ConditionalFieldsAnswered: Story = {
  ...ConditionalFields,
  name: 'if/then/else: submitted',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await ConditionalFields.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ country: 'US', weightKg: 2.5, state: 'NY' });
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** `allOf` parts, a titled enum, a multi select, a list of `$ref` objects, a nested object and a box. */
export const EveryShape: Story = {
  name: 'allOf, enums, lists, nested objects',
  args: { tool: createIssue },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Title' }), 'Login fails on Safari');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Priority' }), 'High');
    const labels = canvas.getByRole('group', { name: 'Labels' });
    await userEvent.click(within(labels).getByRole('checkbox', { name: 'security' }));
    await userEvent.click(within(labels).getByRole('checkbox', { name: 'bug' }));
    const assignees = canvas.getByRole('group', { name: 'Assignees' });
    await userEvent.click(within(assignees).getByRole('button', { name: 'Add to Assignees' }));
    await userEvent.click(within(assignees).getByRole('button', { name: 'Add to Assignees' }));
    await userEvent.type(
      within(canvas.getByRole('group', { name: 'Assignees 1' })).getByRole('textbox', { name: 'Login' }),
      'ada',
    );
    const second = canvas.getByRole('group', { name: 'Assignees 2' });
    await userEvent.type(within(second).getByRole('textbox', { name: 'Login' }), 'grace');
    await userEvent.type(within(second).getByRole('textbox', { name: 'Role' }), 'reviewer');
    await userEvent.click(within(assignees).getByRole('button', { name: 'Move Assignees item 2 up' }));
    await userEvent.type(
      within(canvas.getByRole('group', { name: 'Estimate' })).getByRole('textbox', { name: 'Days' }),
      '3',
    );
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Notify watchers' }));
  },
};

/** Call tool sends every part, the moved assignee first, the labels in option order. */
export const EveryShapeAnswered: Story = {
  ...EveryShape,
  name: 'allOf, enums, lists, nested objects: submitted',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await EveryShape.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      title: 'Login fails on Safari',
      priority: 'p1',
      labels: ['bug', 'security'],
      assignees: [{ login: 'grace', role: 'reviewer' }, { login: 'ada' }],
      estimate: { days: 3 },
      notify: true,
    });
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** Nothing filled in: the required title and priority are refused; focus goes to the title. */
export const EveryShapeRefused: Story = {
  name: 'allOf: required fields refused',
  args: { tool: createIssue },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(summaryLines(canvas)).toEqual(['/title This field is required.', '/priority This field is required.']);
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toHaveFocus();
    await userEvent.click(canvas.getByRole('link', { name: '/priority This field is required.' }));
    await expect(canvas.getByRole('combobox', { name: 'Priority' })).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

// ---------------------------------------------------------------------------------------------
// Tuples (prefixItems)

/** A tuple: one field per position, named by its title; `items: false` offers no add button. Exactly `["Ada", 36]` goes out. */
export const Tuple: Story = {
  name: 'Tuple: one field per position',
  args: { tool: addPerson },
  play: async ({ canvas, userEvent }) => {
    const person = canvas.getByRole('group', { name: 'Person' });
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual(['Call tool']);
    await userEvent.type(within(person).getByRole('textbox', { name: 'Name' }), 'Ada');
    await userEvent.type(within(person).getByRole('textbox', { name: 'Age' }), '36');
  },
};

/** Call tool sends exactly `["Ada", 36]`. */
export const TupleAnswered: Story = {
  ...Tuple,
  name: 'Tuple: one field per position: submitted',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await Tuple.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ person: ['Ada', 36] });
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** Untitled positions are "Item 1"…; an empty one before a filled one is refused where it is, never closed up. */
export const TupleGap: Story = {
  name: 'Tuple: a skipped position is refused',
  args: { tool: plotPoint },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Item 1' }), '1.5');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Item 3' }), '4');
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(summaryLines(canvas)).toEqual([
      '/point/1 Empty, but a later position is filled. Fill this one in, or clear the ones after it: positions cannot be skipped.',
    ]);
    const second = canvas.getByRole('textbox', { name: 'Item 2' });
    await expect(second).toHaveFocus();
    await expect(second).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(second, '-2');
  },
};

/** The gap filled, the call sends the three positions in place. */
export const TupleGapAnswered: Story = {
  ...TupleGap,
  name: 'Tuple: a skipped position is refused: submitted',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await TupleGap.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ point: [1.5, -2, 4] });
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** A rest rule (`items` schema): arguments after the program are added and removed as a list, up to `maxItems`. */
export const TupleRest: Story = {
  name: 'Tuple: extra items after the positions',
  args: { tool: runCommand },
  play: async ({ canvas, userEvent }) => {
    const command = canvas.getByRole('group', { name: 'Command' });
    await userEvent.type(within(command).getByRole('textbox', { name: 'Program' }), 'grep');
    await userEvent.click(within(command).getByRole('button', { name: 'Add to Command' }));
    await userEvent.type(within(command).getByRole('textbox', { name: 'Command 2' }), '-n');
    await userEvent.click(within(command).getByRole('button', { name: 'Add to Command' }));
    await userEvent.type(within(command).getByRole('textbox', { name: 'Command 3' }), 'TODO');
    await userEvent.click(within(command).getByRole('button', { name: 'Remove Command item 2' }));
  },
};

/** Call tool sends the program and the one extra item left. */
export const TupleRestAnswered: Story = {
  ...TupleRest,
  name: 'Tuple: extra items after the positions: submitted',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await TupleRest.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ command: ['grep', 'TODO'] });
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** Extra items move among themselves with the list's buttons; the program (a fixed position) never moves. */
export const TupleRestMove: Story = {
  name: 'Tuple: extra items move, positions do not',
  args: { tool: runCommand },
  play: async ({ canvas, userEvent }) => {
    const command = canvas.getByRole('group', { name: 'Command' });
    await userEvent.type(within(command).getByRole('textbox', { name: 'Program' }), 'grep');
    await userEvent.click(within(command).getByRole('button', { name: 'Add to Command' }));
    await userEvent.type(within(command).getByRole('textbox', { name: 'Command 2' }), 'TODO');
    await userEvent.click(within(command).getByRole('button', { name: 'Add to Command' }));
    await userEvent.type(within(command).getByRole('textbox', { name: 'Command 3' }), '-n');
    await expect(within(command).queryByRole('button', { name: /^Move Command item 1 / })).toBeNull();
    await expect(within(command).getByRole('button', { name: 'Move Command item 2 up' })).toBeDisabled();
    await expect(within(command).getByRole('button', { name: 'Move Command item 3 down' })).toBeDisabled();
    await userEvent.click(within(command).getByRole('button', { name: 'Move Command item 3 up' }));
    await expect(
      within(command)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['grep', '-n', 'TODO']);
  },
};

/** Call tool sends the extra items in their moved order. */
export const TupleRestMoveAnswered: Story = {
  ...TupleRestMove,
  name: 'Tuple: extra items move, positions do not: submitted',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await TupleRestMove.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ command: ['grep', '-n', 'TODO'] });
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

// ---------------------------------------------------------------------------------------------
// Dialects

/** 2020-12 (no `$schema`) applies `dependentRequired`: a card needs a billing address. */
export const Dialect202012: Story = {
  name: 'Dialect: 2020-12 applies dependentRequired',
  args: { tool: payByCard },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Card number' }), '4111');
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(summaryLines(canvas)).toEqual(['/billing This field is required.']);
    await expect(canvas.getByRole('textbox', { name: 'Billing address' })).toHaveFocus();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Billing address' }), '1 Main St');
  },
};

/** With the billing address added, the call goes out. */
export const Dialect202012Answered: Story = {
  ...Dialect202012,
  name: 'Dialect: 2020-12 applies dependentRequired: submitted',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await Dialect202012.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ card: '4111', billing: '1 Main St' });
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** The same schema under draft-07, which has no `dependentRequired`: the card alone is sent. */
export const DialectDraft07: Story = {
  name: 'Dialect: draft-07 has no dependentRequired',
  args: { tool: payByCardDraft07 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Card number' }), '4111');
  },
};

/** Call tool sends the card alone: draft-07 asks for no billing address. */
export const DialectDraft07Answered: Story = {
  ...DialectDraft07,
  name: 'Dialect: draft-07 has no dependentRequired: submitted',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await DialectDraft07.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ card: '4111' });
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

// ---------------------------------------------------------------------------------------------
// Schemas the kit refuses: the reason, and no form

/** A `$ref` to the network is never fetched: the schema is refused, naming the reference. */
export const RemoteRef: Story = {
  name: 'Refused: remote $ref',
  args: { tool: remoteRefTool },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This tool’s input schema cannot be used, so no form is shown')).toBeInTheDocument();
    await expect(
      canvas.getByText(
        '$ref "https://schemas.example.com/address.json" at /properties/address/$ref points outside this schema. Only references inside the schema (such as "#/$defs/Name" or "#name") are followed, and nothing is ever fetched.',
      ),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

/** An `$id` that is not a URI: the message names it and suggests the fix. */
export const InvalidId: Story = {
  name: 'Refused: $id is not a URI',
  args: { tool: badIdTool },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        '$id "my_tool:input" at /$id is not a valid URI (URI scheme is malformed). Use a plain name such as "my_tool_input", or move the schema under $defs and point to it with "$ref": "#/$defs/my_tool_input".',
      ),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** A dialect the kit does not compile (draft-04). */
export const UnsupportedDialect: Story = {
  name: 'Refused: unsupported dialect',
  args: { tool: draft04Tool },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        'Unsupported JSON Schema dialect "http://json-schema.org/draft-04/schema#" at /$schema. Supported: 2020-12 (the default when $schema is absent), 2019-09 and draft-07.',
      ),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** A host's own limits: the same schema, refused for nesting deeper than `maxDepth`. */
export const OverLimit: Story = {
  name: 'Refused: over a limit',
  args: { tool: createIssue, limits: { maxDepth: 4 } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        'The schema nests objects and arrays deeper than maxDepth (4), at /$defs/Person/properties/login.',
      ),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

// ---------------------------------------------------------------------------------------------
// Theme

/** The dark theme, forced. */
export const Dark: Story = {
  name: 'Theme: dark',
  args: { theme: 'dark' },
  globals: { backgrounds: { value: 'dark' } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('group', { name: 'Arguments of Find person' })).toHaveAttribute('data-theme', 'dark');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Find by' }), 'By name');
    await userEvent.click(canvas.getByRole('button', { name: 'Call tool' }));
    await expect(summaryLines(canvas)).toEqual(['/query/name This field is required.']);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
