// Clients of the simulator's proxies for the tests (issue 34), on raw sockets so that every
// byte of both protocols is the test's: an HTTP request in absolute form, a CONNECT tunnel,
// a SOCKS5 (RFC 1928, 1929) connection by name (socks5h). Only loopback destinations.
import { connect, type Socket } from 'node:net';

/** Reads a socket's bytes as they come; `until(test)` waits for enough of them. */
class Received {
  bytes: Buffer = Buffer.alloc(0);
  closed = false;
  private wake: (() => void) | undefined;
  private readonly onData = (chunk: Buffer) => {
    this.bytes = Buffer.concat([this.bytes, chunk]);
    this.wake?.();
  };

  constructor(private readonly socket: Socket) {
    socket.on('data', this.onData);
    const end = () => {
      this.closed = true;
      this.wake?.();
    };
    socket.on('close', end);
    socket.on('error', end);
  }

  /** Stops keeping what comes (a bench counts the bytes of a long answer itself). */
  stop(): void {
    this.socket.off('data', this.onData);
  }

  async until(test: (bytes: Buffer) => boolean, ms = 5000): Promise<Buffer> {
    const deadline = Date.now() + ms;
    while (!test(this.bytes)) {
      if (this.closed) return this.bytes;
      if (Date.now() > deadline) throw new Error(`no answer in ${ms} ms: ${this.bytes.toString('latin1')}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
    return this.bytes;
  }
}

function open(port: number, host = 'localhost'): Promise<{ socket: Socket; received: Received }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const received = new Received(socket);
    socket.once('connect', () => resolve({ socket, received }));
    socket.once('error', reject);
  });
}

export const basic = (user: string, password = '') =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export interface HttpAnswer {
  status: number;
  head: string;
  body: string;
}

function parseAnswer(bytes: Buffer): HttpAnswer {
  const text = bytes.toString('utf8');
  const end = text.indexOf('\r\n\r\n');
  const head = end < 0 ? text : text.slice(0, end);
  let body = end < 0 ? '' : text.slice(end + 4);
  // The tests' servers answer with a length or chunks; the chunked ones are one chunk.
  if (/transfer-encoding: chunked/i.test(head))
    body = body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
  return { status: Number(head.split(' ')[1]), head, body };
}

/** A request in absolute form through the HTTP proxy (the connection closed after it). */
export async function httpViaProxy(
  proxyPort: number,
  url: string,
  authorization?: string,
): Promise<HttpAnswer> {
  const { socket, received } = await open(proxyPort);
  const target = new URL(url);
  socket.write(
    `GET ${url} HTTP/1.1\r\nHost: ${target.host}\r\n${authorization ? `Proxy-Authorization: ${authorization}\r\n` : ''}Connection: close\r\n\r\n`,
  );
  const bytes = await received.until(() => false);
  socket.destroy();
  return parseAnswer(bytes);
}

/** A CONNECT tunnel to host:port, then a GET of `path` through it: the CONNECT's answer, and the GET's. */
export async function connectViaProxy(
  proxyPort: number,
  authority: string,
  authorization: string | undefined,
  path = '/',
): Promise<{ tunnel: HttpAnswer; answer?: HttpAnswer }> {
  const { socket, received } = await open(proxyPort);
  socket.write(
    `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${authorization ? `Proxy-Authorization: ${authorization}\r\n` : ''}\r\n`,
  );
  const head = await received.until((bytes) => bytes.includes('\r\n\r\n'));
  const tunnel = parseAnswer(head);
  if (tunnel.status !== 200) {
    await received.until(() => false);
    socket.destroy();
    return { tunnel: parseAnswer(received.bytes) };
  }
  const sent = received.bytes.length;
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${authority}\r\nConnection: close\r\n\r\n`);
  const all = await received.until(() => false);
  socket.destroy();
  return { tunnel, answer: parseAnswer(all.subarray(sent)) };
}

export interface SocksOutcome {
  /** the server's chosen method (0xff: none acceptable) */
  method: number;
  /** RFC 1929 status (0: accepted), when asked */
  auth?: number;
  /** the CONNECT reply code, when it got that far */
  reply?: number;
  /** the open tunnel, when the reply was 0 */
  socket?: Socket;
  received?: Received;
}

/**
 * A SOCKS5 CONNECT to a name (socks5h) or an address: with `user` the user/password method
 * only, without it only "no authentication".
 */
export async function socks5(
  proxyPort: number,
  destination: { host: string; port: number },
  user?: string,
  password = 'any password',
): Promise<SocksOutcome> {
  const { socket, received } = await open(proxyPort);
  socket.write(Buffer.from(user === undefined ? [5, 1, 0] : [5, 1, 2]));
  const greeting = await received.until((bytes) => bytes.length >= 2);
  const outcome: SocksOutcome = { method: greeting[1] };
  if (user === undefined || outcome.method !== 2) {
    socket.destroy();
    return outcome;
  }
  const name = Buffer.from(user, 'latin1');
  const pass = Buffer.from(password, 'latin1');
  socket.write(Buffer.concat([Buffer.from([1, name.length]), name, Buffer.from([pass.length]), pass]));
  const auth = await received.until((bytes) => bytes.length >= 4);
  outcome.auth = auth[3];
  if (outcome.auth !== 0) {
    socket.destroy();
    return outcome;
  }
  const host = Buffer.from(destination.host, 'latin1');
  const port = Buffer.alloc(2);
  port.writeUInt16BE(destination.port);
  socket.write(Buffer.concat([Buffer.from([5, 1, 0, 3, host.length]), host, port]));
  const replied = await received.until((bytes) => bytes.length >= 4 + 10);
  outcome.reply = replied[5];
  if (outcome.reply !== 0) {
    socket.destroy();
    return outcome;
  }
  // What follows the reply is the destination's.
  received.bytes = replied.subarray(4 + 10);
  return { ...outcome, socket, received };
}

/** Sends a GET over an open tunnel and reads the answer to its end. */
export async function getOver(tunnel: SocksOutcome, host: string, path = '/'): Promise<HttpAnswer> {
  tunnel.socket!.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  const bytes = await tunnel.received!.until(() => false);
  tunnel.socket!.destroy();
  return parseAnswer(bytes);
}
