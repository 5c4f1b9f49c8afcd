// The ports a page writes and the free ones they stand for in a run. A page writes the
// ports its examples use (8080 for its simulator, `--port 8081`, `--listen 127.0.0.1:9464`);
// each listens on a free port of as many digits, so a table that shows it keeps its
// columns, and what a command prints shows the port the page wrote.
import { freePortLike } from './fixed.ts';
import { ShellLineError } from './shell-line.ts';

/** `--port N` and the simulator's `--http-proxy-port N`, `--socks-proxy-port N`. */
const PORT_FLAG = /^--(?:[a-z]+-)*port$/;
const LOOPBACK_PORT = /\b(127\.0\.0\.1|localhost):(\d+)(?!\d)/g;

export class WrittenPorts {
  /** Each port as the page writes it, and the free one it stands for. */
  private readonly actual = new Map<number, number>();

  /** `written` stands for `actual` (the page's simulator, which found its port itself). */
  set(written: number, actual: number): void {
    this.actual.set(written, actual);
  }

  /** A command's words with each port the page wrote (`--port N`, `--…-port N`, `--listen HOST:N`, `127.0.0.1:N`) the one it stands for. */
  async toActual(words: string[]): Promise<string[]> {
    const mapped: string[] = [];
    for (const [i, word] of words.entries()) {
      let text = word;
      const listen = words[i - 1] === '--listen' ? /^(.*):(\d+)$/.exec(word) : null;
      if (PORT_FLAG.test(words[i - 1] ?? '') && /^\d+$/.test(word))
        text = String(await this.portFor(Number(word)));
      else if (listen) text = `${listen[1]}:${await this.portFor(Number(listen[2]))}`;
      mapped.push(
        text.replace(LOOPBACK_PORT, (whole, host: string, port: string) =>
          this.swap(whole, host, port, this.actual),
        ),
      );
    }
    return mapped;
  }

  /** What a command printed with each port as the page wrote it. */
  shown(text: string): string {
    const written = new Map([...this.actual].map(([page, run]) => [run, page]));
    return text.replace(LOOPBACK_PORT, (whole, host: string, port: string) =>
      this.swap(whole, host, port, written),
    );
  }

  private swap(whole: string, host: string, port: string, to: Map<number, number>): string {
    const other = to.get(Number(port));
    return other === undefined ? whole : `${host}:${other}`;
  }

  private async portFor(written: number): Promise<number> {
    if (written === 0)
      throw new ShellLineError(
        'port 0 is a new port every run: write a port (the examples listen on a free one and show it as written)',
      );
    if (!this.actual.has(written)) this.actual.set(written, await freePortLike(written));
    return this.actual.get(written)!;
  }
}
