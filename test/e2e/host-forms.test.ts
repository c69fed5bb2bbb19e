/**
 * The demo host page in Chromium against the demo MCP server (SDK 1.x over Streamable HTTP on
 * 127.0.0.1): a person fills the "everything" form (every primitive, format and enum variant) by
 * clicking labels and typing; the tool's result is what the server's `elicitInput` resolved to, so
 * it shows both the exact content the server received and that the SDK's own Ajv validation took
 * it (a mismatch would have come back as an -32602 error). Then decline, cancel (button and
 * Escape), and a server that stops waiting: the entry goes and the notice shows. Tools are called
 * from the kit's `ToolCallForm`; what they return is read from the kit's `ToolResultView`.
 * A file field (SEP-2356) is answered the same way against an SDK 1.x and an SDK 2.x server.
 */
import {
  acceptedContent,
  createMcpHandler,
  fromJsonSchema,
  inputRequired,
  McpServer,
  type ElicitRequestFormParams,
} from '@modelcontextprotocol/server';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

import { validRequest } from '../fixtures/index.js';
import { armed, resultText, serveWebHandler, startHostHarness, type HostHarness } from './host-harness.js';

// SEP-2356's own elicitation example (an image up to 2 MB), as the demo (SDK 1.x) server asks it too.
// The SDK's schema types do not know the keyword yet.
const photoForm = { mode: 'form', ...validRequest('file/photo-required') } as unknown as ElicitRequestFormParams;

/** What the SDK 2.x tool returns when its validator refuses the answer. */
const REFUSED = 'The validator refused the answer.';

/**
 * An SDK 2.x server asking for the photo in a 2026-07-28 round. Answers in a round are not validated by
 * the SDK (its `inputResponse` docs: "not re-validated here"), so the tool checks the content with its
 * own default validator (`fromJsonSchema`: Ajv in Node) through `acceptedContent`, and says when it refuses.
 */
function photoServer(): McpServer {
  const server = new McpServer({ name: 'Photo service', version: '2.0.0' });
  server.registerTool('profile_photo', { description: 'Asks for an image file (SEP-2356).' }, async (ctx) => {
    const { inputResponses } = ctx.mcpReq;
    if (inputResponses === undefined)
      return inputRequired({ inputRequests: { photo: inputRequired.elicit(photoForm) } });
    const content = acceptedContent(inputResponses, 'photo', fromJsonSchema(photoForm.requestedSchema));
    const text = content === undefined ? REFUSED : JSON.stringify({ action: 'accept', content });
    return { content: [{ type: 'text', text }] };
  });
  return server;
}

let harness: HostHarness;
let context: BrowserContext;
let page: Page;
let sdk2Url: string;
let stopSdk2: () => Promise<void>;

beforeAll(async () => {
  harness = await startHostHarness([{ name: 'Workspace service' }]);
  const handler = createMcpHandler(photoServer);
  ({ url: sdk2Url, stop: stopSdk2 } = await serveWebHandler(
    (request) => handler.fetch(request),
    () => handler.close(),
  ));
});
afterAll(async () => {
  await harness.close();
  await stopSdk2();
});

afterEach(async () => {
  await context.close();
});

/** The tool's section of the page. */
function tool(name: string) {
  return page.getByRole('region', { name: 'Workspace service' }).getByRole('region', { name, exact: true });
}

/** Calls a tool from its form (the kit's `ToolCallForm`), as a person would; `fill` enters its arguments. */
async function call(name: string, fill?: (form: Locator) => Promise<void>): Promise<void> {
  const form = tool(name).getByRole('group', { name: /^Arguments of / });
  await fill?.(form);
  await form.getByRole('button', { name: `Call ${name}` }).click();
}

/** Waits until the tool's result view shows, and returns its text. */
function result(name: string): Promise<string> {
  return resultText(tool(name));
}

const requests = () => page.getByRole('region', { name: 'Requests from MCP servers' });

async function open(): Promise<void> {
  ({ context, page } = await harness.openPage());
  await tool('everything').getByRole('button', { name: 'Call everything' }).waitFor();
}

