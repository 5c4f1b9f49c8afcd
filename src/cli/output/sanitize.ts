// Server strings go to a terminal: control characters (escape sequences, carriage
// returns, bells) are dropped so a hostile name cannot move the cursor or recolour it.

// C0 controls, DEL and C1 controls; tabs become spaces so columns stay aligned.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

export function sanitize(text: unknown): string {
  if (text === undefined || text === null) return '';
  return String(text).replace(/\t/g, ' ').replace(CONTROL, '');
}
