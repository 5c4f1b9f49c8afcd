// The Node netdeck needs, said the same way by the bin (src/cli/bin.ts, bundled in) and by
// `npm start`'s build step (scripts/ensure-built.mjs), which stops before it builds
// anything: the build imports TypeScript, which an older Node cannot load, and would leave
// a half-built dist/. Plain JavaScript, so that any Node reads it.

/** `>=22.19` (package.json's engines) → `22.19`. */
export function requiredNode(engines) {
  return engines.node.replace(/^>=\s*/, '');
}

/**
 * Why Node `found` cannot run netdeck, which needs `needed` (major.minor), in two lines:
 * the two versions, then how to get a new enough one; undefined when it can.
 */
export function oldNodeMessage(needed, found) {
  const [needMajor, needMinor] = needed.split('.').map(Number);
  const [major, minor] = found.split('.').map(Number);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return (
    `netdeck: needs Node.js ${needed} or newer; this is Node.js ${found}\n` +
    `netdeck: get Node.js ${needMajor} from https://nodejs.org/en/download (or: nvm install ${needMajor})\n`
  );
}
