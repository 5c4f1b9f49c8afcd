// `netdeck logout`: removes the login `netdeck login` kept for the profile (a broken or
// planted login file too: it is unlinked, never followed).
import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { addOutputOptions, type CommonOptions, optionsOf } from '../options.ts';
import { ExitCode } from '../output/exit-codes.ts';
import { createOutput } from '../output/writer.ts';
import { ConfigError, loginFileOf, resolveConfig } from '../profile/config.ts';
import { LoginFileError, removeLogin } from '../profile/login-store.ts';
import { examples } from './help.ts';

export function registerLogout(program: Command, context: CliContext): void {
  const command = program
    .command('logout')
    .description('remove the token netdeck login kept for this profile')
    .option('--profile <name>', 'the profile to log out of (env NETDECK_PROFILE)');
  addOutputOptions(command);
  command.addHelpText('after', examples([['netdeck logout', 'forget the login of the default profile']]));
  command.action(async (_flags, cmd: Command) => {
    const options = optionsOf<CommonOptions>(cmd);
    const out = createOutput(context.io, options);
    let login: { path: string; profile: string };
    let removed: boolean;
    try {
      login = loginFileOf({ profile: options.profile }, context.io.env, context.deps.configFs);
      removed = removeLogin(login.path);
    } catch (error) {
      if (!(error instanceof ConfigError) && !(error instanceof LoginFileError)) throw error;
      out.error(error.message);
      return context.exit(error instanceof ConfigError ? ExitCode.usage : ExitCode.failure);
    }
    out.outcome(
      { profile: login.profile, removed, path: login.path },
      removed
        ? `Logged out: removed ${login.path}.`
        : `Not logged in (profile ${login.profile}): there is no ${login.path}.`,
    );
    try {
      const still = resolveConfig({ profile: options.profile }, context.io.env, context.deps.configFs).token;
      if (still) out.warn(`${still.origin} still gives a token`);
    } catch {
      // Nothing more to say about a configuration that cannot work.
    }
    context.exit(ExitCode.ok);
  });
}
