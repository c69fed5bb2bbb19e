/** SEP-2356 file fields in core: parsing `x-mcp-file`, checking `data:` URIs, redacting them. */
import { describe, expect, test } from 'vitest';

import {
  createElicitationFormModel,
  parseRequestedSchema,
  redactElicitResult,
  submitDraft,
  toRjsf,
  validateElicitContent,
  widgetFor,
  type RequestedSchema,
} from '../../src/core/index.js';
import { acceptsFile, formatBytes, readDataUri } from '../../src/core/files.js';

// SEP-2356's own example: a complete 1×1 PNG (70 bytes).
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNkYGBgAAAABQABWaDDsAAAAABJRU5ErkJggg==';

const photoSchema = (descriptor: unknown, extra: Record<string, unknown> = {}) =>
  ({
    type: 'object',
    properties: {
      photo: { type: 'string', format: 'uri', title: 'Profile photo', 'x-mcp-file': descriptor, ...extra },
    },
    required: ['photo'],
  }) as unknown as RequestedSchema;

describe('given a property with x-mcp-file', () => {
  test('on a format: "uri" string it is a file field with its accept and maxSize (SEP-2356 example)', () => {
    expect(parseRequestedSchema(photoSchema({ accept: ['image/*'], maxSize: 2097152 }))).toEqual({
      ok: true,
      fields: [
        { key: 'photo', label: 'Profile photo', required: true, kind: 'file', accept: ['image/*'], maxSize: 2097152 },
      ],
      warnings: [],
    });
  });

  test('an empty descriptor is a file field that takes any file of any size', () => {
    const parsed = parseRequestedSchema(photoSchema({}));
    expect(parsed.ok && parsed.fields).toEqual([
      { key: 'photo', label: 'Profile photo', required: true, kind: 'file' },
    ]);
  });

  test('misplaced (no format: "uri") it is ignored and the field stays text (SEP-2356 example)', () => {
    const parsed = parseRequestedSchema({
      type: 'object',
      properties: { notes: { type: 'string', 'x-mcp-file': { accept: ['text/plain'] } } },
    } as unknown as RequestedSchema);
    expect(parsed).toEqual({
      ok: true,
      fields: [{ key: 'notes', label: 'notes', required: false, kind: 'text', secret: false }],
      warnings: [],
    });
  });

  test('a file default is dropped: only the person chooses a file', () => {
    const parsed = parseRequestedSchema(photoSchema({}, { default: PNG }));
    expect(parsed.ok && parsed.fields[0]).toEqual({
      key: 'photo',
      label: 'Profile photo',
      required: true,
      kind: 'file',
    });
  });

  test.each([
    [true, 'properties.photo["x-mcp-file"]'],
    [{ accept: [] }, 'properties.photo["x-mcp-file"].accept'],
    [{ accept: 'image/png' }, 'properties.photo["x-mcp-file"].accept'],
    [{ accept: ['image/png', 'png'] }, 'properties.photo["x-mcp-file"].accept[1]'],
    [{ accept: ['*/*'] }, 'properties.photo["x-mcp-file"].accept[0]'],
    [{ accept: [3] }, 'properties.photo["x-mcp-file"].accept[0]'],
    [{ maxSize: 0 }, 'properties.photo["x-mcp-file"].maxSize'],
    [{ maxSize: 1.5 }, 'properties.photo["x-mcp-file"].maxSize'],
    [{ maxSize: '2MB' }, 'properties.photo["x-mcp-file"].maxSize'],
  ])('a bad descriptor %j refuses the form with a problem at %s', (descriptor, path) => {
    const parsed = parseRequestedSchema(photoSchema(descriptor));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problems.map(({ path: at, code, severity }) => ({ path: at, code, severity }))).toEqual(
      [{ path, code: 'file-invalid', severity: 'error' }],
    );
  });

  test('core names the control "file", and toRjsf keeps the descriptor without asserting format uri', () => {
    const schema = photoSchema({ accept: ['image/png', '.png'], maxSize: 1024 });
    const parsed = parseRequestedSchema(schema);
    expect(parsed.ok && widgetFor(parsed.fields[0]!)).toBe('file');
    const rjsf = toRjsf(schema);
    expect(rjsf.schema.properties).toEqual({
      photo: { title: 'Profile photo', type: 'string', 'x-mcp-file': { accept: ['image/png', '.png'], maxSize: 1024 } },
    });
    expect(rjsf.uiSchema['photo']).toEqual({ 'ui:widget': 'file' });
  });
});

