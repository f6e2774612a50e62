import { AccountPage } from "../components/account-page.tsx";
import { accountScreen } from "../lib/account-screen.ts";
import { privateHeaders } from "../lib/cache.ts";

const screen = accountScreen("account-balance", "account.balance.heading");

export const loader = screen.loader;
export const meta = screen.meta;
export const headers = privateHeaders;

export default function Page() {
  return <AccountPage heading="account.balance.heading" intro="account.balance.intro" />;
}
