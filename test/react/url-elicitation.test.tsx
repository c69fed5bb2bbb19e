// UrlElicitation (MCP 2025-11-25, "Elicitation" → "Security Considerations"): who asks, the full URL as text, the host made to stand out, the
// warnings, refused schemes, consent only by click (window.open with noopener,noreferrer), the
// waiting and done views, and exactly one answer.
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';

import { loadElicitationViews, UrlElicitation, type ElicitRequestURLParams } from '../../src/index.js';
import { stubWindowOpen, violations } from './helpers.js';

const server = { name: 'Billing', id: 'billing-1' };

function urlRequest(url: string, elicitationId?: string): ElicitRequestURLParams {
  return {
    mode: 'url',
    message: 'Connect your payment account.',
    url,
    ...(elicitationId !== undefined && { elicitationId }),
  };
}

const open = stubWindowOpen();

/** The text given for a term of the URL facts ("Site", "Full address"). */
function fact(term: string): string {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

/** The texts of the warning list, in order. */
function warningTexts(): string[] {
  const list = screen.queryByText('Check before opening')?.parentElement;
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

// The view loads on first use; loaded ahead, it draws in its first render (on-demand-views.test.tsx tests the wait).
beforeAll(loadElicitationViews);

describe('given a safe https URL', () => {
  const request = urlRequest('https://accounts.example.com/connect?session=42');

  test('shows who asks, the message, the site and the full URL as text, not a link', () => {
    const { container } = render(<UrlElicitation request={request} server={server} onRespond={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'Request from Billing (ID: billing-1)' });
    expect(group).toHaveAccessibleDescription('Connect your payment account.');
    expect(screen.getByText('https://accounts.example.com/connect?session=42').tagName).toBe('CODE');
    expect(fact('Site')).toBe('accounts.example.com');
    expect(fact('Full address')).toBe('https://accounts.example.com/connect?session=42');
    // The last two labels stand out.
    expect(Array.from(container.querySelectorAll('mark'), (mark) => mark.textContent)).toEqual(['example.com']);
    expect(screen.queryByRole('link')).toBeNull();
    expect(warningTexts()).toEqual([]);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Open in new tab',
      'Decline',
      'Cancel',
    ]);
  });

  test('loads nothing of the URL: no iframe, image, link element, nor a call to window.open before the click', () => {
    render(<UrlElicitation request={request} server={server} onRespond={vi.fn()} />);
    expect(document.querySelectorAll('iframe, img, link, object, embed, script[src]')).toHaveLength(0);
    expect(open).not.toHaveBeenCalled();
  });

  test('Open in new tab opens it once with noopener,noreferrer and answers accept once', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<UrlElicitation request={request} server={server} onRespond={onRespond} />);
    await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
    expect(open.mock.calls).toStrictEqual([
      ['https://accounts.example.com/connect?session=42', '_blank', 'noopener,noreferrer'],
    ]);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept' }]]);
  });

  test('after consent it waits, with focus on the waiting message, Open again and Close', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    const onClose = vi.fn();
    render(<UrlElicitation request={request} server={server} onRespond={onRespond} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(
      'Finish in the new tab…The server is told you agreed. Come back here when you are done.',
    );
    expect(status).toHaveFocus();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Open again', 'Close']);
    await user.click(screen.getByRole('button', { name: 'Open again' }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(open.mock.calls[1]).toStrictEqual([
      'https://accounts.example.com/connect?session=42',
      '_blank',
      'noopener,noreferrer',
    ]);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onRespond).toHaveBeenCalledTimes(1);
  });

  test('Close without onClose hides the view', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = render(<UrlElicitation request={request} server={server} onRespond={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(container).toBeEmptyDOMElement();
  });

  test('a double click opens one tab and answers once', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<UrlElicitation request={request} server={server} onRespond={onRespond} />);
    await user.dblClick(screen.getByRole('button', { name: 'Open in new tab' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept' }]]);
  });

  test.each([
    { button: 'Decline', result: { action: 'decline' } },
    { button: 'Cancel', result: { action: 'cancel' } },
  ])('$button answers $result.action once and opens nothing', async ({ button, result }) => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<UrlElicitation request={request} server={server} onRespond={onRespond} />);
    await user.click(screen.getByRole('button', { name: button }));
    await user.click(screen.getByRole('button', { name: button }));
    expect(onRespond.mock.calls).toStrictEqual([[result]]);
    expect(open).not.toHaveBeenCalled();
  });

  test('Escape cancels once', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<UrlElicitation request={request} server={server} onRespond={onRespond} />);
    screen.getByRole('button', { name: 'Open in new tab' }).focus();
    await user.keyboard('{Escape}{Escape}');
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'cancel' }]]);
    expect(open).not.toHaveBeenCalled();
  });

  test('with the keyboard only: Tab to Open, Enter opens and accepts', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<UrlElicitation request={request} server={server} onRespond={onRespond} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Open in new tab' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenCalledTimes(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept' }]]);
  });

  test('has no axe violations, before and after consent', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = render(<UrlElicitation request={request} server={server} onRespond={vi.fn()} />);
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
    expect(await violations(container)).toEqual([]);
  });
});

