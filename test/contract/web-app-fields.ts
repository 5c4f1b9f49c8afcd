// What URnetwork's official web manager reads of a hosted proxy's answer (issue 34): the
// simulator's answer and what `netdeck proxy create --json` prints are checked against it.

/**
 * The fields the official web manager reads of auth-client's answer, copied from its
 * `AuthClientResponse`, `ProxyConfigResult` and `WgConfig` (web: app/src/services/types.ts
 * at 86acba9c); the ones it marks optional are marked so here.
 */
export const WEB_APP_FIELDS = {
  answer: ['by_client_jwt?', 'proxy_config_result?', 'error?'],
  error: ['client_limit_exceeded?', 'message'],
  proxy_config_result: [
    'keepalive_seconds',
    'http_proxy_url?',
    'https_proxy_url',
    'socks_proxy_url',
    'auth_token',
    'instance_id',
    'proxy_host?',
    'socks_proxy_port?',
    'http_proxy_port?',
    'https_proxy_port?',
    'wg_config?',
  ],
  wg_config: [
    'wg_proxy_port',
    'client_private_key',
    'client_public_key',
    'client_ipv4',
    'proxy_public_key',
    'config',
  ],
};
/** The fields of `fields` the web manager does not mark optional. */
export const required = (fields: string[]) => fields.filter((field) => !field.endsWith('?'));

/**
 * The fields the web manager reads that `answer` (auth-client's, as `proxy create --json`
 * prints it) lacks, as paths: every one, optional or not, since the server sends them all
 * (`wg_config`'s own only when the proxy has WireGuard).
 */
export function webAppFieldsMissing(answer: Record<string, unknown>): string[] {
  const all = (fields: string[]) => fields.map((field) => field.replace('?', ''));
  const lacking = (object: unknown, fields: string[], path: string) =>
    all(fields)
      .filter((field) => typeof object !== 'object' || object === null || !(field in object))
      .map((field) => `${path}${field}`);
  const result = answer.proxy_config_result as Record<string, unknown> | undefined;
  return [
    // `error` only with a refusal.
    ...lacking(
      answer,
      WEB_APP_FIELDS.answer.filter((field) => field !== 'error?'),
      '',
    ),
    ...lacking(result, WEB_APP_FIELDS.proxy_config_result, 'proxy_config_result.'),
    ...(result?.wg_config === null
      ? []
      : lacking(result?.wg_config, WEB_APP_FIELDS.wg_config, 'proxy_config_result.wg_config.')),
  ];
}
