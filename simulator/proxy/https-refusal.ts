// The simulator's HTTPS proxy port (issue 34): the simulator does not speak TLS (no
// certificate per server name), so its `https_proxy_url` is refused with the reason and
// the URLs that work. A TLS client gets a fatal `unrecognized_name` alert (TLS has no
// room for a sentence: the reason is logged, and said by `netdeck sim` and the docs); a
// plain-text client gets a 501 naming the HTTP and SOCKS URLs.
import { createServer, type Server } from 'node:net';
import { PROXY_LIMITS } from './relay.ts';

/** A TLS record: a fatal alert, unrecognized_name (RFC 6066). */
const TLS_ALERT = Buffer.from([0x15, 0x03, 0x01, 0x00, 0x02, 0x02, 0x70]);
const TLS_HANDSHAKE = 0x16;

/** Why the HTTPS proxy refuses, naming what to use instead. */
export const httpsRefusal = (httpUrl: string, socksUrl: string) =>
  `the simulator does not serve its HTTPS proxy (it speaks no TLS): use its HTTP proxy ${httpUrl} or its SOCKS proxy ${socksUrl}, with the proxy's auth_token as the user name`;

export function createHttpsRefusalServer(reason: () => string, log?: (line: string) => void): Server {
  const server = createServer((client) => {
    client.setTimeout(PROXY_LIMITS.handshakeMs, () => client.destroy());
    client.on('error', () => client.destroy());
    client.once('data', (first: Buffer) => {
      if (first[0] === TLS_HANDSHAKE) {
        log?.(`https proxy: a TLS client refused: ${reason()}`);
        client.end(TLS_ALERT);
        return;
      }
      const body = `${reason()}\n`;
      client.end(
        `HTTP/1.1 501 Not Implemented\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
  });
  server.maxConnections = PROXY_LIMITS.total;
  return server;
}
