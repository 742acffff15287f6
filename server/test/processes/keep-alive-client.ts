import net from 'node:net';

export type RawReply = { status: number; headers: Record<string, string>; body: string };

/** One HTTP/1.1 keep-alive connection spoken by hand, so a request can be left half-sent. */
export class RawConnection {
  private buffer = '';
  private waiters: (() => void)[] = [];
  ended = false;
  readonly socket: net.Socket;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.setEncoding('utf8');
    this.socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.wake();
    });
    this.socket.on('close', () => {
      this.ended = true;
      this.wake();
    });
    this.socket.on('error', () => undefined);
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  private async more(what: string): Promise<void> {
    if (this.ended)
      throw new Error(`connection closed while waiting for ${what}; had: ${JSON.stringify(this.buffer.slice(0, 300))}`);
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  write(text: string) {
    this.socket.write(text);
  }

  /** The next interim `100 Continue`: the server has read the request's head and is waiting for the body. */
  async continued(): Promise<void> {
    while (!this.buffer.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) await this.more('100 Continue');
    this.buffer = this.buffer.slice('HTTP/1.1 100 Continue\r\n\r\n'.length);
  }

  /** The next whole reply (Content-Length bodies; our replies are never chunked here). */
  async reply(): Promise<RawReply> {
    for (;;) {
      const head = this.buffer.indexOf('\r\n\r\n');
      if (head >= 0) {
        const [statusLine, ...lines] = this.buffer.slice(0, head).split('\r\n');
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        const length = Number(headers['content-length'] ?? 0);
        if (Buffer.byteLength(this.buffer.slice(head + 4)) >= length) {
          const body = Buffer.from(this.buffer.slice(head + 4))
            .subarray(0, length)
            .toString();
          this.buffer = this.buffer.slice(head + 4 + body.length);
          return { status: Number(statusLine.split(' ')[1]), headers, body };
        }
      }
      await this.more('a reply');
    }
  }

  /** Resolves once the server has closed the connection. */
  async closedByServer(): Promise<void> {
    while (!this.ended) await this.more('the close').catch(() => undefined);
  }
}
