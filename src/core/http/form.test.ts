import { describe, expect, test } from 'vitest';
import { basicCredentials, isFormMediaType, parseForm } from './form.ts';

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('parseForm', () => {
  test('decodes names and values, plus signs as spaces, and counts a parameter without a value as omitted', () => {
    const form = parseForm('grant_type=client_credentials&scope=a+b%3Ac&audience=&flag');
    expect(form).toEqual({
      ok: true,
      params: new Map([
        ['grant_type', 'client_credentials'],
        ['scope', 'a b:c'],
      ]),
    });
  });

  test('refuses a parameter given twice and a malformed percent-encoding', () => {
    expect(parseForm('scope=a&scope=b')).toEqual({
      ok: false,
      problem: 'The parameter scope appears more than once.',
    });
    expect(parseForm('scope=%E0%A4%A')).toMatchObject({ ok: false });
  });
});

describe('basicCredentials', () => {
  test('reads an id and a secret form-encoded before base64 (RFC 6749 §2.3.1), and raw ones too', () => {
    expect(basicCredentials(basic('my%20client:p%3Ass+w%25rd'))).toEqual({
      id: 'my client',
      secret: 'p:ss w%rd',
    });
    expect(basicCredentials(basic('ci:s3cret'))).toEqual({ id: 'ci', secret: 's3cret' });
    expect(basicCredentials(basic('ci:50%'))).toEqual({ id: 'ci', secret: '50%' });
    expect(basicCredentials(`basic ${Buffer.from('ci:é').toString('base64')}`)).toEqual({
      id: 'ci',
      secret: 'é',
    });
  });

  test('reads nothing from another scheme, bad base64 or a credential without a colon', () => {
    expect(basicCredentials('Bearer abc')).toBeUndefined();
    expect(basicCredentials('Basic !!!')).toBeUndefined();
    expect(basicCredentials(basic('no-colon'))).toBeUndefined();
    expect(basicCredentials(undefined)).toBeUndefined();
  });
});

test('isFormMediaType reads the media type, whatever its case and parameters', () => {
  expect(isFormMediaType('Application/X-WWW-Form-Urlencoded; charset=UTF-8')).toBe(true);
  expect(isFormMediaType('application/json')).toBe(false);
  expect(isFormMediaType(undefined)).toBe(false);
});
