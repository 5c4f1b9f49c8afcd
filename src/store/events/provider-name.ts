// How an event names a provider: its device name (made safe to print) and its client id,
// or the id alone. One place for every kind of event that names one.
import { sanitize } from '../../sanitize.ts';

export function providerName(name: string | undefined, clientId: string): string {
  const clean = sanitize(name).trim();
  return clean ? `${clean} (${clientId})` : clientId;
}
