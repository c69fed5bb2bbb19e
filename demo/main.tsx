/**
 * Entry of the demo host page: reads the MCP server URLs from the address (`?url=…`, repeatable)
 * and the SDK line of its clients (`?sdk=2`, default 1), and how long a request may wait for a view before
 * the queue cancels it (`?unseen=300`, milliseconds; default: it waits), and mounts the demo app.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { DemoApp } from './DemoApp.js';
import './demo.css';

const root = document.getElementById('root');
if (root === null) throw new Error('demo/index.html has no #root');
const params = new URLSearchParams(window.location.search);
createRoot(root).render(
  <StrictMode>
    <DemoApp
      initialUrls={params.getAll('url')}
      sdk={params.get('sdk') === '2' ? 2 : 1}
      unseenTimeoutMs={params.has('unseen') ? Number(params.get('unseen')) : undefined}
    />
  </StrictMode>,
);
