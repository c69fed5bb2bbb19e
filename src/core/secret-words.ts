/**
 * The words that mark a text field as a secret: data, kept apart from the rule that reads it (`secrets.ts`).
 * MCP 2025-11-25 and 2026-07-28, "Elicitation" → "Security Considerations": servers MUST NOT use form mode for
 * passwords, API keys, access tokens or payment credentials. Names, emails and user names are allowed.
 *
 * Each entry is a phrase of lowercase words, matched against the words of a key, title or description once
 * they are split (`api_key`, `apiKey`, `x-api-key` and `API key` all read "api key"). A phrase of several words
 * also matches them written as one (`apikey`, `privatekey`, `pincode`); other spellings (`passwd`) are phrases of
 * their own.
 */

/** Phrases that name a credential. */
export const SECRET_PHRASES: readonly string[] = [
  // Passwords and PINs
  'password',
  'passwd',
  'pwd',
  'pass phrase',
  'pass code',
  'pin',
  'pin number',
  'otp',
  'totp',
  'one time code',
  '2fa code',
  'mfa code',
  'verification code',
  'security code',
  'auth code',
  'authorization code',
  // Keys and tokens
  'api key',
  'api token',
  'api secret',
  'access key',
  'access token',
  'refresh token',
  'bearer token',
  'bearer',
  'auth token',
  'id token',
  'session token',
  'session cookie',
  'auth cookie',
  'jwt',
  'personal access token',
  'token',
  'secret',
  'client secret',
  'secret key',
  'private key',
  'signing key',
  'encryption key',
  'decryption key',
  'master key',
  'credential',
  'credentials',
  // Wallets
  'seed phrase',
  'seed words',
  'recovery phrase',
  'recovery key',
  'recovery code',
  'backup code',
  'mnemonic',
  // Payment credentials
  'card number',
  'credit card',
  'debit card',
  'cc number',
  'ccnum',
  'cvv',
  'cvv2',
  'cvc',
  'cvc2',
  'csc',
  'card security code',
  'card verification code',
  'iban',
  'bank account number',
  // Government identifiers that open accounts
  'ssn',
  'social security number',
  'social security no',
  'social insurance number',
];

/**
 * Words that, right after a phrase, make it about the credential rather than the credential itself:
 * "password policy", "token budget", "API key name", "token symbol" (a crypto token's ticker is public).
 */
export const NOT_SECRET_AFTER: readonly string[] = [
  'policy',
  'policies',
  'hint',
  'strength',
  'reset',
  'rules',
  'requirements',
  'length',
  'expiry',
  'expiration',
  'expires',
  'age',
  'manager',
  'budget',
  'amount',
  'symbol',
  'contract',
  'address',
  'count',
  'limit',
  'limits',
  'usage',
  'name',
  'label',
  'id',
  'type',
  'format',
  'provider',
  'holder',
  'santa',
];

/** Words that, right before a phrase, make it something else: "public key", "design token", "max token". */
export const NOT_SECRET_BEFORE: readonly string[] = ['public', 'design', 'max', 'min', 'output', 'input', 'csrf', 'no'];

/**
 * Phrases read as a whole before any credential word: "PIN code" is India's postal code, a "public key" is
 * published.
 */
export const NOT_SECRET_PHRASES: readonly string[] = ['pin code', 'postal pin', 'public key'];
