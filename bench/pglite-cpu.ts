import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { root, round, say, table, writeResult } from "./lib.ts";

/**
 * PGlite's own CPU under this process's Node flags (decision 0071: V8's Liftoff against TurboFan for PGlite's
 * WebAssembly), without HTTP, GraphQL or rendering around it: the default catalog (2,000 products, seeded by the
 * seed CLI in a child process, as `npm start` does), PGlite opened as the shop opens it (16MB shared buffers), then
 * rounds of two kinds of statement, each round's CPU (process.cpuUsage(): all threads, V8's compiler threads too):
 * - parse-heavy: a statement with a literal that changes, so PostgreSQL parses and plans it every time (the shop's
 *   statements are parsed on every execution on PGlite too), one product by id with a subquery;
 * - executor-heavy: a join and aggregate over all SKUs (8,825 rows), the same text each time.
 * The first round is cold (V8 compiles as it goes); the others follow a 5 s pause (time for TurboFan's tier-up).
 *
 *   node [--no-wasm-tier-up --no-wasm-dynamic-tiering …] bench/pglite-cpu.ts [--rounds 4] [--statements 1000]
 */
const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "4" },
    statements: { type: "string", default: "1000" },
    name: { type: "string", default: "pglite-cpu" },
  },
});
const rounds = Number(values.rounds);
const statements = Number(values.statements);
const loadAtStart = loadavg();

const work = mkdtempSync(join(tmpdir(), "mili-bench-pglite-cpu-"));
try {
  const dir = join(work, "db");
  const seeded = spawnSync(process.execPath, [join(root, "db", "seed", "cli.ts"), "--products", "2000"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", PGLITE_DIR: dir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error(`seeding failed (status ${seeded.status})`);
  const handle = await openDatabase({ dir, sharedBuffers: "16MB" });
  const { db } = handle;
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  const executorStatements = Math.max(1, Math.round(statements / 20));
  const results: { round: string; parseMsEach: number; executorMsEach: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    if (r === 1) await new Promise((done) => setTimeout(done, 5000));
    const parseCpu = process.cpuUsage();
    for (let i = 0; i < statements; i++) {
      await db.execute(
        sql.raw(
          `select p.id, p.article_number, (select count(*) from skus s where s.product_id = p.id and s.id > ${i % 7}) as n from products p where p.id = ${1 + (i % 2000)}`,
        ),
      );
    }
    const parseMs = cpuMs(parseCpu);
    const executorCpu = process.cpuUsage();
    for (let i = 0; i < executorStatements; i++) {
      await db.execute(
        sql`select s.product_id, count(*), sum(length(s.name)) from skus s join products p on p.id = s.product_id group by s.product_id order by 3 desc limit 20`,
      );
    }
    const executorMs = cpuMs(executorCpu);
    results.push({
      round: r === 0 ? "cold" : `warm ${r}`,
      parseMsEach: round(parseMs / statements, 3),
      executorMsEach: round(executorMs / executorStatements, 2),
    });
  }
  await handle.close();
  say(`Node flags: ${process.execArgv.join(" ") || "(none)"}`);
  table(
    results.map((x) => ({
      round: x.round,
      "parse-heavy CPU ms each": x.parseMsEach,
      "executor-heavy CPU ms each": x.executorMsEach,
    })),
  );
  writeResult(values.name as string, {
    command: `node ${process.execArgv.join(" ")} bench/pglite-cpu.ts --rounds ${rounds} --statements ${statements}`,
    nodeFlags: process.execArgv,
    load: { atStart: loadAtStart.map((n) => round(n, 2)), atEnd: loadavg().map((n) => round(n, 2)) },
    statements,
    executorStatements,
    results,
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
