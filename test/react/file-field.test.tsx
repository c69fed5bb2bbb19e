// SEP-2356 file fields in ElicitationForm: opt-in, the picker, refusals before any byte is read, what reaches
// onRespond and onDraftChange, and what a reload asks of the person.
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';

import {
  ElicitationForm,
  ElicitationHost,
  ElicitationPrompt,
  ElicitationRound,
  useElicitationForm,
  type ElicitRequestFormParams,
  type RoundElicitationEntry,
} from '../../src/index.js';
import { createElicitationQueue } from '../../src/core/index.js';
import { widgetsFromRjsfTheme } from '../../src/react/rjsf-theme/index.js';
import { fileTooLargeForAppMessage } from '../../src/react/theme/widgets/file-picker.js';
import { violations } from './helpers.js';

const server = { name: 'Photo Server' };
const photo: ElicitRequestFormParams = {
  message: 'Please select a profile photo.',
  requestedSchema: {
    type: 'object',
    properties: {
      photo: {
        type: 'string',
        format: 'uri',
        title: 'Profile photo',
        'x-mcp-file': { accept: ['image/png', 'image/jpeg'], maxSize: 64 },
      },
    },
    required: ['photo'],
  },
};
const BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff];
const png = () => new File([new Uint8Array(BYTES)], 'me.png', { type: 'image/png' });
const PNG_URI = `data:image/png;base64,${Buffer.from(BYTES).toString('base64')}`;

/** Every way a page can read a file's bytes. */
function spyOnReads() {
  return [
    vi.spyOn(Blob.prototype, 'arrayBuffer'),
    vi.spyOn(Blob.prototype, 'slice'),
    vi.spyOn(Blob.prototype, 'text'),
    vi.spyOn(FileReader.prototype, 'readAsArrayBuffer'),
    vi.spyOn(FileReader.prototype, 'readAsDataURL'),
    vi.spyOn(FileReader.prototype, 'readAsBinaryString'),
    vi.spyOn(FileReader.prototype, 'readAsText'),
  ];
}

function renderPhoto(props: Partial<Parameters<typeof ElicitationForm>[0]> = {}) {
  const onRespond = vi.fn();
  // The person overrides the picker's filter, as SEP-2356 says pickers allow.
  const user = userEvent.setup({ delay: null, applyAccept: false });
  const view = render(<ElicitationForm request={photo} server={server} onRespond={onRespond} files {...props} />);
  // The picker loads on first use: wait for its input, the widget's own ready state.
  const input = async () => (await screen.findByLabelText(/Profile photo/, { selector: 'input' })) as HTMLInputElement;
  return { ...view, onRespond, user, input };
}

afterEach(() => vi.restoreAllMocks());

