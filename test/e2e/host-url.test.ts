/**
 * URL mode in Chromium (MCP 2025-11-25, "Elicitation" → "Security Considerations"), against the demo server, whose `open_link` tool points at the
 * demo's "link site" (its own HTTP server on 127.0.0.1, which records every request it receives):
 *
 * - before consent the link site has received NOTHING: no prefetch, no preconnect, no favicon;
 * - the click on "Open in new tab" makes exactly one request there: a top-level navigation
 *   (`Sec-Fetch-Mode: navigate`, `Sec-Fetch-Dest: document`) without a Referer, in a new page whose
 *   `window.opener` is null (`noopener,noreferrer`);
 * - the visit makes the server send `notifications/elicitation/complete`: the host shows "done",
 *   and the tool's call returns;
 * - declining opens nothing and reaches the server.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

import { armed, resultText, startHostHarness, type HostHarness } from './host-harness.js';

let harness: HostHarness;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  harness = await startHostHarness([{ name: 'Account linker' }]);
});
afterAll(async () => {
  await harness.close();
});
afterEach(async () => {
  await context.close();
});

function tool(name: string) {
  return page.getByRole('region', { name: 'Account linker' }).getByRole('region', { name, exact: true });
}

function result(name: string): Promise<string> {
  return resultText(tool(name));
}

const requests = () => page.getByRole('region', { name: 'Requests from MCP servers' });

describe('given a URL-mode elicitation in the demo host', () => {
  test('nothing reaches the URL before consent; the click opens it once, without opener or referrer; completion shows done', async () => {
    ({ context, page } = await harness.openPage());
    const linkSite = harness.servers[0]!;
    const pagesBefore = context.pages().length;
    await tool('open_link').getByRole('button', { name: 'Call open_link' }).click();
    const prompt = requests().getByRole('group', { name: 'Request from Account linker' });
    const address = prompt.locator('dt', { hasText: 'Full address' }).locator('xpath=following-sibling::dd[1]');
    await address.waitFor();
    const href = (await address.textContent()) ?? '';
    const id = href.slice(`${linkSite.linkOrigin}/link/`.length);
    expect(href).toBe(`${linkSite.linkOrigin}/link/${id}`);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // The whole consent view is drawn (site, address, warnings): and still nothing was requested.
    expect(await prompt.getByRole('listitem').allTextContents()).toStrictEqual([
      'The site is a bare IP address, not a name. Make sure you expected that.',
      'The page is not encrypted (http). Do not enter passwords or payment details there.',
    ]);
    expect(await prompt.getByRole('link').count()).toBe(0);
    expect(
      await page.locator('iframe, img, link[rel="preconnect"], link[rel="prefetch"], link[rel="dns-prefetch"]').count(),
    ).toBe(0);
    expect(linkSite.linkRequests).toStrictEqual([]);
    expect(context.pages()).toHaveLength(pagesBefore);

    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      armed(prompt.getByRole('button', { name: 'Open in new tab' })).click(),
    ]);
    await popup.waitForLoadState('load');
    expect(popup.url()).toBe(href);
    expect(await popup.evaluate(() => window.opener === null)).toBe(true);
    expect(await popup.getByRole('heading', { level: 1 }).textContent()).toBe('Demo account connected');

    // The visit completes the elicitation: the server sends the notification, then the call ends.
    expect(await result('open_link')).toBe(`Link completed (${id}).`);
    const status = prompt.getByRole('status');
    await status.filter({ hasText: 'Done: the server confirmed it is finished.' }).waitFor();
    expect(linkSite.linkRequests).toStrictEqual([
      { method: 'GET', path: `/link/${id}`, mode: 'navigate', dest: 'document', referer: '' },
    ]);
    expect(context.pages()).toHaveLength(pagesBefore + 1);

    await armed(prompt.getByRole('button', { name: 'Close' })).click();
    await prompt.waitFor({ state: 'detached' });
    await popup.close();
    // Still exactly one request, after the page, the close and everything the host did since.
    expect(linkSite.linkRequests).toHaveLength(1);
  });

  test('Decline opens nothing and reaches the server', async () => {
    ({ context, page } = await harness.openPage());
    const linkSite = harness.servers[0]!;
    const before = linkSite.linkRequests.length;
    const pagesBefore = context.pages().length;
    await tool('open_link').getByRole('button', { name: 'Call open_link' }).click();
    await armed(requests().getByRole('button', { name: 'Decline' })).click();
    expect(await result('open_link')).toBe('Link declined.');
    expect(linkSite.linkRequests).toHaveLength(before);
    expect(context.pages()).toHaveLength(pagesBefore);
  });
});
