// `netdeck devices`: the network's device associations; `devices add CODE` adopts or
// accepts a shared device; `devices share CLIENT_ID` creates a share code; `status`,
// `confirm`, `remove` and `rename` act on an association by its code, `set-name` renames
// a device by its device id.
import type { Command } from 'commander';
import type { ApiClient } from '../../api/client.ts';
import { ApiError, isApiError } from '../../api/errors.ts';
import type {
  AddDeviceResult,
  DeviceAssociations,
  PendingAdoptionDevice,
  SharedDevice,
  ShareStatusResult,
} from '../../contract/schemas.ts';
import { formatDecimal } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import { checkCode } from '../../store/codes.ts';
import type { CliContext } from '../context.ts';
import { type CommonOptions, uuidOf } from '../options.ts';
import { type DataTable, flagField, numberField, textField } from '../output/data-table.ts';
import { UsageError } from '../output/exit-codes.ts';
import type { Style } from '../output/style.ts';
import { renderPairs } from '../output/table.ts';
import { serviceCommand } from './service-command.ts';

/** A code argument (six words, quoted or not) as the service wants it; a malformed one is a usage error. */
export function codeOf(input: string | string[]): string {
  const check = checkCode(Array.isArray(input) ? input.join(' ') : input);
  if (!check.ok) throw new UsageError(check.problem);
  return check.code;
}

export function registerDevices(program: Command, context: CliContext): void {
  const devices = serviceCommand(program, context, {
    name: 'devices',
    description: 'devices associated with the network: pending adoptions, incoming and outgoing shares',
    csv: true,
    examples: [
      ['netdeck devices', 'the three association lists'],
      ['netdeck devices add "tiger blossom ... six words"', 'adopt a device or accept a shared one'],
      ['netdeck devices share CLIENT_ID --name "living room"', 'a share code for one of your devices'],
      [
        'netdeck devices confirm "six words of the code"',
        'let the network that added your share code use it',
      ],
      ["netdeck devices --json | jq '.incoming_shared_devices'", 'for scripts'],
    ],
    run: async ({ client, out }) => {
      const associations = await client.deviceAssociations();
      out.result(associations, () => associationsTable(associations, out.style));
    },
  });

  serviceCommand(devices, context, {
    name: 'add',
    description: 'add a device by adoption code or share code (six words)',
    args: [['<code...>', 'the code: six words, quoted or not']],
    examples: [
      ['netdeck devices add abandon ability able about above absent', 'words as separate arguments'],
      ['netdeck devices add "Abandon  Ability able about above absent"', 'case and spacing do not matter'],
    ],
    check: codeGiven,
    run: async ({ client, out }, code) => {
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
      out.outcome(result, addedPairs(result, out.style));
    },
  });

  serviceCommand(devices, context, {
    name: 'share',
    description: 'create a share code for one of the network’s devices',
    args: [['<client-id>', 'client id of the device (netdeck clients lists yours)']],
    flags: (command) => command.option('--name <name>', 'the name the guest network sees for the device'),
    examples: [
      [
        'netdeck devices share 3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47 --name "office"',
        'prints the six-word code',
      ],
    ],
    check: (options: CommonOptions & { name?: string }, [clientId]: [string]) => ({
      id: uuidOf(clientId, 'client id'),
      name: options.name,
    }),
    run: async ({ client, out }, { id, name }) => {
      const result = await client.createShareCode({
        client_id: id,
        ...(name === undefined ? {} : { device_name: name }),
      });
      out.outcome(result, sanitize(result.share_code));
      out.hint('give this code to the other network; it adds it with `netdeck devices add CODE`');
    },
  });

  registerAssociationActions(devices, context);
}

/** A code argument (six words, quoted or not) checked before anything is sent. */
const codeGiven = (_options: CommonOptions, [words]: [string | string[]]) => codeOf(words);

/** A code and a name, checked before anything is sent. */
const codeAndName = (_options: CommonOptions, [words, name]: [string, string]) => ({
  code: codeOf(words),
  name,
});

/**
 * What the commands on an association by its code share: their name, the code argument
 * (`what` code it is) checked before anything is sent, and an example (`shows`: what it does).
 */
const byCode = (name: string, what: string, shows: string) => ({
  name,
  args: [['<code...>', `the ${what}: six words, quoted or not`]] as const,
  examples: [[`netdeck devices ${name} "tiger blossom ... six words"`, shows]] satisfies [string, string][],
  check: codeGiven,
});

