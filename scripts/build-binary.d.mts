/** dist/netdeck-<os>-<arch>: where `npm run build:binary` writes the single-file binary. */
export const BINARY_PATH: string;
/** Builds it from dist/netdeck-core.cjs (which must be built); its path, version and size. */
export function buildBinary(): { path: string; version: string; bytes: number };
