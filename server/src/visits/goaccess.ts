/**
 * GoAccess (Debian's package) reads a site's visit log and counts it: the one analyser of the
 * figures the order page shows (decision 0051). The log is nginx's combined format, addresses
 * already cut to their network; GoAccess counts a visitor per day as one address, one browser.
 */
import { createHmac } from "node:crypto";
import type { VisitCount } from "@lagon/contracts/visits-schemas";
import { runProcess } from "../wordpress/run-process.ts";

/** What one day of a site's log gives. */
export interface DayFigures {
  /** YYYY-MM-DD, the day the log's lines are dated. */
  day: string;
  visitors: number;
  pageViews: number;
  pages: VisitCount[];
  referrers: VisitCount[];
  devices: VisitCount[];
  /** The day's visitors as keys (`VisitorKey`), one each: the distinct visitors of a week or a month. */
  visitorKeys: string[];
}

/**
 * A visitor's key (decision 0086): a keyed hash of the anonymised network and the browser, 16 hex
 * digits. The key is the site's own, so keys neither reverse to a network nor match another site's.
 */
export type VisitorKey = (network: string, agent: string) => string;

export function visitorKeys(secret: string | Buffer): VisitorKey {
  return (network, agent) =>
    createHmac("sha256", secret).update(`${network}\n${agent}`).digest("hex").slice(0, 16);
}

const AGENT = /"([^"]*)"\s*$/;

/**
 * The lines with each client's network replaced by its visitor key: GoAccess counts a visitor as
 * one host and one browser a day, so its hosts are then exactly the day's visitors, each counted
 * by its own rules (robots left out), and it lists them all.
 */
function keyedLines(log: string, key: VisitorKey): string {
  const known = new Map<string, string>();
  return log
    .split("\n")
    .map((line) => {
      const space = line.indexOf(" ");
      if (space <= 0) return line;
      const network = line.slice(0, space);
      const agent = AGENT.exec(line)?.[1] ?? "";
      const seen = `${network}\n${agent}`;
      let visitor = known.get(seen);
      if (visitor === undefined) {
        visitor = key(network, agent);
        known.set(seen, visitor);
      }
      return `${visitor}${line.slice(space)}`;
    })
    .join("\n");
}

/** How many pages and referring sites a day keeps (the order page shows the first 10 of a range). */
export const KEPT_PER_DAY = 50;

/** GoAccess lists this many items of a panel at most: more visitors a day than any small business site has. */
const MAX_VISITORS_PER_DAY = 1_000_000;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LINE_DATE = /\[(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):/;

/** The log's lines by day (YYYY-MM-DD), days in order; a line without a date is dropped. */
export function splitByDay(log: string): Map<string, string> {
  const days = new Map<string, string[]>();
  for (const line of log.split("\n")) {
    const m = LINE_DATE.exec(line);
    const month = m ? MONTHS.indexOf(m[2] as string) : -1;
    if (!m || month < 0) continue;
    const day = `${m[3]}-${String(month + 1).padStart(2, "0")}-${m[1]}`;
    let lines = days.get(day);
    if (!lines) {
      lines = [];
      days.set(day, lines);
    }
    lines.push(line);
  }
  const sorted = [...days.keys()].sort();
  return new Map(sorted.map((day) => [day, `${(days.get(day) as string[]).join("\n")}\n`]));
}

/**
 * What is a file rather than a page. Given, the list replaces GoAccess's own, which misses the
 * images WordPress makes (.webp, .avif).
 */
const STATIC_FILES = [
  ".css",
  ".js",
  ".mjs",
  ".map",
  ".json",
  ".xml",
  ".txt",
  ".pdf",
  ".zip",
  ".jpg",
  ".jpeg",
  ".png",
  ".gif",
  ".webp",
  ".avif",
  ".svg",
  ".ico",
  ".bmp",
  ".tif",
  ".tiff",
  ".woff",
  ".woff2",
  ".ttf",
  ".otf",
  ".eot",
  ".mp3",
  ".mp4",
  ".webm",
  ".ogg",
  ".wav",
  ".mov",
  ".doc",
  ".docx",
  ".xls",
  ".xlsx",
  ".ppt",
  ".pptx",
  ".odt",
  ".ods",
  ".csv",
];

/** GoAccess's operating systems, by the kind of device the order page shows. */
const MOBILE_OS = new Set(["Android", "iOS", "Windows Phone", "BlackBerry", "Symbian"]);
const DESKTOP_OS = new Set(["Windows", "Macintosh", "Linux", "Chrome OS", "BSD", "Unix-like"]);

export function deviceOf(os: string): "mobile" | "desktop" | "other" {
  if (MOBILE_OS.has(os)) return "mobile";
  if (DESKTOP_OS.has(os)) return "desktop";
  return "other";
}

interface PanelItem {
  data: string;
  hits: { count: number };
  visitors: { count: number };
}
interface Report {
  general: { unique_visitors: number };
  requests?: { metadata?: { hits?: { total?: { value?: number } } }; data: PanelItem[] };
  referring_sites?: { data: PanelItem[] };
  os?: { data: PanelItem[] };
  hosts?: { data: PanelItem[] };
}

const counts = (items: PanelItem[] | undefined): VisitCount[] =>
  (items ?? [])
    .map((i): VisitCount => [String(i.data).slice(0, 300), i.visitors.count, i.hits.count])
    .slice(0, KEPT_PER_DAY);

/**
 * Counts one day's log with GoAccess: its visitors (and their keys), the pages asked for (robots,
 * files such as images and scripts, and errors left out), the sites visitors came from and their
 * devices.
 */
export async function analyseDay(day: string, log: string, key: VisitorKey): Promise<DayFigures> {
  const { stdout } = await runProcess(
    "goaccess",
    [
      "-",
      "--no-global-config",
      "--log-format=COMBINED",
      // Hosts are visitor keys, not addresses; every one is listed (a day has fewer visitors).
      "--no-ip-validation",
      `--max-items=${MAX_VISITORS_PER_DAY}`,
      "--ignore-crawlers",
      "--ignore-statics=req",
      ...STATIC_FILES.map((ext) => `--static-file=${ext}`),
      "--no-progress",
      "--output=json",
    ],
    {
      stdin: keyedLines(log, key),
      env: { PATH: "/usr/bin:/bin", LC_ALL: "C.UTF-8", TZ: "UTC" },
      timeoutMs: 300_000,
    },
  );
  const report = JSON.parse(stdout) as Report;
  const devices = new Map<string, VisitCount>();
  for (const os of report.os?.data ?? []) {
    const kind = deviceOf(os.data);
    const [, visitors, hits] = devices.get(kind) ?? [kind, 0, 0];
    devices.set(kind, [kind, visitors + os.visitors.count, hits + os.hits.count]);
  }
  return {
    day,
    visitors: report.general.unique_visitors,
    pageViews: report.requests?.metadata?.hits?.total?.value ?? 0,
    pages: counts(report.requests?.data),
    referrers: counts(report.referring_sites?.data),
    devices: [...devices.values()].sort((a, b) => b[1] - a[1]),
    visitorKeys: (report.hosts?.data ?? []).map((h) => String(h.data)),
  };
}
