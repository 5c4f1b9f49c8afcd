// `netdeck devices`: the network's device associations; `devices add CODE` adopts or
// accepts a shared device; `devices share CLIENT_ID` creates a share code; `status`,
// `confirm`, `remove` and `rename` act on an association by its code, `set-name` renames
// a device by its device id.
import type { Command } from 'commander';
import { ApiError, isApiError } from '../../api/errors.ts';
import type {
  AddDeviceResult,
  DeviceAssociations,
  PendingAdoptionDevice,
  SharedDevice,
} from '../../contract/schemas.ts';
import { formatDecimal } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import { checkCode } from '../../store/codes.ts';
import type { CliContext } from '../context.ts';
import { addServiceOptions, type CommonOptions, optionsOf, orUsage, uuidOf } from '../options.ts';
import { type DataTable, flagField, numberField, textField } from '../output/data-table.ts';
import { UsageError } from '../output/exit-codes.ts';
import type { Style } from '../output/style.ts';
import { renderPairs } from '../output/table.ts';
import type { Output } from '../output/writer.ts';
import { runWithClient } from '../run-command.ts';
import { examples } from './help.ts';

/** A code argument (six words, quoted or not) as the service wants it; a malformed one is a usage error. */
export function codeOf(input: string | string[]): string {
  const check = checkCode(Array.isArray(input) ? input.join(' ') : input);
  if (!check.ok) throw new UsageError(check.problem);
  return check.code;
}

export function registerDevices(program: Command, context: CliContext): void {
  const devices = program
    .command('devices')
    .description('devices associated with the network: pending adoptions, incoming and outgoing shares');
  addServiceOptions(devices, { csv: true });
  devices.addHelpText(
    'after',
    examples([
      ['netdeck devices', 'the three association lists'],
      ['netdeck devices add "tiger blossom ... six words"', 'adopt a device or accept a shared one'],
      ['netdeck devices share CLIENT_ID --name "living room"', 'a share code for one of your devices'],
      [
        'netdeck devices confirm "six words of the code"',
        'let the network that added your share code use it',
      ],
      ["netdeck devices --json | jq '.incoming_shared_devices'", 'for scripts'],
    ]),
  );
  devices.action(async (_flags, cmd: Command) => {
    const options = optionsOf<CommonOptions>(cmd);
    await runWithClient(context, options, async ({ client, out }) => {
      const associations = await client.deviceAssociations();
      out.result(associations, () => associationsTable(associations, out.style));
    });
  });

  const add = devices
    .command('add')
    .description('add a device by adoption code or share code (six words)')
    .argument('<code...>', 'the code: six words, quoted or not');
  addServiceOptions(add);
  add.addHelpText(
    'after',
    examples([
      ['netdeck devices add abandon ability able about above absent', 'words as separate arguments'],
      ['netdeck devices add "Abandon  Ability able about above absent"', 'case and spacing do not matter'],
    ]),
  );
  add.action(async (words: string[], _flags, cmd: Command) => {
    const code = orUsage(cmd, () => codeOf(words));
    const options = optionsOf<CommonOptions>(cmd);
    await runWithClient(context, options, async ({ client, out }) => {
      let result: AddDeviceResult;
      try {
        result = await client.addDevice({ code });
      } catch (error) {
        if (isApiError(error) && error.kind === 'business') {
          // The service answers `Invalid code.` to rate-limited attempts too.
          throw new ApiError(
            'business',
            `${error.message} (the code may be wrong, used or expired, or too many codes were tried in the last 30 minutes)`,
            error.details,
          );
        }
        throw error;
      }
      if (out.json) out.printJson(result);
      else printAdded(out, result);
    });
  });

  const share = devices
    .command('share')
    .description('create a share code for one of the network’s devices')
    .argument('<client-id>', 'client id of the device (netdeck clients lists yours)')
    .option('--name <name>', 'the name the guest network sees for the device');
  addServiceOptions(share);
  share.addHelpText(
    'after',
    examples([
      [
        'netdeck devices share 3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47 --name "office"',
        'prints the six-word code',
      ],
    ]),
  );
  registerAssociationActions(devices, context);

  share.action(async (clientId: string, _flags, cmd: Command) => {
    const id = orUsage(cmd, () => uuidOf(clientId, 'client id'));
    const options = optionsOf<CommonOptions & { name?: string }>(cmd);
    await runWithClient(context, options, async ({ client, out }) => {
      const result = await client.createShareCode({
        client_id: id,
        ...(options.name === undefined ? {} : { device_name: options.name }),
      });
      if (out.json) out.printJson(result);
      else {
        out.line(sanitize(result.share_code));
        out.note('give this code to the other network; it adds it with `netdeck devices add CODE`');
      }
    });
  });
}

