import pino from "pino";

/**
 * JSON logs. Personal data (e-mail, names, tokens, addresses) is never logged: the paths below are redacted, and
 * every logged error (`err`) goes through `safeError`, which keeps no SQL parameters, no database `detail` (it
 * quotes the values of a row) and no properties beyond its kind, message, code, path and stack.
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "mili" },
    serializers: { err: safeError },
    redact: {
      paths: [
        "*.email",
        "*.password",
        "*.token",
        "*.authorization",
        "*.cookie",
        "*.identityNumber",
        "*.address",
      ],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type Logger = ReturnType<typeof createLogger>;

/** A request's id in its log lines and X-Request-Id: the client's (at most 64 characters), else a new one. */
export function requestIdOf(header: string | undefined): string {
  return header?.slice(0, 64) || crypto.randomUUID();
}

/** Drizzle's "Failed query: …\nparams: …": everything from the parameters on is left out. */
function withoutParameters(text: string): string {
  const at = text.indexOf("\nparams:");
  return at < 0 ? text : `${text.slice(0, at)}\nparams: [not logged]`;
}

/**
 * An error as it may be logged: its kind, message (without SQL parameters), SQLSTATE or error code, GraphQL path
 * and extensions.code, the stack's frames, and the same for its cause (GraphQL's originalError included).
 */
export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: typeof error === "string" ? withoutParameters(error) : undefined };
  }
  const e = error as Error & {
    code?: unknown;
    path?: unknown;
    extensions?: { code?: unknown };
    originalError?: unknown;
  };
  const message = withoutParameters(e.message);
  const out: Record<string, unknown> = { type: e.constructor?.name ?? e.name, message };
  if (typeof e.code === "string" || typeof e.code === "number") out.code = e.code;
  if (Array.isArray(e.path)) out.path = e.path;
  if (typeof e.extensions?.code === "string") out.extensionsCode = e.extensions.code;
  if (e.stack) {
    const frames = e.stack.split("\n").filter((line) => /^\s+at /.test(line));
    out.stack = [`${e.name}: ${message}`, ...frames].join("\n");
  }
  const cause = e.originalError ?? e.cause;
  if (cause !== undefined && cause !== error && depth < 4) out.cause = safeError(cause, depth + 1);
  return out;
}