describe('given the everything form, filled in by a person', () => {
  test('the server receives exactly the answers, and its SDK validation accepts them', async () => {
    await open();
    await call('everything');
    const form = requests().getByRole('group', { name: 'Request from Workspace service' });
    await form.waitFor();
    await expect(form.getAttribute('aria-describedby')).resolves.toMatch(/-message$/);

    /** The `<label>` whose text starts with `text` (a required one ends with its mark, "*"). */
    const label = (text: string) => form.locator('label').filter({ hasText: new RegExp(`^${text}( \\*)?$`) });
    // Text fields: click the label, then type.
    await label('Workspace name').click();
    await page.keyboard.type('Apollo');
    await label('Contact email').click();
    await page.keyboard.type('ops@example.com');
    await label('Website').click();
    await page.keyboard.type('https://apollo.example.com/');
    // Date and date-time inputs take their parts typed in order (en-US: month, day, year; time, AM/PM).
    await label('Start date').click();
    await page.keyboard.type('03012026');
    await label('Kick-off meeting').click();
    await page.keyboard.type('03012026');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0930AM');
    // Seats has a default (5): select it and type over it.
    await label('Seats').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('12');
    await label('Monthly budget').click();
    await page.keyboard.type('99.5');
    // Choices: click the option's label; a few short options are segments, whose radio lies over its text.
    await label('Send me the newsletter').click();
    await form.getByRole('radiogroup', { name: 'Region' }).getByRole('radio', { name: 'us', exact: true }).click();
    await form.getByRole('radiogroup', { name: 'Plan' }).getByRole('radio', { name: 'Pro', exact: true }).click();
    await form
      .getByRole('radiogroup', { name: 'Team size' })
      .getByRole('radio', { name: 'Medium', exact: true })
      .click();
    // Ticked out of order: the answer lists them in the schema's order.
    const tags = form.getByRole('group', { name: 'Tags' });
    await tags.getByText('blue', { exact: true }).click();
    await tags.getByText('red', { exact: true }).click();
    const features = form.getByRole('group', { name: 'Features' });
    await features.getByText('API access', { exact: true }).click();
    await features.getByText('Single sign-on', { exact: true }).click();
    await armed(form.getByRole('button', { name: 'Accept' })).click();

    const text = await result('everything');
    expect(JSON.parse(text)).toStrictEqual({
      action: 'accept',
      content: {
        name: 'Apollo',
        email: 'ops@example.com',
        website: 'https://apollo.example.com/',
        start: '2026-03-01',
        kickoff: '2026-03-01T09:30:00+05:30',
        seats: 12,
        budget: 99.5,
        newsletter: true,
        region: 'us',
        plan: 'pro',
        size: 'm',
        tags: ['red', 'blue'],
        features: ['sso', 'api'],
      },
    });
    await requests().getByRole('group').waitFor({ state: 'detached' });
  });

  test('Accept with required fields empty sends nothing and says what is missing', async () => {
    await open();
    await call('everything');
    const form = requests().getByRole('group', { name: 'Request from Workspace service' });
    await armed(form.getByRole('button', { name: 'Accept' })).click();
    const summary = form.getByRole('alert');
    await summary.waitFor();
    expect(await summary.getByRole('listitem').allTextContents()).toStrictEqual([
      'Workspace name: This field is required.',
      'Contact email: This field is required.',
      'Region: This field is required.',
      'Plan: This field is required.',
      'Team size: This field is required.',
      'Tags: Choose at least 1 option.',
    ]);
    await expect(tool('everything').getByRole('status').textContent()).resolves.toBe(
      'Running everything… its questions, if any, show under Requests.',
    );
    await armed(form.getByRole('button', { name: 'Cancel', exact: true })).click();
    expect(JSON.parse(await result('everything'))).toStrictEqual({ action: 'cancel' });
  });
});

