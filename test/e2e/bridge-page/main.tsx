/**
 * The browser half of the bridge e2e test: `ElicitationHost` on a remote queue (file fields on), nothing else. The page
 * signs in as `?principal=` (a bearer header the test's `authorize` reads) and talks to `/elicit` on its
 * own origin.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { createRemoteElicitationQueue } from '../../../src/bridge/index.js';
import { ElicitationHost } from '../../../src/index.js';

const principal = new URLSearchParams(window.location.search).get('principal') ?? '';
// Module scope: StrictMode's double render must not open two streams.
const queue = createRemoteElicitationQueue({ url: '/elicit', headers: { authorization: `Bearer ${principal}` } });

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <ElicitationHost queue={queue} files />
  </StrictMode>,
);
