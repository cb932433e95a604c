/**
 * Repository text made safe to print on a terminal. File names and contents are written by
 * whoever made the repository; printed raw, an ESC or C1 sequence in them retitles the window,
 * clears the screen, recolours the output or writes the clipboard (OSC 52). Every control
 * character is shown as a visible escape instead, so the sequence is seen, never obeyed.
 */

// C0 controls (tab aside), DEL and the C1 controls. ESC is C0, so every ESC sequence loses its
// introducer; the 8-bit C1 introducers (CSI U+009B, OSC U+009D …) are caught on their own.
// Control characters are what these patterns exist to find, hence the two disables.
// eslint-disable-next-line no-control-regex -- see above
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex -- see above
const CONTROL_KEEPING_NEWLINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

function visible(c: string): string {
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One line's worth of repository text (a path, a symbol, a line of code): every control character but tab escaped, newlines included. */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, visible);
}

/** A block of text for the terminal: its newlines kept, every other control character but tab escaped. */
export function terminalSafeLines(text: string): string {
  return text.replace(CONTROL_KEEPING_NEWLINES, visible);
}
