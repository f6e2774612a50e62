/**
 * Whether a text holds a control character nobody types: C0 controls other than tab, line feed and carriage
 * return, and DEL. A NUL byte in particular cannot be stored in PostgreSQL text, so such input is refused at the
 * edge as bad input rather than failing deeper down.
 */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}