describe('given a queue status', () => {
  test('consented shows the waiting view at once', () => {
    render(
      <UrlElicitation
        request={urlRequest('https://example.com/', 'e-1')}
        server={server}
        onRespond={vi.fn()}
        status="consented"
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Finish in the new tab…');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Open again', 'Close']);
  });

  test('completed shows done, with Close only', async () => {
    const { rerender } = render(
      <UrlElicitation
        request={urlRequest('https://example.com/', 'e-1')}
        server={server}
        onRespond={vi.fn()}
        status="consented"
      />,
    );
    rerender(
      <UrlElicitation
        request={urlRequest('https://example.com/', 'e-1')}
        server={server}
        onRespond={vi.fn()}
        status="completed"
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Done: the server confirmed it is finished.');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Close']);
  });
});

describe('given a suspicious URL', () => {
  test('a look-alike punycode host: the encoded form stands out, the decoded one beside it, with warnings', () => {
    const { container } = render(
      <UrlElicitation request={urlRequest('https://xn--pple-43d.com/signin')} server={server} onRespond={vi.fn()} />,
    );
    expect(fact('Site')).toBe('xn--pple-43d.com (decoded: аpple.com)');
    expect(Array.from(container.querySelectorAll('mark'), (mark) => mark.textContent)).toEqual(['xn--pple-43d.com']);
    expect(screen.getByText('https://xn--pple-43d.com/signin')).toBeInTheDocument();
    // The decoded host sits between U+2068 and U+2069 in the sentence: it cannot reorder the words around it.
    expect(warningTexts()).toEqual([
      'The site name uses international characters (\u2066аpple.com\u2069, sent as xn--pple-43d.com). It may imitate a name you know.',
      'The site name mixes letters of different alphabets, a common trick to imitate a known name. It is shown encoded, as the browser sends it.',
    ]);
    expect(screen.getByRole('button', { name: 'Open in new tab' })).toHaveAccessibleDescription(
      'Check before opening ' +
        'The site name uses international characters (\u2066аpple.com\u2069, sent as xn--pple-43d.com). It may imitate a name you know. ' +
        'The site name mixes letters of different alphabets, a common trick to imitate a known name. It is shown encoded, as the browser sends it.',
    );
  });

  test('an international name that imitates nothing: the Unicode host stands out, the encoded form beside it', () => {
    const { container } = render(
      <UrlElicitation request={urlRequest('https://bücher.example/')} server={server} onRespond={vi.fn()} />,
    );
    expect(fact('Site')).toBe('bücher.example (sent as xn--bcher-kva.example)');
    expect(Array.from(container.querySelectorAll('mark'), (mark) => mark.textContent)).toEqual(['bücher.example']);
    expect(warningTexts()).toEqual([
      'The site name uses international characters (\u2066bücher.example\u2069, sent as xn--bcher-kva.example). It may imitate a name you know.',
    ]);
  });

  test.each([
    ['U+2044 FRACTION SLASH', '\u2044', 'github.xn--comloginevil-tk0gf.com', 'xn--comloginevil-tk0gf.com'],
    ['U+2215 DIVISION SLASH', '\u2215', 'github.xn--comloginevil-ji5gf.com', 'xn--comloginevil-ji5gf.com'],
  ])(
    '%s in the host: the punycode host is the headline, its registrable domain marked, the slashes named',
    (_n, slash, host, site) => {
      const code = `U+${(slash.codePointAt(0) ?? 0).toString(16).toUpperCase()}`;
      const { container } = render(
        <UrlElicitation
          request={urlRequest(`https://github.com${slash}login${slash}evil.com/authorize`)}
          server={server}
          onRespond={vi.fn()}
        />,
      );
      expect(fact('Site')).toBe(`${host} (decoded: github.com<${code}>login<${code}>evil.com)`);
      expect(Array.from(container.querySelectorAll('mark'), (mark) => mark.textContent)).toEqual([site]);
      expect(warningTexts()).toEqual([
        `The site name uses international characters (github.com<${code}>login<${code}>evil.com, sent as ${host}). It may imitate a name you know.`,
        `The site name holds characters that names do not use (github.com<${code}>login<${code}>evil.com); some look like a slash or a plain letter. It is shown encoded, as the browser sends it.`,
      ]);
    },
  );

  test.each([
    ['U+3002 IDEOGRAPHIC FULL STOP', '\u3002'],
    ['U+FF0E FULLWIDTH FULL STOP', '\uff0e'],
  ])('%s in the host: read as dots, so the site marked is evil.com, and the odd dots are named', (_n, dot) => {
    const { container } = render(
      <UrlElicitation
        request={urlRequest(`https://github.com${dot}login${dot}evil.com/authorize`)}
        server={server}
        onRespond={vi.fn()}
      />,
    );
    expect(fact('Site')).toBe('github.com.login.evil.com');
    expect(Array.from(container.querySelectorAll('mark'), (mark) => mark.textContent)).toEqual(['evil.com']);
    expect(warningTexts()).toEqual([
      'The address was written with dots of another alphabet (such as 。), which are read as dots. The site shown is the one that opens.',
    ]);
  });

  test.each([
    ['ɡithub.com', 'xn--ithub-qmc.com'],
    ['gıthub.com', 'xn--gthub-n4a.com'],
    ['ɑpple.com', 'xn--pple-p5b.com'],
    ['ᴀpple.com', 'xn--pple-k13a.com'],
  ])('the Latin look-alike %s: its punycode is the headline and the marked site', (name, host) => {
    const { container } = render(
      <UrlElicitation request={urlRequest(`https://${name}/login`)} server={server} onRespond={vi.fn()} />,
    );
    expect(fact('Site')).toBe(
      `${host} (decoded: ${name === 'gıthub.com' ? name : `<U+${(name.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>${name.slice(1)}`})`,
    );
    expect(Array.from(container.querySelectorAll('mark'), (mark) => mark.textContent)).toEqual([host]);
  });

  test('a private public suffix: someone.github.io is the site, not github.io', () => {
    const { container } = render(
      <UrlElicitation request={urlRequest('https://login.someone.github.io/')} server={server} onRespond={vi.fn()} />,
    );
    expect(fact('Site')).toBe('login.someone.github.io');
    expect(Array.from(container.querySelectorAll('mark'), (mark) => mark.textContent)).toEqual(['someone.github.io']);
  });

  test('an IP host written in hex is shown as the address it opens', () => {
    const { container } = render(
      <UrlElicitation request={urlRequest('https://0x7f.1/admin')} server={server} onRespond={vi.fn()} />,
    );
    expect(fact('Site')).toBe('127.0.0.1');
    expect(Array.from(container.querySelectorAll('mark'), (mark) => mark.textContent)).toEqual(['127.0.0.1']);
    expect(screen.getByText('https://127.0.0.1/admin')).toBeInTheDocument();
    expect(warningTexts()).toEqual(['The site is a bare IP address, not a name. Make sure you expected that.']);
  });

  test('credentials: the real host is the one shown', () => {
    render(
      <UrlElicitation
        request={urlRequest('https://bank.example@evil.example/login')}
        server={server}
        onRespond={vi.fn()}
      />,
    );
    expect(fact('Site')).toBe('evil.example');
    expect(screen.getByText('https://bank.example@evil.example/login')).toBeInTheDocument();
    expect(warningTexts()).toEqual([
      'The address contains a user name or password before the site. The page opened is the site shown here, whatever that part says.',
    ]);
  });

  test('plain http, with a port', () => {
    render(<UrlElicitation request={urlRequest('http://example.com:8080/x')} server={server} onRespond={vi.fn()} />);
    expect(fact('Site')).toBe('example.com:8080');
    expect(warningTexts()).toEqual([
      'The page is not encrypted (http). Do not enter passwords or payment details there.',
    ]);
  });

  test('the warnings view has no axe violations', async () => {
    const { container } = render(
      <UrlElicitation request={urlRequest(' http://u:p@xn--pple-43d.com/')} server={server} onRespond={vi.fn()} />,
    );
    expect(warningTexts()).toHaveLength(5);
    expect(await violations(container)).toEqual([]);
  });
});

describe('given a URL the kit refuses', () => {
  test.each([
    {
      url: 'javascript:alert(1)',
      reason:
        'Only https and http links can be opened; this one is "javascript:". You can decline or cancel the request.',
    },
    {
      url: 'data:text/html,<b>hi</b>',
      reason: 'Only https and http links can be opened; this one is "data:". You can decline or cancel the request.',
    },
    {
      url: 'file:///etc/passwd',
      reason: 'Only https and http links can be opened; this one is "file:". You can decline or cancel the request.',
    },
    {
      url: 'not a url',
      reason: 'The server sent text that is not a complete web address. You can decline or cancel the request.',
    },
  ])('$url: the reason, the text as sent, and only Decline and Cancel', async ({ url, reason }) => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    const { container } = render(<UrlElicitation request={urlRequest(url)} server={server} onRespond={onRespond} />);
    expect(screen.getByText('This link cannot be opened')).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByText(url).tagName).toBe('CODE');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Decline', 'Cancel']);
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]]);
    expect(open).not.toHaveBeenCalled();
  });

  test('a URL over the length limit is not shown in full', () => {
    const url = `https://example.com/?q=${'a'.repeat(70_000)}`;
    render(<UrlElicitation request={urlRequest(url)} server={server} onRespond={vi.fn()} />);
    expect(
      screen.getByText('The address is too long to show and open safely. You can decline or cancel the request.'),
    ).toBeInTheDocument();
    expect(screen.getByText(`${url.slice(0, 500)}…`)).toBeInTheDocument();
  });
});

describe('given labels and a new request', () => {
  test('labels replace the strings', () => {
    render(
      <UrlElicitation
        request={urlRequest('https://example.com/')}
        server={server}
        onRespond={vi.fn()}
        labels={{ urlOpen: 'Öffnen', decline: 'Ablehnen' }}
      />,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Öffnen', 'Ablehnen', 'Cancel']);
  });

  test('a new request object asks again: a second answer is given for it', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    const { rerender } = render(
      <UrlElicitation request={urlRequest('https://a.example/')} server={server} onRespond={onRespond} />,
    );
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    rerender(<UrlElicitation request={urlRequest('https://b.example/')} server={server} onRespond={onRespond} />);
    await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }], [{ action: 'accept' }]]);
    expect(open.mock.calls).toStrictEqual([['https://b.example/', '_blank', 'noopener,noreferrer']]);
  });
});
