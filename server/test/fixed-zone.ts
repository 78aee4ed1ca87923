/**
 * Answers DNS questions from a fixed zone, as Node's resolver does (a test double for the DNS
 * checks): the records of a name and type, ENODATA for a known name without them, ENOTFOUND for
 * an unknown one, ESERVFAIL for a name listed in `failing`.
 */
export function zoneAnswer(
  zone: Record<string, Record<string, unknown[] | undefined>>,
  failing: string[] = [],
) {
  return <T>(name: string, type: string): Promise<T[]> => {
    if (failing.includes(name))
      return Promise.reject(Object.assign(new Error("servfail"), { code: "ESERVFAIL" }));
    const records = zone[name]?.[type] as T[] | undefined;
    if (!records)
      return Promise.reject(
        Object.assign(new Error("nodata"), { code: zone[name] ? "ENODATA" : "ENOTFOUND" }),
      );
    return Promise.resolve(records);
  };
}
