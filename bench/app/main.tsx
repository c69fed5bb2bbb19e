/**
 * The in-page half of `npm run bench`: mounts a subject and times one interaction at a time, with
 * `performance.now()` in the page. Two times per measurement:
 * - `work`: from just before the event (or the render) to the committed DOM. React flushes a
 *   discrete event's update in a microtask queued during the event, so once the harness's own
 *   microtask resumes the commit is done; the harness then checks the DOM shows the new state (and
 *   falls back to waiting a task at a time when it does not yet, so a deferred commit is still counted).
 * - `frame`: from the same start to the next animation frame plus one message-channel task, i.e.
 *   after style, layout and paint of the frame that shows the change.
 * `window.bench` is driven by Playwright from `bench/run.mjs`.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

import { ElicitationForm, loadElicitationViews, type ElicitRequestFormParams } from '../../src/index.js';
import { loadPatternEngine } from '../../src/core/index.js';
import { BASELINE_PATTERN, freshPattern, patternCases } from '../patterns.js';
import {
  fieldsSubject,
  gridSubject,
  listSubject,
  manySubject,
  smallFormSubject,
  type ListCase,
  type Subject,
} from './subjects.js';
import { encodeDataUri } from '../../src/react/theme/widgets/encode-file.js';

/** One timing, in milliseconds. */
interface Timing {
  work: number;
  frame: number;
}

// One channel for the whole page: a MessageChannel made per frame can be garbage-collected with its
// message still queued (Chromium), and the frame would never be reported.
const channel = new MessageChannel();
const afterPaint: (() => void)[] = [];
channel.port1.onmessage = () => afterPaint.shift()?.();

/** Resolves after the next frame has been produced (rAF, then a task after paint). */
function nextFrame(): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      afterPaint.push(() => resolve(performance.now()));
      channel.port2.postMessage(null);
    });
  });
}

/** Waits until `done()` holds: first a microtask, then a task at a time (at most 200). */
async function committed(done: () => boolean): Promise<number> {
  await Promise.resolve();
  for (let tries = 0; !done() && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 0));
  if (!done()) throw new Error('the DOM never showed the change');
  return performance.now();
}

let root: Root | undefined;
let container: HTMLElement | undefined;

function unmount(): void {
  root?.unmount();
  container?.remove();
  root = undefined;
  container = undefined;
}

/** The option control at `index` of the list: a checkbox or radio, or the `<select>` or combobox when there is one. */
function control(index: number): {
  element: HTMLInputElement | HTMLSelectElement;
  kind: 'box' | 'select' | 'combobox';
} {
  const host = container as HTMLElement;
  const select = host.querySelector('select');
  if (select) return { element: select, kind: 'select' };
  const combobox = host.querySelector<HTMLInputElement>('input[role=combobox]');
  if (combobox) return { element: combobox, kind: 'combobox' };
  const boxes = host.querySelectorAll<HTMLInputElement>('input[type=checkbox], input[type=radio]');
  const box = boxes[index];
  if (!box) throw new Error(`no option ${index} (${boxes.length} drawn)`);
  return { element: box, kind: 'box' };
}

/** Toggles option `index` (selects it in a `<select>`), timing work and frame. */
async function toggle(index: number): Promise<Timing> {
  const { element, kind } = control(index);
  let done: () => boolean;
  const started = performance.now();
  if (kind === 'select') {
    const select = element as HTMLSelectElement;
    // Option 0 is the kit's / rjsf's empty entry; the native subject has no select.
    const target = String(select.options[index + 1]?.value ?? '');
    select.value = target;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    done = () => (container?.querySelector('select') as HTMLSelectElement | null)?.value === target;
  } else if (kind === 'combobox') {
    // The kit's combobox: a click opens the popup, a click on the option chooses it (two person's clicks).
    const box = element as HTMLInputElement;
    const optionOf = () => document.getElementById(`${box.id}__option-${index}`);
    box.click();
    await committed(() => optionOf() !== null);
    const option = optionOf() as HTMLElement;
    const title = option.textContent;
    option.click();
    done = () => box.value === title && optionOf() === null;
  } else {
    const box = element as HTMLInputElement;
    const want = box.type === 'radio' ? true : !box.checked;
    box.click();
    // The clicked box itself while it is in the page: looking it up again among 5,000 inputs
    // costs 1-2 ms, which would be counted as the subject's work.
    done = () => {
      const now = box.isConnected ? box : (control(index).element as HTMLInputElement);
      return now.checked === want;
    };
  }
  const work = (await committed(done)) - started;
  const frame = (await nextFrame()) - started;
  return { work, frame };
}

