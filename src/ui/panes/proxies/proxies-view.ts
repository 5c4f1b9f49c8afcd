// What the Proxies pane shows and why its keys cannot act, from the stores alone (no
// React): the network's hosted proxies, each with its place (from the description netdeck
// wrote), when it was made, its URLs without the token and whether it has WireGuard.
import type { NetworkClient } from '../../../contract/schemas.ts';
import { formatTimestamp } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import type { Stores } from '../../../store/index.ts';
import { proxyPlace, selectedProxy, usableProxy } from '../../../store/proxies.ts';
import type { KeyNames } from '../../keys/key-names.ts';
import { type KeyReasons, notNow } from '../../keys/key-reasons.ts';
import { padCells, truncate } from '../../text.ts';

export function proxiesState(stores: Stores) {
  const s = stores.proxies.getState();
  return {
    data: s.data,
    loading: s.loading,
    error: s.error,
    selectedId: s.selectedId,
    hasToken: stores.session.getState().hasToken,
  };
}
export type ProxiesPaneState = ReturnType<typeof proxiesState>;

/** Columns: place, created, HTTP, SOCKS, WireGuard; the URLs from 120 columns. */
const PLACE = 24;
const CREATED = 20;

export function proxiesView(state: ProxiesPaneState, keys: KeyNames, width: number) {
  const rows = state.data ?? [];
  const wide = width >= 120;
  // Four gaps of two cells, the WG column's three.
  const urlWidth = Math.max(10, Math.floor((width - PLACE - CREATED - 11) / 2));
  const line = (cells: string[]) => truncate(cells.join('  '), width);
  const header = line([
    padCells('PLACE', PLACE),
    padCells('CREATED', CREATED),
    ...(wide ? [padCells('HTTP', urlWidth), padCells('SOCKS5', urlWidth)] : []),
    'WG',
  ]);
  const row = (proxy: NetworkClient) => {
    const p = proxy.proxy_client;
    return line([
      padCells(truncate(screenText(proxyPlace(proxy)), PLACE), PLACE),
      padCells(formatTimestamp(p?.create_time ?? proxy.create_time), CREATED),
      ...(wide
        ? [
            padCells(truncate(screenText(p?.http_proxy_url || 'none'), urlWidth), urlWidth),
            padCells(truncate(screenText(p?.socks_proxy_url || 'none'), urlWidth), urlWidth),
          ]
        : []),
      p?.wg_config ? 'yes' : 'no',
    ]);
  };
  const status = state.error
    ? undefined
    : rows.length
      ? `${rows.length} prox${rows.length === 1 ? 'y' : 'ies'} · ${keys['proxies.copy']} copies a URL with its token (it acts as your network) · traffic leaves from the place shown`
      : undefined;
  const empty = !state.hasToken
    ? `The network's proxies need its token: ${keys.login} logs in with an auth code.`
    : state.data === undefined
      ? ''
      : `No hosted proxies yet. In Discover, ${keys['discover.proxy']} on a country, region or city makes one there.`;
  return { header, row, status, empty };
}

export function proxiesReasons(state: ProxiesPaneState, keys: KeyNames): KeyReasons<string> {
  const selected = selectedProxy(state);
  if (!selected) {
    const none = notNow(`No proxy here: ${keys['discover.proxy']} in Discover makes one.`);
    return { copy: none, copySocks: none, qr: none, remove: none };
  }
  const usable = usableProxy(selected);
  return {
    ...(usable?.http ? {} : { copy: notNow('This proxy has no HTTP URL netdeck can use.') }),
    ...(usable?.socks
      ? {}
      : { copySocks: notNow("This proxy has no SOCKS5 URL: the network's plan has none.") }),
    ...(usable?.wgConfig
      ? {}
      : { qr: notNow('This proxy has no WireGuard configuration (made without WireGuard).') }),
  };
}
