// The files of a folder and its subfolders whose names match, for the tests that read the
// sources themselves (era names, import loops).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export function sourceFiles(dir: string, name: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, name);
    return name.test(entry.name) ? [path] : [];
  });
}
