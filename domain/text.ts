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

/** Trimmed text with Windows line ends made plain; null when empty (the back office's text fields). */
export function cleanText(text: string | null | undefined): string | null {
  const value = (text ?? "").replace(/\r\n?/g, "\n").trim();
  return value === "" ? null : value;
}

/** A problem with one text field of a form, by the field's name. */
export interface TextProblem {
  field: string;
  code: "required" | "invalidCharacters" | "tooLong";
  max?: number;
}

/**
 * The cleaned text of a form field, adding to `problems` when it is required and empty, has control characters
 * (or a line break where one line is asked for), or is longer than `max` characters.
 */
export function checkText(
  problems: { push(problem: TextProblem): unknown },
  field: string,
  text: string | null | undefined,
  max: number,
  opts: { required?: boolean; oneLine?: boolean } = {},
): string | null {
  const value = cleanText(text);
  if (value === null) {
    if (opts.required) problems.push({ field, code: "required" });
    return null;
  }
  if (hasControlCharacter(value) || (opts.oneLine && /[\n\t]/.test(value)))
    problems.push({ field, code: "invalidCharacters" });
  else if ([...value].length > max) problems.push({ field, code: "tooLong", max });
  return value;
}
