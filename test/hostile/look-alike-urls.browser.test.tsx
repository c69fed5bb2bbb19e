// The look-alike URLs in real Chromium: its own URL parser (not Node's) decides the host, and the Site line
// shows the punycode headline with the registrable domain marked.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest';

import { loadElicitationViews, UrlElicitation } from '../../src/index.js';

beforeAll(loadElicitationViews);

/** The Site line's text and its marked part, for `url` drawn by UrlElicitation. */
function site(url: string): [string, string[]] {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  onTestFinished(() => {
    root.unmount();
    container.remove();
  });
  flushSync(() =>
    root.render(
      <UrlElicitation
        request={{ mode: 'url', message: 'Sign in', url }}
        server={{ name: 'Demo' }}
        onRespond={() => undefined}
      />,
    ),
  );
  const host = container.querySelector('dd');
  return [host?.textContent ?? '', Array.from(container.querySelectorAll('mark'), (mark) => mark.textContent ?? '')];
}

describe('given look-alike hosts in Chromium', () => {
  test.each([
    [
      '\u2044',
      'github.xn--comloginevil-tk0gf.com (decoded: github.com<U+2044>login<U+2044>evil.com)',
      'xn--comloginevil-tk0gf.com',
    ],
    [
      '\u2215',
      'github.xn--comloginevil-ji5gf.com (decoded: github.com<U+2215>login<U+2215>evil.com)',
      'xn--comloginevil-ji5gf.com',
    ],
    ['\u3002', 'github.com.login.evil.com', 'evil.com'],
    ['\uff0e', 'github.com.login.evil.com', 'evil.com'],
  ])('github.com%slogin…evil.com: %s, marked %s', (separator, shown, marked) => {
    expect(site(`https://github.com${separator}login${separator}evil.com/authorize`)).toEqual([shown, [marked]]);
  });

  test.each([
    ['https://ɡithub.com/', 'xn--ithub-qmc.com (decoded: <U+0261>ithub.com)'],
    ['https://gıthub.com/', 'xn--gthub-n4a.com (decoded: gıthub.com)'],
    ['https://ɑpple.com/', 'xn--pple-p5b.com (decoded: <U+0251>pple.com)'],
    ['https://ᴀpple.com/', 'xn--pple-k13a.com (decoded: <U+1D00>pple.com)'],
  ])('%s: %s', (url, shown) => {
    const [text, marks] = site(url);
    expect([text, marks]).toEqual([shown, [shown.split(' ')[0]]]);
  });

  test('U+FF0F FULLWIDTH SOLIDUS in the host is refused, not offered', () => {
    const [text, marks] = site('https://github.com\uff0flogin\uff0fevil.com/authorize');
    expect([text, marks]).toEqual(['https://github.com\uff0flogin\uff0fevil.com/authorize', []]);
  });
});
