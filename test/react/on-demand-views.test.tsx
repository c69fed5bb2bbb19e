// The URL view and the round load on first use. Each test imports the entry afresh (`vi.resetModules`), so
// it starts with nothing loaded, as a page does.
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';

import type { ElicitRequestURLParams } from '../../src/index.js';

const request: ElicitRequestURLParams = { mode: 'url', message: 'Sign in.', url: 'https://example.com/' };
const server = { name: 'S' };

async function freshEntry() {
  return import('../../src/index.js');
}

beforeEach(() => {
  vi.resetModules();
});

describe('given nothing loaded yet', () => {
  test('UrlElicitation first draws an empty busy frame, then the consent view', async () => {
    const { UrlElicitation } = await freshEntry();
    const { container } = render(
      <UrlElicitation request={request} server={server} onRespond={() => {}} theme="dark" />,
    );
    expect(container.innerHTML).toBe('<div class="mek-root" data-theme="dark" aria-busy="true"></div>');
    expect(await screen.findByRole('button', { name: 'Open in new tab' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(container.querySelector('[aria-busy]')).toBeNull();
  });

  test('ElicitationPrompt in URL mode waits for the view; in form mode it draws at once', async () => {
    const { ElicitationPrompt } = await freshEntry();
    const form = render(
      <ElicitationPrompt
        request={{
          mode: 'form',
          message: 'Name?',
          requestedSchema: { type: 'object', properties: { n: { type: 'string' } } },
        }}
        server={server}
        onRespond={() => {}}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'n' })).toBeInTheDocument();
    form.unmount();
    render(<ElicitationPrompt request={request} server={server} onRespond={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Open in new tab' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Open in new tab' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  test('ElicitationPrompt with an unreadable request waits for the view, then offers Decline and Cancel', async () => {
    const { ElicitationPrompt } = await freshEntry();
    const { container } = render(
      <ElicitationPrompt request={{ mode: 'bogus' } as never} server={server} onRespond={() => {}} />,
    );
    expect(container.innerHTML).toBe('');
    expect(await screen.findByRole('button', { name: 'Decline' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  test('after loadElicitationViews() resolves, UrlElicitation draws in its first render', async () => {
    const { loadElicitationViews, UrlElicitation } = await freshEntry();
    await loadElicitationViews();
    render(<UrlElicitation request={request} server={server} onRespond={() => {}} />);
    expect(screen.getByRole('button', { name: 'Open in new tab' })).toBeInTheDocument();
  });
});
