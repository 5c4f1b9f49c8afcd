// Mono's output: a stream whose every string is folded to ASCII and box drawing as it is
// written (src/ui/glyphs.ts). Everything else of the stream (its size, its events, isTTY)
// is the stream's own. The console's one rule for it is `themedOutput`: the first paint
// and Ink both write through it, so mono is ASCII from the first frame on.
import { foldToAscii } from '../../ui/glyphs.ts';
import type { ThemeName } from '../../ui/theme.ts';

interface Writable {
  write(chunk: string, ...rest: never[]): unknown;
}

/** `stream`, writing every string folded to ASCII of the same width. */
function asciiStream<T extends Writable>(stream: T): T {
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

/** Where the console of `theme` writes: mono writes ASCII and box drawing only (every frame folded), the others the stream itself. */
export function themedOutput<T extends Writable>(stream: T, theme: ThemeName | undefined): T {
  return theme === 'mono' ? asciiStream(stream) : stream;
}
