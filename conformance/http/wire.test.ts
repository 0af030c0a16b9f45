import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchOnWire, frame } from './wire.ts';

// What fetch hides: the bytes after a complete answer, read on a connection of the request's own.

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

describe('reading on the wire', () => {
  const sockets: Socket[] = [];
  const servers: Server[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });

  /** A raw server that answers every request with `answer`, then leaves the connection open. */
  async function rawServer(answer: string): Promise<string> {
    const server = createServer((socket) => {
      sockets.push(socket);
      socket.once('data', () => socket.write(Buffer.from(answer, 'latin1')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/store/orders/1`;
  }

  const read = (url: string, method = 'DELETE') =>
    fetchOnWire(url, method, { accept: 'application/json' }, { maxBodyBytes: 1024 }, 2000, String);

  it('sees the stray bytes a server keeping the connection open sends behind a 204', async () => {
    const url = await rawServer(`${head('204 No Content')}{"cancelled":true}`);
    expect(await read(url)).toMatchObject({ status: 204, bodyBytes: 0, bytesAfter: 18 });
  });

  it('reads a complete answer with no bytes after it', async () => {
    const url = await rawServer(`${head('404 Not Found', ['content-length: 2'])}{}`);
    expect(await read(url)).toMatchObject({ status: 404, body: '{}', bodyBytes: 2, bytesAfter: 0 });
  });

  it('marks a body that is not UTF-8 and one with a byte-order mark', async () => {
    const url = await rawServer(`${head('200 OK', ['content-length: 8'])}["caf\xe9"]`);
    expect(await read(url, 'GET')).toMatchObject({ notUtf8: true });
    const bom = await rawServer(`${head('200 OK', ['content-length: 5'])}\xef\xbb\xbf[]`);
    expect(await read(bom, 'GET')).toMatchObject({ body: '[]', byteOrderMark: true });
  });

  it('undoes a content coding the server applied although identity was asked for', async () => {
    const zipped = gzipSync('{"code":"ORDER_NOT_FOUND"}').toString('latin1');
    const fields = ['content-encoding: gzip', `content-length: ${zipped.length}`];
    const url = await rawServer(`${head('404 Not Found', fields)}${zipped}`);
    expect(await read(url)).toMatchObject({ status: 404, body: '{"code":"ORDER_NOT_FOUND"}', bytesAfter: 0 });
  });

  it('ends with an error when nothing answers in time', async () => {
    const server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await expect(fetchOnWire(url, 'GET', {}, { maxBodyBytes: 10 }, 100, String)).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });
});
