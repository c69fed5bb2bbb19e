/**
 * Load through the real UI: three demo servers (SDK 1.x, Streamable HTTP, 127.0.0.1) each send 20
 * elicitations at once (`burst`), all into one host page in Chromium. A scripted person answers
 * whatever the host shows at its head, one at a time, with a token naming the request; every
 * server's tool then returns what it received, in the order it asked.
 *
 * Checked: every request answered exactly once (each server's 20 answers are its own 20 tokens, no
 * repeat, none missing), nothing lost (60 answers shown and given, 60 received, the queue empty),
 * and the order per server kept (the host showed each server's requests in the order it sent them).
 * The loop is bounded: at most 60 answers, then it stops and the assertions say what is missing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { armed, resultText, startHostHarness, type HostHarness } from './host-harness.js';

const SERVERS = ['alpha', 'beta', 'gamma'] as const;
const PER_SERVER = 20;

let harness: HostHarness;

beforeAll(async () => {
  harness = await startHostHarness(SERVERS.map((name) => ({ name })));
});
afterAll(async () => {
  await harness.close();
});

// 60 prompts, each answered once its Accept is armed (500 ms after it appears): half a minute of
// arming alone, on top of the typing, on 2 busy cores.
describe('given 3 servers sending 20 concurrent elicitations each', { timeout: 180_000 }, () => {
  test('every one is answered exactly once through the UI, none is lost, the order per server is kept', async () => {
    const { context, page } = await harness.openPage();
    const requests = page.getByRole('region', { name: 'Requests from MCP servers' });
    const burst = (server: string) =>
      page.getByRole('region', { name: server, exact: true }).getByRole('region', { name: 'burst', exact: true });

    for (const server of SERVERS) {
      await burst(server).getByRole('textbox', { name: 'Number of requests' }).fill(String(PER_SERVER));
    }
    // All three calls start before the first answer.
    for (const server of SERVERS) await burst(server).getByRole('button', { name: 'Call burst' }).click();
    await requests
      .getByRole('status')
      .first()
      .filter({ hasText: `${SERVERS.length * PER_SERVER} pending` })
      .waitFor();

    const shown: Record<string, number[]> = { alpha: [], beta: [], gamma: [] };
    const message = /^Request (\d+) of 20 from (alpha|beta|gamma)$/;
    for (let answered = 0; answered < SERVERS.length * PER_SERVER; answered += 1) {
      const prompt = requests.getByRole('group').first();
      const text = (await prompt.getByText(message).textContent()) ?? '';
      const [, index, server] = message.exec(text) ?? [];
      if (index === undefined || server === undefined) throw new Error(`unexpected prompt: ${text}`);
      shown[server]?.push(Number(index));
      await prompt.getByRole('textbox', { name: 'Answer' }).fill(`${server}#${index}`);
      await armed(prompt.getByRole('button', { name: 'Accept' })).click();
      // The next head is a new prompt: wait until this one has gone.
      await requests.getByText(text, { exact: true }).waitFor({ state: 'detached' });
    }

    const received: Record<string, unknown> = {};
    for (const server of SERVERS) {
      received[server] = JSON.parse(await resultText(burst(server)));
    }
    const expected = (server: string) =>
      Array.from({ length: PER_SERVER }, (_, index) => ({
        action: 'accept',
        content: { answer: `${server}#${index + 1}` },
      }));
    const inOrder = Array.from({ length: PER_SERVER }, (_, index) => index + 1);

    // Figures for the record: requests sent, answers shown and given, received, lost, duplicated.
    const answers = SERVERS.flatMap((server) =>
      (received[server] as { content: { answer: string } }[]).map((result) => result.content.answer),
    );
    const figures = {
      requests: SERVERS.length * PER_SERVER,
      answeredInUi: Object.values(shown).flat().length,
      received: answers.length,
      lost: SERVERS.length * PER_SERVER - new Set(answers).size,
      duplicates: answers.length - new Set(answers).size,
    };
    console.info(`load: ${JSON.stringify(figures)}`);
    expect(figures).toStrictEqual({ requests: 60, answeredInUi: 60, received: 60, lost: 0, duplicates: 0 });
    expect(shown).toStrictEqual({ alpha: inOrder, beta: inOrder, gamma: inOrder });
    expect(received).toStrictEqual({ alpha: expected('alpha'), beta: expected('beta'), gamma: expected('gamma') });
    expect(await requests.getByRole('group').count()).toBe(0);
    expect(await requests.getByRole('status').first().textContent()).toBe('');
    await context.close();
  });
});
