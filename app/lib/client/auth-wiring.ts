import { type AuthClient, createAuthClient } from "./auth-client.ts";
import type { TabMessage } from "./tab-sync.ts";

/** The every-page parts the auth client is wired to, handed over by the frame (lib/client/auth-state.ts). */
export interface AuthWiring {
  tabs: { post(message: TabMessage): void; subscribe(listener: (message: TabMessage) => void): () => void };
  /** A cookie's value (the readable mili-user and mili-user-maxage). */
  cookie(name: "mili-user" | "mili-user-maxage"): string | null;
  /** Clears the cookies script can reach (mili-user, mili-user-maxage). */
  clearCookies(): void;
  push(type: string): void;
  revalidate(): void;
}

/**
 * The tab's auth client (spec §4; auth-client.ts) wired to the page: the `/auth/` endpoint, the tab channel (`auth`
 * messages), the readable cookies, and on a change the event bus (`user:login`, `user:logout`;
 * the cart store listens) and a refetch of every query. A password change updates without refetching. Loaded with
 * the client's code, when it is first needed; initialised here (the current session, then refreshes).
 */
export async function startAuthClient(salt: string, wiring: AuthWiring): Promise<AuthClient> {
  const client = createAuthClient({
    endpoint: "/auth/",
    signEndpoint: "/auth/sign/",
    salt,
    tabs: wiring.tabs,
    readUser: () => wiring.cookie("mili-user"),
    readMaxAge: () => Number(wiring.cookie("mili-user-maxage")) || 0,
    clearCookies: wiring.clearCookies,
    onChange(next, reason) {
      if (reason === "password" || reason === "refresh") return;
      wiring.push(next ? "user:login" : "user:logout");
      wiring.revalidate();
    },
    log: (message, error) => console.warn(message, error),
  });
  await client.init();
  return client;
}
