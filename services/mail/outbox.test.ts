import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, outbox } from "#db/schema/index.ts";
import type { Mailer, MailMessage } from "#integrations/mail/index.ts";
import { sealResetKey } from "#services/customers/accounts.ts";
import { freshDatabase } from "#tests/support/db.ts";
import { sendDueMail } from "./outbox.ts";
import { render } from "./templates.ts";

// The durable outbox on a real database (PGlite; PostgreSQL with DATABASE_URL): each job sent once, by one sender,
// also when two run at once; a sender that dies mid-send leaves the job to the next after its lease; failures retry.

let db: Awaited<ReturnType<typeof freshDatabase>>;
const logger = pino({ level: "silent" });
const secret = "test-secret-of-at-least-thirty-two-characters";
let customerId = 0;

function recorder(fail = 0): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  let failures = fail;
  return {
    kind: "file",
    sent,
    async send(message) {
      if (failures > 0) {
        failures--;
        throw Object.assign(new Error("550 mailbox kari@example.no unavailable"), { code: "EENVELOPE" });
      }
      sent.push(message);
    },
    async close() {},
  };
}

const options = (mailer: Mailer, now?: Date) => ({
  db: db.handle.db,
  mailer,
  logger,
  secret,
  siteUrl: (language: "nb" | "sv") => (language === "sv" ? "http://shop.test/sv" : "http://shop.test"),
  ...(now ? { now: () => now } : {}),
});

async function enqueue(kind: string, payload: Record<string, unknown>) {
  const [row] = await db.handle.db.insert(outbox).values({ kind, payload }).returning({ id: outbox.id });
  return row?.id ?? 0;
}

beforeAll(async () => {
  db = await freshDatabase();
  const [c] = await db.handle.db
    .insert(customers)
    .values({ email: "kari@example.no", firstName: "Kari" })
    .returning({ id: customers.id });
  customerId = c?.id ?? 0;
}, 120_000);
afterAll(async () => {
  await db?.dispose();
});

describe("the mail outbox", () => {
  it("sends each job exactly once, even with two senders at once", async () => {
    for (let i = 0; i < 6; i++) await enqueue("mail.welcome", { customerId, language: i % 2 ? "sv" : "nb" });
    const a = recorder();
    const b = recorder();
    await Promise.all([sendDueMail(options(a), 4), sendDueMail(options(b), 4), sendDueMail(options(a), 4)]);
    const ids = [...a.sent, ...b.sent].map((m) => m.messageId);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(await sendDueMail(options(recorder()))).toBe(0);
    const sv = [...a.sent, ...b.sent].find((m) => m.subject === "Välkommen till Mili");
    expect(sv?.text).toContain("Hej Kari!");
    expect(sv?.text).toContain("http://shop.test/sv/account");
  });

  it("a sender that dies mid-send leaves the job to the next one once its lease has run out", async () => {
    const id = await enqueue("mail.passwordChanged", { customerId, language: "nb" });
    // Claimed (running, leased) by a process that then died.
    await db.handle.db
      .update(outbox)
      .set({ status: "running", lockedUntil: new Date(Date.now() + 300_000), attempts: 1 })
      .where(eq(outbox.id, id));
    const early = recorder();
    expect(await sendDueMail(options(early))).toBe(0);
    const later = recorder();
    expect(await sendDueMail(options(later, new Date(Date.now() + 301_000)))).toBe(1);
    expect(later.sent[0]).toMatchObject({
      subject: "Passordet ditt er endret",
      messageId: `<outbox-${id}@mili>`,
    });
  });

  it("retries a failed send later and keeps no address in the error", async () => {
    const id = await enqueue("mail.welcome", { customerId, language: "nb" });
    const failing = recorder(1);
    expect(await sendDueMail(options(failing))).toBe(0);
    const [row] = await db.handle.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.lastError).not.toContain("@");
    expect(row?.runAfter.getTime()).toBeGreaterThan(Date.now());
    const later = recorder();
    expect(await sendDueMail(options(later, new Date(Date.now() + 3_600_000)))).toBe(1);
  });

  it("puts the reset key into the link and forgets it once sent", async () => {
    const id = await enqueue("mail.passwordReset", {
      customerId,
      language: "sv",
      sealedKey: sealResetKey(secret, "the-key-123"),
    });
    const mailer = recorder();
    expect(await sendDueMail(options(mailer))).toBe(1);
    expect(mailer.sent[0]?.subject).toBe("Välj ett nytt lösenord");
    expect(mailer.sent[0]?.text).toContain("http://shop.test/sv/account/reset-password?resetKey=the-key-123");
    expect(mailer.sent[0]?.html).toContain(
      'href="http://shop.test/sv/account/reset-password?resetKey=the-key-123"',
    );
    const [row] = await db.handle.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row?.status).toBe("done");
    expect(row?.payload).toEqual({ customerId, language: "sv" });
  });
});

describe("the account e-mails", () => {
  it("exist in both languages as text and HTML, in the channel's colours, with the text escaped", () => {
    for (const kind of ["mail.welcome", "mail.passwordReset", "mail.passwordChanged"] as const) {
      const nb = render({
        kind,
        language: "nb",
        firstName: "<Ola>",
        url: "http://x/?a=1&b=2",
        theme: { brand: "#123456" },
      });
      const sv = render({ kind, language: "sv", url: "http://x/" });
      expect(nb.subject).not.toBe(sv.subject);
      expect(nb.text).toContain("Hei <Ola>!");
      expect(nb.html).toContain("Hei &lt;Ola&gt;!");
      expect(nb.html).toContain('href="http://x/?a=1&amp;b=2"');
      expect(nb.html).toContain("#123456");
      expect(nb.html).toContain('<html lang="nb">');
      expect(sv.html).toContain('<html lang="sv">');
      expect(sv.text).toMatch(/^Hej!/);
    }
  });
});
