import { Form, Link } from "react-router";
import { DataTable } from "./data-table.tsx";
import { errorText } from "./texts.ts";
import { button, Notice, primary, useAdminT, When } from "./ui.tsx";

/**
 * The customer screen's sessions and personal-data sections (decision 0053): end one session or all; download the
 * GDPR export; erase in two steps — a link opens the confirmation (`?erase=1`, no script needed), which asks for the
 * customer's e-mail before the erasure is sent.
 */
export interface Session {
  sessionId: string;
  startedAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  actor: string | null;
}

interface Answer {
  intent: string;
  error: string | null;
  ended?: number | null;
  openOrders?: string[];
}

export function CustomerSessions({ sessions, answer }: { sessions: Session[]; answer: Answer | null }) {
  const { t, lang, may } = useAdminT();
  const mine = answer && (answer.intent === "endSession" || answer.intent === "endAll") ? answer : null;
  const canEnd = may("customer.sessions");
  return (
    <section aria-labelledby="sessions-heading" className="mt-6">
      <h2 id="sessions-heading" className="mb-2 text-xl font-semibold">
        {t("customer.sessions")}
      </h2>
      {mine?.error && <Notice kind="error">{errorText(t, mine.error)}</Notice>}
      {mine && !mine.error && (
        <Notice kind="ok">{t("customer.sessionsEnded", { n: mine.ended ?? 0 })}</Notice>
      )}
      {sessions.length === 0 ? (
        <p>{t("customer.noSessions")}</p>
      ) : (
        <>
          <DataTable
            caption={t("customer.sessionsCaption", { n: sessions.length })}
            rows={sessions}
            rowKey={(s) => s.sessionId}
            columns={[
              {
                id: "browser",
                header: t("customer.sessionBrowser"),
                cell: (s) => (
                  <>
                    {s.userAgent ?? "–"}
                    {s.actor ? (
                      <span className="block text-xs">
                        {t("customer.sessionActor")}: {s.actor}
                      </span>
                    ) : null}
                  </>
                ),
              },
              {
                id: "started",
                header: t("customer.sessionStarted"),
                cell: (s) => <When iso={s.startedAt} lang={lang} />,
              },
              {
                id: "used",
                header: t("customer.sessionLastUsed"),
                cell: (s) => <When iso={s.lastUsedAt} lang={lang} />,
              },
              ...(canEnd
                ? [
                    {
                      id: "end",
                      header: t("users.actions"),
                      cell: (s: Session) => (
                        <Form method="post">
                          <input type="hidden" name="sessionId" value={s.sessionId} />
                          <button type="submit" name="intent" value="endSession" className={button}>
                            {t("customer.endSession")}
                          </button>
                        </Form>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {canEnd && (
            <Form method="post" className="mt-3">
              <button type="submit" name="intent" value="endAll" className={button}>
                {t("customer.endAllSessions")}
              </button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}

export function CustomerPrivacy({
  customerId,
  email,
  confirming,
  answer,
}: {
  customerId: number;
  email: string;
  confirming: boolean;
  answer: Answer | null;
}) {
  const { t, may } = useAdminT();
  const erase = answer?.intent === "erase" ? answer : null;
  if (!may("customer.export") && !may("customer.erase")) return null;
  return (
    <section aria-labelledby="privacy-heading" className="mt-6 rounded border border-stone-300 bg-white p-4">
      <h2 id="privacy-heading" className="mb-2 text-xl font-semibold">
        {t("customer.privacy")}
      </h2>
      {may("customer.export") && (
        <Form method="post" action={`/admin/customers/${customerId}/export`} reloadDocument className="mb-4">
          <p className="mb-2 text-sm">{t("customer.exportHelp")}</p>
          <button type="submit" className={button}>
            {t("customer.exportSubmit")}
          </button>
        </Form>
      )}
      {may("customer.erase") && (
        <div>
          <p className="mb-2 text-sm">{t("customer.eraseHelp")}</p>
          {erase?.error === "mismatch" && <Notice kind="error">{t("customer.eraseMismatch")}</Notice>}
          {erase?.error === "OPEN_ORDERS" && (
            <Notice kind="error">
              {t("error.OPEN_ORDERS", { orders: (erase.openOrders ?? []).join(", ") })}
            </Notice>
          )}
          {erase?.error && erase.error !== "mismatch" && erase.error !== "OPEN_ORDERS" && (
            <Notice kind="error">{errorText(t, erase.error)}</Notice>
          )}
          {confirming || erase ? (
            <Form method="post" className="rounded border border-red-700 p-3">
              <input type="hidden" name="expected" value={email} />
              <label htmlFor="erase-email" className="block text-sm font-medium">
                {t("customer.eraseConfirm", { email })}
              </label>
              <input
                id="erase-email"
                name="email"
                type="email"
                autoComplete="off"
                required
                className="mt-1 mb-3 w-full max-w-md rounded border border-stone-500 px-2 py-1"
              />
              <div className="flex gap-3">
                <button
                  type="submit"
                  name="intent"
                  value="erase"
                  className="rounded bg-red-800 px-3 py-1 text-sm font-semibold text-white hover:bg-red-700"
                >
                  {t("customer.eraseSubmit")}
                </button>
                <Link to={`/admin/customers/${customerId}`} className={button}>
                  {t("customer.eraseCancel")}
                </Link>
              </div>
            </Form>
          ) : (
            <Link to={`/admin/customers/${customerId}?erase=1`} className={primary}>
              {t("customer.eraseStart")}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
