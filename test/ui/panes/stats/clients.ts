// Clients for the loading and empty states of the statistics panes.
import type { ApiClient } from '../../../../src/api/client.ts';

/** A client whose calls never answer: the loading state. */
export const silentClient = new Proxy(
  { baseUrl: 'http://127.0.0.1:9', hasToken: true } as unknown as ApiClient,
  {
    get: (target, key) =>
      key in target
        ? target[key as keyof ApiClient]
        : key === 'close'
          ? async () => {}
          : () => new Promise(() => {}),
  },
);

/** Like silentClient, but `name` answers `body` at once. */
export function answering(name: keyof ApiClient, body: unknown): ApiClient {
  return new Proxy(silentClient, {
    get: (target, key) => (key === name ? async () => body : target[key as keyof ApiClient]),
  });
}
