// When the figures shown were computed: the response's own time when it has one, else
// when the store received it.
import { parseEventTime } from '../../charts/timeline.ts';

export function dataTime(state: { data?: { created_time?: string }; fetchedAt?: number }): number {
  return parseEventTime(state.data?.created_time) ?? state.fetchedAt ?? 0;
}
