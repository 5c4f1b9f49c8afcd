// The commands that get a new client token for a device (`clients add`, `adopt`) print it
// or, with their own --token-file PATH, write it to a private file (0600). Their
// --token-file is where the new token goes; the network's own token, where one is needed,
// comes from before the command (`netdeck --token-file FILE clients add`), the
// environment or the profile.
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { replacePrivateFile } from '../safe-files.ts';
import { type CommonOptions, optionsOf } from './options.ts';
import { UsageError } from './output/exit-codes.ts';

/** What the service learns of the device: netdeck, its version, the platform. */
export const deviceSpec = () =>
  `netdeck/${process.env.NETDECK_VERSION ?? 'dev'} (${process.platform}; ${process.arch})`;

export function addTokenFileOutput(command: Command): Command {
  return command.option(
    '--token-file <path>',
    "write the device's client token to this file (created 0600, replaced if there) instead of stdout",
  );
}

/** The command's options, the token file of the connection taken from before the command; and its own. */
export function withOwnTokenFile<T extends CommonOptions>(
  command: Command,
): { options: T; tokenFile?: string } {
  const own = command.opts().tokenFile as string | undefined;
  const connection = command.parent ? optionsOf<CommonOptions>(command.parent).tokenFile : undefined;
  return { options: { ...optionsOf<T>(command), tokenFile: connection }, tokenFile: own };
}

/** A usage error, before anything is asked of the service, when the token could not be written there. */
export function checkTokenFile(path: string | undefined): void {
  if (path === undefined) return;
  const folder = statSync(dirname(resolve(path)), { throwIfNoEntry: false });
  if (!folder?.isDirectory())
    throw new UsageError(`--token-file ${path}: the folder ${dirname(resolve(path))} does not exist`);
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`--token-file ${path} is a folder: give a file name`);
}

/** Writes the token to its file (0600, one line). */
export function writeTokenFile(path: string, token: string): void {
  replacePrivateFile(path, `${token}\n`);
}
