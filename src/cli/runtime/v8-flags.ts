// V8's flags as netdeck changes them while it runs (runtime/memory-saver.ts,
// console/quiet-optimizer.ts): node:v8 is loaded at the first change, after the start, and
// a choice the user made on node's command line is left alone.

/** Sets V8 flags now (`--turbofan`, `--no-optimize-for-size`, ...). */
export const setV8Flags = (flags: string): void =>
  process.getBuiltinModule('node:v8').setFlagsFromString(flags);

/** Whether node was started with an option `pattern` matches (`_` read as `-`, as node reads it). */
export const chosenOnNodeCommandLine = (
  pattern: RegExp,
  execArgv: readonly string[] = process.execArgv,
): boolean => execArgv.some((arg) => pattern.test(arg.replace(/_/g, '-')));
