import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { hash, verify } from "@node-rs/argon2";

/**
 * How a password is kept (decision 0020): the browser sends base64(SHA-384(password + salt)) (domain/password.ts);
 * the server stores an Argon2id hash of that digest with OWASP's parameters (19 MiB, 2 passes, 1 lane) through
 * `@node-rs/argon2` — a maintained Rust binding with prebuilt binaries for every platform in the registry.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashDigest(digest: string): Promise<string> {
  return hash(digest, ARGON2_OPTIONS);
}

/**
 * Whether a digest matches a stored hash. Without a stored hash (no such account) a fixed hash is verified all the
 * same, so an unknown e-mail costs the same time as a wrong password and the answer's timing tells nothing.
 */
export async function verifyDigest(stored: string | null | undefined, digest: string): Promise<boolean> {
  const target = stored ?? (await dummyHash());
  try {
    const ok = await verify(target, digest);
    return ok && stored != null;
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hash("no account has this password digest", ARGON2_OPTIONS);
  return dummy;
}

/** The shipped list of the 10,000 most common passwords (scripts/common-passwords.ts says where it comes from). */
export function commonPasswords(): string[] {
  const text = readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8");
  return text.split("\n").filter((line) => line.length > 0);
}

/**
 * The digests of the common passwords under the shop's salt: the server only ever sees digests, so it compares
 * digests. Each password is taken as listed, capitalised and upper-cased ("password1", "Password1", "PASSWORD1"):
 * 26,342 distinct SHA-384s, computed once per process at first use (about 0.4 s).
 */
export function commonPasswordDigests(salt: string): ReadonlySet<string> {
  const digests = new Set<string>();
  for (const password of commonPasswords()) {
    const forms = new Set([password, password[0]?.toUpperCase() + password.slice(1), password.toUpperCase()]);
    for (const form of forms)
      digests.add(
        createHash("sha384")
          .update(form + salt, "utf8")
          .digest("base64"),
      );
  }
  return digests;
}
