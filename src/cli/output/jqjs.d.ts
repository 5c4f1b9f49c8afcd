// jqjs ships JavaScript with JSDoc and no declarations: what netdeck uses of it.
declare module '@michaelhomer/jqjs' {
  /** A jq program compiled: each of its outputs for one input. */
  export function compile(program: string): (input: unknown) => Iterable<unknown>;
}