describe('given a host that opted in (files)', () => {
  test('a chosen PNG is sent as a data: URI of exactly its bytes and type', async () => {
    const { user, input, onRespond } = renderPhoto();
    const reads = spyOnReads();
    await user.upload(await input(), png());
    expect(await screen.findByText('me.png (image/png, 10 bytes)')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Reading the file/)).toBeNull());
    // The spies see a read: one slice, read once (the refusals below show none).
    expect(reads.map((spy) => spy.mock.calls.length)).toEqual([1, 1, 0, 0, 0, 0, 0]);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { photo: PNG_URI } }]]);
  });

  test('a file over maxSize is refused with the limit named, and no byte of it is read (a 2 GB file)', async () => {
    const { user, input, onRespond } = renderPhoto();
    const huge = png();
    Object.defineProperty(huge, 'size', { value: 2 * 1024 ** 3 });
    const reads = spyOnReads();
    await user.upload(await input(), huge);
    expect(screen.getByRole('alert').textContent).toBe('The file is 2 GB; the server accepts files up to 64 bytes.');
    expect(reads.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect((await input()).getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond).not.toHaveBeenCalled();
  });

  test('a file outside accept is refused before reading, though the picker was told the filter', async () => {
    const { user, input } = renderPhoto();
    expect((await input()).accept).toBe('image/png,image/jpeg');
    const reads = spyOnReads();
    await user.upload(await input(), new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'A file of type image/gif is not accepted; the server accepts image/png, image/jpeg.',
    );
    expect(reads.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  test('a file of no reported type is application/octet-stream (SEP-2356) and refused here', async () => {
    const { user, input } = renderPhoto();
    await user.upload(await input(), new File(['x'], 'blob'));
    expect(screen.getByRole('alert').textContent).toBe(
      'A file of type application/octet-stream is not accepted; the server accepts image/png, image/jpeg.',
    );
  });

  test('Remove empties the field; the hint says what is accepted; no axe violations', async () => {
    const { user, input, container } = renderPhoto();
    expect(screen.getByText('Accepted: image/png, image/jpeg. Up to 64 bytes.')).toBeTruthy();
    await user.upload(await input(), png());
    await screen.findByText('me.png (image/png, 10 bytes)');
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove the file of Profile photo' }));
    expect(screen.queryByText('me.png (image/png, 10 bytes)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(0);
  });

  test('onDraftChange gets the type and size of the file, never its bytes', async () => {
    const onDraftChange = vi.fn();
    const { user, input } = renderPhoto({ onDraftChange });
    await user.upload(await input(), png());
    await waitFor(() =>
      expect(onDraftChange.mock.calls.at(-1)).toStrictEqual([
        { photo: 'data:image/png;base64,[10 bytes]' },
        { ok: true, result: { action: 'accept', content: { photo: 'data:image/png;base64,[10 bytes]' } } },
      ]),
    );
    expect(JSON.stringify(onDraftChange.mock.calls)).not.toContain(PNG_URI.slice('data:image/png;base64,'.length));
  });

  test('once sent, the field shows the name and size, no picker, and the page holds no bytes', async () => {
    const { user, input, container } = renderPhoto();
    await user.upload(await input(), png());
    await waitFor(() => expect(screen.queryByText(/Reading the file/)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByText('me.png (image/png, 10 bytes)')).toBeTruthy();
    expect(container.querySelector('input[type="file"]')).toBeNull();
    expect(container.innerHTML).not.toContain(PNG_URI.slice('data:image/png;base64,'.length));
  });

  test('after a reload (a seeded draft holding a file) the field is empty and the person is told to choose again', async () => {
    renderPhoto({ initialDraft: { photo: 'data:image/png;base64,[10 bytes]' } });
    // The notice loads on demand, with the picker: wait for it.
    expect(await screen.findByText('Files are not kept when the page reloads: choose the file again.')).toBeTruthy();
    expect(screen.queryByText(/10 bytes/)).toBeNull();
  });
  test("a host's own file strings replace the English ones, which load with the picker", async () => {
    renderPhoto({ labels: { chooseFile: 'Pick a photo', fileHint: () => 'PNG or JPEG' } });
    await screen.findByLabelText(/Profile photo/, { selector: 'input' });
    expect(screen.getByText('Pick a photo')).toBeTruthy();
    expect(screen.queryByText('Choose a file or drop it here')).toBeNull();
    expect(screen.getByText('PNG or JPEG')).toBeTruthy();
    expect(screen.queryByText(/Accepted:/)).toBeNull();
  });
});

describe('given a queue that carries files only up to a lower limit (maxFileBytes, as a bridge says)', () => {
  /** A host on a queue that carries files of up to `maxFileBytes`, showing the photo request. */
  async function hostWithLimit(maxFileBytes: number) {
    const queue = { ...createElicitationQueue(), maxFileBytes };
    void queue.enqueue(photo, { server });
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const view = render(<ElicitationHost queue={queue} files />);
    const input = (await screen.findByLabelText(/Profile photo/, { selector: 'input' })) as HTMLInputElement;
    return { ...view, queue, user, input };
  }

  test('the hint names the lower limit, and a file over it is refused with both limits named, unread', async () => {
    const { user, input, queue } = await hostWithLimit(32);
    expect(screen.getByText('Accepted: image/png, image/jpeg. Up to 32 bytes.')).toBeTruthy();
    const big = new File([new Uint8Array(40)], 'big.png', { type: 'image/png' });
    const reads = spyOnReads();
    await user.upload(input, big);
    expect(screen.getByRole('alert').textContent).toBe(
      'The file is 40 bytes; this app sends files up to 32 bytes, less than the 64 bytes the server accepts.',
    );
    expect(reads.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // A file within both is taken.
    await user.upload(input, png());
    expect(await screen.findByText('me.png (image/png, 10 bytes)')).toBeTruthy();
    queue.cancelAll();
  });

  test("a limit above the field's maxSize changes nothing: the server's limit is named", async () => {
    const { user, input, queue } = await hostWithLimit(1024);
    expect(screen.getByText('Accepted: image/png, image/jpeg. Up to 64 bytes.')).toBeTruthy();
    await user.upload(input, new File([new Uint8Array(100)], 'big.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'The file is 100 bytes; the server accepts files up to 64 bytes.',
    );
    queue.cancelAll();
  });
});

describe("given a file over the app's own limit (a bridge's maxFileBytes)", () => {
  test.each([
    [
      12 * 1024 ** 2,
      10 * 1024 ** 2,
      20 * 1024 ** 2,
      'The file is 12 MB; this app sends files up to 10 MB, less than the 20 MB the server accepts.',
    ],
    [12 * 1024 ** 2, 10 * 1024 ** 2, undefined, 'The file is 12 MB; this app sends files up to 10 MB.'],
  ])('%d bytes over %d (field maxSize %s) reads %j', (size, limit, maxSize, text) => {
    expect(fileTooLargeForAppMessage(size, limit, maxSize)).toBe(text);
  });
});

describe('given a host that did not opt in', () => {
  test('the file field is named as one the app cannot fill and only Decline and Cancel are offered', async () => {
    const onRespond = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<ElicitationForm request={photo} server={server} onRespond={onRespond} />);
    // Decline and Cancel are there at once; the refusal's words load on demand.
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(await screen.findByText('This form asks for a file')).toBeTruthy();
    expect(screen.getByText('"Profile photo" asks for a file, which this app cannot send.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]]);
  });

  test("a refusal in the host's words, the English ones where it gave none", async () => {
    render(
      <ElicitationForm
        request={photo}
        server={server}
        onRespond={vi.fn()}
        labels={{ filesRefusedTitle: 'Keine Dateien hier' }}
      />,
    );
    expect(await screen.findByText('Keine Dateien hier')).toBeTruthy();
    expect(screen.getByText('"Profile photo" asks for a file, which this app cannot send.')).toBeTruthy();
  });

  test('the hook reports the file and accept sends nothing', () => {
    const onRespond = vi.fn();
    const { result } = renderHook(() => useElicitationForm(photo, { onRespond }));
    expect(result.current.files).toEqual({ keys: ['photo'], refused: true });
    expect(result.current.accept()).toEqual({
      ok: false,
      errors: [
        {
          field: '',
          code: 'files-refused',
          message: 'This form asks for a file, which the host cannot send; decline or cancel instead.',
        },
      ],
    });
    expect(onRespond).not.toHaveBeenCalled();
    const enabled = renderHook(() => useElicitationForm(photo, { files: true }));
    expect(enabled.result.current.files).toEqual({ keys: ['photo'], refused: false });
  });
});

describe('given the views that draw forms', () => {
  test('ElicitationPrompt and ElicitationHost pass files on, and refuse without it', async () => {
    const prompt = render(<ElicitationPrompt request={photo} server={server} onRespond={vi.fn()} files />);
    expect(await screen.findByLabelText(/Profile photo/, { selector: 'input' })).toBeTruthy();
    prompt.unmount();
    const queue = createElicitationQueue();
    void queue.enqueue(photo, { server });
    const host = render(<ElicitationHost queue={queue} files />);
    expect(await screen.findByLabelText(/Profile photo/, { selector: 'input' })).toBeTruthy();
    host.unmount();
    render(<ElicitationHost queue={queue} />);
    expect(await screen.findByText('This form asks for a file')).toBeTruthy();
    queue.cancelAll();
  });

  test('ElicitationRound without files answers the file form as one it cannot answer, and the others as given', async () => {
    const user = userEvent.setup({ delay: null });
    const city: ElicitRequestFormParams = {
      message: 'Your city?',
      requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City' } } },
    };
    const entry: RoundElicitationEntry = {
      id: 'round-1',
      kind: 'round',
      serverKey: 's',
      server,
      status: 'pending',
      prompts: [
        { key: 'photo', mode: 'form', request: photo },
        { key: 'where', mode: 'form', request: city },
      ],
    };
    const onRespondRound = vi.fn();
    render(<ElicitationRound entry={entry} onRespondRound={onRespondRound} onRespondAll={vi.fn()} />);
    await user.type(await screen.findByRole('textbox', { name: 'City' }, { timeout: 10_000 }), 'Oslo');
    expect(screen.getByText('This form asks for a file')).toBeTruthy();
    expect(document.querySelector('input[type="file"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    // The round answers once its forms are judged: wait for that, not for time.
    await waitFor(() => expect(onRespondRound).toHaveBeenCalledTimes(1));
    expect(onRespondRound.mock.calls).toStrictEqual([
      [
        {
          photo: { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'refused' } },
          where: { action: 'accept', content: { city: 'Oslo' } },
        },
      ],
    ]);
  });
});

test("a host's rjsf theme replaces every control but the file picker, which refuses files unread", () => {
  expect(Object.keys(widgetsFromRjsfTheme({})).sort()).toEqual([
    'checkbox',
    'checkboxes',
    'date',
    'datetime',
    'email',
    'radio',
    'select',
    'text',
    'updown',
    'uri',
  ]);
});
