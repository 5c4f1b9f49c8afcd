// Ink's layout engine for the CommonJS core bundle (scripts/build.mjs). yoga-layout's own
// entry awaits its WebAssembly at the top level, which CommonJS cannot do; here the same
// engine loads in the background from the moment Ink is loaded, and `loaded` settles when
// it is in. The console waits for it before Ink lays anything out (src/cli/console/tui.tsx).
// The enums are there from the start, as yoga-layout's default export has them.
import loadYoga from '../../node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js';
import constants from '../../node_modules/yoga-layout/dist/src/generated/YGEnums.js';
import wrapAssembly from '../../node_modules/yoga-layout/dist/src/wrapAssembly.js';

const Yoga = { ...constants };
export default Yoga;
export * from '../../node_modules/yoga-layout/dist/src/generated/YGEnums.js';
export const loaded = loadYoga().then((assembly) => {
  Object.assign(Yoga, wrapAssembly(assembly));
});
