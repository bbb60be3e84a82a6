import { createServer, type Server, type Socket } from 'node:net';

/**
 * A media host on loopback that answers the way real servers misbehave, at the socket level:
 * HTTP/1.0 bodies ended by closing (python3 -m http.server), chunked bodies, Content-Length
 * that lies either way, stalls, resets, absurd declared sizes, pages that are not media,
 * errors and redirect loops.
 */
export class LinkServer {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  constructor(private readonly media: Buffer) {
    this.server = createServer((socket) => this.accept(socket));
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return `http://127.0.0.1:${this.port}`;
  }

  stop(): void {
    for (const socket of this.sockets) socket.destroy();
    this.server.close();
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let head = '';
    socket.on('data', (chunk) => {
      if (head.includes('\r\n\r\n')) return;
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) this.answer(socket, /^GET (\S+)/.exec(head)?.[1] ?? '/');
    });
  }

  private answer(socket: Socket, path: string): void {
    const media = this.media;
    const status = (line: string, headers: string[] = []): void =>
      void socket.write(`${line}\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`);
    switch (path) {
      case '/http10.wav':
        status('HTTP/1.0 200 OK', ['Content-Type: audio/wav']);
        return void socket.end(media);
      case '/chunked.wav':
        status('HTTP/1.1 200 OK', ['Transfer-Encoding: chunked', 'Connection: close']);
        for (let at = 0; at < media.length; at += 8192) {
          const part = media.subarray(at, at + 8192);
          socket.write(`${part.length.toString(16)}\r\n`);
          socket.write(part);
          socket.write('\r\n');
        }
        return void socket.end('0\r\n\r\n');
      case '/short.wav':
        status('HTTP/1.1 200 OK', [`Content-Length: ${media.length * 2}`]);
        return void socket.end(media);
      case '/long.wav':
        status('HTTP/1.1 200 OK', [`Content-Length: ${Math.floor(media.length / 2)}`]);
        return void socket.end(media);
      case '/stall.wav':
        status('HTTP/1.1 200 OK', [`Content-Length: ${media.length}`]);
        return void socket.write(media.subarray(0, 1000));
      case '/reset.wav':
        status('HTTP/1.1 200 OK', [`Content-Length: ${media.length}`]);
        return void socket.write(media.subarray(0, 1000), () => setTimeout(() => socket.resetAndDestroy(), 50));
      case '/huge.wav':
        status('HTTP/1.1 200 OK', ['Content-Length: 999999999999']);
        return void socket.write(media.subarray(0, 1000));
      case '/page.html':
        status('HTTP/1.1 200 OK', ['Content-Type: text/html', 'Content-Length: 30', 'Connection: close']);
        return void socket.end('<html><body>hello</body></html>'.slice(0, 30));
      case '/missing.wav':
        status('HTTP/1.1 404 Not Found', ['Content-Length: 0', 'Connection: close']);
        return void socket.end();
      case '/broken.wav':
        status('HTTP/1.1 500 Internal Server Error', ['Content-Length: 0', 'Connection: close']);
        return void socket.end();
      case '/loop.wav':
        status('HTTP/1.1 302 Found', ['Location: /loop.wav', 'Content-Length: 0', 'Connection: close']);
        return void socket.end();
      case '/not-http':
        return void socket.end('SSH-2.0-OpenSSH_9.2\r\n');
      default:
        status('HTTP/1.1 404 Not Found', ['Content-Length: 0', 'Connection: close']);
        return void socket.end();
    }
  }
}