describe('given data: URIs (RFC 2397)', () => {
  test.each([
    [PNG, { type: 'image/png', size: 70 }],
    ['data:text/plain,hello%20world', { type: 'text/plain', size: 11 }],
    ['data:,A', { type: 'text/plain', size: 1 }],
    ['DATA:Text/CSV;charset=utf-8;BASE64,YSxiCg==', { type: 'text/csv', size: 4 }],
    ['data:application/octet-stream;base64,', { type: 'application/octet-stream', size: 0 }],
    ['data:application/pdf;base64,AAA=', { type: 'application/pdf', size: 2 }],
  ])('%s reads as %j', (value, info) => {
    expect(readDataUri(value)).toEqual(info);
  });

  test.each([
    'https://example.com/a.png',
    'data:image/png;base64',
    'data:image/png;base64,iVBOR',
    'data:image/png;base64,iVB*',
    'data:image;base64,AAAA',
    'data:image/png;base64,AA=A',
    'data:text/plain,hello world',
    'data:text/plain,100%',
  ])('%s is not a well-formed data: URI', (value) => {
    expect(readDataUri(value)).toBeUndefined();
  });

  test.each([
    [['image/png'], 'image/png', undefined, true],
    [['image/png'], 'IMAGE/PNG; q=1', undefined, true],
    [['image/*'], 'image/webp', undefined, true],
    [['image/*'], 'imagex/webp', undefined, false],
    [['application/pdf'], 'text/plain', undefined, false],
    [['.pdf'], 'application/octet-stream', 'Report.PDF', true],
    [['.pdf'], 'application/pdf', 'report.txt', false],
    // Without a name an extension entry cannot decide: SEP-2356 makes it a picker hint only.
    [['.pdf'], 'application/octet-stream', undefined, true],
    [undefined, 'anything/at-all', undefined, true],
  ])('accept %j takes %s named %s: %s', (accept, type, name, verdict) => {
    expect(acceptsFile(accept, type, name)).toBe(verdict);
  });

  test.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1536, '1.5 KB'],
    [2097152, '2 MB'],
    [5242880, '5 MB'],
    [15 * 1024 * 1024, '15 MB'],
  ])('%d bytes read as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('given an answer to a file field', () => {
  const schema = photoSchema({ accept: ['image/png', 'image/jpeg'], maxSize: 64 });

  test('a data: URI within maxSize and accept conforms, and submitDraft sends it as it is', () => {
    const small = 'data:image/png;base64,AAAA';
    expect(validateElicitContent(schema, { photo: small })).toEqual([]);
    expect(submitDraft(schema, { photo: small })).toEqual({
      ok: true,
      result: { action: 'accept', content: { photo: small } },
    });
  });

  test('over maxSize (decoded bytes), the error names the limit', () => {
    expect(validateElicitContent(schema, { photo: PNG })).toEqual([
      { field: 'photo', code: 'file-size', message: 'The file is 70 bytes; the server accepts files up to 64 bytes.' },
    ]);
  });

  test('outside accept, the error names what is accepted', () => {
    expect(submitDraft(schema, { photo: 'data:image/gif;base64,AAAA' })).toEqual({
      ok: false,
      errors: [
        {
          field: 'photo',
          code: 'file-type',
          message: 'A file of type image/gif is not accepted; the server accepts image/png, image/jpeg.',
        },
      ],
    });
  });

  test('a value that is no data: URI is refused; an empty one is no answer', () => {
    expect(validateElicitContent(schema, { photo: 'https://example.com/a.png' })).toEqual([
      { field: 'photo', code: 'file', message: 'Choose a file.' },
    ]);
    expect(validateElicitContent(schema, { photo: 42 })).toEqual([
      { field: 'photo', code: 'file', message: 'Choose a file.' },
    ]);
    expect(submitDraft(schema, { photo: '' })).toEqual({
      ok: false,
      errors: [{ field: 'photo', code: 'required', message: 'This field is required.' }],
    });
  });

  test('a seeded draft never restores a file (a reload chooses it again)', () => {
    const model = createElicitationFormModel(
      { message: 'Photo?', requestedSchema: schema },
      { initialDraft: { photo: 'data:image/png;base64,AAAA' } },
    );
    expect(model.getSnapshot().draft).toEqual({});
  });
});

describe('given redactElicitResult', () => {
  test('a file value becomes its type and size, as SEP-2356 logs it; other fields stay', () => {
    const schema = {
      type: 'object',
      properties: {
        photo: { type: 'string', format: 'uri', 'x-mcp-file': {} },
        caption: { type: 'string' },
      },
    } as unknown as RequestedSchema;
    expect(
      redactElicitResult(schema, {
        action: 'accept',
        content: { photo: PNG, caption: 'me' },
        _meta: { a: 1 },
      }),
    ).toEqual({
      action: 'accept',
      content: { photo: 'data:image/png;base64,[70 bytes]', caption: 'me' },
      _meta: { a: 1 },
    });
  });

  test('a malformed file value is still hidden, and a refused schema still redacts', () => {
    const refused = photoSchema({ maxSize: -1 });
    expect(parseRequestedSchema(refused).ok).toBe(false);
    expect(redactElicitResult(refused, { action: 'accept', content: { photo: 'data:bad' } })).toEqual({
      action: 'accept',
      content: { photo: '[file]' },
    });
  });

  test('a misplaced keyword is no file: its text stays', () => {
    const schema = {
      type: 'object',
      properties: { notes: { type: 'string', 'x-mcp-file': {} } },
    } as unknown as RequestedSchema;
    const result = { action: 'accept' as const, content: { notes: 'hello' } };
    expect(redactElicitResult(schema, result)).toBe(result);
  });
});