function registerAssociationActions(devices: Command, context: CliContext): void {
  serviceCommand(devices, context, {
    ...byCode('status', 'share code', 'pending or confirmed, and the guest network'),
    description: 'whether a network has added a share code, which one, and whether it is confirmed',
    run: async ({ client, out }, code) => {
      const status = await client.shareStatus({ share_code: code });
      out.result(status, () => shareStatusTable(status, out.style));
      if (status.associated_network_name && status.pending)
        out.hint(`confirm it with: netdeck devices confirm "${code}"`);
    },
  });

  serviceCommand(devices, context, {
    ...byCode('confirm', 'share code', 'asks the service who added it, then confirms'),
    description: 'confirm the network that added one of your share codes (it can then use the device)',
    run: async ({ client, out }, code) => {
      const status = await client.shareStatus({ share_code: code });
      const guest = status.associated_network_name;
      if (!guest) throw new ApiError('business', 'no network has added this code yet: nothing to confirm');
      if (!status.pending)
        return out.outcome(
          { associated_network_name: guest },
          `Already confirmed: ${sanitize(guest)} can use the device.`,
        );
      const result = await client.confirmShare({ share_code: code, associated_network_name: guest });
      out.outcome(
        result,
        `Confirmed: ${sanitize(result.associated_network_name ?? guest)} can use the device.`,
      );
    },
  });

  serviceCommand(devices, context, {
    ...byCode('remove', 'code', 'the device leaves the lists of both networks'),
    description: 'remove an association: a pending adoption you added, or a share you own or were given',
    run: async ({ client, out }, code) => {
      const result = await client.removeAssociation({ code });
      out.outcome(result, 'Removed.');
    },
  });

  serviceCommand(devices, context, {
    name: 'rename',
    description: "give an association this network's own name for it (the other network keeps its own)",
    args: [
      ['<code>', 'the code, quoted: six words'],
      ['<name>', 'the new name'],
    ],
    examples: [
      ['netdeck devices rename "tiger blossom ... six words" "front desk"', 'shown as "front desk" here'],
    ],
    check: codeAndName,
    run: async ({ client, out }, { code, name }) => {
      const result = await client.setAssociationName({ code, device_name: name });
      out.outcome(result, `Renamed to "${sanitize(name)}".`);
    },
  });

  serviceCommand(devices, context, {
    name: 'set-name',
    description: 'rename one of the network’s devices, by its device id (netdeck clients lists them)',
    args: [
      ['<device-id>', 'the device id (not the client id)'],
      ['<name>', 'the new name'],
    ],
    examples: [
      [
        'netdeck devices set-name 3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47 "attic router"',
        'the device shows the name everywhere',
      ],
    ],
    check: (_options, [deviceId, name]: [string, string]) => ({ id: uuidOf(deviceId, 'device id'), name }),
    run: async ({ client, out }, { id, name }) => {
      const { answer, sentence } = await setDeviceName(client, id, name);
      out.outcome(answer, sentence);
    },
  });
}

/** `devices set-name DEVICE_ID NAME`: the service's answer (its --json) and the sentence it prints. */
export async function setDeviceName(client: ApiClient, id: string, name: string) {
  const answer = await client.setDeviceName({ device_id: id, device_name: name });
  return { answer, sentence: `Device ${id} is now "${sanitize(name)}".` };
}

/** A share code's state: the guest network that added it (if one has), pending or confirmed. */
function shareStatusTable(status: ShareStatusResult, style: Style): DataTable<ShareStatusResult> {
  return {
    pairs: true,
    rows: [status],
    fields: [
      {
        header: 'guest network',
        name: 'associated_network_name',
        value: (s) => s.associated_network_name,
        show: (s) =>
          s.associated_network_name
            ? sanitize(s.associated_network_name)
            : style.dim('none has added the code yet'),
      },
      {
        header: 'state',
        name: 'pending',
        value: (s) => s.pending,
        show: (s) =>
          s.associated_network_name && !s.pending ? style.good('confirmed') : style.warn('pending'),
      },
    ],
  };
}

/** What `devices add` added, as `label  value` lines. */
function addedPairs(result: AddDeviceResult, style: Style): string[] {
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
  return renderPairs(pairs, style);
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
