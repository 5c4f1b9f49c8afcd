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

  constructor(private readonly seed: number) {}

  get count(): number {
    return this.ids.length;
  }

  idFor(name: string): string {
    return uuidFromText(`network:${this.seed}:${name}`);
  }

  /** Adds a network (id from the seed and the name unless given); returns its number. */
  add(name: string, id = this.idFor(name)): number {
    const index = this.ids.length;
    this.ids.push(id);
    this.names.push(name);
    this.createdNames.push(name);
    this.byId.set(id, index);
    if (!this.byName.has(name)) this.byName.set(name, index);
    return index;
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
