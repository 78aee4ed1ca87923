import { type DayHours, timeOf } from "@lagon/contracts/booking";

const DAYS: [RegExp, number][] = [
  [/^lun/, 0],
  [/^mar/, 1],
  [/^mer/, 2],
  [/^jeu/, 3],
  [/^ven/, 4],
  [/^sam/, 5],
  [/^dim/, 6],
];
const DAY = "(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lun|mar|mer|jeu|ven|sam|dim)\\.?";
const TIME = "(\\d{1,2})\\s*(?:h|:)\\s*(\\d{2})?";

const dayIndex = (word: string) => DAYS.find(([re]) => re.test(word))?.[1] ?? -1;

/** The days a part of the sentence names: "du lundi au vendredi", "lun-sam", "samedi", "lundi, mardi". */
function daysIn(text: string): number[] {
  const days = new Set<number>();
  const range = new RegExp(`(?:du\\s+)?${DAY}\\s*(?:au|à|-|–)\\s*${DAY}`, "g");
  let rest = text;
  for (const m of text.matchAll(range)) {
    const from = dayIndex(m[1] as string);
    const to = dayIndex(m[2] as string);
    for (let d = from; ; d = (d + 1) % 7) {
      days.add(d);
      if (d === to) break;
    }
    rest = rest.replace(m[0], " ");
  }
  for (const m of rest.matchAll(new RegExp(`\\b${DAY}\\b`, "g"))) days.add(dayIndex(m[1] as string));
  return [...days].sort();
}

/** The time ranges of a part, in minutes: "8h-12h et 13h30-17h", "9:00 à 18:00". */
function rangesIn(text: string): [number, number][] {
  const re = new RegExp(`${TIME}\\s*(?:-|–|à|a)\\s*${TIME}`, "g");
  const ranges: [number, number][] = [];
  for (const m of text.matchAll(re)) {
    const start = Number(m[1]) * 60 + Number(m[2] ?? 0);
    const end = Number(m[3]) * 60 + Number(m[4] ?? 0);
    if (start < end && end <= 24 * 60) ranges.push([start, end]);
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

function dayHours(ranges: [number, number][]): DayHours | null {
  const first = ranges[0];
  const last = ranges.at(-1);
  if (!first || !last || last[1] >= 24 * 60) return null;
  const breaks = [];
  for (let i = 1; i < ranges.length; i++) {
    const prev = ranges[i - 1] as [number, number];
    const next = ranges[i] as [number, number];
    if (next[0] < prev[1]) return null;
    if (next[0] > prev[1]) breaks.push({ start: timeOf(prev[1]), end: timeOf(next[0]) });
  }
  return { open: timeOf(first[0]), close: timeOf(last[1]), breaks: breaks.slice(0, 4) };
}

/**
 * The week Koza's "Horaires" answer describes, when it is plain enough to read for certain
 * ("Du lundi au vendredi, 8h-12h et 14h-17h ; samedi 9h-12h"); null otherwise ("Midi et soir,
 * sauf le lundi"): booking then starts from the default week, which the customer edits.
 */
export function weekFromKozaHours(answer: string): (DayHours | null)[] | null {
  const text = answer
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ");
  if (!text.trim() || /sauf|ferme|rdv|rendez|midi et soir|sur /.test(text)) return null;
  const week: (DayHours | null)[] = [null, null, null, null, null, null, null];
  let found = false;
  // "lundi, mardi 9h-12h": days without hours wait for the hours of the next part.
  let pending: number[] = [];
  for (const part of text.split(/[;\n]|,(?=\s*(?:du |le |les )?(?:lun|mar|mer|jeu|ven|sam|dim))/)) {
    const days = [...pending, ...daysIn(part)];
    const ranges = rangesIn(part);
    if (ranges.length === 0) {
      pending = days;
      continue;
    }
    const hours = dayHours(ranges);
    if (days.length === 0 || !hours) return null;
    for (const d of days) week[d] = hours;
    pending = [];
    found = true;
  }
  if (pending.length > 0) return null;
  return found ? week : null;
}
