/**
 * French plural: 0 and 1 take the singular ("0 site trouvé", "1 site créé avec Koza"), 2 and
 * more the plural. Returns the words only, for layouts that style the number apart.
 */
export function plural(n: number, one: string, many: string): string {
  return Math.abs(n) < 2 ? one : many;
}

const number = new Intl.NumberFormat("fr-FR");

/** A count and its words, the number in French form: "1 site trouvé", "1 234 commandes". */
export function countOf(n: number, one: string, many: string): string {
  return `${number.format(n)} ${plural(n, one, many)}`;
}
