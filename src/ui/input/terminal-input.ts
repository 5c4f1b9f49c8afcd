// What the terminal sends, read before Ink sees it. Ink (since 8) drops every escape
// sequence it has no key for, mouse reports included, so the console takes the mouse
// reports (and ctrl-z) out here and gives Ink a stream of the rest (keys and pastes). Ink reads the
// stream as it reads a terminal: 'readable' events, `read()`, raw mode, ref and unref.
import { EventEmitter } from 'node:events';
import { type MouseEvent, parseSgrMouse } from './mouse.ts';

/** One whole SGR mouse report (mouse.ts). */
const REPORT = /\u001b\[<\d{1,4};\d{1,5};\d{1,5}[Mm]/g;
/** ctrl-z: in raw mode the terminal sends it as this byte instead of stopping the process. */
const SUSPEND_KEY = '\u001a';
/** The start of a report cut off at the end of a read: kept for the next one. */
const UNFINISHED = /\u001b\[<[\d;]{0,16}$/;

/** The part of a tty ReadStream this reads (a fake one in the screen tests). */
export interface TerminalSource {
  readonly isTTY?: boolean;
  setRawMode(on: boolean): unknown;
  setEncoding(encoding: 'utf8'): unknown;
  on(event: 'data', listener: (chunk: string) => void): unknown;
  off(event: 'data', listener: (chunk: string) => void): unknown;
  pause(): unknown;
  resume(): unknown;
  ref(): unknown;
  unref(): unknown;
}

export class TerminalInput extends EventEmitter {
  readonly isTTY: boolean;
  private queued = '';
  /** A report's first part, waiting for the rest. */
  private held = '';
  private reading = false;

  constructor(private readonly source: TerminalSource) {
    super();
    this.isTTY = source.isTTY === true;
    source.setEncoding('utf8');
    // Read the terminal while Ink listens (it stops listening when it unmounts).
    this.on('newListener', (event: string) => {
      if (event === 'readable' && !this.reading) {
        this.reading = true;
        source.on('data', this.take);
        // Paused when Ink stopped listening (a suspension): a 'data' listener alone does not resume it.
        source.resume();
      }
    });
    this.on('removeListener', (event: string) => {
      if (event === 'readable' && this.listenerCount('readable') === 0 && this.reading) {
        this.reading = false;
        source.off('data', this.take);
        source.pause();
      }
    });
  }

  /** Ink's read: everything since the last one, or null. */
  read(): string | null {
    const text = this.queued;
    this.queued = '';
    return text === '' ? null : text;
  }

  setEncoding(): this {
    return this;
  }

  setRawMode(on: boolean): this {
    this.source.setRawMode(on);
    return this;
  }

  ref(): this {
    this.source.ref();
    return this;
  }

  unref(): this {
    this.source.unref();
    return this;
  }

  /** Splits one read into keys for Ink and mouse reports, in the order they came; says 'input' first. */
  private readonly take = (chunk: string) => {
    this.emit('input');
    let text = this.held + chunk;
    this.held = '';
    const cut = UNFINISHED.exec(text);
    if (cut) {
      this.held = cut[0];
      text = text.slice(0, cut.index);
    }
    let from = 0;
    for (const match of text.matchAll(REPORT)) {
      this.keys(text.slice(from, match.index));
      from = match.index + match[0].length;
      const event = parseSgrMouse(match[0]);
      if (event) this.emit('mouse', event);
    }
    this.keys(text.slice(from));
  };

  private keys(text: string): void {
    // ctrl-z reaches a terminal in raw mode as a key: the console suspends (src/cli/console/tui.tsx).
    const [first, ...rest] = text.split(SUSPEND_KEY);
    this.queue(first);
    for (const part of rest) {
      this.emit('suspend');
      this.queue(part);
    }
  }

  private queue(text: string): void {
    if (text === '') return;
    this.queued += text;
    this.emit('readable');
  }
}

/** Calls `listener` at each ctrl-z `stdin` reads, when it is a TerminalInput; returns the unsubscribe. */
export function onSuspendKey(stdin: unknown, listener: () => void): () => void {
  if (!(stdin instanceof TerminalInput)) return () => {};
  stdin.on('suspend', listener);
  return () => {
    stdin.off('suspend', listener);
  };
}

/** Calls `listener` with each mouse report `stdin` reads, when it is a TerminalInput; returns the unsubscribe. */
export function onMouse(stdin: unknown, listener: (event: MouseEvent) => void): () => void {
  if (!(stdin instanceof TerminalInput)) return () => {};
  stdin.on('mouse', listener);
  return () => {
    stdin.off('mouse', listener);
  };
}
