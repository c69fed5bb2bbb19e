// ToolResultView: a tools/call result for a person. Each shape of structuredContent (object,
// array of objects, other arrays, each primitive, absent), each verdict of validateToolResult with
// its notes, the {result} wrapper, text blocks, the row cap, and HTML from the result shown as
// text. axe checks every state.
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';

import { ToolResultView } from '../../src/react/tools/index.js';
import { TOOL_RESULT_NOTES, type CallToolResult, type Tool } from '../../src/tools/index.js';
import {
  citiesResult,
  errorResult,
  HOSTILE,
  hostileResult,
  invalidCitiesResult,
  listCities,
  manyRowsResult,
  remoteOutputTool,
} from '../fixtures/tools.js';
import { violations } from './helpers.js';

const VERDICT = {
  valid: 'Valid: the structured content matches the output schema.',
  invalid: 'Invalid: the structured content does not match the output schema.',
  missing: 'Missing: the tool has an output schema but sent no structured content.',
  noSchema: 'Not checked: there is no output schema to check against.',
  schemaError: 'Schema error: the tool’s output schema cannot be used.',
};

const CITY = {
  type: 'object',
  properties: { name: { type: 'string' }, population: { type: 'integer' } },
  required: ['name'],
};

function part(name: string): HTMLElement {
  return screen.getByRole('group', { name });
}

function textsOf(elements: HTMLElement[]): (string | null)[] {
  return elements.map((element) => element.textContent);
}

describe('given an array of objects', () => {
  const result = citiesResult;
  const tool = listCities;

  test('draws a table: a caption, every key as a column in first-seen order, absent cells marked', async () => {
    const { container } = render(<ToolResultView tool={tool} result={result} />);
    const view = screen.getByRole('group', { name: 'Result of List cities' });
    expect(view).toHaveAttribute('data-verdict', 'valid');
    const table = within(part('Structured content')).getByRole('table', { name: '3 rows' });
    expect(textsOf(within(table).getAllByRole('columnheader'))).toEqual(['#', 'name', 'population', 'fjord']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => textsOf(within(row).getAllByRole('cell')))).toEqual([
      ['Oslo', '709037', '(absent)'],
      ['Bergen', '291940', 'true'],
      ['Tromsø', '(absent)', '(absent)'],
    ]);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['1', '2', '3']);
    expect(within(part('Output check')).getByText(VERDICT.valid)).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });

  test('shows the text block as plain text', () => {
    render(<ToolResultView tool={tool} result={result} />);
    expect(within(part('Text content')).getByText(result.content?.[0]?.text as string)).toBeInTheDocument();
  });
});

describe('given an object', () => {
  const tool: Tool = {
    name: 'get_weather',
    inputSchema: { type: 'object' },
    outputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        tempC: { type: 'number' },
        wind: { type: 'object' },
        alerts: { type: 'array' },
        stations: { type: 'array' },
        tags: { type: 'object' },
      },
    },
  };
  const result: CallToolResult = {
    content: [],
    structuredContent: {
      city: 'Oslo',
      tempC: -3.5,
      wind: { speed: 4, dir: 'NW' },
      alerts: ['ice', 'snow'],
      stations: [{ id: 'a' }, { id: 'b', height: 12 }],
      tags: {},
    },
  };

  test('draws a definition list, nested objects and lists inside it', async () => {
    const { container } = render(<ToolResultView tool={tool} result={result} />);
    const structured = part('Structured content');
    const [outer] = within(structured)
      .getAllByRole('term')
      .map((term) => term.closest('dl'));
    const top = outer as HTMLElement;
    const topTerms = Array.from(top.querySelectorAll(':scope > div > dt')).map((term) => term.textContent);
    expect(topTerms).toEqual(['city', 'tempC', 'wind', 'alerts', 'stations', 'tags']);
    const values = Array.from(top.querySelectorAll(':scope > div > dd'));
    expect(values[0]).toHaveTextContent(/^Oslo$/);
    expect(values[1]).toHaveTextContent(/^-3\.5$/);
    expect(textsOf(within(values[2] as HTMLElement).getAllByRole('term'))).toEqual(['speed', 'dir']);
    expect(textsOf(within(values[2] as HTMLElement).getAllByRole('definition'))).toEqual(['4', 'NW']);
    expect(textsOf(within(within(values[3] as HTMLElement).getByRole('list')).getAllByRole('listitem'))).toEqual([
      'ice',
      'snow',
    ]);
    const stations = within(values[4] as HTMLElement).getByRole('table', { name: 'stations: 2 rows' });
    expect(textsOf(within(stations).getAllByRole('columnheader'))).toEqual(['#', 'id', 'height']);
    expect(values[5]).toHaveTextContent(/^\(empty object\)$/);
    expect(within(part('Text content')).getByText('No text content.')).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });
});

