import net from 'node:net';

/**
 * A TCP proxy in front of a database server that can be paused: while paused it accepts connections and bytes but
 * forwards nothing either way, as a database that stopped answering (SIGSTOP, a frozen VM, a network partition that
 * drops packets) looks to its clients. Resumed, it forwards what it held. Only the app under test goes through it,
 * so the real server stays available to every other test.
 */
export type PausableProxy = { port: number; pause(): void; resume(): void; close(): Promise<void> };

export async function pausableProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<PausableProxy> {
  let paused = false;
  const sockets = new Set<net.Socket>();
  /** Bytes read while paused, each with the socket it is for, forwarded in order on resume. */
  let held: [net.Socket, Buffer][] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    const forward = (to: net.Socket) => (chunk: Buffer) => {
      if (paused) held.push([to, chunk]);
      else to.write(chunk);
    };
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    const end = () => {
      for (const s of [client, upstream]) {
        sockets.delete(s);
        s.destroy();
      }
    };
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', end).on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      const queue = held;
      held = [];
      for (const [to, chunk] of queue) if (!to.destroyed) to.write(chunk);
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The same database URL with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: PausableProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}
