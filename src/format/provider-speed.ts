// A sampled provider's speed, one reading for the console and the commands: the
// service's estimate, `unmeasured` where it has none, `?` where it sent nothing.
import type { Provider } from '../contract/schemas.ts';
import { formatBytesPerSecond, NOT_SENT } from './numbers.ts';

type Sampled = Pick<Provider, 'estimated_bytes_per_second' | 'has_estimated_bytes_per_second'>;

/**
 * Whether the service has no estimate: today's says so (`has_estimated_bytes_per_second:
 * false`); the seed era's service sends 0 for every provider and no such flag.
 */
const unmeasured = (p: Sampled) =>
  p.has_estimated_bytes_per_second === false ||
  (p.has_estimated_bytes_per_second === undefined && p.estimated_bytes_per_second === 0);

/** The estimate in bytes per second; undefined where there is none (unmeasured or not sent). */
export const speedFigure = (p: Sampled): number | undefined =>
  unmeasured(p) ? undefined : p.estimated_bytes_per_second;

/** `12.5 MB/s`, `unmeasured`, or `?` when the service sent no figure. */
export function speedText(p: Sampled): string {
  if (unmeasured(p)) return 'unmeasured';
  return p.estimated_bytes_per_second === undefined
    ? NOT_SENT
    : formatBytesPerSecond(p.estimated_bytes_per_second);
}
