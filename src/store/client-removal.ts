// Removing some of the network's clients through the service, and what to say about it.
// One client: POST /network/remove-client, which answers for that client ("Client does
// not exist."). More: POST /network/remove-clients, one request however many: the
// service removes up to 10 000 at once within its hourly budget and schedules the rest
// (or everything, past the budget) in the background, or refuses with a reason; it says
// nothing per client. A service without remove-clients (the seed era's 404) gets one
// remove-client per client instead.
import type { ApiClient } from '../api/client.ts';
import { isMissingRoute } from '../api/error-words.ts';
import { isApiError } from '../api/errors.ts';
import type { RemoveClientsResult } from '../contract/schemas.ts';
import { formatTimestamp } from '../format/numbers.ts';

export type Removal =
  | { route: 'remove-clients'; answer: RemoveClientsResult }
  | { route: 'remove-client'; failed: { clientId: string; message: string }[]; answers: unknown[] };

export interface RemovalOutcome {
  /** removed now (or all of them failed / were refused: false) */
  ok: boolean;
  /** what happened, in a sentence */
  text: string;
  /** the service will remove them later */
  scheduled: boolean;
}

/** One remove-client per client, in order; failures with the service's reason. */
async function oneByOne(client: ApiClient, ids: readonly string[], signal?: AbortSignal): Promise<Removal> {
  const failed: { clientId: string; message: string }[] = [];
  const answers: unknown[] = [];
  for (const clientId of ids) {
    try {
      answers.push({
        client_id: clientId,
        ...(await client.removeClient({ client_id: clientId }, { signal })),
      });
    } catch (error) {
      if (!isApiError(error) || error.kind !== 'business') throw error;
      failed.push({ clientId, message: error.message });
      answers.push({ client_id: clientId, error: { message: error.message } });
    }
  }
  return { route: 'remove-client', failed, answers };
}

/** Removes `ids` (see above for which route); throws what the service refused outright. */
export async function removeClients(
  client: ApiClient,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Removal> {
  if (ids.length <= 1) return oneByOne(client, ids, signal);
  try {
    return {
      route: 'remove-clients',
      answer: await client.removeClients({ client_ids: [...ids] }, { signal }),
    };
  } catch (error) {
    if (isMissingRoute(error)) return oneByOne(client, ids, signal);
    throw error;
  }
}

const clientsText = (n: number) => `${n} client${n === 1 ? '' : 's'}`;

/** What a removal of `count` clients came to, in a sentence. */
export function describeRemoval(removal: Removal, count: number): RemovalOutcome {
  if (removal.route === 'remove-client') {
    const removed = count - removal.failed.length;
    const reasons = removal.failed.map((f) => `${f.clientId}: ${f.message}`).join('; ');
    return {
      ok: removal.failed.length === 0,
      scheduled: false,
      text: removal.failed.length
        ? `Removed ${removed} of ${clientsText(count)}; not removed: ${reasons}`
        : `Removed ${clientsText(count)}.`,
    };
  }
  const { answer } = removal;
  if (answer.already_in_progress)
    return {
      ok: false,
      scheduled: false,
      text: 'Nothing removed: a bulk removal of this network’s clients is under way; try again once it is done.',
    };
  if (answer.too_many_concurrent_runs)
    return {
      ok: false,
      scheduled: false,
      text: 'Nothing removed: the service runs too many bulk removals at once; try again later.',
    };
  if (answer.scheduled)
    return {
      ok: true,
      scheduled: true,
      text: `The service scheduled the removal of ${clientsText(count)} for ${formatTimestamp(answer.scheduled_for)}: they go then, in batches.`,
    };
  return { ok: true, scheduled: false, text: `Removed ${clientsText(count)}.` };
}
