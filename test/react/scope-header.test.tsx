// The prompt's header names what an ACP agent's request belongs to, after the agent's name, isolated and
// revealed as the name is (ACP v1, "Elicitation" → "User interaction requirements": identify the Agent).
import { act, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';

import { ElicitationForm, ElicitationHost, ElicitationPrompt } from '../../src/index.js';
import { createElicitationQueue } from '../../src/core/index.js';

const request = {
  mode: 'form' as const,
  message: 'Which strategy?',
  requestedSchema: {
    type: 'object' as const,
    properties: { strategy: { type: 'string' as const, enum: ['safe', 'fast'] } },
  },
};

describe('given a request with a scope', () => {
  test('the host names the agent, its session and tool call', async () => {
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    void queue.enqueue(request, {
      server: { name: 'Refactor agent', scope: { sessionId: 'sess_1', toolCallId: 'call_7' } },
    });
    await act(async () => {});
    expect(
      screen.getByRole('group', { name: 'Request from Refactor agent (session sess_1, tool call call_7)' }),
    ).toHaveAccessibleDescription('Which strategy?');
  });

  test("each request of one agent shows its own scope, not the first one's", async () => {
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    const server = (toolCallId: string) => ({ name: 'Refactor agent', scope: { sessionId: 'sess_1', toolCallId } });
    // A URL the person consented to stays on screen (waiting for completion) while the agent's next request shows.
    const link = { mode: 'url' as const, message: 'Sign in', url: 'https://example.com/', elicitationId: 'e-1' };
    void queue.enqueue(link, { server: server('call_7'), serverKey: 'acp-1' });
    await act(async () => {});
    const [first] = queue.getSnapshot().entries;
    await act(async () => {
      queue.respond(first?.id ?? '', { action: 'accept' });
    });
    void queue.enqueue(request, { server: server('call_8'), serverKey: 'acp-1' });
    await act(async () => {});
    expect(queue.getSnapshot().entries.map((entry) => entry.status)).toStrictEqual(['consented', 'pending']);
    expect(
      screen.getByRole('group', { name: 'Request from Refactor agent (session sess_1, tool call call_8)' }),
    ).toHaveAccessibleDescription('Which strategy?');
  });

  test('a request outside a session names its request id', () => {
    render(
      <ElicitationPrompt
        request={request}
        server={{ name: 'Setup agent', scope: { requestId: '12' } }}
        onRespond={vi.fn()}
      />,
    );
    expect(screen.getByRole('group', { name: 'Request from Setup agent (request 12)' })).toBeInTheDocument();
  });

  test('right-to-left and hidden characters in a scope are isolated and written out, with the warning', () => {
    render(
      <ElicitationPrompt
        request={request}
        server={{ name: 'Agent', scope: { sessionId: 'a\u202Egnp.exe', toolCallId: 'שלום' } }}
        onRespond={vi.fn()}
      />,
    );
    const scope = screen.getByText(/^\(session/);
    expect(scope.textContent).toBe('(session \u2068a<U+202E>gnp.exe\u2069, tool call \u2068שלום\u2069)');
    expect(screen.getByText(/^The server's name contains invisible/)).toHaveTextContent('<U+202E>');
  });

  test('a scope value that is not text (a remote queue reads entries off the network) is left out, not drawn', () => {
    const scope = { sessionId: { toString: () => 'injected' }, toolCallId: 'call_7' } as unknown as {
      sessionId: string;
    };
    render(<ElicitationPrompt request={request} server={{ name: 'Agent', scope }} onRespond={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Request from Agent (tool call call_7)' })).toBeInTheDocument();
  });

  test("a host's serverScope label is given each scope value isolated, and an empty scope adds nothing", () => {
    const serverScope = vi.fn((scope: { sessionId?: string; toolCallId?: string }) =>
      [scope.sessionId, scope.toolCallId].join(' / '),
    );
    const { unmount } = render(
      <ElicitationForm
        request={request}
        server={{ name: 'Agent', scope: { sessionId: 'sess_1', toolCallId: 'שלום' } }}
        labels={{ serverScope }}
        onRespond={vi.fn()}
      />,
    );
    expect(serverScope.mock.calls).toStrictEqual([[{ sessionId: 'sess_1', toolCallId: '\u2068שלום\u2069' }]]);
    expect(screen.getByRole('group', { name: 'Request from Agent sess_1 / \u2068שלום\u2069' })).toBeInTheDocument();
    unmount();
    render(<ElicitationPrompt request={request} server={{ name: 'Agent', scope: {} }} onRespond={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Request from Agent' })).toBeInTheDocument();
  });
});
