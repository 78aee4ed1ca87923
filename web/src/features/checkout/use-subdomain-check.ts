import { isValidSubdomain } from "@lagon/contracts/subdomain";
import { useEffect, useState } from "react";
import { checkSubdomain } from "./api/checkout-api";

const AVAILABILITY_DEBOUNCE_MS = 400;

export type SubdomainState =
  | { kind: "empty" }
  | { kind: "invalid" }
  | { kind: "checking" }
  | { kind: "available" }
  | { kind: "unavailable"; message: string };

/** The format rule at once, then the server's answer on availability (taken or reserved). */
export function useSubdomainCheck(subdomain: string): SubdomainState {
  const [availability, setAvailability] = useState<SubdomainState>({ kind: "checking" });
  const value = subdomain.trim().toLowerCase();
  const valid = value !== "" && isValidSubdomain(value);
  useEffect(() => {
    if (!valid) return;
    setAvailability({ kind: "checking" });
    let current = true;
    const timer = window.setTimeout(async () => {
      try {
        const result = await checkSubdomain(value);
        if (current) {
          setAvailability(
            result.available ? { kind: "available" } : { kind: "unavailable", message: result.detail ?? "" },
          );
        }
      } catch {
        // The availability check is a courtesy: the server checks again when paying.
        if (current) setAvailability({ kind: "available" });
      }
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [value, valid]);
  if (value === "") return { kind: "empty" };
  if (!valid) return { kind: "invalid" };
  return availability;
}
