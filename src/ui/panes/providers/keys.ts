// Keys of the Providers pane (how a binding is written: src/ui/keys/bindings.ts).
import { bindings } from '../../keys/bindings.ts';

export const providersKeys = bindings([
  { scope: 'providers', keys: ['n'], action: 'next', help: 'next batch', footer: true },
  {
    scope: 'providers',
    keys: ['N'],
    action: 'fetchAll',
    help: 'fetch all (esc stops)',
    footer: true,
  },
  { scope: 'providers', keys: ['+', '='], action: 'bigger', help: 'larger batches' },
  { scope: 'providers', keys: ['-'], action: 'smaller', help: 'smaller batches' },
  {
    scope: 'providers',
    keys: ['m'],
    action: 'rankMode',
    help: 'rank quality/speed',
    footer: true,
  },
  { scope: 'providers', keys: ['x'], action: 'reset', help: 'reset', footer: true },
  { scope: 'providers', keys: ['d'], action: 'destination', help: 'used destination', footer: true },
  { scope: 'providers', keys: ['D'], action: 'clearDestinations', help: 'forget every used destination' },
  {
    scope: 'providers',
    keys: ['e'],
    action: 'export',
    help: 'export the providers shown to a file (CSV or JSON Lines)',
    footer: 'export',
  },
  { scope: 'providers', keys: ['y'], action: 'copy', help: "copy the provider's client id" },
  {
    scope: 'providers',
    keys: ['P'],
    action: 'proxy',
    help: "make a hosted proxy in the batch's place (a dialog)",
  },
]);
