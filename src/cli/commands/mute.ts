// `netdeck mute CLIENT_ID --for 8h`, `netdeck unmute CLIENT_ID`, and `netdeck mute` alone
// listing the mutes in force (issue 35): a muted provider is not pushed by `watch --notify`
// until its mute ends. The mutes are kept in the state folder (profile/mutes-file.ts), the
// store over them is src/store/mutes.ts's; nothing is asked of the service.
import { type Command, InvalidArgumentError } from 'commander';
import { systemClock } from '../../clock.ts';
import { formatPeriod, formatTimestamp, formatWaitInWords, parsePeriod } from '../../format/numbers.ts';
import { createMutesStore, DEFAULT_MUTE, MUTE_LENGTH_RULE } from '../../store/mutes.ts';
import type { CliContext } from '../context.ts';
import { addOutputOptions, type CommonOptions, optionsOf, orUsage, uuidOf } from '../options.ts';
import { type DataTable, textField } from '../output/data-table.ts';
import { ExitCode } from '../output/exit-codes.ts';
import { createOutput } from '../output/writer.ts';
import { mutesFile, mutesPath } from '../profile/mutes-file.ts';
import { examples } from './help.ts';

/** --for's value: a period (`8h`); anything else is a usage error saying what is taken. */
function durationArg(value: string): number {
  const ms = parsePeriod(value);
  if (ms === undefined) throw new InvalidArgumentError(`takes ${MUTE_LENGTH_RULE}, up to 366 days.`);
  return ms;
}

interface MuteRow {
  client_id: string;
  until: number;
}

export function registerMute(program: Command, context: CliContext): void {
  const clock = () => context.deps.clock ?? systemClock;
  const store = () => createMutesStore(mutesFile(mutesPath(context.io.env)), clock());
  /** Runs `body`; a mutes file that cannot be read or written is said (exit 1). */
  const attempt = (options: CommonOptions, body: (out: ReturnType<typeof createOutput>) => void) => {
    const out = createOutput(context.io, options);
    try {
      body(out);
    } catch (error) {
      out.error(
        `the muted providers cannot be kept in ${mutesPath(context.io.env)}: ${(error as Error).message}`,
      );
      context.exit(ExitCode.failure);
    }
  };

  const mute = program
    .command('mute')
    .description(
      'mute a provider for a time: watch --notify does not push its events; alone: the mutes in force',
    )
    .argument('[client-id]', 'the provider to mute (its client id)')
    .option('--for <duration>', `how long: ${MUTE_LENGTH_RULE} (default ${DEFAULT_MUTE})`, durationArg);
  addOutputOptions(mute);
  mute.addHelpText(
    'after',
    `${examples([
      ['netdeck mute 3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47 --for 8h', 'no alerts of it for 8 hours'],
      ['netdeck mute', 'the providers muted now, and until when'],
      ['netdeck unmute 3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47', 'its alerts again'],
    ])}
The mutes are kept in $XDG_STATE_HOME/netdeck/mutes.json (default ~/.local/state/netdeck),
for every profile, and end by themselves.
`,
  );
  mute.action((clientId: string | undefined, _flags, cmd: Command) => {
    const options = optionsOf<CommonOptions & { for?: number }>(cmd);
    const id = clientId === undefined ? undefined : orUsage(cmd, () => uuidOf(clientId, 'client id'));
    attempt(options, (out) => {
      const mutes = store();
      const now = clock().now();
      if (id === undefined) {
        const rows: MuteRow[] = [...mutes.getState().mutes]
          .filter(([, until]) => until > now)
          .map(([id, until]) => ({ client_id: id, until }))
          .sort((a, b) => a.until - b.until);
        out.result(
          {
            mutes: rows.map((row) => ({
              client_id: row.client_id,
              until: new Date(row.until).toISOString(),
            })),
          },
          (): DataTable<MuteRow> => ({
            fields: [
              textField('CLIENT ID', 'client_id', (row) => row.client_id),
              {
                header: 'UNTIL',
                name: 'until',
                value: (row) => new Date(row.until).toISOString(),
                show: (row) => formatTimestamp(row.until),
              },
              { header: 'LEFT', show: (row) => formatWaitInWords(row.until - now) },
            ],
            rows,
            empty: 'no provider is muted',
          }),
        );
        return context.exit(ExitCode.ok);
      }
      const forMs = options.for ?? parsePeriod(DEFAULT_MUTE)!;
      const until = mutes.getState().mute(id, forMs);
      out.outcome(
        { client_id: id, until: new Date(until).toISOString() },
        `muted ${id} for ${formatPeriod(forMs)}, until ${formatTimestamp(until)}: watch --notify does not push its events`,
      );
      context.exit(ExitCode.ok);
    });
  });

  const unmute = program
    .command('unmute')
    .description('end a provider’s mute: watch --notify pushes its events again')
    .argument('<client-id>', 'the muted provider (its client id)');
  addOutputOptions(unmute);
  unmute.addHelpText(
    'after',
    examples([['netdeck unmute 3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47', 'its alerts again']]),
  );
  unmute.action((clientId: string, _flags, cmd: Command) => {
    const options = optionsOf<CommonOptions>(cmd);
    const id = orUsage(cmd, () => uuidOf(clientId, 'client id'));
    attempt(options, (out) => {
      const was = store().getState().unmute(id);
      out.outcome({ client_id: id, was_muted: was }, was ? `unmuted ${id}` : `${id} was not muted`);
      context.exit(ExitCode.ok);
    });
  });
}
