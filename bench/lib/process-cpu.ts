// The CPU time a process has used, from /proc (Linux): what the idle and per-poll benches measure.
import { readFileSync } from 'node:fs';

/** CPU seconds (user + system) a process has used. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
