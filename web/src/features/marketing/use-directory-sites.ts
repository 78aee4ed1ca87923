import type { DirectorySite } from "@lagon/contracts/directory-schemas";
import { useEffect, useState } from "react";
import { getDirectory } from "../directory/api/get-directory";

/** One request for the page, whichever sections ask. */
let request: Promise<DirectorySite[]> | null = null;

/**
 * The live sites of the public directory, newest first, as GET /api/directory gives them: the
 * home page shows these, never examples of its own (decision 0024). Null until they are known,
 * and an empty list if they cannot be read.
 */
export function useDirectorySites(): DirectorySite[] | null {
  const [sites, setSites] = useState<DirectorySite[] | null>(null);
  useEffect(() => {
    let current = true;
    request ??= getDirectory().then(
      (r) => r.sites,
      (err: unknown) => {
        console.error("Annuaire indisponible", err);
        request = null;
        return [];
      },
    );
    void request.then((list) => current && setSites(list));
    return () => {
      current = false;
    };
  }, []);
  return sites;
}
