// The commands that get a new client token for a device (`clients add`, `adopt`) print it
// or, with their own --token-file PATH, write it to a private file (0600). Their
// --token-file is where the new token goes; the network's own token, where one is needed,
// comes from before the command (`netdeck --token-file FILE clients add`), the
// environment or the profile.
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { checkFromService } from '../../api/auth.ts';
import { replacePrivateFile } from '../../safe-files.ts';
import type { CommonOptions } from '../options.ts';
import { type DataTable, type Field, textField } from '../output/data-table.ts';
import { ExitCode, UsageError } from '../output/exit-codes.ts';
import type { Output } from '../output/writer.ts';
import { netdeckVersion } from '../version.ts';

/** What the service learns of the device: netdeck, its version (as --version says it), the platform. */
export const deviceSpec = () => `netdeck/${netdeckVersion()} (${process.platform}; ${process.arch})`;

/**
 * What a command that gets a token declares (serviceCommand): --name (the device's, as
 * `nameHelp` says) and its own --token-file, then --json, --csv and the connection's
 * flags but --token-file.
 */
export const tokenCommand = (nameHelp: string) =>
  ({
    flags: (command: Command) =>
      command
        .requiredOption('--name <name>', nameHelp)
        .option(
          '--token-file <path>',
          "write the device's client token to this file (created 0600, replaced if there) instead of stdout",
        ),
    csv: true,
    tokenFile: false,
  }) as const;

/** A usage error when a token could not be written at `path` (given with `flag`). */
export function checkTokenFile(path: string | undefined, flag = '--token-file'): void {
  if (path === undefined) return;
  const folder = statSync(dirname(resolve(path)), { throwIfNoEntry: false });
  if (!folder?.isDirectory())
    throw new UsageError(`${flag} ${path}: the folder ${dirname(resolve(path))} does not exist`);
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`${flag} ${path} is a folder: give a file name`);
}

/** What a command that gets a token was asked for. */
export interface NewTokenRequest {
  /** The device's name. */
  name: string;
  /** Where the token goes instead of stdout: the command's own --token-file. */
  tokenFile?: string;
  csv: boolean;
  quiet: boolean;
}

/**
 * The check of a command that gets a token (serviceCommand's `check`): its own
 * --token-file must be a file that can be written (a usage error before anything is asked
 * of the service).
 */
export function newTokenOf(
  options: CommonOptions & { name: string },
  _args: unknown[],
  command: Command,
): NewTokenRequest {
  const tokenFile = command.opts().tokenFile as string | undefined;
  checkTokenFile(tokenFile);
  return { name: options.name, tokenFile, csv: options.csv === true, quiet: options.quiet === true };
}

/** Writes the token to its file (0600, one line); a failure names the file. */
export function writeTokenFile(path: string, token: string): void {
  try {
    replacePrivateFile(path, `${token}\n`);
  } catch (error) {
    throw new Error(`cannot write the token file ${path}: ${(error as Error).message}`);
  }
}

/** A new device's token as one record. */
export interface NewToken {
  client_id?: string;
  device_name?: string;
  token: string;
  /** Where the token went instead of stdout (the command's own --token-file). */
  tokenFile?: string;
}

/** A new device's token as CSV: `token` empty when it went to `token_file`. */
export function tokenTable<R extends NewToken>(rows: R[], more: Field<R>[] = []): DataTable<R> {
  return {
    fields: [
      ...more,
      textField('CLIENT ID', 'client_id', (r) => r.client_id),
      textField('DEVICE', 'device_name', (r) => r.device_name),
      textField('TOKEN', 'token', (r) => (r.tokenFile ? undefined : r.token)),
      textField('TOKEN FILE', 'token_file', (r) => r.tokenFile),
    ],
    rows,
  };
}

/**
 * Hands a new token over: to its file (0600) when one was asked for, else to stdout; --csv
 * one record (`more` columns first), --json what `printJson` prints (with --fields, the record's fields). The service has made
 * the token already: a file that cannot be written gets it on stdout instead, and exit 1.
 */
export function handOverToken<R extends NewToken>(
  out: Output,
  record: R,
  how: { csv?: boolean; more?: Field<R>[]; printJson(): void },
): number {
  const { tokenFile } = record;
  // Checked before anything is printed or written (--json prints the whole answer too).
  const token = checkFromService(record.token, 'a client token');
  if (tokenFile) {
    try {
      writeTokenFile(tokenFile, token);
    } catch (error) {
      // In the output asked for: a JSON line, a CSV record, else the token alone.
      out.error(`${(error as Error).message}: the token follows on stdout`);
      if (out.jsonAnswer) out.jsonLine({ token });
      else if (how.csv || out.json)
        out.result({}, () => tokenTable([{ ...record, tokenFile: undefined }], how.more));
      else out.line(token);
      return ExitCode.failure;
    }
  }
  // --fields and --jsonl pick from the record, as --csv prints it.
  if (out.jsonAnswer) how.printJson();
  else if (how.csv || out.json) out.result({}, () => tokenTable([record], how.more));
  else if (!tokenFile) out.line(token);
  return ExitCode.ok;
}