/** Mounts a list case, then times the first interaction after mount (option `firstIndex`). */
async function mountList(
  subject: Subject | 'kit-select',
  spec: ListCase,
  firstIndex: number,
): Promise<{ mount: Timing; first: Timing }> {
  unmount();
  await nextFrame();
  container = document.createElement('div');
  document.body.append(container);
  const started = performance.now();
  root = createRoot(container);
  const target = root;
  flushSync(() => target.render(listSubject(subject, spec)));
  const work = performance.now() - started;
  const frame = (await nextFrame()) - started;
  const first = await toggle(firstIndex);
  return { mount: { work, frame }, first };
}

/** What a huge case costs: the mount, the longest task from its start until idle, and when the page was idle. */
interface HugeTiming {
  /** The mount itself (one task: render, commit, layout effects). */
  mount: number;
  /**
   * The longest the main thread was busy at a stretch, from the mount until idle: the longest gap between
   * two beats of a heartbeat task posted back to back (so every task, rendering included, not only those
   * over 50 ms the long-task observer sees).
   */
  longest: number;
  /** From the mount's start to the end of the last frame in which the DOM still changed, once nothing is busy. */
  idle: number;
}

/**
 * The heartbeat: a message task that posts the next one; a gap between beats is a task (or a frame) of something
 * else, as long as that took. `stop()` ends it and gives the longest gap since it started.
 */
function heartbeat(): { stop: () => number } {
  const beat = new MessageChannel();
  let lastBeat = performance.now();
  let longest = 0;
  let beating = true;
  beat.port1.onmessage = () => {
    const now = performance.now();
    longest = Math.max(longest, now - lastBeat);
    lastBeat = now;
    if (beating) beat.port2.postMessage(null);
  };
  beat.port2.postMessage(null);
  return {
    stop() {
      beating = false;
      beat.port1.close();
      return longest;
    },
  };
}

/**
 * Mounts a huge case (`list` of the kit, or the `grid` of selects) and watches it until the DOM has
 * stopped changing for five frames and nothing in it is busy (`aria-busy`: a form of many options
 * is read over several tasks first).
 */
async function mountHuge(which: { list?: ListCase; grid?: { fields: number; options: number } }): Promise<HugeTiming> {
  unmount();
  // A fresh request each run (so no parse is remembered), built in a task of its own before the clock
  // starts: making 100,000 option objects is the page's work (a host reads them off the wire), not the kit's.
  const ui = which.list
    ? listSubject('kit', which.list)
    : gridSubject(which.grid?.fields ?? 0, which.grid?.options ?? 0);
  // Then the page idles (twice, as the browser offers it): the collector sweeps up after the page's own
  // allocations there, as it would between a message's arrival and its form, not inside the kit's tasks.
  for (let idle = 0; idle < 2; idle++) await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 500 }));
  await nextFrame();
  const host = document.createElement('div');
  container = host;
  document.body.append(host);
  let lastChange = 0;
  const mutations = new MutationObserver(() => {
    lastChange = performance.now();
  });
  mutations.observe(host, { childList: true, subtree: true, attributes: true });
  const started = performance.now();
  const beat = heartbeat();
  root = createRoot(host);
  const target = root;
  flushSync(() => target.render(ui));
  const mount = performance.now() - started;
  let idleAt = await nextFrame();
  for (let quiet = 0; quiet < 5;) {
    const before = lastChange;
    const frameEnd = await nextFrame();
    if (lastChange !== before || host.querySelector('[aria-busy="true"]')) {
      idleAt = frameEnd;
      quiet = 0;
    } else quiet++;
    if (frameEnd - started > 60_000) throw new Error('still drawing after 60 s');
  }
  const longest = beat.stop();
  mutations.disconnect();
  return { mount, longest: Math.max(mount, longest), idle: idleAt - started };
}

