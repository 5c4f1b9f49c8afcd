// A network's name as the service checks a rename (server: model/network_model.go
// ValidateNetworkName, checkNetworkNameAvailability): the trimmed name, lower case, spaces
// as dashes, 5 to 50 bytes of lowercase letters, digits and dashes. What is stored is the
// trimmed name as typed. The simulator answers with these refusals; the commands check a
// name with them before anything is sent.

/** The refusals of POST /network/user/update, in the service's words. */
export const NAME_REFUSALS = {
  short: 'Network name must have at least 5 characters',
  long: 'Network name must be less than 50 characters',
  characters: 'Network name must contain only lowercase letters, numbers, and dashes',
  /** only the service can tell: another network's name is it, or one edit from it */
  taken: 'Network name not available',
} as const;

/** The form the service compares, and its refusal of that form (in the service's words) if any. */
export function checkNetworkName(name: string): { form: string; refusal?: string } {
  const form = name.trim().toLowerCase().replaceAll(' ', '-');
  // Go's len() counts bytes.
  const bytes = Buffer.byteLength(form);
  if (bytes < 5) return { form, refusal: NAME_REFUSALS.short };
  if (bytes > 50) return { form, refusal: NAME_REFUSALS.long };
  if (!/^[a-z0-9-]*$/.test(form)) return { form, refusal: NAME_REFUSALS.characters };
  return { form };
}
