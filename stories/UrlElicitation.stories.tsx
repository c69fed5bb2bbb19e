/**
 * `UrlElicitation` stories (MCP 2025-11-25, "Elicitation" → "Security Considerations"): the consent view for a safe https URL, for the suspicious
 * kinds (punycode, IP host, embedded credentials, plain http), a refused `javascript:` URL, and the
 * waiting and done views. `window.open` is replaced by a `fn()` spy for every story (and restored
 * after it), so the play functions can prove the URL is opened once, with `noopener,noreferrer`,
 * only after the click, and never for a refused URL. Each story shows its view unanswered; the clicks
 * that answer (consent, Decline, Escape, Close) are in the test-only story after it (`!dev`). They run
 * as tests in Chromium (test/stories), where axe fails a shot on any violation.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';

import { loadElicitationViews, UrlElicitation, type ElicitRequestURLParams } from '../src/index.js';
import { stubWindowOpen } from './windowOpen.js';

function urlRequest(
  url: string,
  message = 'Connect your payment account to finish the setup.',
): ElicitRequestURLParams {
  return { mode: 'url', message, url, elicitationId: 'el-42' };
}

/** The text given for a term of the URL facts ("Site", "Full address"). */
function fact(canvasElement: HTMLElement, term: string): string {
  return within(canvasElement).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

/** The texts of the warning list, in order. */
function warnings(canvasElement: HTMLElement): string[] {
  const title = within(canvasElement).queryByText('Check before opening');
  return title?.parentElement
    ? within(title.parentElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '')
    : [];
}

const meta = {
  title: 'UrlElicitation',
  component: UrlElicitation,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  // The view loads on first use; loading it first lets each play read it from the first render.
  loaders: [async () => ({ views: await loadElicitationViews() })],
  args: {
    request: urlRequest('https://billing.example.com/connect?session=42'),
    server: { name: 'Billing', id: 'billing-1' },
    onRespond: fn(),
    onClose: fn(),
  },
  argTypes: {
    onRespond: { table: { category: 'Events' } },
    onClose: { table: { category: 'Events' } },
    status: { control: 'inline-radio', options: [undefined, 'pending', 'consented', 'completed'] },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
    density: { control: 'inline-radio', options: ['comfortable', 'compact'] },
  },
  beforeEach: stubWindowOpen,
} satisfies Meta<typeof UrlElicitation>;

export default meta;

type Story = StoryObj<typeof meta>;

/** A plain https URL: no warning. The click opens it in a new tab and answers `accept` (consent). */
export const SafeHttps: Story = {
  name: 'Safe https URL',
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('group', { name: 'Request from Billing (ID: billing-1)' }),
    ).toHaveAccessibleDescription('Connect your payment account to finish the setup.');
    await expect(fact(canvasElement, 'Site')).toBe('billing.example.com');
    await expect(fact(canvasElement, 'Full address')).toBe('https://billing.example.com/connect?session=42');
    await expect(Array.from(canvasElement.querySelectorAll('mark'), (mark) => mark.textContent)).toEqual([
      'example.com',
    ]);
    await expect(canvas.queryByRole('link')).toBeNull();
    await expect(warnings(canvasElement)).toEqual([]);
    // Nothing is opened before the click.
    await expect(window.open).not.toHaveBeenCalled();
  },
};

/**
 * The click opens the URL once, in a new tab with `noopener,noreferrer`, and answers `accept` (consent);
 * the view then waits for the server, its status focused, with Open again and Close.
 */
export const SafeHttpsAnswered: Story = {
  ...SafeHttps,
  name: 'Safe https URL: consented',
  tags: ['!dev', '!autodocs', 'shot'],
  play: async (context) => {
    await SafeHttps.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Open in new tab' }));
    await expect(window.open).toHaveBeenCalledTimes(1);
    await expect(window.open).toHaveBeenCalledWith(
      'https://billing.example.com/connect?session=42',
      '_blank',
      'noopener,noreferrer',
    );
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept' });
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent(
      'Finish in the new tab…The server is told you agreed. Come back here when you are done.',
    );
    await expect(status).toHaveFocus();
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual(['Open again', 'Close']);
  },
};

/** Cyrillic "а" in a Latin name: shown as the browser sends it (punycode), the decoded form beside it. */
export const Punycode: Story = {
  name: 'Warning: punycode look-alike',
  args: { request: urlRequest('https://xn--pple-43d.com/signin?next=%2Faccount') },
  play: async ({ canvas, canvasElement }) => {
    await expect(fact(canvasElement, 'Site')).toBe('xn--pple-43d.com (decoded: аpple.com)');
    await expect(fact(canvasElement, 'Full address')).toBe('https://xn--pple-43d.com/signin?next=%2Faccount');
    await expect(warnings(canvasElement)).toEqual([
      'The site name uses international characters (\u2066аpple.com\u2069, sent as xn--pple-43d.com). It may imitate a name you know.',
      'The site name mixes letters of different alphabets, a common trick to imitate a known name. It is shown encoded, as the browser sends it.',
    ]);
    await expect(canvas.getByRole('button', { name: 'Open in new tab' })).toHaveAccessibleDescription(
      'Check before opening The site name uses international characters (\u2066аpple.com\u2069, sent as xn--pple-43d.com). It may imitate a name you know. ' +
        'The site name mixes letters of different alphabets, a common trick to imitate a known name. It is shown encoded, as the browser sends it.',
    );
    await expect(window.open).not.toHaveBeenCalled();
  },
};

