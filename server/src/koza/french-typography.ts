/**
 * French typography, as the rest of the product writes it: a no-break space before ; : ! ? and
 * », and after «, and between groups of digits (a phone number never breaks across two lines:
 * "0262 22 / 33 44"), in every string of a value (a sentence, a list, the words of a whole site).
 */
export function typeset<T>(value: T): T {
  if (typeof value === "string") {
    return value
      .replace(/ ([;:!?»])/g, "\u00a0$1")
      .replace(/« /g, "«\u00a0")
      .replace(/(?<=\d) (?=\d)/g, "\u00a0") as T;
  }
  if (Array.isArray(value)) return value.map(typeset) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeset(v)])) as T;
  }
  return value;
}
