/**
 * `ToolResultView` stories: one per shape of `structuredContent` (array of objects, object, each
 * primitive that looks like "nothing", absent), per verdict of `validateToolResult` and per note
 * (wrapper, text block missing or different), plus hostile strings and a large result. Tools and
 * results come from the shared fixtures (`test/fixtures/tools.ts`). Each story checks what is
 * shown, exactly; they run as tests in Chromium (test/stories), where axe fails a shot on any
 * violation (colour contrast included).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { ToolResultView } from '../src/react/tools/index.js';
import { TOOL_RESULT_NOTES } from '../src/tools/index.js';
import {
  citiesResult,
  errorResult,
  getWeather,
  HOSTILE,
  hostileResult,
  invalidCitiesResult,
  listCities,
  manyRowsResult,
  primitiveTools,
  remoteOutputTool,
  weatherResult,
  wrappedWeatherResult,
} from '../test/fixtures/tools.js';

const meta = {
  title: 'ToolResultView',
  component: ToolResultView,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { tool: listCities, result: citiesResult },
  argTypes: {
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
    density: { control: 'inline-radio', options: ['comfortable', 'compact'] },
  },
} satisfies Meta<typeof ToolResultView>;

export default meta;

type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

const VERDICT = {
  valid: 'Valid: the structured content matches the output schema.',
  invalid: 'Invalid: the structured content does not match the output schema.',
  missing: 'Missing: the tool has an output schema but sent no structured content.',
  noSchema: 'Not checked: there is no output schema to check against.',
  schemaError: 'Schema error: the tool’s output schema cannot be used.',
};

/** The texts of elements, in order. */
function texts(elements: HTMLElement[]): (string | null)[] {
  return elements.map((element) => element.textContent);
}

/** The verdict line and the lines listed under it (issues, then notes). */
async function expectCheck(canvas: Canvas, verdict: string, lines: string[]): Promise<void> {
  const check = canvas.getByRole('group', { name: 'Output check' });
  await expect(within(check).getByText(verdict)).toBeInTheDocument();
  await expect(texts(within(check).queryAllByRole('listitem'))).toEqual(lines);
}

// ---------------------------------------------------------------------------------------------
// Shapes of structuredContent

/** An array of objects: a table with a caption, every key a column (first-seen order), absent cells marked. */
export const ArrayOfObjects: Story = {
  name: 'Shape: array of objects (table)',
  play: async ({ canvas }) => {
    await expectCheck(canvas, VERDICT.valid, []);
    // A valid result has the success style: the green border of the light theme.
    const check = canvas.getByRole('group', { name: 'Output check' });
    await expect(getComputedStyle(check).borderTopColor).toBe('rgb(26, 127, 55)');
    const table = canvas.getByRole('table', { name: '3 rows' });
    await expect(texts(within(table).getAllByRole('columnheader'))).toEqual(['#', 'name', 'population', 'fjord']);
    await expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => texts(within(row).getAllByRole('cell'))),
    ).toEqual([
      ['Oslo', '709037', '(absent)'],
      ['Bergen', '291940', 'true'],
      ['Tromsø', '(absent)', '(absent)'],
    ]);
  },
};

/** An object: a definition list, with a nested object, a list and a table inside. */
export const ObjectFields: Story = {
  name: 'Shape: object (fields)',
  args: { tool: getWeather, result: weatherResult },
  play: async ({ canvas }) => {
    await expectCheck(canvas, VERDICT.valid, []);
    const structured = canvas.getByRole('group', { name: 'Structured content' });
    await expect(texts(within(structured).getAllByRole('term'))).toEqual([
      'city',
      'tempC',
      'wind',
      'speed',
      'dir',
      'alerts',
      'stations',
    ]);
    await expect(texts(within(structured).getAllByRole('listitem'))).toEqual(['ice', 'snow']);
    await expect(
      texts(within(within(structured).getByRole('table', { name: 'stations: 2 rows' })).getAllByRole('columnheader')),
    ).toEqual(['#', 'id', 'heightM']);
  },
};

