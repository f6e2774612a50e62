import pino from "pino";

/** JSON logs. Personal data (e-mail, names, tokens, addresses) is never logged: the paths below are redacted. */
export function createLogger(level: string) {
  return pino({
    level,
    base: { service: "mili" },
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
  });
}

export type Logger = ReturnType<typeof createLogger>;