/**
 * Encodes a file of `megabytes` MB as the file picker does (SEP-2356 `data:` URI): the whole time, and the longest
 * the main thread was busy at a stretch meanwhile (heartbeat gaps, as `mountHuge` measures).
 */
async function encodeFile(megabytes: number): Promise<{ total: number; longest: number; length: number }> {
  const bytes = new Uint8Array(megabytes * 1024 * 1024);
  for (let at = 0; at < bytes.length; at += 997) bytes[at] = at & 0xff;
  const file = new File([bytes], 'bench.bin', { type: 'application/octet-stream' });
  const started = performance.now();
  const beat = heartbeat();
  const uri = await encodeDataUri(file, file.type);
  const total = performance.now() - started;
  const longest = beat.stop();
  return { total, longest, length: uri.length };
}

/** When the subject last gave its answer (`performance.now()`), or `undefined` before it. */
let answeredAt: number | undefined;
const onAnswer = (): void => {
  answeredAt ??= performance.now();
};

/** Mounts the six-field form of `subject`, timed as a list's mount is. */
async function mountSmallForm(subject: Subject): Promise<Timing> {
  unmount();
  await nextFrame();
  answeredAt = undefined;
  container = document.createElement('div');
  document.body.append(container);
  const started = performance.now();
  root = createRoot(container);
  const target = root;
  flushSync(() => target.render(smallFormSubject(subject, onAnswer)));
  const work = performance.now() - started;
  const frame = (await nextFrame()) - started;
  return { work, frame };
}

/**
 * Clicks the small form's answering button (the kit's Accept, rjsf's and the bare form's Submit) and times
 * it until the subject has called back with the answer (`work`) and until the next frame (`frame`).
 */
async function acceptSmallForm(): Promise<Timing> {
  const host = container as HTMLElement;
  const button = [...host.querySelectorAll('button')].find((each) => /^(Accept|Submit)$/.test(each.textContent ?? ''));
  if (!button) throw new Error('no Accept or Submit button');
  answeredAt = undefined;
  const started = performance.now();
  button.click();
  await committed(() => answeredAt !== undefined);
  const work = (answeredAt ?? Number.NaN) - started;
  const frame = (await nextFrame()) - started;
  return { work, frame };
}

/** Mounts `count` prompts of the list case `spec` at once and lets them settle for two frames (memory cases). */
async function mountMany(subject: Subject, spec: ListCase, count: number): Promise<number> {
  unmount();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const target = root;
  flushSync(() => target.render(manySubject(subject, spec, count)));
  await nextFrame();
  await nextFrame();
  return (container as HTMLElement).querySelectorAll('input, option').length;
}

/**
 * `cycles` times: mounts one prompt of `spec`, answers it (Accept, Submit; the bare list has no answer),
 * unmounts it. Returns how many were answered.
 */
async function answerCycles(subject: Subject, spec: ListCase, cycles: number): Promise<number> {
  let answered = 0;
  for (let cycle = 0; cycle < cycles; cycle++) {
    unmount();
    answeredAt = undefined;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    const target = root;
    flushSync(() => target.render(listSubject(subject, spec, onAnswer)));
    const button = [...container.querySelectorAll('button')].find((each) =>
      /^(Accept|Submit)$/.test(each.textContent ?? ''),
    );
    if (button) {
      button.click();
      await committed(() => answeredAt !== undefined);
      answered++;
    }
    await nextFrame();
  }
  unmount();
  await nextFrame();
  return answered;
}

