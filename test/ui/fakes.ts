// Clients for screen states the simulator cannot hold still: one that never answers
// (loading), and wrappers that replace single operations.
import type { ApiClient } from '../../src/api/client.ts';

/** Every call stays pending forever: the loading state. */
export function neverClient(baseUrl = 'http://127.0.0.1:9'): ApiClient {
  return new Proxy({} as ApiClient, {
    get(_target, prop) {
      if (prop === 'baseUrl') return baseUrl;
      if (prop === 'hasToken') return true;
      if (prop === 'close') return async () => {};
      if (prop === 'then') return undefined;
      return () => new Promise(() => {});
    },
  });
}

/** `client` with some operations replaced. */
export function withOverrides(client: ApiClient, overrides: Partial<ApiClient>): ApiClient {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop in overrides) return overrides[prop as keyof ApiClient];
      return Reflect.get(target, prop, receiver);
    },
  });
}
