// Dev convenience: the console on a demo simulator, straight from the sources
// (`node --import tsx scripts/dev-tui.ts [--seed N] [--speed N] [--locations N] [--own-providers N]`).
// `netdeck` with no command does the same from the bundle once the CLI mounts runTui.
import { parseArgs } from 'node:util';
import { createSimulator } from '../simulator/index.ts';
import { createClient } from '../src/api/client.ts';
import { runTui } from '../src/cli/console/tui.tsx';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    speed: { type: 'string' },
    providers: { type: 'string' },
    locations: { type: 'string' },
    'own-providers': { type: 'string' },
  },
});
const num = (s: string | undefined) => (s === undefined ? undefined : Number(s));
const seed = Number(values.seed);
const sim = await createSimulator({
  seed,
  speed: num(values.speed),
  providers: num(values.providers),
  locations: num(values.locations),
  ownProviders: num(values['own-providers']),
});
const client = createClient({ baseUrl: sim.url, token: sim.token });
const code = await runTui({
  client,
  clock: sim.clock,
  target: { kind: 'demo', seed },
  token: sim.token,
  demo: sim.demo,
});
await client.close();
await sim.close();
process.exit(code);
