import type { DomainRequest, DomainRequestResult } from "@lagon/contracts/custom-domain-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/**
 * `POST /api/order/{id}/domain`: the customer's own domain name, and the DNS records to set. The
 * question "do you own it?" left unanswered goes as "": the server says in French what is missing.
 */
export const requestDomain = (
  orderId: string,
  token: string,
  body: Omit<DomainRequest, "hasOwnDomain"> & { hasOwnDomain: DomainRequest["hasOwnDomain"] | "" },
) =>
  fetchJson<DomainRequestResult>(withToken(apiPaths.domainRequest(orderId), token), {
    method: "POST",
    body: JSON.stringify(body),
  });
