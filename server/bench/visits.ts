/**
 * npm run bench:visits — how long GoAccess takes to count one day of a site's visit log, for a
 * small site (500 requests), a busy one (10,000) and a very busy one (100,000), on logs made here
 * in the format nginx writes (decision 0051). Tells why the counting runs in a job, never in the
 * order page's request. Last line: `visits: 500=<ms> 10000=<ms> 100000=<ms>`.
 */
import { analyseDay, visitorKeys } from "../src/visits/goaccess.ts";

const AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
];

/** A day of `n` requests from a few hundred networks, over 200 pages, some from a search engine. */
function day(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const second = Math.floor((i * 86_400) / n);
    const time = [Math.floor(second / 3600), Math.floor(second / 60) % 60, second % 60]
      .map((v) => String(v).padStart(2, "0"))
      .join(":");
    const net = `41.${(i * 7) % 251}.${(i * 13) % 241}.0`;
    const referrer = i % 5 === 0 ? "https://www.google.com/" : "-";
    lines.push(
      `${net} - - [25/Nov/2026:${time} +0400] "GET /page-${i % 200}/ HTTP/1.1" 200 5120 "${referrer}" "${AGENTS[i % 3]}"`,
    );
  }
  return `${lines.join("\n")}\n`;
}

const key = visitorKeys("bench");
const figures: string[] = [];
for (const n of [500, 10_000, 100_000]) {
  const log = day(n);
  const started = performance.now();
  const result = await analyseDay("2026-11-25", log, key);
  const ms = Math.round(performance.now() - started);
  console.log(
    `${n} requests (${(log.length / 1024 / 1024).toFixed(1)} MB): ${ms} ms, ${result.visitors} visitors (${result.visitorKeys.length} keys)`,
  );
  figures.push(`${n}=${ms}`);
}
console.log(`visits: ${figures.join(" ")}`);