describe('given decline and cancel', () => {
  test('Decline reaches the server as { action: "decline" }', async () => {
    await open();
    await call('confirm');
    await armed(requests().getByRole('button', { name: 'Decline' })).click();
    expect(JSON.parse(await result('confirm'))).toStrictEqual({ action: 'decline' });
  });

  test('Cancel, by button and by Escape, reaches the server as { action: "cancel" }', async () => {
    await open();
    await call('confirm');
    await armed(requests().getByRole('button', { name: 'Cancel', exact: true })).click();
    expect(JSON.parse(await result('confirm'))).toStrictEqual({ action: 'cancel' });

    await call('confirm');
    const prompt = requests().getByRole('group', { name: 'Request from Workspace service' });
    await prompt.waitFor();
    // The new prompt has focus (the host moved it there): Escape goes to it.
    await expect(prompt.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    expect(JSON.parse(await result('confirm'))).toStrictEqual({ action: 'cancel' });
  });

  test('the defaulted form: Accept sends the default', async () => {
    await open();
    await call('confirm');
    await armed(requests().getByRole('button', { name: 'Accept' })).click();
    expect(JSON.parse(await result('confirm'))).toStrictEqual({ action: 'accept', content: { backup: true } });
  });
});

describe('given a server that stops waiting', () => {
  test('the entry disappears, the notice shows who stopped waiting, Dismiss removes it', async () => {
    await open();
    await call('stop_waiting', (form) => form.getByRole('textbox', { name: 'Give up after (ms)' }).fill('3600000'));
    const prompt = requests().getByRole('group', { name: 'Request from Workspace service' });
    await prompt.waitFor();
    await expect(requests().getByRole('status').first().textContent()).resolves.toBe('1 pending');
    expect(harness.servers[0]?.abortWaiting()).toBe(1);

    await prompt.waitFor({ state: 'detached' });
    const notice = requests().getByRole('listitem');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      'Workspace service stopped waitingAnswer within 3600 seconds, or I stop waiting.Dismiss',
    );
    expect(await result('stop_waiting')).toBe('Stopped waiting.');
    await expect(requests().getByRole('status').first().textContent()).resolves.toBe('');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
  });
});

describe('given a queue that cancels a request no view has shown within 300 ms', () => {
  test("the host shows it, so the server receives the person's answer, however long they take", async () => {
    ({ context, page } = await harness.openPage({ unseenTimeoutMs: 300, clock: true }));
    await tool('confirm').getByRole('button', { name: 'Call confirm' }).waitFor();
    await call('confirm');
    const prompt = requests().getByRole('group', { name: 'Request from Workspace service' });
    await prompt.waitFor();
    // Ten seconds of the page's time pass with the prompt on screen: had the host not marked it shown, the
    // queue's 300 ms timer would have answered cancel ("not-shown") by now.
    await page.clock.fastForward(10_000);
    await armed(prompt.getByRole('button', { name: 'Accept' })).click();
    expect(JSON.parse(await result('confirm'))).toStrictEqual({ action: 'accept', content: { backup: true } });
    await expect(requests().getByRole('listitem').count()).resolves.toBe(0);
  });
});

describe.each([
  { sdk: 1, server: 'Workspace service' },
  { sdk: 2, server: 'Photo service' },
] as const)('given a server of SDK line $sdk that asks for a file (SEP-2356 x-mcp-file)', ({ sdk, server }) => {
  test("a person's chosen file reaches the server as a data: URI of exactly its bytes and type, and its validation accepts it", async () => {
    ({ context, page } = await harness.openPage(sdk === 2 ? { urls: [sdk2Url], sdk } : { sdk }));
    const photoTool = page.getByRole('region', { name: server }).getByRole('region', { name: 'profile_photo' });
    await photoTool.getByRole('button', { name: 'Call profile_photo' }).click();
    const form = requests().getByRole('group', { name: `Request from ${server}` });
    // SEP-2356's own 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNkYGBgAAAABQABWaDDsAAAAABJRU5ErkJggg==',
      'base64',
    );
    // The picker loads on first use: setInputFiles waits for its input.
    await form.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    // Exactly this text once the file is encoded ("Reading the file…" follows it until then).
    await form.getByText('me.png (image/png, 70 bytes)', { exact: true }).waitFor();
    await armed(form.getByRole('button', { name: 'Accept' })).click();
    // The 1.x server's elicitInput validated the content (a refusal comes back as the tool's error text);
    // the 2.x tool validated it itself (a refusal is REFUSED).
    const text = await resultText(photoTool);
    expect(text).not.toBe(REFUSED);
    const answer = JSON.parse(text) as { action: string; content: { photo: string } };
    expect(answer.action).toBe('accept');
    const prefix = 'data:image/png;base64,';
    expect(answer.content.photo.slice(0, prefix.length)).toBe(prefix);
    expect(Buffer.from(answer.content.photo.slice(prefix.length), 'base64').equals(png)).toBe(true);
  });
});
