import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyseDay, deviceOf, splitByDay, visitorKeys } from "./goaccess.ts";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A line as nginx writes it with the lagon_visits format (site-runtime-config.ts). */
const KEY = visitorKeys("clé du site");

const line = (client: string, time: string, path: string, status: number, referrer: string, agent: string) =>
  `${client} - - [${time} +0400] "GET ${path} HTTP/1.1" ${status} 5120 "${referrer}" "${agent}"`;

/** Two days of a small shop's site: phones and a computer, a search engine, a robot, files, a 404. */
const LOG = [
  line("102.35.12.0", "25/Nov/2026:08:01:10", "/", 200, "https://www.google.com/", IPHONE),
  line(
    "102.35.12.0",
    "25/Nov/2026:08:01:12",
    "/wp-includes/css/dist/block-library/style.min.css",
    200,
    "http://boulangerie.localhost:8080/",
    IPHONE,
  ),
  line(
    "102.35.12.0",
    "25/Nov/2026:08:01:40",
    "/nos-pains/",
    200,
    "http://boulangerie.localhost:8080/",
    IPHONE,
  ),
  line(
    "102.35.12.0",
    "25/Nov/2026:08:02:05",
    "/contact/",
    200,
    "http://boulangerie.localhost:8080/nos-pains/",
    IPHONE,
  ),
  line("197.158.3.0", "25/Nov/2026:12:30:00", "/", 200, "https://www.facebook.com/", ANDROID),
  line(
    "197.158.3.0",
    "25/Nov/2026:12:30:02",
    "/wp-content/uploads/2026/11/pain.webp",
    200,
    "http://boulangerie.localhost:8080/",
    ANDROID,
  ),
  line("41.213.7.0", "25/Nov/2026:18:45:00", "/nos-pains/", 200, "-", WINDOWS),
  line("41.213.7.0", "25/Nov/2026:18:45:09", "/ancienne-page/", 404, "-", WINDOWS),
  line("66.249.66.0", "25/Nov/2026:03:00:00", "/", 200, "-", GOOGLEBOT),
  line("66.249.66.0", "25/Nov/2026:03:00:01", "/nos-pains/", 200, "-", GOOGLEBOT),
  line("102.35.12.0", "26/Nov/2026:09:10:00", "/", 200, "-", IPHONE),
  line("2a01:cb1c:8e3::", "26/Nov/2026:09:15:00", "/", 200, "https://www.bing.com/", WINDOWS),
  line(
    "2a01:cb1c:8e3::",
    "26/Nov/2026:09:15:30",
    "/contact/",
    200,
    "http://boulangerie.localhost:8080/",
    WINDOWS,
  ),
].join("\n");

describe("visit log → figures, with Debian's GoAccess", () => {
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "visits-"));
    file = path.join(dir, "boulangerie.2026-11-25.log");
    await writeFile(file, `${LOG}\n`);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("splits a log by the day its lines are dated, days in order", async () => {
    const days = splitByDay(`garbage without a date\n${await readFile(file, "utf8")}`);
    expect([...days.keys()]).toEqual(["2026-11-25", "2026-11-26"]);
    expect((days.get("2026-11-25") as string).trim().split("\n")).toHaveLength(10);
    expect((days.get("2026-11-26") as string).trim().split("\n")).toHaveLength(3);
  });

  it("counts a day's visitors, pages, referring sites and devices, robots, files and errors left out", async () => {
    const days = splitByDay(await readFile(file, "utf8"));
    const day = await analyseDay("2026-11-25", days.get("2026-11-25") as string, KEY);
    expect(day.day).toBe("2026-11-25");
    // The iPhone, the Android phone and the computer; not Googlebot.
    expect(day.visitors).toBe(3);
    // 3 pages of the iPhone, 1 of the Android phone, 1 of the computer: no image, style sheet, 404.
    expect(day.pageViews).toBe(5);
    expect(Object.fromEntries(day.pages.map(([name, , hits]) => [name, hits]))).toEqual({
      "/": 2,
      "/nos-pains/": 2,
      "/contact/": 1,
    });
    const referrers = Object.fromEntries(day.referrers.map(([name, visitors]) => [name, visitors]));
    expect(referrers["www.google.com"]).toBe(1);
    expect(referrers["www.facebook.com"]).toBe(1);
    expect(Object.fromEntries(day.devices.map(([kind, visitors]) => [kind, visitors]))).toEqual({
      mobile: 2,
      desktop: 1,
    });
  });

  it("reads IPv6 networks as nginx writes them (/48), and a day with no visit as zero", async () => {
    const days = splitByDay(await readFile(file, "utf8"));
    const day = await analyseDay("2026-11-26", days.get("2026-11-26") as string, KEY);
    expect(day.visitors).toBe(2);
    expect(day.pageViews).toBe(3);
    const empty = await analyseDay("2026-11-27", "", KEY);
    expect(empty).toMatchObject({ visitors: 0, pageViews: 0, pages: [], devices: [], visitorKeys: [] });
  });

  it("gives each day's visitors as keys that match across days and reveal no address", async () => {
    const days = splitByDay(await readFile(file, "utf8"));
    const first = await analyseDay("2026-11-25", days.get("2026-11-25") as string, KEY);
    const second = await analyseDay("2026-11-26", days.get("2026-11-26") as string, KEY);
    // One key per visitor GoAccess counts (not Googlebot's), as the day's own count.
    expect(first.visitorKeys).toHaveLength(first.visitors);
    expect(new Set(first.visitorKeys).size).toBe(3);
    expect(first.visitorKeys).toContain(KEY("102.35.12.0", IPHONE));
    expect(first.visitorKeys).not.toContain(KEY("66.249.66.0", GOOGLEBOT));
    // The iPhone came back the next day: the same key; the IPv6 computer is new.
    expect(second.visitorKeys.sort()).toEqual(
      [KEY("102.35.12.0", IPHONE), KEY("2a01:cb1c:8e3::", WINDOWS)].sort(),
    );
    for (const key of [...first.visitorKeys, ...second.visitorKeys]) expect(key).toMatch(/^[0-9a-f]{16}$/);
    // Another site's key makes other keys: no visitor followed from one site to the next.
    expect(visitorKeys("clé d'un autre site")("102.35.12.0", IPHONE)).not.toBe(KEY("102.35.12.0", IPHONE));
  });

  it("files GoAccess's operating systems under phones, computers or other", () => {
    expect(["iOS", "Android", "Windows", "Macintosh", "Linux", "Unknown"].map(deviceOf)).toEqual([
      "mobile",
      "mobile",
      "desktop",
      "desktop",
      "desktop",
      "other",
    ]);
  });
});
