// A command over several profiles (`--profiles`): the builder's way for a command that
// declares it takes them. Every profile is resolved and given a client of its own
// (profile/profiles.ts); the command runs once per profile, all at once, each printing
// into a writer of its own, and what they printed is printed together
// (output/profile-output.ts). A profile that fails (a configuration that cannot work, a
// token refused, a service unreachable) is said to have failed, the others go on, and
// the exit code is the worst of them (a refused token's 3 before any other).
import type { ClientOptions } from '../../api/client.ts';
import type { CliContext } from '../context.ts';
import type { CommonOptions } from '../options.ts';
import { ExitCode, exitCodeFor } from '../output/exit-codes.ts';
import { keptOutput, type ProfileRun, printProfileRuns, profileNotes } from '../output/profile-output.ts';
import { createOutput, type Output } from '../output/writer.ts';
import { ConfigError } from '../profile/config.ts';
import { type ResolvedProfile, resolveProfiles } from '../profile/profiles.ts';
import { type CommandSession, commandClientDefaults, explain } from '../run-command.ts';

/** What a command given every profile at once is given (the exporter serves them from one server). */
export interface ProfilesSession {
  profiles: ResolvedProfile[];
  out: Output;
}

/** The worst of the profiles' exit codes: a refused token first (its fix is the user's), else the highest. */
export const worstExit = (codes: readonly number[]): number =>
  codes.includes(ExitCode.unauthorized) ? ExitCode.unauthorized : Math.max(ExitCode.ok, ...codes);

/** A failure's exit code: a configuration that cannot work is a usage error, as for one profile. */
const failureCode = (error: unknown) => (error instanceof ConfigError ? ExitCode.usage : exitCodeFor(error));

/** Resolves the profiles, runs `body` with them all, closes their clients; the exit code is recorded. */
export async function withProfiles(
  context: CliContext,
  options: CommonOptions,
  names: readonly string[],
  body: (session: ProfilesSession) => Promise<unknown>,
): Promise<number> {
  const out = createOutput(context.io, options);
  const resolved = resolveProfiles(context, names, {
    flags: options,
    clientDefaults: (name): Partial<ClientOptions> => commandClientDefaults(profileNotes(out, name)),
    hide: (token) => out.hide(token),
    note: (text) => out.note(text),
    warn: (text) => out.warn(text),
  });
  let code: number;
  try {
    const answer = await body({ profiles: resolved.profiles, out });
    code = typeof answer === 'number' ? answer : ExitCode.ok;
  } catch (error) {
    out.error(explain(error));
    code = failureCode(error);
  } finally {
    await resolved.close();
  }
  context.exit(code);
  return code;
}

/**
 * Runs `body` once per profile, all at once. `live` (a command that keeps running): each
 * prints as it goes, its notes named by the profile; else each one's data is kept and
 * printed with the others' once all have answered.
 */
export function runOverProfiles(
  context: CliContext,
  options: CommonOptions,
  names: readonly string[],
  body: (session: CommandSession) => Promise<unknown>,
  { live = false } = {},
): Promise<number> {
  return withProfiles(context, options, names, async ({ profiles, out }) => {
    const runs = profiles.map((p): ProfileRun => ({ profile: p.name, network: p.network, pieces: [] }));
    const codes = await Promise.all(
      profiles.map(async (profile, k) => {
        const named = profileNotes(out, profile.name);
        try {
          if (!profile.ok) throw profile.error;
          const answer = await body({
            client: profile.client,
            out: live ? named : keptOutput(out, runs[k], options),
            config: profile.config,
            token: profile.token,
            profile: profile.name,
          });
          return typeof answer === 'number' ? answer : ExitCode.ok;
        } catch (error) {
          runs[k].error = explain(error);
          named.error(runs[k].error);
          return failureCode(error);
        }
      }),
    );
    if (!live) printProfileRuns(out, options, runs);
    return worstExit(codes);
  });
}
