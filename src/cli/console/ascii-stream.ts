// Mono's output: a stream whose every string is folded to ASCII and box drawing as it is
// written (src/ui/glyphs.ts), for the first paint and Ink. Everything else of the stream
// (its size, its events, isTTY) is the stream's own.
import { foldToAscii } from '../../ui/glyphs.ts';

/** `stream`, writing every string folded to ASCII of the same width. */
export function asciiStream<T extends { write(chunk: string, ...rest: never[]): unknown }>(stream: T): T {
  return new Proxy(stream, {
    get(target, property) {
      if (property === 'write')
        return (chunk: unknown, ...rest: never[]) =>
          target.write((typeof chunk === 'string' ? foldToAscii(chunk) : chunk) as string, ...rest);
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