/** A code argument (six words, quoted or not) checked before anything is sent. */
const codeArgument = (cmd: Command, words: string | string[]) => orUsage(cmd, () => codeOf(words));

function registerAssociationActions(devices: Command, context: CliContext): void {
  const subcommand = (
    name: string,
    description: string,
    args: [string, string][],
    help: [string, string][],
  ) => {
    const command = devices.command(name).description(description);
    for (const [arg, text] of args) command.argument(arg, text);
    addServiceOptions(command);
    command.addHelpText('after', examples(help));
    return command;
  };
  const CODE = 'netdeck devices status "tiger blossom ... six words"';

  subcommand(
    'status',
    'whether a network has added a share code, which one, and whether it is confirmed',
    [['<code...>', 'the share code: six words, quoted or not']],
    [[CODE, 'pending or confirmed, and the guest network']],
  ).action(async (words: string[], _flags, cmd: Command) => {
    const code = codeArgument(cmd, words);
    await runWithClient(context, optionsOf<CommonOptions>(cmd), async ({ client, out }) => {
      const status = await client.shareStatus({ share_code: code });
      if (out.json) return out.printJson(status);
      const guest = status.associated_network_name;
      out.lines(
        renderPairs(
          [
            ['guest network', guest ? sanitize(guest) : out.style.dim('none has added the code yet')],
            ['state', guest && !status.pending ? out.style.good('confirmed') : out.style.warn('pending')],
          ],
          out.style,
        ),
      );
      if (guest && status.pending) out.note(`confirm it with: netdeck devices confirm "${code}"`);
    });
  });

  subcommand(
    'confirm',
    'confirm the network that added one of your share codes (it can then use the device)',
    [['<code...>', 'the share code: six words, quoted or not']],
    [
      [
        'netdeck devices confirm "tiger blossom ... six words"',
        'asks the service who added it, then confirms',
      ],
    ],
  ).action(async (words: string[], _flags, cmd: Command) => {
    const code = codeArgument(cmd, words);
    await runWithClient(context, optionsOf<CommonOptions>(cmd), async ({ client, out }) => {
      const status = await client.shareStatus({ share_code: code });
      const guest = status.associated_network_name;
      if (!guest) throw new ApiError('business', 'no network has added this code yet: nothing to confirm');
      if (!status.pending) {
        if (out.json) out.printJson({ associated_network_name: guest });
        else out.line(`Already confirmed: ${sanitize(guest)} can use the device.`);
        return;
      }
      const result = await client.confirmShare({ share_code: code, associated_network_name: guest });
      if (out.json) out.printJson(result);
      else out.line(`Confirmed: ${sanitize(result.associated_network_name ?? guest)} can use the device.`);
    });
  });

  subcommand(
    'remove',
    'remove an association: a pending adoption you added, or a share you own or were given',
    [['<code...>', 'the code: six words, quoted or not']],
    [
      [
        'netdeck devices remove "tiger blossom ... six words"',
        'the device leaves the lists of both networks',
      ],
    ],
  ).action(async (words: string[], _flags, cmd: Command) => {
    const code = codeArgument(cmd, words);
    await runWithClient(context, optionsOf<CommonOptions>(cmd), async ({ client, out }) => {
      const result = await client.removeAssociation({ code });
      if (out.json) out.printJson(result);
      else out.line('Removed.');
    });
  });

  subcommand(
    'rename',
    "give an association this network's own name for it (the other network keeps its own)",
    [
      ['<code>', 'the code, quoted: six words'],
      ['<name>', 'the new name'],
    ],
    [['netdeck devices rename "tiger blossom ... six words" "front desk"', 'shown as "front desk" here']],
  ).action(async (words: string, name: string, _flags, cmd: Command) => {
    const code = codeArgument(cmd, words);
    await runWithClient(context, optionsOf<CommonOptions>(cmd), async ({ client, out }) => {
      const result = await client.setAssociationName({ code, device_name: name });
      if (out.json) out.printJson(result);
      else out.line(`Renamed to "${sanitize(name)}".`);
    });
  });

  subcommand(
    'set-name',
    'rename one of the network’s devices, by its device id (netdeck clients lists them)',
    [
      ['<device-id>', 'the device id (not the client id)'],
      ['<name>', 'the new name'],
    ],
    [
      [
        'netdeck devices set-name 3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47 "attic router"',
        'the device shows the name everywhere',
      ],
    ],
  ).action(async (deviceId: string, name: string, _flags, cmd: Command) => {
    const id = orUsage(cmd, () => uuidOf(deviceId, 'device id'));
    await runWithClient(context, optionsOf<CommonOptions>(cmd), async ({ client, out }) => {
      const result = await client.setDeviceName({ device_id: id, device_name: name });
      if (out.json) out.printJson(result);
      else out.line(`Device ${id} is now "${sanitize(name)}".`);
    });
  });
}

