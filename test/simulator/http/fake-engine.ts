// A small stand-in engine for the HTTP layer's tests: per-network state, a networkStats
// object rebuilt on each tick (same object between ticks), and SimError failures.
import { createHash } from 'node:crypto';
import { type ProxyAccess, SimError } from '../../../simulator/engine/index.ts';
import { eraProfile } from '../../../simulator/eras/index.ts';
import type { Caller, EnginePort, NetworkRef } from '../../../simulator/http/engine-port.ts';
import { type Clock, PRIORITY, type TimerHandle } from '../../../src/clock.ts';
import type { SimCodes, SimMail } from '../../../src/contract/admin.ts';
import type { OperationName, ResponseOf } from '../../../src/contract/endpoints.ts';
import { DEFAULT_ERA, type Era } from '../../../src/contract/eras.ts';

const uuidOf = (text: string) => {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

export class FakeEngine implements EnginePort {
  seed: number;
  era: Era = DEFAULT_ERA;
  /** The era's profile (its body decoding): a test switches the era by its name. */
  get profile() {
    return eraProfile(this.era);
  }
  demoNetwork!: NetworkRef;
  ticks = 0;
  running = false;
  readonly calls: { name: OperationName; body: unknown; caller?: Caller }[] = [];
  private networks = new Map<string, NetworkRef>();
  private wallets = new Map<string, string>();
  private deviceNames = new Map<string, string>();
  private feedback: unknown[] = [];
  private stats: object = {};
  private timer?: TimerHandle;

  constructor(
    seed: number,
    private readonly clock: Clock,
  ) {
    this.seed = seed;
    this.reset(seed);
  }

  walletOf(networkId: string): string {
    return uuidOf(`wallet:${this.seed}:${networkId}`);
  }
  deviceId(index: number): string {
    return uuidOf(`device:${this.seed}:${index}`);
  }

  handle<K extends OperationName>(name: K, body: unknown, caller?: Caller): ResponseOf<K> {
    this.calls.push({ name, body, caller });
    return this.answer(name, body, caller) as ResponseOf<K>;
  }

  private answer(name: OperationName, body: unknown, caller?: Caller): unknown {
    const request = (body ?? {}) as Record<string, unknown>;
    switch (name) {
      case 'findLocations':
      case 'findProviderLocations':
        if (request.query === 'boom') throw new Error('engine bug');
        return { locations: [{ name: String(request.query ?? ''), location_type: 'city' }], groups: [] };
      case 'providerLocations':
        return { locations: [], groups: [], devices: [] };
      case 'getPayoutWallet': {
        const wallet = this.wallets.get(caller!.networkId);
        return wallet ? { wallet_id: wallet } : {};
      }
      case 'setPayoutWallet':
        if (request.wallet_id !== this.walletOf(caller!.networkId))
          throw new SimError(400, 'Wallet must be an active wallet owned by the network.');
        this.wallets.set(caller!.networkId, String(request.wallet_id));
        return {};
      case 'deviceAssociations':
        return {
          outgoing_shared_devices: [{ network_name: caller!.networkName, client_id: caller!.networkId }],
        };
      case 'sendFeedback':
        this.feedback.push(body);
        return {};
      case 'providerStats':
        return {
          created_time: new Date(this.clock.now()).toISOString(),
          providers: [{ client_id: caller!.networkId }],
        };
      case 'addDevice':
        return { error: { message: 'Invalid code.' } };
      case 'createShareCode':
        return { share_code: 'abandon ability able about above absent' };
      case 'findProviders':
        return { providers: [{ client_id: this.deviceId(1), tier: 0 }] };
      case 'networkStats':
        return this.stats;
    }
  }

  start(): void {
    this.running = true;
    this.timer = this.clock.setInterval(() => this.tick(), 60_000, PRIORITY.simulator);
  }
  stop(): void {
    this.running = false;
    this.timer?.cancel();
  }
  tick(): void {
    this.ticks++;
    this.stats = { lookback: 90, created_time: this.clock.now(), providers_summary: this.ticks };
  }
  reset(seed = this.seed): void {
    this.seed = seed;
    this.networks.clear();
    this.wallets.clear();
    this.demoNetwork = this.ensureNetwork('demo');
    this.stats = { lookback: 90, created_time: this.clock.now(), providers_summary: 0 };
  }
  network(id: string): NetworkRef | undefined {
    return this.networks.get(id);
  }
  ensureNetwork(name: string, id?: string): NetworkRef {
    const networkId = id ?? uuidOf(`network:${this.seed}:${name}`);
    const known = this.networks.get(networkId);
    if (known) return known;
    const network = { id: networkId, name };
    this.networks.set(networkId, network);
    return network;
  }
  codes(): SimCodes {
    return {
      adopt_codes: [],
      share_codes: [],
      wallets: [{ wallet_id: this.walletOf(this.demoNetwork.id) }],
      demo_user: { email: 'demo@fake.example', password: 'fake-password' },
      balance_codes: [],
    };
  }
  mail(): SimMail {
    return { mail: [] };
  }
  verifyCode(): string | undefined {
    return undefined;
  }
  serveProxies(): void {}
  proxyAccess(): ProxyAccess {
    return { refused: 'no proxies in the fake engine' };
  }
  proxyLive(): boolean {
    return false;
  }
  proxyCarried(): void {}
  tokenStillGood(): boolean {
    return true;
  }
  deviceIdOf(clientId: string): string | undefined {
    return clientId === this.deviceId(1) ? uuidOf(`device-of:${clientId}`) : undefined;
  }
  setDeviceName(clientId: string, name: string): boolean {
    if (clientId !== this.deviceId(1)) return false;
    this.deviceNames.set(clientId, name);
    return true;
  }
  /** Device 1 is the one provider: connected until told otherwise. */
  readonly connected = new Map<string, boolean>();
  setProviderDark(clientId: string, hours: number): number | undefined {
    return clientId === this.deviceId(1) ? this.clock.now() + hours * 3_600_000 : undefined;
  }
  setProviderConnected(clientId: string, connected: boolean): boolean | undefined {
    if (clientId !== this.deviceId(1)) return undefined;
    const changed = (this.connected.get(clientId) ?? true) !== connected;
    this.connected.set(clientId, connected);
    return changed;
  }
  setNetworkName(networkId: string, name: string): boolean {
    const network = this.networks.get(networkId);
    if (!network) return false;
    network.name = name;
    return true;
  }
  /** One API key, of the demo network (the real engine: engine/api-keys.ts). */
  readonly apiKey = `urn_${'A'.repeat(52)}`;
  networkOfApiKey(key: string): NetworkRef | undefined {
    return key === this.apiKey ? this.demoNetwork : undefined;
  }
  private caller = { country_code: 'us', location_id: uuidOf('country:us') };
  callerCountry() {
    return this.caller;
  }
  setCallerCountry(code: string): void {
    this.caller = { country_code: code, location_id: uuidOf(`country:${code}`) };
  }
  isClientActive(): boolean {
    return true;
  }
  reserveRemovals(): { buckets: { hour: string; reserved: number }[] } {
    return { buckets: [] };
  }
  invariants(): string[] {
    return [];
  }
  get storedFeedback(): unknown[] {
    return this.feedback;
  }
  deviceName(clientId: string): string | undefined {
    return this.deviceNames.get(clientId);
  }
}