/** Mounts the 100-field form. */
async function mountFields(subject: Subject): Promise<void> {
  unmount();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const target = root;
  flushSync(() => target.render(fieldsSubject(subject)));
  await nextFrame();
}

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/** Types one character at the end of text field `index` (as the browser's input event does). */
async function keystroke(index: number): Promise<Timing> {
  const inputs = (container as HTMLElement).querySelectorAll<HTMLInputElement>('input[type=text], input:not([type])');
  const input = inputs[index];
  if (!input || !valueSetter) throw new Error(`no text field ${index} (${inputs.length} drawn)`);
  const want = `${input.value}a`;
  const started = performance.now();
  valueSetter.call(input, want);
  input.dispatchEvent(new InputEvent('input', { bubbles: true, data: 'a', inputType: 'insertText' }));
  const work = (await committed(() => input.isConnected && input.value === want)) - started;
  const frame = (await nextFrame()) - started;
  return { work, frame };
}

/** Waits until the number of drawn controls has not changed for three frames (long lists drawn in chunks). */
async function untilDrawn(): Promise<number> {
  let last = -1;
  let still = 0;
  while (still < 3) {
    await nextFrame();
    const count = (container as HTMLElement).querySelectorAll('input, option').length;
    still = count === last ? still + 1 : 0;
    last = count;
  }
  return last;
}

/** Milliseconds to load the pattern engine in this page (once: later calls find it loaded). */
async function loadEngine(): Promise<number> {
  const started = performance.now();
  await loadPatternEngine();
  return performance.now() - started;
}

const noop = (): void => {};

/**
 * Mounts `ElicitationForm` with one text field, pre-filled (its `default`) with the case's text and
 * checked against its pattern (`hostile`) or the baseline, each run a pattern of its own
 * (`freshPattern`), then times Accept until the error summary is drawn: reading and compiling the
 * pattern, matching the text, and the render.
 */
async function acceptPattern(caseIndex: number, which: 'hostile' | 'baseline', run: number): Promise<Timing> {
  const spec = patternCases()[caseIndex];
  if (!spec) throw new Error(`no pattern case ${caseIndex}`);
  const pattern = freshPattern(which === 'hostile' ? spec.pattern : BASELINE_PATTERN, run);
  const request: ElicitRequestFormParams = {
    message: 'Enter the code.',
    requestedSchema: {
      type: 'object',
      properties: { code: { type: 'string', title: 'Code', pattern, default: spec.text } },
      required: ['code'],
    } as unknown as ElicitRequestFormParams['requestedSchema'],
  };
  unmount();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const target = root;
  flushSync(() => target.render(<ElicitationForm request={request} server={{ name: 'bench' }} onRespond={noop} />));
  await nextFrame();
  const host = container;
  const accept = [...host.querySelectorAll('button')].find((button) => button.textContent === 'Accept');
  if (!accept) throw new Error('no Accept button');
  const started = performance.now();
  accept.click();
  const work = (await committed(() => host.querySelector('.mek-error-summary') !== null)) - started;
  const frame = (await nextFrame()) - started;
  return { work, frame };
}

/** The harness as Playwright sees it. */
const bench = {
  loadEngine,
  acceptPattern,
  patternCases: () => patternCases().map((spec) => spec.name),
  mountList,
  mountHuge,
  mountSmallForm,
  acceptSmallForm,
  mountMany,
  answerCycles,
  mountFields,
  toggle,
  keystroke,
  unmount,
  untilDrawn,
  encodeFile,
  count: () => (container as HTMLElement).querySelectorAll('input, option').length,
};

declare global {
  interface Window {
    /** Driven by `bench/run.mjs`. */
    bench: typeof bench;
  }
}

window.bench = bench;
// Long selects' combobox and the reader of forms of many options are chunks a host fetches ahead
// (`loadElicitationViews()`): the cases time the widget drawn, not a chunk's download.
void loadElicitationViews().then(() => {
  document.title = 'ready';
});
