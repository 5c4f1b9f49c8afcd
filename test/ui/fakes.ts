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

/** `client` with operation `name` answering `body` at once. */
export function answering(name: keyof ApiClient, body: unknown, client = neverClient()): ApiClient {
  return withOverrides(client, { [name]: async () => body } as Partial<ApiClient>);
}

/** A client to be pointed at the test's simulator once it runs (another network's token). */
export function lateClient() {
  let target: ApiClient | undefined;
  const client = new Proxy({ baseUrl: 'http://127.0.0.1:9', hasToken: true } as unknown as ApiClient, {
    get: (base, key) => {
      if (key === 'close') return async () => target?.close();
      if (key in base) return base[key as keyof ApiClient];
      return (...args: unknown[]) =>
        (target as unknown as Record<string, (...a: unknown[]) => unknown>)[key as string](...args);
    },
  });
  return { client, attach: (real: ApiClient) => (target = real) };
}
