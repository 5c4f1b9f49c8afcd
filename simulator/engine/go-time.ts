// Times as the Go service writes them: RFC 3339 with the fraction only when there is one
// (time.Time's MarshalJSON), `Z` for UTC.

/** Go's RFC 3339 of a time (epoch ms): no fraction when it has none. */
export const goTime = (time: number) => new Date(time).toISOString().replace('.000Z', 'Z');
