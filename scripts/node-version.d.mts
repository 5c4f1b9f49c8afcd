export function requiredNode(engines: { node: string }): string;
export function oldNodeMessage(needed: string, found: string): string | undefined;
