// `netdeck api-keys`: the network's API keys (id, name, when made; never the key);
// `api-keys create NAME` makes one and prints the key, which the service shows this once;
// `api-keys remove ID` removes one (it is refused from its next use).
import type { Command } from 'commander';
import { checkFromService } from '../../api/auth.ts';
import { orLacking } from '../../api/error-words.ts';
import { ApiError } from '../../api/errors.ts';
import { type ApiKey, MAX_API_KEY_NAME } from '../../contract/schemas.ts';
import { formatTimestamp } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import { uuidOf } from '../options.ts';
import { isoTime } from '../output/csv.ts';
import { type DataTable, flagField, textField } from '../output/data-table.ts';
import { UsageError } from '../output/exit-codes.ts';
import { serviceCommand } from './service-command.ts';

const KEY_ID = '3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47';
/** What the service lacks where these routes answer 404. */
const WHAT = 'API keys';

export function registerApiKeys(program: Command, context: CliContext): void {
  const keys = serviceCommand(program, context, {
    name: 'api-keys',
    description: "the network's API keys: a key (urn_…) acts as the network on every route, as a token does",
    csv: true,
    examples: [
      ['netdeck api-keys', 'id, name and when each was made (the service never shows a key again)'],
      ['netdeck api-keys create grafana', 'prints the new key: keep it now'],
      [`netdeck api-keys remove ${KEY_ID}`, 'the key is refused from its next use'],
    ],
    run: async ({ client, out }) => {
      const result = await orLacking(client.apiKeys(), WHAT);
      // The service sends `null` for none; the client reads it as absent.
      out.result({ ...result, api_keys: result.api_keys ?? null }, () => keysTable(result.api_keys ?? []));
    },
  });

  serviceCommand(keys, context, {
    name: 'create',
    description: 'make an API key; the key is printed once (stdout), what it is on stderr',
    args: [['<name>', `what the key is for (at most ${MAX_API_KEY_NAME} characters)`]],
    csv: true,
    examples: [
      ['netdeck api-keys create grafana', 'the key alone on stdout'],
      ['KEY=$(netdeck api-keys create backup)', 'kept by a script'],
      ['netdeck api-keys create ci --json', 'the service’s answer: id, api_key, name'],
      ['netdeck api-keys create ci --csv', 'one record: id, name, api_key'],
    ],
    check: (_options, [name]: [string]) => {
      const trimmed = name.trim();
      if ([...trimmed].length > MAX_API_KEY_NAME)
        throw new UsageError(`an API key's name is at most ${MAX_API_KEY_NAME} characters`);
      return trimmed;
    },
    run: async ({ client, out }, trimmed) => {
      const made = await orLacking(client.createApiKey({ name: trimmed }), WHAT);
      const key = checkFromService(made.api_key, 'an API key');
      out.outcome(
        made,
        key,
        (): DataTable<typeof made> => ({
          rows: [made],
          fields: [
            textField('ID', 'id', (k) => k.id),
            textField('NAME', 'name', (k) => k.name),
            textField('API KEY', 'api_key', (k) => k.api_key),
          ],
        }),
      );
      out.warn(
        'the service shows a key this once and keeps only its hash: store it now. ' +
          `It acts as this network on every route until removed: netdeck api-keys remove ${sanitize(made.id ?? 'ID')}`,
      );
      if (!out.json) out.note(`API key "${sanitize(made.name ?? trimmed)}", id ${sanitize(made.id ?? '-')}`);
    },
  });

  serviceCommand(keys, context, {
    name: 'remove',
    description: 'remove an API key of the network: it is refused from its next use',
    args: [['<id>', 'the key’s id (a UUID; netdeck api-keys lists them)']],
    csv: true,
    examples: [[`netdeck api-keys remove ${KEY_ID}`, 'netdeck api-keys lists the ids']],
    check: (_options, [given]: [string]) => uuidOf(given, 'API key id'),
    run: async ({ client, out }, id) => {
      const listed = await orLacking(client.apiKeys(), WHAT);
      const key = listed.api_keys?.find((k) => k.id === id);
      // The service answers {} for an id that is not the network's: say it.
      if (!key) throw new ApiError('business', `no API key ${id} in this network: nothing removed`);
      const result = await client.removeApiKey({ id });
      out.outcome(
        result,
        `Removed the API key ${key.name ? `"${sanitize(key.name)}" ` : ''}(${id}).`,
        (): DataTable<ApiKey> => ({
          rows: [key],
          fields: [
            textField('ID', 'id', (k) => k.id),
            textField('NAME', 'name', (k) => k.name),
            flagField('REMOVED', 'removed', () => true, 'yes'),
          ],
        }),
      );
    },
  });
}

function keysTable(keys: ApiKey[]): DataTable<ApiKey> {
  return {
    fields: [
      textField('NAME', 'name', (k) => k.name, '(no name)'),
      {
        header: 'MADE',
        name: 'created_at',
        value: (k) => isoTime(k.create_time),
        show: (k) => formatTimestamp(k.create_time),
      },
      textField('ID', 'id', (k) => k.id, '-'),
    ],
    rows: [...keys].sort((a, b) => (a.create_time ?? '').localeCompare(b.create_time ?? '')),
    empty: 'This network has no API keys. Make one with: netdeck api-keys create NAME',
  };
}
