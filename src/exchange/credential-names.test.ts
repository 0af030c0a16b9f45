import { describe, expect, test } from 'vitest';
import { isCredentialName } from './credential-names.ts';

describe('isCredentialName, the one rule of the suite, the proxy and the mock’s recording', () => {
  test.each([
    'Authorization',
    'Proxy-Authorization',
    'X-Forwarded-Authorization',
    'X-Custom-Auth',
    'X-Auth-Token',
    'Cookie',
    'X-Api-Key',
    'Api-Key',
    'apikey',
    'X-API-KEY',
    'api_key',
    'X-Key',
    'X-Access-Key',
    'Ocp-Apim-Subscription-Key',
    'X-Goog-Api-Key',
    'X-RapidAPI-Key',
    'X-Functions-Key',
    'X-Amz-Security-Token',
    'X-Vault-Token',
    'Private-Token',
    'X-CSRF-Token',
    'X-Shopify-Access-Token',
    'X-Hub-Signature-256',
    'X-Signature',
    'Stripe-Signature',
    'X-Client-Secret',
    'X-Password',
    'X-Session-Id',
    'X-Amz-Credential',
  ])('%s carries a credential', (name) => {
    expect(isCredentialName(name)).toBe(true);
  });

  test.each([
    'Accept',
    'Content-Type',
    'User-Agent',
    'Origin',
    'X-Request-Id',
    'X-Correlation-Id',
    'traceparent',
    'Keep-Alive',
    'X-Monkey',
    'X-Mock-Session',
  ])('%s does not', (name) => {
    expect(isCredentialName(name)).toBe(false);
  });
});
