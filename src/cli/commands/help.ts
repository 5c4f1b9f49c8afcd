// The "Examples:" block every command's --help ends with.

/** `[command line, what it shows]` pairs: a comment line, then the command. */
export function examples(lines: [string, string][]): string {
  return `\nExamples:\n${lines.map(([example, what]) => `  # ${what}\n  $ ${example}`).join('\n')}\n`;
}