/** `0` is a value, not nothing. */
export const PrimitiveZero: Story = {
  name: 'Shape: primitive 0',
  args: primitiveTools.zero,
  play: async ({ canvas }) => {
    await expectCheck(canvas, VERDICT.valid, []);
    await expect(
      within(canvas.getByRole('group', { name: 'Structured content' })).getByText('0', { exact: true }),
    ).toBeInTheDocument();
  },
};

/** `false` is a value, not nothing. */
export const PrimitiveFalse: Story = {
  name: 'Shape: primitive false',
  args: primitiveTools.no,
  play: async ({ canvas }) => {
    await expectCheck(canvas, VERDICT.valid, []);
    await expect(
      within(canvas.getByRole('group', { name: 'Structured content' })).getByText('false', { exact: true }),
    ).toBeInTheDocument();
  },
};

/** The empty string is shown as `""`. */
export const PrimitiveEmptyString: Story = {
  name: 'Shape: primitive ""',
  args: primitiveTools.empty,
  play: async ({ canvas }) => {
    await expectCheck(canvas, VERDICT.valid, []);
    await expect(
      within(canvas.getByRole('group', { name: 'Structured content' })).getByText('""', { exact: true }),
    ).toBeInTheDocument();
  },
};

/** `null` is a value: shown as `null`, never as "No structured content." */
export const PrimitiveNull: Story = {
  name: 'Shape: null',
  args: primitiveTools.nothing,
  play: async ({ canvas }) => {
    await expectCheck(canvas, VERDICT.valid, []);
    const structured = canvas.getByRole('group', { name: 'Structured content' });
    await expect(within(structured).getByText('null', { exact: true })).toBeInTheDocument();
    await expect(within(structured).queryByText('No structured content.')).toBeNull();
  },
};

// ---------------------------------------------------------------------------------------------
// Verdicts and notes

/** `invalid`: each issue located by JSON Pointer; the value is still shown as it came. */
export const Invalid: Story = {
  name: 'Verdict: invalid',
  args: { result: invalidCitiesResult },
  play: async ({ canvas }) => {
    await expectCheck(canvas, VERDICT.invalid, [
      '/0/population must be integer',
      "/1/name must have required property 'name'",
    ]);
    await expect(canvas.getByRole('table', { name: '2 rows' })).toBeInTheDocument();
  },
};

/** `missing`: an output schema, and no `structuredContent` at all. */
export const Missing: Story = {
  name: 'Verdict: missing',
  args: { result: { content: [{ type: 'text', text: 'Oslo, Bergen' }] } },
  play: async ({ canvas }) => {
    await expectCheck(canvas, VERDICT.missing, [TOOL_RESULT_NOTES.missing]);
    await expect(
      within(canvas.getByRole('group', { name: 'Structured content' })).getByText('No structured content.'),
    ).toBeInTheDocument();
    await expect(
      within(canvas.getByRole('group', { name: 'Text content' })).getByText('Oslo, Bergen'),
    ).toBeInTheDocument();
  },
};

/** `no-schema`: the tool declares no output schema; the value is shown unchecked. */
export const NoSchema: Story = {
  name: 'Verdict: no-schema',
  args: {
    tool: { name: 'echo', title: 'Echo', inputSchema: { type: 'object' } },
    result: { content: [], structuredContent: { said: 'hi' } },
  },
  play: async ({ canvas }) => {
    await expectCheck(canvas, VERDICT.noSchema, [TOOL_RESULT_NOTES.noSchema]);
    await expect(
      within(canvas.getByRole('group', { name: 'Structured content' })).getByRole('definition'),
    ).toHaveTextContent(/^hi$/);
  },
};

/** `schema-error`: the output schema points at the network, so it is refused. */
export const SchemaError: Story = {
  name: 'Verdict: schema-error',
  args: { tool: remoteOutputTool, result: { content: [], structuredContent: { pages: 3 } } },
  play: async ({ canvas }) => {
    await expectCheck(canvas, VERDICT.schemaError, [
      TOOL_RESULT_NOTES.schemaError(
        '$ref "https://schemas.example.com/report.json" at /$ref points outside this schema. Only references inside the schema (such as "#/$defs/Name" or "#name") are followed, and nothing is ever fetched.',
      ),
    ]);
  },
};

