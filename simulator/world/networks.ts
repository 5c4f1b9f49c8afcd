// Networks: number 0 is the caller's "demo" network. Ids derive from the seed and the
// name, so a restarted simulator with the same seed knows the same ids.
import { uuidFromText } from './prng.ts';

export const DEMO_NETWORK_NAME = 'demo';

export class Networks {
  readonly ids: string[] = [];
  readonly names: string[] = [];
  /** The names as each network was created: the service's name index, which a rename leaves as it was. */
  readonly createdNames: string[] = [];
  private readonly byId = new Map<string, number>();
  private readonly byName = new Map<string, number>();
  /** ids of deleted networks: never known again, never given again */
  private readonly removedIds = new Set<string>();

  constructor(private readonly seed: number) {}

  get count(): number {
    return this.ids.length;
  }

  /** The id a new network of this name gets: from the seed and the name, another if a deleted network had it. */
  idFor(name: string): string {
    let id = uuidFromText(`network:${this.seed}:${name}`);
    for (let again = 1; this.removedIds.has(id); again++)
      id = uuidFromText(`network:${this.seed}:${name}:${again}`);
    return id;
  }

  /**
   * Adds a network (id from the seed and the name unless given); returns its number.
   * `indexedAs`: the name the name index keeps (a sign-up indexes the name as typed).
   */
  add(name: string, id = this.idFor(name), indexedAs = name): number {
    const index = this.ids.length;
    this.ids.push(id);
    this.names.push(name);
    this.createdNames.push(indexedAs);
    this.byId.set(id, index);
    if (!this.byName.has(name)) this.byName.set(name, index);
    return index;
  }

  /**
   * Deletes a network (issue 34, /auth/network-delete): its id is unknown from now on, its
   * name free for another (out of both indexes). Its number stays, with the name it had,
   * for what the world still holds of it (a share's other side).
   */
  remove(index: number): void {
    const name = this.names[index];
    if (this.byName.get(name) === index) this.byName.delete(name);
    this.byId.delete(this.ids[index]);
    this.removedIds.add(this.ids[index]);
    this.createdNames[index] = '';
  }

  /** Whether a network of this id was deleted (its tokens are refused: the service has no such network). */
  isRemoved(id: string): boolean {
    return this.removedIds.has(id);
  }

  indexOfId(id: string): number {
    return this.byId.get(id) ?? -1;
  }

  indexOfName(name: string): number {
    return this.byName.get(name) ?? -1;
  }

  rename(index: number, name: string): void {
    const old = this.names[index];
    if (this.byName.get(old) === index) this.byName.delete(old);
    this.names[index] = name;
    if (!this.byName.has(name)) this.byName.set(name, index);
  }

  ref(index: number): { id: string; name: string } {
    return { id: this.ids[index], name: this.names[index] };
  }
}
