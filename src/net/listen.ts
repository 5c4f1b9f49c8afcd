// A node:http server on host:port (0 picks a free port) that closes promptly: the
// simulator's and the exporter's. A leaf: it imports nothing of netdeck.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  server: Server;
  /** `http://HOST:PORT` with the real bound port. */
  url: string;
  close(): Promise<void>;
}

export function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  host: string,
  port: number,
): Promise<Listening> {
  const server = createServer({ keepAliveTimeout: 5_000 }, handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        server,
        url: `http://${shownHost}:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Keep-alive sockets would hold close() open until they time out.
            server.closeAllConnections();
          }),
      });
    });
  });
}
