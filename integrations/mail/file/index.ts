import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Mailer } from "../mailer.ts";
import { nodemailerMessage } from "../message.ts";

/**
 * The local sandbox: each message, built by Nodemailer exactly as SMTP would carry it, is written to
 * `{dir}/{time}-{id}.eml` (written to a temporary name, then renamed: a reader never sees half a message).
 */
export function createFileMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "file",
    async send(message) {
      const info = await transport.sendMail(nodemailerMessage(from, message));
      await mkdir(dir, { recursive: true });
      const id = message.messageId.replace(/[^A-Za-z0-9.-]/g, "_");
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${id}.eml`);
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
    async close() {},
  };
}
