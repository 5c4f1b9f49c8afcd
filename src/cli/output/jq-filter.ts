// --jq EXPR: a jq program run over the JSON a command prints, in process, so a script
// needs no jq of its own. The jq is jqjs (@michaelhomer/jqjs), pure JavaScript: it installs
// with nothing fetched and is bundled into netdeck, and a program is compiled once and run
// on each value (a JSON Lines stream runs it on each line, as jq does on a stream of
// inputs). It is imported only when --jq is given: nothing of it loads otherwise.
import { UsageError } from './exit-codes.ts';

/** A compiled --jq: the outputs of the program for one input. */
export type JsonFilter = (input: unknown) => unknown[];

/** jqjs throws strings as well as errors. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The keys an input has (an object's, or its first element's), for an error that says what was there. */
function keysOf(input: unknown): string[] {
  const record = Array.isArray(input) ? input[0] : input;
  return record !== null && typeof record === 'object' && !Array.isArray(record) ? Object.keys(record) : [];
}

/** Compiles `expression`; a program jq cannot read is a usage error, before anything is sent. */
export async function loadJsonFilter(expression: string): Promise<JsonFilter> {
  const { compile } = await import('@michaelhomer/jqjs');
  let program: ReturnType<typeof compile>;
  try {
    program = compile(expression);
  } catch (error) {
    throw new UsageError(`--jq '${expression}': ${messageOf(error)}`);
  }
  return (input) => {
    // The program sees JSON as it is printed: what JSON leaves out (undefined) is not there.
    const json: unknown = JSON.parse(JSON.stringify(input) ?? 'null');
    try {
      return [...program(json)];
    } catch (error) {
      const keys = keysOf(json);
      throw new UsageError(
        `--jq '${expression}': ${messageOf(error)}${keys.length ? `; its input has the keys: ${keys.join(', ')}` : ''}`,
      );
    }
  };
}
