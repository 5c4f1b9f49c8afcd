// What the Proxies pane shows and why its keys cannot act, from the stores alone (no
// React): the network's hosted proxies, each with its place (from the description netdeck
// wrote), when it was made, its URLs without the token and whether it has WireGuard.
import type { NetworkClient } from '../../../contract/schemas.ts';
import { formatTimestamp } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import type { Stores } from '../../../store/index.ts';
import { proxyPlace, selectedProxy, usableProxy } from '../../../store/proxies.ts';
import { isSimulatorProxy } from '../../../store/proxy-answer.ts';
import type { KeyNames } from '../../keys/key-names.ts';
import { type KeyReasons, notNow } from '../../keys/key-reasons.ts';
import { displayWidth, padCells, truncate } from '../../text.ts';

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
const MIN_PLACE = 24;
const CREATED = 20;

/**
 * The place column: at least 24 cells, and as wide as the longest place when the row has
 * room for it beside the URLs as long as they are (a region's or a city's name, or "a place
 * netdeck did not record", is longer than 24 cells, and was cut with cells left empty).
 */
function placeWidth(rows: NetworkClient[], width: number, wide: boolean): number {
  const longest = Math.max(0, ...rows.map((proxy) => displayWidth(screenText(proxyPlace(proxy)))));
  const urls = wide
    ? 2 *
      Math.max(
        0,
        ...rows.flatMap((proxy) => [
          displayWidth(screenText(proxy.proxy_client?.http_proxy_url || 'none')),
          displayWidth(screenText(proxy.proxy_client?.socks_proxy_url || 'none')),
        ]),
      )
    : 0;
  // The gaps (two cells each: two, or four with the URLs) and the WG column's three.
  const room = width - CREATED - urls - (wide ? 11 : 7);
  return Math.max(MIN_PLACE, Math.min(longest, room));
}

export function proxiesView(state: ProxiesPaneState, keys: KeyNames, width: number) {
  const rows = state.data ?? [];
  const wide = width >= 120;
  const place = placeWidth(rows, width, wide);
  // Four gaps of two cells, the WG column's three.
  const urlWidth = Math.max(10, Math.floor((width - place - CREATED - 11) / 2));
  const line = (cells: string[]) => truncate(cells.join('  '), width);
  const header = line([
    padCells('PLACE', place),
    padCells('CREATED', CREATED),
    ...(wide ? [padCells('HTTP', urlWidth), padCells('SOCKS5', urlWidth)] : []),
    'WG',
  ]);
  const row = (proxy: NetworkClient) => {
    const p = proxy.proxy_client;
    return line([
      padCells(truncate(screenText(proxyPlace(proxy)), place), place),
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
  // The simulator's proxies send traffic out from its machine: the pane says so as the
  // dialog that made them did, instead of promising the place, and first, so a narrow
  // terminal still shows it.
  const leaves = rows.some((proxy) => isSimulatorProxy(proxy.proxy_client))
    ? "traffic leaves from the simulator's machine, not the place"
    : 'traffic leaves from the place shown';
  const status = state.error
    ? undefined
    : rows.length
      ? `${rows.length} prox${rows.length === 1 ? 'y' : 'ies'} · ${leaves} · ${keys['proxies.copy']} copies a URL with its token (it acts as your network)`
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
