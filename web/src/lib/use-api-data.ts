import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Calls `get` (an endpoint's function from a feature's `api/`) once shown, again on `reload()`
 * and again when `get` changes (keep it in a `useCallback` on what it sends); only the latest
 * request's answer is kept, whatever order the answers come in. A failure is logged with `what`
 * (French, for the console) and shown through `loadError`; the last data shown stays.
 */
export function useApiData<T>(
  get: () => Promise<T>,
  what: string,
): { data: T | null; loadError: boolean; reload: () => Promise<void> } {
  const [data, setData] = useState<T | null>(null);
  const [loadError, setLoadError] = useState(false);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    try {
      const result = await get();
      if (request !== latest.current) return;
      setData(result);
      setLoadError(false);
    } catch (err) {
      if (request !== latest.current) return;
      console.error(`${what} indisponible`, err);
      setLoadError(true);
    }
  }, [get, what]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, loadError, reload };
}
