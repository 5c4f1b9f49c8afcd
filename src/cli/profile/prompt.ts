// Reading a secret (a password, an auth code) from the person at the terminal without
// echoing it, or from a pipe, and a yes/no question before a command changes something.
// Nothing read here is ever written anywhere.
import type { CliIo } from '../output/io.ts';

/** More than any code or password; a stream that keeps sending (/dev/zero) is cut here. */
const MAX_INPUT_BYTES = 64 * 1024;

/** Everything a pipe sends, up to 64 KiB (stops reading there). */
export function readAll(stdin: NodeJS.ReadStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      stdin.off('data', onData);
      stdin.off('end', finish);
      stdin.off('error', onError);
      stdin.pause();
      resolve(Buffer.concat(chunks).toString('utf8').slice(0, MAX_INPUT_BYTES));
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      chunks.push(bytes);
      size += bytes.length;
      if (size >= MAX_INPUT_BYTES) finish();
    };
    const onError = (error: Error) => {
      stdin.off('data', onData);
      stdin.off('end', finish);
      reject(error);
    };
    stdin.on('data', onData);
    stdin.once('end', finish);
    stdin.once('error', onError);
    stdin.resume();
  });
}

/**
 * Keys typed at a terminal in raw mode until enter; undefined on ctrl-c or ctrl-d. What
 * is typed is not shown unless `echo` is given (a secret never is).
 */
function readTyped(stdin: NodeJS.ReadStream, echo?: (text: string) => void): Promise<string | undefined> {
  return new Promise((resolve) => {
    let text = '';
    const done = (value: string | undefined) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return done(text);
        if (char === '\u0003' || (char === '\u0004' && text === '')) return done(undefined);
        if (char === '\u007f' || char === '\b') {
          if (text) echo?.('\b \b');
          text = [...text].slice(0, -1).join('');
        } else if (char === '\u0015') text = '';
        else if (char >= ' ' && text.length < MAX_INPUT_BYTES) {
          text += char;
          echo?.(char);
        }
      }
    };
    stdin.setRawMode?.(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}

/**
 * Asks for a secret: on a terminal, `question` on stderr and the answer typed unseen;
 * from a pipe, its first line. Undefined when nothing could be read (cancelled, no stdin).
 */
export async function askSecret(io: CliIo, question: string): Promise<string | undefined> {
  const { stdin } = io;
  if (!stdin) return undefined;
  if (stdin.isTTY) {
    io.stderr.write(question);
    const answer = await readTyped(stdin);
    io.stderr.write('\n');
    return answer;
  }
  return (await readAll(stdin)).split(/\r?\n/)[0];
}

/**
 * A yes/no question on a terminal: `question` on stderr, the answer typed (echoed) up to
 * enter; yes only for `y` or `yes`. Undefined without a terminal to ask on.
 */
export async function askYesNo(io: CliIo, question: string): Promise<boolean | undefined> {
  const { stdin } = io;
  if (!stdin?.isTTY) return undefined;
  io.stderr.write(`${question} [y/N] `);
  const answer = await readTyped(stdin, (text) => io.stderr.write(text));
  io.stderr.write('\n');
  return /^\s*y(es)?\s*$/i.test(answer ?? '');
}
