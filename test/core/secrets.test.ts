import { describe, expect, test } from 'vitest';

import {
  createElicitationFormModel,
  initialDraft,
  parseRequestedSchema,
  redactElicitResult,
  SECRET_MASK,
  submitDraft,
  type RequestedSchema,
} from '../../src/core/index.js';
import { isSecretProperty, maskVerdict, secretKeys } from '../../src/core/internal.js';
import { namesCredential, wordsOf } from '../../src/core/secrets.js';

describe('given the spellings of a credential', () => {
  test.each([
    'password',
    'Password',
    'newPassword',
    'user_password',
    'passwd',
    'pwd',
    'passphrase',
    'Pass phrase',
    'passcode',
    'PIN',
    'Your PIN',
    'pin_number',
    'API key',
    'api_key',
    'apiKey',
    'APIKey',
    'x-api-key',
    'X-API-KEY',
    'apikey',
    'access token',
    'accessToken',
    'refresh_token',
    'Bearer token',
    'token',
    'GITHUB_TOKEN',
    'client secret',
    'clientSecret',
    'private key',
    'privateKey',
    'SSH private key',
    'seed phrase',
    'Recovery phrase',
    'card number',
    'cardNumber',
    'Credit card',
    'CVV',
    'cvc',
    'IBAN',
    'social security number',
    'SSN',
    'one-time password',
    'OTP',
    'Verification code',
    'securityCode',
    'authorization_code',
    'Encryption key',
    'JWT',
    'session cookie',
    'Bank account number',
    'Social insurance number',
    'AWS secret access key',
    'Webhook secret',
    'clientsecret',
    'REFRESHTOKEN',
    'signingkey',
  ])('%j names a credential', (text) => {
    expect(namesCredential(text)).toBe(true);
  });
});

describe('given near misses that only mention a credential', () => {
  test.each([
    'keyboard',
    'Keyboard layout',
    'token budget',
    'Token count',
    'max tokens',
    'password policy accepted',
    'Password hint',
    'Password strength',
    'PIN code of the office',
    'pincode',
    'Public key',
    'API key name',
    'Design token',
    'username',
    'email',
    'Passport number',
    'Passenger',
    'Compass heading',
    'Spinner style',
    'Opinion',
    'Tokenizer',
    'Author',
    'Secretary',
    'Primary key',
    'Cardholder name',
    'Token symbol',
    'Token contract address',
    'Token amount',
    'AWS access key ID',
    'Password reset requested',
    'Secret Santa group',
    'Input tokens',
    'Account number of the invoice',
  ])('%j names none', (text) => {
    expect(namesCredential(text)).toBe(false);
  });
});

test('words are split at case changes and punctuation, lowercased', () => {
  expect(wordsOf('X-APIKey_value2Name')).toEqual(['x', 'api', 'key', 'value2', 'name']);
});

describe('given a property schema', () => {
  test.each([
    ['format password', 'code', { type: 'string', format: 'password' }, true],
    ['writeOnly', 'code', { type: 'string', writeOnly: true }, true],
    ['a credential key', 'api_key', { type: 'string' }, true],
    ['a credential title', 'field1', { type: 'string', title: 'Access token' }, true],
    ['a credential description', 'field1', { type: 'string', description: 'Your bank password' }, true],
    ['a plain text', 'city', { type: 'string', title: 'City' }, false],
    ['a number named "token budget"', 'tokenBudget', { type: 'integer', title: 'Token budget' }, false],
    ['a boolean "password policy accepted"', 'policy', { type: 'boolean', title: 'Password policy accepted' }, false],
    ['a select named like a credential', 'pin', { type: 'string', enum: ['a', 'b'] }, false],
    ['writeOnly false on a plain text', 'city', { type: 'string', writeOnly: false }, false],
  ])('%s: secret is %j', (_, key, schema, secret) => {
    expect(isSecretProperty(key, schema)).toBe(secret);
  });
});

const LOGIN = {
  type: 'object',
  properties: {
    user: { type: 'string', title: 'User name' },
    password: { type: 'string', title: 'Password', default: 'hunter2' },
    key: { type: 'string', format: 'password', title: 'Key' },
    budget: { type: 'integer', title: 'Token budget', default: 5 },
  },
  required: ['user', 'password'],
} as unknown as RequestedSchema; // format "password" is not in the spec's StringSchema, servers send it anyway

