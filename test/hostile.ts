// What tests look for in output that reached a terminal: anything a terminal acts on
// (C0 and C1 controls, DEL; newlines aside), or that hides or reorders text.
export const RAW_CONTROL =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