describe('given each primitive', () => {
  const cases: { name: string; schema: Record<string, unknown>; value: unknown; shown: string; kind: string }[] = [
    { name: '0', schema: { type: 'integer' }, value: 0, shown: '0', kind: 'a number' },
    { name: 'false', schema: { type: 'boolean' }, value: false, shown: 'false', kind: 'a boolean' },
    { name: 'the empty string', schema: { type: 'string' }, value: '', shown: '""', kind: 'a string' },
    { name: 'null', schema: { type: 'null' }, value: null, shown: 'null', kind: 'null' },
    { name: 'the string "null"', schema: { type: 'string' }, value: 'null', shown: '"null"', kind: 'a string' },
  ];

  test.each(cases)('$name is shown as $shown, a present value: valid', async ({ schema, value, shown }) => {
    const tool: Tool = { name: 'probe', inputSchema: { type: 'object' }, outputSchema: schema };
    const { container } = render(
      <ToolResultView
        tool={tool}
        result={{ content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value }}
      />,
    );
    const structured = part('Structured content');
    expect(within(structured).getByText(shown, { exact: true })).toBeInTheDocument();
    expect(within(structured).queryByText('No structured content.')).toBeNull();
    expect(within(part('Output check')).getByText(VERDICT.valid)).toBeInTheDocument();
    expect(within(part('Output check')).queryByText('Notes')).toBeNull();
    expect(await violations(container)).toEqual([]);
  });

  test.each(cases)('$name without a text block gets the note that asks for one', ({ schema, value, kind }) => {
    const tool: Tool = { name: 'probe', inputSchema: { type: 'object' }, outputSchema: schema };
    render(<ToolResultView tool={tool} result={{ content: [], structuredContent: value }} />);
    expect(textsOf(within(part('Output check')).getAllByRole('listitem'))).toEqual([
      TOOL_RESULT_NOTES.textMissing(kind),
    ]);
  });

  test('an array whose text block holds other JSON gets the mismatch note', () => {
    const tool: Tool = {
      name: 'probe',
      inputSchema: { type: 'object' },
      outputSchema: { type: 'array', items: { type: 'integer' } },
    };
    render(
      <ToolResultView
        tool={tool}
        result={{ content: [{ type: 'text', text: '[1,2]' }], structuredContent: [1, 2, 3] }}
      />,
    );
    expect(textsOf(within(part('Output check')).getAllByRole('listitem'))).toEqual([
      TOOL_RESULT_NOTES.textMismatch('an array', 1),
    ]);
    expect(textsOf(within(part('Structured content')).getAllByRole('listitem'))).toEqual(['1', '2', '3']);
  });
});

