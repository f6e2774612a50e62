import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { DEV_API_KEY, type ParsedConfig, type Secrets } from "./config.ts";

/** Where each secret is kept when the environment does not set it: one file per secret in SECRETS_DIR. */
const FILES = { API_KEY: "api-key", AUTH_SECRET: "auth-secret", METRICS_TOKEN: "metrics-token" } as const;
type SecretName = keyof typeof FILES;

export interface ResolvedSecrets extends Secrets {
  /** For each secret that came from a file: the file (relative to the shop's folder when inside it). */
  kept: Partial<Record<SecretName, string>>;
}

/**
 * The shop's secrets (docs/decisions/0017): each from its environment variable when set; otherwise read from its
 * file in SECRETS_DIR (default var/secrets), which is created with a new random value (256 bits, owner-only)
 * the first time. So a fresh clone needs no settings, and no two shops share a secret. Outside production an
 * unset API_KEY is the development key `dev-api-key` (`npm run dev`, the tests), as the README's examples use.
 */
export function resolveSecrets(config: ParsedConfig, root: string): ResolvedSecrets {
  const dir = resolve(root, config.SECRETS_DIR);
  const kept: ResolvedSecrets["kept"] = {};
  const fromFile = (name: SecretName): string => {
    const file = join(dir, FILES[name]);
    const value = readOrCreate(file, () => randomBytes(32).toString("base64url"));
    const shown = relative(root, file);
    kept[name] = shown.startsWith("..") ? file : shown;
    return value;
  };
  const apiKey = config.API_KEY ?? (config.production ? fromFile("API_KEY") : DEV_API_KEY);
  const authSecret = config.AUTH_SECRET ?? fromFile("AUTH_SECRET");
  const metricsToken = config.METRICS_TOKEN ?? fromFile("METRICS_TOKEN");
  return { apiKey, authSecret, metricsToken, kept };
}

/**
 * The file's trimmed content; a missing file is created with `make()` first: written whole to a temporary file,
 * then linked into place (which fails when the file exists), so two processes starting at once agree on one
 * value and never read a half-written one: the one that loses the race reads the winner's.
 */
function readOrCreate(file: string, make: () => string): string {
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(resolve(file, ".."), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(temporary, `${make()}\n`, { flag: "wx", mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temporary);
  }
  const value = readFileSync(file, "utf8").trim();
  if (!value) throw new Error(`${file} is empty: delete it to have a new secret generated`);
  return value;
}