function printAdded(out: Output, result: AddDeviceResult): void {
  const share = result.code_type === 'share';
  const pairs: [string, string][] = [
    [
      'added',
      share
        ? 'a shared device'
        : result.code_type === 'adopt'
          ? 'a device to adopt'
          : sanitize(result.code_type),
    ],
    ['device', sanitize(result.device_name) || '(no name)'],
  ];
  if (share) {
    pairs.push(['from network', sanitize(result.associated_network_name) || '-']);
    pairs.push(['client id', sanitize(result.client_id) || '-']);
  }
  if (result.duration_minutes !== undefined)
    pairs.push(['minutes left', formatDecimal(result.duration_minutes, 1)]);
  out.lines(renderPairs(pairs, out.style));
}

/** The three lists of the service, in the order they are shown (`section` in CSV). */
const SECTIONS = [
  { id: 'pending_adoption', title: 'PENDING ADOPTION', key: 'pending_adoption_devices' },
  { id: 'incoming_shared', title: 'INCOMING SHARED', key: 'incoming_shared_devices' },
  { id: 'outgoing_shared', title: 'OUTGOING SHARED', key: 'outgoing_shared_devices' },
] as const;

type Association = (PendingAdoptionDevice | SharedDevice) & { section: (typeof SECTIONS)[number]['id'] };

/** One table of the associations; the aligned table shows each list under its title. */
function associationsTable(associations: DeviceAssociations, style: Style): DataTable<Association> {
  const rows = SECTIONS.flatMap(({ id, key }) =>
    (associations[key] ?? []).map((device): Association => ({ ...device, section: id })),
  );
  const shares = ['incoming_shared', 'outgoing_shared'];
  const network = (section: Association['section']) => (d: Association) =>
    d.section === section ? d.network_name : undefined;
  return {
    fields: [
      { name: 'section', value: (d) => d.section },
      textField('DEVICE', 'device', (d) => d.device_name, style.dim('(no name)')),
      { ...textField('OWNER NETWORK', 'owner_network', network('incoming_shared')), in: ['incoming_shared'] },
      {
        ...textField(
          'GUEST NETWORK',
          'guest_network',
          network('outgoing_shared'),
          style.dim('(not added yet)'),
        ),
        in: ['outgoing_shared'],
      },
      {
        // The service leaves out a false `pending` (a confirmed share).
        ...flagField(
          'STATE',
          'pending',
          (d) => d.pending ?? false,
          style.warn('pending'),
          style.good('confirmed'),
        ),
        in: shares,
      },
      { ...textField('CLIENT ID', 'client_id', (d) => d.client_id), in: shares },
      {
        ...numberField('MINUTES LEFT', 'minutes_left', (d) => d.duration_minutes, 1),
        in: ['pending_adoption'],
      },
      { ...textField('CODE', 'code', (d) => d.code), in: ['pending_adoption', 'outgoing_shared'] },
    ],
    rows,
    sections: {
      list: SECTIONS.map(({ id, title }) => ({ id, title, none: style.dim('none') })),
      of: (d) => d.section,
    },
  };
}