describe('given each verdict', () => {
  test('invalid: each issue is listed by JSON Pointer', async () => {
    const { container } = render(<ToolResultView tool={listCities} result={invalidCitiesResult} />);
    const check = part('Output check');
    expect(screen.getByRole('group', { name: 'Result of List cities' })).toHaveAttribute('data-verdict', 'invalid');
    expect(within(check).getByText(VERDICT.invalid)).toBeInTheDocument();
    expect(within(check).getByText('Issues')).toBeInTheDocument();
    expect(textsOf(within(check).getAllByRole('listitem'))).toEqual([
      '/0/population must be integer',
      "/1/name must have required property 'name'",
    ]);
    // The value is still shown, as it came.
    expect(within(part('Structured content')).getByRole('table', { name: '2 rows' })).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });

  test('missing: an output schema, no structuredContent, which is not the same as null', async () => {
    const { container } = render(
      <ToolResultView tool={listCities} result={{ content: [{ type: 'text', text: 'Oslo, Bergen' }] }} />,
    );
    expect(within(part('Output check')).getByText(VERDICT.missing)).toBeInTheDocument();
    expect(textsOf(within(part('Output check')).getAllByRole('listitem'))).toEqual([TOOL_RESULT_NOTES.missing]);
    expect(within(part('Structured content')).getByText('No structured content.')).toBeInTheDocument();
    expect(within(part('Structured content')).queryByText('null')).toBeNull();
    expect(within(part('Text content')).getByText('Oslo, Bergen')).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });

  test('no-schema: nothing to check against, the value is still shown', async () => {
    const tool: Tool = { name: 'echo', inputSchema: { type: 'object' } };
    const { container } = render(
      <ToolResultView tool={tool} result={{ content: [], structuredContent: { said: 'hi' } }} />,
    );
    expect(within(part('Output check')).getByText(VERDICT.noSchema)).toBeInTheDocument();
    expect(textsOf(within(part('Output check')).getAllByRole('listitem'))).toEqual([TOOL_RESULT_NOTES.noSchema]);
    expect(within(part('Structured content')).getByRole('definition')).toHaveTextContent(/^hi$/);
    expect(await violations(container)).toEqual([]);
  });

  test('schema-error: the output schema is refused, with the reason', async () => {
    const { container } = render(
      <ToolResultView tool={remoteOutputTool} result={{ content: [], structuredContent: { a: 1 } }} />,
    );
    expect(within(part('Output check')).getByText(VERDICT.schemaError)).toBeInTheDocument();
    expect(textsOf(within(part('Output check')).getAllByRole('listitem'))).toEqual([
      TOOL_RESULT_NOTES.schemaError(
        '$ref "https://schemas.example.com/report.json" at /$ref points outside this schema. Only references inside the schema (such as "#/$defs/Name" or "#name") are followed, and nothing is ever fetched.',
      ),
    ]);
    expect(await violations(container)).toEqual([]);
  });

  test('an error result: the error is said first; the output schema does not bind it', async () => {
    const { container } = render(<ToolResultView tool={listCities} result={errorResult} />);
    const view = screen.getByRole('group', { name: 'Result of List cities' });
    expect(within(view).getByText('The tool reported an error.')).toBeInTheDocument();
    expect(within(part('Output check')).getByText(VERDICT.noSchema)).toBeInTheDocument();
    expect(textsOf(within(part('Output check')).getAllByRole('listitem'))).toEqual([TOOL_RESULT_NOTES.errorResult]);
    expect(within(part('Text content')).getByText('Station offline')).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });
});

describe('given the {"result": …} wrapper', () => {
  test('an object schema with a wrapped value: valid, the note, and the wrapped value shown', async () => {
    const tool: Tool = {
      name: 'get_weather',
      inputSchema: { type: 'object' },
      outputSchema: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      },
    };
    const { container } = render(
      <ToolResultView tool={tool} result={{ content: [], structuredContent: { result: { city: 'Oslo' } } }} />,
    );
    expect(within(part('Output check')).getByText(VERDICT.valid)).toBeInTheDocument();
    expect(textsOf(within(part('Output check')).getAllByRole('listitem'))).toEqual([TOOL_RESULT_NOTES.wrapped]);
    expect(textsOf(within(part('Structured content')).getAllByRole('term'))).toEqual(['city']);
    expect(await violations(container)).toEqual([]);
  });

  test('the wrapped schema listed toward 2025-era clients: the array inside is the table', () => {
    const tool: Tool = {
      name: 'list_cities',
      inputSchema: { type: 'object' },
      outputSchema: { type: 'object', properties: { result: { type: 'array', items: CITY } }, required: ['result'] },
    };
    const value = [{ name: 'Oslo', population: 709037 }];
    render(
      <ToolResultView
        tool={tool}
        result={{ content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: { result: value } }}
      />,
    );
    expect(textsOf(within(part('Output check')).getAllByRole('listitem'))).toEqual([TOOL_RESULT_NOTES.wrappedSchema]);
    expect(within(part('Structured content')).getByRole('table', { name: '1 row' })).toBeInTheDocument();
  });
});

