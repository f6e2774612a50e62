import type { Lang } from "../lib/locale.ts";
import { type MessageKey, provideCatalog } from "./index.ts";
import { nb } from "./nb.ts";
import { shellMessages } from "./shell.ts";
import { sv } from "./sv.ts";

/**
 * Both languages' every-page catalogs, whole. Importing this module gives them to translator() (index.ts): the
 * server does (entry.server.tsx), and so do tests. The browser never imports it: it gets one language's catalog
 * as a chunk of its own (load.ts; scripts/message-catalogs.ts builds the chunk from this module at build time).
 */
export const catalogs: Record<Lang, Record<MessageKey, string>> = {
  nb: { ...nb, ...shellMessages.nb },
  sv: { ...sv, ...shellMessages.sv },
};

provideCatalog("nb", catalogs.nb);
provideCatalog("sv", catalogs.sv);

export { translator } from "./index.ts";
