// The network's API keys (GET /account/api-keys, a live resource; it needs the network's
// token) for the Account pane: the key under the cursor, the create dialog (a name typed;
// the key the service answers is kept only until the dialog closes: the service shows it
// once) and the y/n question before removing one.
import type { StoreApi } from 'zustand/vanilla';
import { checkFromService } from '../api/auth.ts';
import { isMissingRoute, lacking, serviceMessage } from '../api/error-words.ts';
import { type ApiKey, MAX_API_KEY_NAME } from '../contract/schemas.ts';
import { answerQuestion, questionSlot } from './asked-question.ts';
import type { StoreDeps } from './deps.ts';
import { type ListMoves, listMoves } from './list-cursor.ts';
import { type ListSpec, type ListView, NO_VIEW, viewRows } from './list-sort-filter.ts';
import { send } from './request.ts';
import { createResourceStore, extendResource, type ResourceState } from './resource.ts';

/** What the service lacks where the routes answer 404 (the seed era). */
export const NO_API_KEYS = lacking('API keys');

/** The create dialog: a name, then the key (once), or why not. */
export interface ApiKeyForm {
  name: string;
  phase: 'editing' | 'sending' | 'made' | 'failed';
  message?: string;
  /** The new key: here until the dialog closes, and nowhere else. */
  key?: string;
  id?: string;
}

export interface RemoveKeyQuestion {
  id: string;
  name: string;
  phase: 'ask' | 'sending' | 'done' | 'failed';
  message?: string;
}

export interface ApiKeysView extends ListMoves {
  /** The key under the cursor, by id. */
  selectedKey?: string;
  /** The keys' filter and sort (API_KEYS_LIST). */
  view: ListView;
  setView(view: ListView): void;
  form: ApiKeyForm;
  question?: RemoveKeyQuestion;
  /** A fresh form: a key made before is forgotten. */
  resetForm(): void;
  setName(name: string): void;
  create(): Promise<void>;
  /** Asks (y/n) to remove the key under the cursor. */
  askRemove(): void;
  answer(yes: boolean): Promise<void>;
  closeQuestion(): void;
}

export type ApiKeysState = ResourceState<ApiKey[]> & ApiKeysView;
export type ApiKeysStore = StoreApi<ApiKeysState>;

const EMPTY_FORM: ApiKeyForm = { name: '', phase: 'editing' };

/** The keys by name, when made, id; oldest first until another order is chosen (the service's is unspecified). */
export const API_KEYS_LIST: ListSpec<ApiKey> = {
  columns: [
    { id: 'name', label: 'name', value: (k) => k.name?.toLowerCase() },
    { id: 'made', label: 'when made', value: (k) => k.create_time, descendingFirst: false },
    { id: 'id', label: 'id', value: (k) => k.id },
  ],
  text: (k) => [k.name, k.id],
  initial: { column: 'made', descending: false },
};

const NO_KEYS: ApiKey[] = [];

/** The keys shown (the view's), and the one under the cursor. */
export function keyRows(state: Pick<ApiKeysState, 'data' | 'selectedKey' | 'view'>) {
  const keys = viewRows(state.data ?? NO_KEYS, API_KEYS_LIST, state.view);
  const selected = keys.find((k) => k.id === state.selectedKey) ?? keys[0];
  return { keys, selected };
}

/** Why a failed call failed, in the console's words. */
const failure = (error: unknown) => (isMissingRoute(error) ? NO_API_KEYS : serviceMessage(error));

export function createApiKeysStore(deps: StoreDeps): ApiKeysStore {
  const { client } = deps;
  const resource = createResourceStore<ApiKey[]>(deps, {
    load: async (signal) =>
      [...((await client.apiKeys({ signal })).api_keys ?? [])].sort((a, b) =>
        (a.create_time ?? '').localeCompare(b.create_time ?? ''),
      ),
  });
  return extendResource<ApiKey[], ApiKeysView>(resource, (set, get) => {
    const setForm = (patch: Partial<ApiKeyForm>) => set({ form: { ...get().form, ...patch } });
    return {
      form: EMPTY_FORM,
      view: NO_VIEW,
      setView: (view) => set({ view }),
      ...listMoves({
        length: () => keyRows(get()).keys.length,
        index: () => {
          const { keys, selected } = keyRows(get());
          return selected ? keys.indexOf(selected) : 0;
        },
        select: (index) => set({ selectedKey: keyRows(get()).keys[index].id }),
      }),
      resetForm: () => set({ form: EMPTY_FORM }),
      setName(name) {
        if (get().form.phase === 'editing' || get().form.phase === 'failed')
          setForm({ name, phase: 'editing', message: undefined });
      },
      async create() {
        const { form } = get();
        if (form.phase === 'sending' || form.phase === 'made') return;
        const name = form.name.trim();
        if ([...name].length > MAX_API_KEY_NAME) {
          setForm({ phase: 'failed', message: `A name is at most ${MAX_API_KEY_NAME} characters.` });
          return;
        }
        setForm({ phase: 'sending', message: undefined });
        try {
          const made = await send(deps, () => client.createApiKey({ name }));
          if (!made.api_key) throw new Error('The service answered without a key.');
          // Shown in the dialog and copied by `y`: checked as every token a service hands over.
          const key = checkFromService(made.api_key, 'an API key');
          set({ form: { name, phase: 'made', key, id: made.id }, selectedKey: made.id });
          await get().refresh();
        } catch (error) {
          setForm({ phase: 'failed', message: failure(error) });
        }
      },
      askRemove() {
        const { selected } = keyRows(get());
        if (selected?.id) set({ question: { id: selected.id, name: selected.name ?? '', phase: 'ask' } });
      },
      answer: (yes) =>
        answerQuestion(yes, questionSlot(get, set), {
          async act(question) {
            await send(deps, () => client.removeApiKey({ id: question.id }));
            const named = question.name ? `"${question.name}"` : question.id;
            return `Removed the API key ${named}: it is refused from now on.`;
          },
          failure,
          after: () => get().refresh(),
        }),
      closeQuestion: () => set({ question: undefined }),
    };
  });
}