describe('given HTML, scripts and URLs in the result', () => {
  const { script, img, url } = HOSTILE;

  test('everything is text: no element is made, no link', async () => {
    const { container } = render(
      <ToolResultView tool={{ name: 'evil', inputSchema: { type: 'object' } }} result={hostileResult} />,
    );
    expect(container.querySelector('script, img, a, iframe')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    const structured = part('Structured content');
    expect(within(structured).getAllByText(script)).toHaveLength(2);
    expect(within(structured).getAllByText(img)).toHaveLength(2);
    expect(within(structured).getAllByText(url)).toHaveLength(2);
    expect(within(part('Text content')).getByText(`${script} ${img} ${url}`)).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });

  test('a primitive string is text too', () => {
    const { container } = render(
      <ToolResultView tool={{ name: 'evil', inputSchema: { type: 'object' } }} result={{ structuredContent: img }} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(within(part('Structured content')).getByText(JSON.stringify(img))).toBeInTheDocument();
  });
});

describe('given a large or deep result', () => {
  test('a table of 450 rows shows 200 until "Show all 450" is pressed', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ToolResultView tool={{ name: 'many', inputSchema: { type: 'object' } }} result={manyRowsResult(450)} />);
    const table = screen.getByRole('table', { name: '450 rows' });
    expect(within(table).getAllByRole('row')).toHaveLength(201);
    expect(screen.getByText('Showing 200 of 450.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all 450' }));
    expect(within(table).getAllByRole('row')).toHaveLength(451);
    expect(screen.queryByRole('button', { name: 'Show all 450' })).toBeNull();
  });

  test('maxRows caps lists and objects too', () => {
    render(
      <ToolResultView
        tool={{ name: 'many', inputSchema: { type: 'object' } }}
        result={{ structuredContent: { list: [1, 2, 3, 4], a: 1, b: 2 } }}
        maxRows={2}
      />,
    );
    const structured = part('Structured content');
    expect(textsOf(within(structured).getAllByRole('term'))).toEqual(['list', 'a']);
    expect(textsOf(within(structured).getAllByRole('listitem'))).toEqual(['1', '2']);
    expect(textsOf(within(structured).getAllByRole('button'))).toEqual(['Show all 4', 'Show all 3']);
  });

  test('nesting deeper than maxDepth is summarised, once', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 50; level++) deep = { next: deep };
    render(
      <ToolResultView
        tool={{ name: 'deep', inputSchema: { type: 'object' } }}
        result={{ structuredContent: deep }}
        maxDepth={3}
      />,
    );
    const structured = part('Structured content');
    expect(within(structured).getAllByRole('term')).toHaveLength(3);
    expect(within(structured).getByText('(nested too deeply to show)')).toBeInTheDocument();
    expect(within(structured).queryByText('bottom')).toBeNull();
  });
});

describe('given content blocks that are not text, labels and theme', () => {
  test('an image block is named, never drawn', () => {
    const { container } = render(
      <ToolResultView
        tool={{ name: 'pic', inputSchema: { type: 'object' } }}
        result={{
          content: [
            { type: 'image', text: 'ignored' },
            { type: 'text', text: 'caption' },
          ],
        }}
      />,
    );
    const text = part('Text content');
    expect(within(text).getByText('A content block of type image (not shown).')).toBeInTheDocument();
    expect(within(text).queryByText('ignored')).toBeNull();
    expect(within(text).getByText('caption')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  test('labels replace the view’s strings; theme sets data-theme', () => {
    render(
      <ToolResultView
        tool={listCities}
        result={{ content: [{ type: 'text', text: '[]' }], structuredContent: [] }}
        theme="dark"
        labels={{ viewName: (name) => `Output of ${name}`, structuredTitle: 'Data', emptyArray: 'Nothing.' }}
      />,
    );
    const view = screen.getByRole('group', { name: 'Output of List cities' });
    expect(view).toHaveAttribute('data-theme', 'dark');
    expect(within(part('Data')).getByText('Nothing.')).toBeInTheDocument();
  });
});
