import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough, type Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useCheapResticKey } from "../../test/restic-test-key.ts";
import { ResticRepository, type Snapshot } from "./restic-repository.ts";

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = "un mot de passe de test assez long";
const write = (text: string) => async (into: Writable) => {
  into.write(text);
};

/** The real restic on a throwaway folder repository. */
describe("ResticRepository", () => {
  let dir: string;
  let repo: ResticRepository;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "restic-"));
    repo = new ResticRepository({
      repository: path.join(dir, "repo"),
      password: PASSWORD,
      cacheDir: path.join(dir, "cache"),
    });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("creates the repository, saves an archive encrypted and gives it back", async () => {
    const { id, sizeBytes } = await repo.backup(
      "acme.tar",
      ["site=acme", "kind=manual"],
      write("contenu du site acmé"),
    );
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(sizeBytes).toBe(Buffer.byteLength("contenu du site acmé"));
    expect(await readdir(path.join(dir, "repo"))).toEqual(expect.arrayContaining(["config", "data", "keys"]));

    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (c: Buffer) => chunks.push(c));
    await repo.dump(id, "acme.tar", out);
    expect(Buffer.concat(chunks).toString()).toBe("contenu du site acmé");

    const wrongKey = new ResticRepository({
      repository: path.join(dir, "repo"),
      password: "pas le bon mot de passe",
    });
    await expect(wrongKey.snapshots()).rejects.toThrow();
  });

  // Derived again by each of the hundred restic commands below, restic's calibrated key took most
  // of this file's time: the repository the first test made gets a key cheap to derive.
  describe("once made", () => {
    beforeAll(() => useCheapResticKey(path.join(dir, "repo"), PASSWORD));

    it("saves nothing when the archive could not be made whole", async () => {
      const before = (await repo.snapshots()).length;
      await expect(
        repo.backup("acme.tar", ["site=acme"], async (into) => {
          into.write("début de l'archive");
          throw new Error("tar failed");
        }),
      ).rejects.toThrow("tar failed");
      expect((await repo.snapshots()).length).toBe(before);
    });

    it("keeps 7 daily, 4 weekly and 12 monthly backups of each site, and forgets the rest", async () => {
      // One backup a day for the last 10 days, one a week for 2 months before, one a month for a year before.
      const now = new Date("2026-11-24T02:00:00+04:00");
      const times: Date[] = [];
      for (let d = 0; d < 10; d++) times.push(new Date(now.getTime() - d * DAY));
      for (let d = 14; d <= 70; d += 7) times.push(new Date(now.getTime() - d * DAY));
      for (let d = 90; d <= 420; d += 30) times.push(new Date(now.getTime() - d * DAY));
      for (const time of times) {
        await repo.backup("alpha.tar", ["site=alpha"], write(`alpha ${time.toISOString()}`), time);
      }
      await repo.forget({ daily: 7, weekly: 4, monthly: 12 });

      const left = await repo.snapshots();
      const kept = left.filter((s) => s.paths.includes("/alpha.tar"));
      const expected = retained(times, { daily: 7, weekly: 4, monthly: 12 });
      expect(kept.map((s) => s.time.toISOString()).sort()).toEqual(
        expected.map((t) => t.toISOString()).sort(),
      );
      // What that means here: the last 7 days (2 weeks), 2 more weeks, one a month for 11 months more.
      expect(kept).toHaveLength(7 + 2 + 11);
      expect(Math.min(...kept.map((s) => s.time.getTime()))).toBeGreaterThan(now.getTime() - 366 * DAY);
      // The first test's archive had its own name: its one snapshot is kept.
      expect(left.filter((s: Snapshot) => s.paths.includes("/acme.tar"))).toHaveLength(1);
    }, 300_000);

    it("keeps every backup of the last days with withinDays, not only each day's last", async () => {
      const now = new Date("2026-11-24T10:00:00+04:00");
      const times = [0, 1, 2].map((h) => new Date(now.getTime() - h * 60 * 60 * 1000));
      times.push(new Date(now.getTime() - 20 * DAY), new Date(now.getTime() - 20 * DAY - 3600_000));
      for (const time of times)
        await repo.backup("beta.tar", ["site=beta"], write(`beta ${time.toISOString()}`), time);
      await repo.forget({ daily: 7, weekly: 0, monthly: 0, withinDays: 7 });
      const kept = (await repo.snapshots()).filter((s) => s.paths.includes("/beta.tar"));
      // The three of today (within 7 days), and of the old day only its last (daily).
      expect(kept.map((s) => s.time.toISOString()).sort()).toEqual(
        [times[0], times[1], times[2], times[3]].map((t) => (t as Date).toISOString()).sort(),
      );
    }, 120_000);
  });
});

/** restic's policy, written out: newest first, the newest of each of the last N days, weeks, months. */
function retained(times: Date[], keep: { daily: number; weekly: number; monthly: number }): Date[] {
  const reunion = (t: Date) => new Date(t.getTime() + 4 * 60 * 60 * 1000);
  const day = (t: Date) => reunion(t).toISOString().slice(0, 10);
  const week = (t: Date) => {
    const d = reunion(t);
    const thursday = new Date(
      Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 3 - ((d.getUTCDay() + 6) % 7)),
    );
    const firstThursday = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4));
    return `${thursday.getUTCFullYear()}-${Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * DAY))}`;
  };
  const month = (t: Date) => day(t).slice(0, 7);
  const kept = new Set<Date>();
  for (const [bucket, count] of [
    [day, keep.daily],
    [week, keep.weekly],
    [month, keep.monthly],
  ] as const) {
    let left = count;
    let last: string | undefined;
    for (const t of [...times].sort((a, b) => b.getTime() - a.getTime())) {
      if (left === 0) break;
      if (bucket(t) === last) continue;
      last = bucket(t);
      kept.add(t);
      left--;
    }
  }
  return [...kept];
}
