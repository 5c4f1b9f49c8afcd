// The frame's layout facts, apart from Ink: the console's first paint
// (src/cli/console/first-paint.ts) lays out the same frame before Ink has loaded.

/** Below this many columns the header, tabs and footer take their compact form. */
export const COMPACT_BELOW = 80;
