import { z } from "zod";
import { LIMITS } from "#integrations/rate-limit/limits.ts";

/**
 * The shop's configuration, read once from the environment at start-up.
 * Every variable is listed in README.md and .env.example.
 */
const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const domains = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const map = new Map<string, "nb" | "sv">();
    if (!value) return map;
    for (const pair of value.split(",")) {
      const [lang, host] = pair.split("|").map((s) => s.trim());
      if ((lang !== "nb" && lang !== "sv") || !host) {
        ctx.addIssue({
          code: "custom",
          message: `DOMAINS entry "${pair}" must look like nb|mili.no or sv|mili.se`,
        });
        return z.NEVER;
      }
      map.set(host.toLowerCase(), lang);
    }
    return map;
  });

/** CORS_ORIGINS: comma-separated origins (scheme, host and port) whose browser scripts may call /graphql. */
const origins = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const list: string[] = [];
    for (const item of (value ?? "").split(",").map((s) => s.trim())) {
      if (!item) continue;
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {
        url = undefined;
      }
      if (
        !url ||
        (url.protocol !== "https:" && url.protocol !== "http:") ||
        url.origin !== item.replace(/\/$/, "")
      ) {
        ctx.addIssue({
          code: "custom",
          message: `CORS_ORIGINS entry "${item}" must be an origin such as https://shop.example (no path)`,
        });
        return z.NEVER;
      }
      list.push(url.origin);
    }
    return list;
  });

const rateLimits = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const map = new Map<string, { points: number; seconds: number }>();
    for (const entry of (value ?? "").split(",").map((e) => e.trim())) {
      if (!entry) continue;
      const m = /^([a-z][a-z.-]*)=(\d{1,9})\/(\d{1,9})$/.exec(entry);
      if (!m?.[1] || Number(m[2]) < 1 || Number(m[3]) < 1) {
        ctx.addIssue({
          code: "custom",
          message: `RATE_LIMITS entry "${entry}" must look like code.ip=30/3600`,
        });
        return z.NEVER;
      }
      if (!Object.hasOwn(LIMITS, m[1])) {
        const known = Object.keys(LIMITS).join(", ");
        ctx.addIssue({
          code: "custom",
          message: `RATE_LIMITS names an unknown limit "${m[1]}" (known: ${known})`,
        });
        return z.NEVER;
      }
      map.set(m[1], { points: Number(m[2]), seconds: Number(m[3]) });
    }
    return map;
  });

