// The escape codes that take the console onto the terminal's alternate screen and back,
// apart from Ink: the first paint (first-paint.ts) and runTui (tui.tsx) both use them.
export const ENTER_ALT_SCREEN = '\u001b[?1049h\u001b[H';
/** Bracketed paste off too: Ink turns it off when it unmounts, not on every way out. */
export const LEAVE_ALT_SCREEN = '\u001b[?2004l\u001b[?25h\u001b[?1049l';
/** Clears what the first paint drew, so Ink's first frame does not mix with it. */
export const CLEAR_SCREEN = '\u001b[2J\u001b[H';
