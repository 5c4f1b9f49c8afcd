// The network's hosted proxies (issue 34) for pane 8 and the dialog that makes one (from
// a place in Discover): the proxy clients of GET /network/clients as the service lists
// them, secrets included (copy and the WireGuard QR need them; no other store keeps
// them: the clients store masks them), the one under the cursor, the make dialog
// (WireGuard or not, locked to this machine's address or not) and the y/n question before
// removing one. Not live: it loads when the pane is shown, on `r`, and after a change.
import type { StoreApi } from 'zustand/vanilla';
import { serviceMessage } from '../api/error-words.ts';
import { isProxyClient } from '../api/proxy-secrets.ts';
import type { NetworkClient } from '../contract/schemas.ts';
import { answerQuestion } from './asked-question.ts';
import type { StoreDeps } from './deps.ts';
import { type ListMoves, listMoves } from './list-cursor.ts';
import { type CheckedProxy, checkProxy } from './proxy-answer.ts';
import { type ProxyPlace, placeOfDescription, proxyRequest } from './proxy-place.ts';
import { send } from './request.ts';
import { createResourceStore, extendResource, type ResourceState } from './resource.ts';

/** The make dialog: the place and two choices, then the proxy made (its URLs with the token), or why not. */
export interface ProxyForm {
  place: ProxyPlace;
  wireGuard: boolean;
  lockCallerIp: boolean;
  phase: 'editing' | 'sending' | 'made' | 'failed';
  message?: string;
  made?: CheckedProxy & { clientId?: string };
}

export interface RemoveProxyQuestion {
  clientId: string;
  place: string;
  phase: 'ask' | 'sending' | 'done' | 'failed';
  message?: string;
}

export interface ProxiesView extends ListMoves {
  /** The proxy under the cursor, by client id. */
  selectedId?: string;
  form?: ProxyForm;
  question?: RemoveProxyQuestion;
  /** Opens the make dialog for `place`. */
  openForm(place: ProxyPlace): void;
  toggleWireGuard(): void;
  toggleLock(): void;
  create(): Promise<void>;
  closeForm(): void;
  askRemove(): void;
  answer(yes: boolean): Promise<void>;
  closeQuestion(): void;
}

export type ProxiesState = ResourceState<NetworkClient[]> & ProxiesView;
export type ProxiesStore = StoreApi<ProxiesState>;

/** The place netdeck wrote into a proxy's description, or what to show without one. */
export const proxyPlace = (proxy: NetworkClient): string =>
  placeOfDescription(proxy.device_name) ?? 'a place netdeck did not record';

/** The proxy under the cursor (the first when none is chosen). */
export function selectedProxy(state: Pick<ProxiesState, 'data' | 'selectedId'>): NetworkClient | undefined {
  const rows = state.data ?? [];
  return rows.find((p) => p.client_id === state.selectedId) ?? rows[0];
}

/** The proxy's usable parts (URLs with the token, its WireGuard file), checked; undefined when they cannot be used. */
export function usableProxy(proxy: NetworkClient | undefined): CheckedProxy | undefined {
  if (!proxy?.proxy_client) return undefined;
  try {
    return checkProxy(proxy.proxy_client);
  } catch {
    return undefined;
  }
}

/** What the service learns of a proxy the console makes (the commands send their version too). */
const CONSOLE_DEVICE_SPEC = 'netdeck console';

export function createProxiesStore(deps: StoreDeps): ProxiesStore {
  const { client } = deps;
  const resource = createResourceStore<NetworkClient[]>(deps, {
    load: async (signal) =>
      ((await client.networkClients({ signal })).clients ?? [])
        .filter(isProxyClient)
        .sort((a, b) => (a.proxy_client?.create_time ?? '').localeCompare(b.proxy_client?.create_time ?? '')),
  });
  return extendResource<NetworkClient[], ProxiesView>(resource, (set, get) => {
    const rows = () => get().data ?? [];
    const setForm = (patch: Partial<ProxyForm>) => {
      const form = get().form;
      if (form) set({ form: { ...form, ...patch } });
    };
    const editable = () => get().form?.phase === 'editing' || get().form?.phase === 'failed';
    return {
      ...listMoves({
        length: () => rows().length,
        index: () => {
          const at = rows().findIndex((p) => p.client_id === selectedProxy(get())?.client_id);
          return Math.max(0, at);
        },
        select: (index) => set({ selectedId: rows()[index]?.client_id }),
      }),
      openForm: (place) => set({ form: { place, wireGuard: false, lockCallerIp: false, phase: 'editing' } }),
      toggleWireGuard: () => editable() && setForm({ wireGuard: !get().form!.wireGuard, phase: 'editing' }),
      toggleLock: () => editable() && setForm({ lockCallerIp: !get().form!.lockCallerIp, phase: 'editing' }),
      async create() {
        const form = get().form;
        if (!form || !editable()) return;
        setForm({ phase: 'sending', message: undefined });
        try {
          const request = proxyRequest(
            form.place,
            { wireGuard: form.wireGuard, lockCallerIp: form.lockCallerIp },
            CONSOLE_DEVICE_SPEC,
          );
          const answer = await send(deps, () => client.authClient(request));
          const made = answer.proxy_config_result;
          if (!made) throw new Error('The service made a client but answered without its proxy.');
          // Shown, copied and drawn as a QR code: checked as every token a service hands over.
          setForm({ phase: 'made', made: { ...checkProxy(made), clientId: answer.client_id } });
          set({ selectedId: answer.client_id });
          await get().refresh();
        } catch (error) {
          setForm({ phase: 'failed', message: serviceMessage(error) });
        }
      },
      closeForm: () => set({ form: undefined }),
      askRemove() {
        const proxy = selectedProxy(get());
        if (proxy?.client_id)
          set({ question: { clientId: proxy.client_id, place: proxyPlace(proxy), phase: 'ask' } });
      },
      answer: (yes) =>
        answerQuestion(
          yes,
          { get: () => get().question, set: (question) => set({ question }) },
          {
            async act(question) {
              await send(deps, () => client.removeClient({ client_id: question.clientId }));
              return `Removed the proxy in ${question.place}: its URLs stop working.`;
            },
            failure: serviceMessage,
            after: () => get().refresh(),
          },
        ),
      closeQuestion: () => set({ question: undefined }),
    };
  });
}