export const envSchema = z.object({
  /** production unless told otherwise: `npm start` is safe to put on the internet; `npm run dev` says development. */
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), "DATABASE_URL must be a postgres:// URL"),
  PGLITE_DIR: z.string().default("var/db"),
  /**
   * PGlite's shared_buffers (decision 0069): its page cache inside the WebAssembly memory, which never shrinks.
   * 16MB keeps the shop's resident memory low; the operating system's file cache holds the rest of the pages.
   * Raise it for a large catalog on a machine with memory to spare. Not used with DATABASE_URL.
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, "PGLITE_SHARED_BUFFERS must be a size such as 16MB, 512kB or 1GB")
    .refine(
      (v) => Number.parseInt(v, 10) * { kB: 1, MB: 1024, GB: 1024 ** 2 }[v.slice(-2) as "kB"] >= 128,
      "PGLITE_SHARED_BUFFERS must be at least 128kB (PostgreSQL's least)",
    )
    .default("16MB"),
  /**
   * `off` only for shops that are thrown away (the tests' and benches'): commits return before the database has
   * written them, so a crash may lose the last ones. Never in a shop that takes orders.
   */
  DATABASE_SYNCHRONOUS_COMMIT: z.enum(["on", "off"]).default("on"),
  REDIS_URL: z.string().optional(),
  API_KEY: z.string().min(1).optional(),
  /** Bearer token for /metrics; unset: generated once and kept in SECRETS_DIR. */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** The key of the merchant's admin operations (header X-Admin-Key); unset: those operations are refused. */
  ADMIN_KEY: z.string().min(16, "ADMIN_KEY must be at least 16 characters").optional(),
  /**
   * The token that shows unpublished widgets and content pages (/preview-widgets?token=…, decision 0038); unset:
   * nothing unpublished is shown to anyone.
   */
  WIDGET_PREVIEW_TOKEN: z.string().min(16, "WIDGET_PREVIEW_TOKEN must be at least 16 characters").optional(),
  /** Where secrets that are not set are generated and kept (one file each). */
  SECRETS_DIR: z.string().default("var/secrets"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  AUTH_PASSWORD_SALT: z.string().default("Dd1dfLonNy6Am2fXQl2AcoI+IbhLhXvaibnDNn8uEa6vbJ05eyJajSuGFm9uQSmD"),
  SMTP_URL: z.string().optional(),
  /** Without SMTP_URL every e-mail is written here as an .eml file (decision 0021). */
  MAIL_OUTBOX_DIR: z.string().default("var/outbox"),
  MAIL_FROM: z.string().default("Mili <no-reply@mili.local>"),
  /** The tag manager's script URL with its container id; loads only with a shopper's consent to statistics. */
  TAG_MANAGER_URL: z.string().url("TAG_MANAGER_URL must be a URL").optional(),
  /** The review service's script URL; loads only with a shopper's consent to marketing, with its key. */
  REVIEW_SERVICE_URL: z.string().url("REVIEW_SERVICE_URL must be a URL").optional(),
  REVIEW_SERVICE_KEY: z.string().min(1).optional(),
  GRAPHQL_URL: z.string().url().optional(),
  DOMAINS: domains,
  MARKET_IN_PATH: bool,
  FALLBACK_MARKET: z.string().default("no"),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .refine((v) => !v || /^https?:\/\//.test(v), "PUBLIC_URL must be an http:// or https:// URL"),
  CORS_ORIGINS: origins,
  /** The API's cost limit (decision 0018); the default fits every storefront operation at its largest. */
  GRAPHQL_MAX_COST: z.coerce.number().int().min(1000).default(25_000),
  SEED_PRODUCTS: z.coerce.number().int().min(0).default(2000),
  /** Where rendered product images are kept (relative paths from the project's root). */
  IMAGE_CACHE_DIR: z.string().default("var/cache/images"),
  /** Megabytes the rendered-image cache may hold; least recently used files go first. */
  IMAGE_CACHE_MB: z.coerce.number().int().min(1).default(1024),
  TRUST_PROXY: bool,
  /** URLs per sitemap file (decision 0090): the protocol's 50,000 at most; lower only to test the split. */
  SITEMAP_MAX_URLS: z.coerce.number().int().min(1).max(50_000).default(50_000),
  /**
   * Sitemaps younger than this are kept at a newer catalog version (decision 0090): every order raises the version,
   * and making them costs seconds; 0 makes them again at the first request after any change.
   */
  SITEMAP_REFRESH_SECONDS: z.coerce.number().int().min(0).default(60),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PERSISTED_OPERATIONS_ONLY: bool,
  /** Overrides of the rate limits (docs/decisions/0016): `name=points/seconds,…`, e.g. `code.ip=30/3600`. */
  RATE_LIMITS: rateLimits,
  /** Keep anonymous catalog pages in memory (on unless PAGE_CACHE=false). */
  PAGE_CACHE: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v !== "false" && v !== "0"),
  /**
   * Keep answers of public catalog operations (on unless RESPONSE_CACHE=false): by catalog version, in Redis when
   * REDIS_URL is set (decision 0023).
   */
  RESPONSE_CACHE: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v !== "false" && v !== "0"),
});

export type ParsedConfig = ReturnType<typeof parseConfig>;
/** The configuration with its secrets resolved (server/secrets.ts): what the server runs with. */
export type Config = ParsedConfig & Secrets;

export interface Secrets {
  /** The key every API request carries in X-ApiKey (a client's name, not a secret: the storefront shows it). */
  apiKey: string;
  /** Signs customer tokens. */
  authSecret: string;
  /** The bearer token /metrics asks for. */
  metricsToken: string;
}

/** Development-only API key, accepted only when API_KEY is unset outside production (`npm run dev`, tests). */
export const DEV_API_KEY = "dev-api-key";

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "environment"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === "production" && c.DATABASE_SYNCHRONOUS_COMMIT === "off") {
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_SYNCHRONOUS_COMMIT: off may lose orders on a crash; it is for test shops only, not production",
    );
  }
  return {
    ...c,
    production: c.NODE_ENV === "production",
    /** Origins allowed to call /graphql from a browser: CORS_ORIGINS and PUBLIC_URL's origin. */
    corsOrigins: [...new Set([...c.CORS_ORIGINS, ...(c.PUBLIC_URL ? [new URL(c.PUBLIC_URL).origin] : [])])],
  };
}
