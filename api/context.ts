import type { Logger } from "pino";
import type { DbHandle } from "#db/client.ts";
import { type Locale, type LocaleRequest, type ReferenceCache, resolveLocale } from "#services/reference.ts";

/** What every resolver receives: the database, reference data and the request's logger. */
export interface ApiContext {
  db: DbHandle["db"];
  reference: ReferenceCache;
  logger: Logger;
  requestId: string;
  /** Resolves channelId/marketId/languageId with fallback to the channel's defaults, logging each fallback. */
  locale(args: LocaleRequest): Promise<Locale>;
}

export interface ApiServices {
  db: DbHandle["db"];
  reference: ReferenceCache;
  logger: Logger;
}

export function createApiContext(services: ApiServices, requestId: string): ApiContext {
  const logger = services.logger.child({ requestId });
  return {
    db: services.db,
    reference: services.reference,
    logger,
    requestId,
    async locale(args) {
      const { locale, fallbacks } = resolveLocale(await services.reference.get(), args);
      for (const reason of fallbacks) logger.warn({ reason }, "locale fallback");
      return locale;
    },
  };
}