describe('given a login form', () => {
  test('each string field carries `secret`, format password is accepted without a format', () => {
    expect(parseRequestedSchema(LOGIN)).toEqual({
      ok: true,
      warnings: [],
      fields: [
        { key: 'user', label: 'User name', required: true, kind: 'text', secret: false },
        { key: 'password', label: 'Password', required: true, kind: 'text', secret: true },
        { key: 'key', label: 'Key', required: false, kind: 'text', secret: true },
        { key: 'budget', label: 'Token budget', required: false, kind: 'number', integer: true, default: 5 },
      ],
    });
  });

  test("a secret's default is never pre-filled, other defaults are", () => {
    expect(initialDraft(LOGIN)).toEqual({ budget: 5 });
  });

  test('a seeded draft never restores a secret, not even its mask', () => {
    const model = createElicitationFormModel(
      { message: 'Sign in', requestedSchema: LOGIN },
      { initialDraft: { user: 'ada', password: 'hunter2', key: SECRET_MASK } },
    );
    expect(model.getSnapshot().draft).toEqual({ user: 'ada' });
  });

  test('the answer to the server carries the secret as typed', () => {
    expect(submitDraft(LOGIN, { user: 'ada', password: 'hunter2' })).toEqual({
      ok: true,
      result: { action: 'accept', content: { user: 'ada', password: 'hunter2' } },
    });
  });

  test('secretKeys names the secret properties, the same keys the form model reads from its fields', () => {
    expect([...secretKeys(LOGIN)]).toStrictEqual(['password', 'key']);
    expect(createElicitationFormModel({ message: 'Sign in', requestedSchema: LOGIN }).secretKeys).toStrictEqual([
      'password',
      'key',
    ]);
    expect(
      createElicitationFormModel({ message: 'Refused', requestedSchema: { type: 'array' } }).secretKeys,
    ).toStrictEqual([]);
  });

  test("maskVerdict masks an accepted answer's secrets, and hands a refusal on as it is", () => {
    const secrets = new Set(['password', 'key']);
    const accepted = submitDraft(LOGIN, { user: 'ada', password: 'hunter2', key: 'k-1' });
    expect(maskVerdict(accepted, secrets)).toStrictEqual({
      ok: true,
      result: { action: 'accept', content: { user: 'ada', password: SECRET_MASK, key: SECRET_MASK } },
    });
    expect(accepted).toStrictEqual({
      ok: true,
      result: { action: 'accept', content: { user: 'ada', password: 'hunter2', key: 'k-1' } },
    });
    const refused = submitDraft(LOGIN, { password: 'hunter2' });
    expect(maskVerdict(refused, secrets)).toBe(refused);
  });
});

describe('given redactElicitResult', () => {
  test('secret values are masked, the rest and _meta kept', () => {
    expect(
      redactElicitResult(LOGIN, {
        action: 'accept',
        content: { user: 'ada', password: 'hunter2', key: 'k-1', budget: 5 },
        _meta: { 'example.com/trace': 'x' },
      }),
    ).toEqual({
      action: 'accept',
      content: { user: 'ada', password: '[secret]', key: '[secret]', budget: 5 },
      _meta: { 'example.com/trace': 'x' },
    });
  });

  test('an answer without a secret, a decline and a cancel come back as they were', () => {
    const plain = { action: 'accept', content: { user: 'ada' } } as const;
    expect(redactElicitResult({ type: 'object', properties: { user: { type: 'string' } } }, plain)).toBe(plain);
    expect(redactElicitResult(LOGIN, { action: 'decline' })).toEqual({ action: 'decline' });
    expect(redactElicitResult(LOGIN, { action: 'cancel' })).toEqual({ action: 'cancel' });
  });

  test('a schema core refuses still redacts its secret properties', () => {
    const refused = { type: 'object', properties: { pwd: { type: 'string' }, nested: { type: 'object' } } };
    expect(parseRequestedSchema(refused).ok).toBe(false);
    expect(redactElicitResult(refused, { action: 'accept', content: { pwd: 'hunter2' } })).toEqual({
      action: 'accept',
      content: { pwd: '[secret]' },
    });
  });

  test('a __proto__ key is masked as an own key, nothing is polluted', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","format":"password"}}}');
    const content = JSON.parse('{"__proto__":"hunter2"}');
    const redacted = redactElicitResult(schema, { action: 'accept', content });
    expect(Object.getOwnPropertyDescriptor(redacted.content, '__proto__')?.value).toBe('[secret]');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