/** A tool error: said first; an output schema does not bind error results. */
export const ErrorResult: Story = {
  name: 'Verdict: error result',
  args: { result: errorResult },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The tool reported an error.')).toBeInTheDocument();
    await expectCheck(canvas, VERDICT.noSchema, [TOOL_RESULT_NOTES.errorResult]);
    await expect(
      within(canvas.getByRole('group', { name: 'Text content' })).getByText('Station offline'),
    ).toBeInTheDocument();
  },
};

/** The `{"result": …}` wrapper of 2025-era SDK servers: valid, with a note; the wrapped value is shown. */
export const ResultWrapper: Story = {
  name: 'Note: {result} wrapper',
  args: { tool: getWeather, result: wrappedWeatherResult },
  play: async ({ canvas }) => {
    await expectCheck(canvas, VERDICT.valid, [TOOL_RESULT_NOTES.wrapped]);
    const structured = canvas.getByRole('group', { name: 'Structured content' });
    await expect(within(structured).queryByText('result')).toBeNull();
    await expect(texts(within(structured).getAllByRole('term')).slice(0, 2)).toEqual(['city', 'tempC']);
  },
};

/** An array result without the text block SEP-2106 asks for. */
export const TextBlockMissing: Story = {
  name: 'Note: text block missing',
  args: { result: { ...citiesResult, content: [] } },
  play: async ({ canvas }) => {
    await expectCheck(canvas, VERDICT.valid, [TOOL_RESULT_NOTES.textMissing('an array')]);
    await expect(
      within(canvas.getByRole('group', { name: 'Text content' })).getByText('No text content.'),
    ).toBeInTheDocument();
  },
};

/** An array result whose text block holds other JSON. */
export const TextBlockMismatch: Story = {
  name: 'Note: text block differs',
  args: { result: { ...citiesResult, content: [{ type: 'text', text: '[{"name":"Oslo"}]' }] } },
  play: async ({ canvas }) => {
    await expectCheck(canvas, VERDICT.valid, [TOOL_RESULT_NOTES.textMismatch('an array', 1)]);
  },
};

// ---------------------------------------------------------------------------------------------
// Safety and size

/** Markup, a script and a URL in keys, values, cells and the text block: all plain text, no link. */
export const HostileStrings: Story = {
  name: 'Safety: HTML, script and URL as text',
  args: { tool: { name: 'scrape', title: 'Scrape', inputSchema: { type: 'object' } }, result: hostileResult },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('script, img, a, iframe')).toBeNull();
    await expect(canvas.queryByRole('link')).toBeNull();
    const structured = canvas.getByRole('group', { name: 'Structured content' });
    await expect(within(structured).getAllByText(HOSTILE.script)).toHaveLength(2);
    await expect(within(structured).getAllByText(HOSTILE.img)).toHaveLength(2);
    await expect(within(structured).getAllByText(HOSTILE.url)).toHaveLength(2);
  },
};

/** 450 rows: 200 are drawn until the person asks for all. */
export const ManyRows: Story = {
  name: 'Size: 450 rows, capped at 200',
  args: {
    tool: { name: 'export_rows', title: 'Export rows', inputSchema: { type: 'object' } },
    result: manyRowsResult(450),
  },
  play: async ({ canvas, userEvent }) => {
    const table = canvas.getByRole('table', { name: '450 rows' });
    await expect(within(table).getAllByRole('row')).toHaveLength(201);
    await expect(canvas.getByText('Showing 200 of 450.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Show all 450' }));
    await expect(within(table).getAllByRole('row')).toHaveLength(451);
    await expect(within(table).getAllByRole('rowheader').at(-1)).toHaveTextContent(/^450$/);
  },
};

/** The dark theme, forced, on an invalid result, so axe checks the error colours too. */
export const Dark: Story = {
  name: 'Theme: dark',
  args: { result: invalidCitiesResult, theme: 'dark' },
  globals: { backgrounds: { value: 'dark' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Result of List cities' })).toHaveAttribute('data-theme', 'dark');
    await expectCheck(canvas, VERDICT.invalid, [
      '/0/population must be integer',
      "/1/name must have required property 'name'",
    ]);
  },
};