/** An IP host, written in hex by the server: shown as the address the browser will open. */
export const IpHost: Story = {
  name: 'Warning: IP host',
  args: { request: urlRequest('https://0xC0.0xA8.0x01.0x01:8443/setup') },
  play: async ({ canvasElement }) => {
    await expect(fact(canvasElement, 'Site')).toBe('192.168.1.1:8443');
    await expect(fact(canvasElement, 'Full address')).toBe('https://192.168.1.1:8443/setup');
    await expect(warnings(canvasElement)).toEqual([
      'The site is a bare IP address, not a name. Make sure you expected that.',
    ]);
  },
};

/** `user:password@` before the host: the real host is the one after `@`. */
export const Credentials: Story = {
  name: 'Warning: embedded credentials',
  args: { request: urlRequest('https://billing.example.com:hunter2@evil.example/login') },
  play: async ({ canvasElement }) => {
    await expect(fact(canvasElement, 'Site')).toBe('evil.example');
    await expect(warnings(canvasElement)).toEqual([
      'The address contains a user name or password before the site. The page opened is the site shown here, whatever that part says.',
    ]);
  },
};

/** `http:`: nothing is protected in transit. */
export const PlainHttp: Story = {
  name: 'Warning: plain http',
  args: { request: urlRequest('http://billing.example.com/connect') },
  play: async ({ canvasElement }) => {
    await expect(fact(canvasElement, 'Site')).toBe('billing.example.com');
    await expect(warnings(canvasElement)).toEqual([
      'The page is not encrypted (http). Do not enter passwords or payment details there.',
    ]);
  },
};

/** A `javascript:` URL is never offered: the reason, the text as sent, Decline and Cancel only. */
export const RefusedJavascript: Story = {
  name: 'Refused: javascript: URL',
  args: { request: urlRequest('javascript:alert(document.cookie)') },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This link cannot be opened')).toBeVisible();
    await expect(
      canvas.getByText(
        'Only https and http links can be opened; this one is "javascript:". You can decline or cancel the request.',
      ),
    ).toBeVisible();
    await expect(canvas.getByText('javascript:alert(document.cookie)').tagName).toBe('CODE');
    await expect(canvas.queryByRole('link')).toBeNull();
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual(['Decline', 'Cancel']);
  },
};

/** Decline sends `{ action: 'decline' }` once, and nothing is opened. */
export const RefusedJavascriptAnswered: Story = {
  ...RefusedJavascript,
  name: 'Refused: javascript: URL: declined',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await RefusedJavascript.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'decline' });
    await expect(window.open).not.toHaveBeenCalled();
  },
};

/** Escape is Cancel, and opens nothing. */
export const EscapeCancels: Story = {
  name: 'Escape cancels',
};

/** Escape on the consent view sends `{ action: 'cancel' }` once, and nothing is opened. */
export const EscapeCancelsAnswered: Story = {
  ...EscapeCancels,
  name: 'Escape cancels: cancelled',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await EscapeCancels.play?.(context);
    const { args, canvas, userEvent } = context;
    canvas.getByRole('button', { name: 'Open in new tab' }).focus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'cancel' });
    await expect(window.open).not.toHaveBeenCalled();
  },
};

/** The server sent `notifications/elicitation/complete`: done, with Close only (answered at consent). */
export const Completed: Story = {
  name: 'Completed (queue status)',
  args: { status: 'completed' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Done: the server confirmed it is finished.');
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual(['Close']);
  },
};

/** Close tells the host (`onClose`) and answers nothing: the request was answered at consent. */
export const CompletedAnswered: Story = {
  ...Completed,
  name: 'Completed (queue status): closed',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await Completed.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expect(args.onRespond).not.toHaveBeenCalled();
    await expect(window.open).not.toHaveBeenCalled();
  },
};

/** The dark theme, with a warning. */
export const Dark: Story = {
  name: 'Dark theme',
  args: { theme: 'dark', request: urlRequest('http://xn--80ak6aa92e.com/') },
  parameters: { backgrounds: { value: 'dark' } },
  play: async ({ canvasElement }) => {
    await expect(fact(canvasElement, 'Site')).toBe('xn--80ak6aa92e.com (decoded: аррӏе.com)');
    await expect(warnings(canvasElement)).toEqual([
      'The site name uses international characters (\u2066аррӏе.com\u2069, sent as xn--80ak6aa92e.com). It may imitate a name you know.',
      'Every letter of \u2066аррӏе.com\u2069 belongs to another alphabet but looks like a Latin letter: the name imitates one written in Latin letters. It is shown encoded, as the browser sends it.',
      'The page is not encrypted (http). Do not enter passwords or payment details there.',
    ]);
  },
};
