import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createMailer } from "./index.ts";

const dir = mkdtempSync(join(tmpdir(), "mili-mail-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the mail sandbox (no SMTP_URL)", () => {
  it("writes each message as an .eml file with text and HTML parts", async () => {
    const mailer = createMailer({ outboxDir: dir, from: "Mili <butikk@mili.test>" });
    expect(mailer.kind).toBe("file");
    await mailer.send({
      to: "kari@example.no",
      subject: "Velkommen til Mili – så bra!",
      text: "Hei Kari",
      html: "<p>Hei <b>Kari</b></p>",
      messageId: "<outbox-7@mili>",
    });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-_outbox-7_mili_\.eml$/);
    const eml = readFileSync(join(dir, files[0] ?? ""), "utf8");
    expect(eml).toMatch(/^From: Mili <butikk@mili.test>$/m);
    expect(eml).toMatch(/^To: kari@example.no$/m);
    expect(eml).toMatch(/^Message-ID: <outbox-7@mili>$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(eml).toContain("Content-Type: text/plain; charset=utf-8");
    expect(eml).toContain("Content-Type: text/html; charset=utf-8");
  });
});
