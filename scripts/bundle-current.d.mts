export const BUNDLE_FILES: string[];
export function bundleIsCurrent(root: string): boolean;
