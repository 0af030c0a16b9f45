import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchOnWire } from './wire.ts';

// What fetch hides: the bytes after a complete answer, read on a connection of the request's own.

const head = (status: string, fields: string[] = []) =>
  [`HTTP/1.1 ${status}`, ...fields, '', ''].join('\r\n');

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
