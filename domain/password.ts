/**
 * The password rules a shopper meets (spec §5, §7, §9) and the one digest the browser sends instead of a password
 * (API.md, Auth endpoint): base64(SHA-384(UTF-8 of password + salt)). The salt is the shop's AUTH_PASSWORD_SALT; the
 * specification's storefront uses PASSWORD_SALT_DEFAULT, so accounts made by it sign in here unchanged.
 *
 * The digest is not what keeps a password safe at rest — the server stores an Argon2id hash of it
 * (services/customers/) — it only keeps the plain password off the wire and out of every server's memory.
 */
import { PASSWORD_MIN_LENGTH } from "./validators.ts";

export { PASSWORD_MIN_LENGTH } from "./validators.ts";

/** The salt of the specification's storefront (API.md): the default of AUTH_PASSWORD_SALT. */
export const PASSWORD_SALT_DEFAULT = "Dd1dfLonNy6Am2fXQl2AcoI+IbhLhXvaibnDNn8uEa6vbJ05eyJajSuGFm9uQSmD";

/**
 * Longest password accepted, in code points: long enough for any passphrase, short enough that a megabyte of
 * "password" cannot be sent to be digested.
 */
export const PASSWORD_MAX_LENGTH = 256;

/** The bytes that are digested: UTF-8 of the password followed by the salt (the salt is appended, not prepended). */
export function passwordDigestInput(password: string, salt: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(password + salt);
}

/** Standard base64 (with padding) of bytes, as the browser's `btoa` gives it. */
export function base64(bytes: Uint8Array): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += alphabet[(n >> 18) & 63];
    out += alphabet[(n >> 12) & 63];
    out += b === undefined ? "=" : alphabet[(n >> 6) & 63];
    out += c === undefined ? "=" : alphabet[n & 63];
  }
  return out;
}

/**
 * The password digest the auth endpoint takes: base64(SHA-384(password + salt)), 64 characters. Uses the platform's
 * Web Crypto (Node, and browsers in a secure context: HTTPS or localhost); forms sent without JavaScript are digested
 * by the server with this same function.
 */
export async function passwordDigest(password: string, salt: string): Promise<string> {
  const hash = await globalThis.crypto.subtle.digest("SHA-384", passwordDigestInput(password, salt));
  return base64(new Uint8Array(hash));
}

/** A digest's shape: 48 bytes in base64 (64 characters, no padding needed). */
const DIGEST = /^[A-Za-z0-9+/]{64}$/;

/** Whether a value has the shape of a password digest (what the auth endpoint accepts as `password`). */
export function isPasswordDigest(value: unknown): value is string {
  return typeof value === "string" && DIGEST.test(value);
}

/** Why a chosen password is refused, or null. Checked in the browser and by the server for forms without script. */
export type PasswordProblem = "required" | "tooShort" | "tooLong" | "common";

/**
 * The rules for a new password (spec §5, §9): given, at least 7 characters (code points), at most 256, and not one
 * of the most common passwords (`isCommon`, from the shop's shipped list; compared lower-cased, so "Password1"
 * counts as "password1").
 */
export function newPasswordProblem(
  password: string,
  isCommon: (lowerCased: string) => boolean = () => false,
): PasswordProblem | null {
  if (password.length === 0) return "required";
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (length > PASSWORD_MAX_LENGTH) return "tooLong";
  if (isCommon(password.toLowerCase())) return "common";
  return null;
}

/** The repeated password must be the same, character for character. */
export function passwordsMatch(password: string, repeated: string): boolean {
  return password === repeated;
}
