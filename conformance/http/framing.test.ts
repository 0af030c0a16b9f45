import { describe, expect, it } from 'vitest';
import { frame } from './framing.ts';

// Where an answer ends on the connection, and what follows it.

const head = (status: string, fields: string[] = []) =>
  [`HTTP/1.1 ${status}`, ...fields, '', ''].join('\r\n');

describe('framing an answer (RFC 9112 §6.3)', () => {
  it.each([
    ['a clean 204', 'DELETE', head('204 No Content'), 0, ''],
    ['a JSON body behind a 204', 'DELETE', `${head('204 No Content')}{"ok":true}`, 11, ''],
    ['a HEAD answer with body bytes', 'HEAD', `${head('200 OK', ['content-length: 2'])}[]`, 2, ''],
    ['more bytes than the Content-Length', 'GET', `${head('200 OK', ['content-length: 2'])}[]]]`, 2, '[]'],
    [
      'a chunked body and bytes after its last chunk',
      'GET',
      `${head('200 OK', ['transfer-encoding: chunked'])}2\r\n[]\r\n0\r\n\r\nxyz`,
      3,
      '[]',
    ],
    [
      'an interim 100 before the answer',
      'GET',
      `${head('100 Continue')}${head('200 OK', ['content-length: 0'])}`,
      0,
      '',
    ],
  ])('%s', (_name, method, text, after, body) => {
    const framed = frame(Buffer.from(text, 'latin1'), method);
    expect(framed).toMatchObject({ complete: true, bytesAfter: after });
    expect(framed?.body.toString()).toBe(body);
  });

  it('reads repeated header fields joined, names lower-cased', () => {
    const framed = frame(Buffer.from(head('204 No Content', ['Vary: Origin', 'vary: Accept'])), 'DELETE');
    expect(framed?.headers).toEqual({ vary: 'Origin, Accept' });
  });
});
