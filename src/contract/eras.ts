// The two eras of the real service (spec/reference-behaviour.md): `current`, the service
// as it runs today (server 2c9e92b4, 2026-08), and `seed`, the early-2025 server the
// interface document was written against. The simulator plays either; the client must
// work with both.

export const ERAS = ['current', 'seed'] as const;
export type Era = (typeof ERAS)[number];
export const DEFAULT_ERA: Era = 'current';
