// The sinks by URL scheme (issue 35): one file each saying how its service's URL is read
// and what request a notice makes. The schemes are api/notify-urls.ts's (where their
// secret parts are said); a scheme there without a sink here does not compile.
import type { NotifyScheme } from '../../../api/notify-urls.ts';
import { discord } from './discord.ts';
import { generic } from './generic.ts';
import { gotify } from './gotify.ts';
import { ntfy } from './ntfy.ts';
import type { SinkDefinition } from './sink.ts';
import { slack } from './slack.ts';
import { telegram } from './telegram.ts';

export const SINKS = {
  ntfy,
  generic,
  'generic+http': generic,
  'generic+https': generic,
  discord,
  slack,
  telegram,
  gotify,
} as const satisfies Record<NotifyScheme, SinkDefinition>;
