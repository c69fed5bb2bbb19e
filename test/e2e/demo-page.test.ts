/**
 * The demo page as a first look at the kit, in Chromium against the demo MCP server (SDK 1.x over
 * Streamable HTTP on 127.0.0.1): each tool's arguments are entered in the kit's `ToolCallForm`
 * (labelled fields, no JSON text box), what the tool asks shows in `ElicitationHost`, and what it
 * returns shows in `ToolResultView`, exactly; every button on the page is one of the kit's.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

import { armed, startHostHarness, type HostHarness } from './host-harness.js';

let harness: HostHarness;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  harness = await startHostHarness([{ name: 'Greeter' }]);
});
afterAll(async () => {
  await harness.close();
});
afterEach(async () => {
  await context.close();
});

/** The demo server's tools, in the order it registers them. */
const TOOLS = ['greet', 'everything', 'confirm', 'open_link', 'stop_waiting', 'burst', 'profile_photo'];

function tool(name: string) {
  return page.getByRole('region', { name: 'Greeter' }).getByRole('region', { name, exact: true });
}

const requests = () => page.getByRole('region', { name: 'Requests from MCP servers' });

/** The page once every tool's form is drawn. */
async function open(): Promise<void> {
  ({ context, page } = await harness.openPage());
  await tool('burst').getByRole('button', { name: 'Call burst' }).waitFor();
}

/** The names of the page's buttons that are not the kit's (`mek-button`); `[]` is what the page should give. */
async function foreignButtons(): Promise<string[]> {
  return page.locator('button:not(.mek-button)').evaluateAll((buttons) => buttons.map((button) => button.outerHTML));
}

/** The texts of a result view's text blocks. */
async function texts(view: ReturnType<Page['getByRole']>): Promise<string[]> {
  return view.getByRole('group', { name: 'Text content' }).locator('pre').allTextContents();
}

describe('given the demo page and the demo server', () => {
  test('arguments go in through the kit form (no JSON box); the prompt asks; the view shows the result', async () => {
    await open();
    expect(await page.locator('textarea').count()).toBe(0);
    // The connect form's button and one Call button per tool, all the kit's.
    expect(await page.getByRole('button').allTextContents()).toStrictEqual([
      'Connect',
      ...TOOLS.map((name) => `Call ${name}`),
    ]);
    expect(await foreignButtons()).toStrictEqual([]);
    const form = tool('greet').getByRole('group', { name: 'Arguments of Greet' });
    await form.getByRole('combobox', { name: 'Greeting' }).selectOption('Welcome');
    await form.getByRole('button', { name: 'Call greet' }).click();

    const prompt = requests().getByRole('group', { name: 'Request from Greeter' });
    await prompt.getByRole('textbox', { name: 'Your name' }).fill('Ada');
    // The prompt's buttons are the kit's too.
    expect(await foreignButtons()).toStrictEqual([]);
    await armed(prompt.getByRole('button', { name: 'Accept' })).click();

    const view = tool('greet').getByRole('group', { name: 'Result of Greet' });
    await view.waitFor();
    expect(await texts(view)).toStrictEqual(['Welcome, Ada!']);
    expect(await view.getByRole('group', { name: 'Output check' }).textContent()).toBe(
      'Output checkNot checked: there is no output schema to check against.',
    );
    await prompt.waitFor({ state: 'detached' });
    expect(await foreignButtons()).toStrictEqual([]);
  });

  test('a required number left empty calls nothing; typed into its labelled field, burst asks that many times', async () => {
    await open();
    const form = tool('burst').getByRole('group', { name: 'Arguments of Burst' });
    await form.getByRole('button', { name: 'Call burst' }).click();
    const summary = form.getByRole('alert');
    await summary.waitFor();
    expect(await summary.getByRole('listitem').allTextContents()).toStrictEqual(['/count This field is required.']);
    expect(await tool('burst').getByRole('status').count()).toBe(0);

    await form.getByRole('textbox', { name: 'Number of requests' }).fill('2');
    await form.getByRole('button', { name: 'Call burst' }).click();
    for (const index of [1, 2]) {
      const prompt = requests().getByRole('group', { name: 'Request from Greeter' });
      const message = prompt.getByText(`Request ${index} of 2 from Greeter`, { exact: true });
      await message.waitFor();
      await prompt.getByRole('textbox', { name: 'Answer' }).fill(`answer ${index}`);
      await armed(prompt.getByRole('button', { name: 'Accept' })).click();
      await message.waitFor({ state: 'detached' });
    }
    const view = tool('burst').getByRole('group', { name: 'Result of Burst' });
    await view.waitFor();
    expect((await texts(view)).map((text) => JSON.parse(text) as unknown)).toStrictEqual([
      [
        { action: 'accept', content: { answer: 'answer 1' } },
        { action: 'accept', content: { answer: 'answer 2' } },
      ],
    ]);
  });

  test('structured content is checked against the output schema and drawn by shape', async () => {
    await open();
    await tool('confirm').getByRole('button', { name: 'Call confirm' }).click();
    await armed(requests().getByRole('button', { name: 'Accept' })).click();

    const view = tool('confirm').getByRole('group', { name: 'Result of Confirm' });
    await view.waitFor();
    expect(await view.getByRole('group', { name: 'Output check' }).textContent()).toBe(
      'Output checkValid: the structured content matches the output schema.',
    );
    const structured = view.getByRole('group', { name: 'Structured content' });
    expect(await structured.locator('dt').allTextContents()).toStrictEqual(['action', 'content', 'backup']);
    expect(await structured.locator('dd').last().textContent()).toBe('true');
    expect(await texts(view)).toStrictEqual([JSON.stringify({ action: 'accept', content: { backup: true } })]);
  });
});
