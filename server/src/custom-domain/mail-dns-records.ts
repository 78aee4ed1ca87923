import { DOMAIN_MESSAGES } from "@lagon/contracts/custom-domain";
import type { MailDnsCheck } from "@lagon/contracts/custom-domain-schemas";
import { MAILBOX_MESSAGES } from "@lagon/contracts/mailboxes";
import { and, eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Context } from "../context.ts";
import { customDomains, type Order } from "../db/schema.ts";
import { AppError, conflict, forbidden } from "../lib/app-error.ts";
import { mailHostName } from "../mail-host/create-mail-host.ts";
import { allowanceOf, siteRemoved } from "../mailboxes/order-mail-domain.ts";
import { createDnsResolver } from "./dns-check.ts";
import { logCheck } from "./domain-lifecycle.ts";
import { checkMailDns, type ExpectedMailRecord } from "./mail-dns-check.ts";

/** The DMARC policy we suggest: what fails both SPF and DKIM for the domain goes to spam. */
const DMARC = "v=DMARC1; p=quarantine; adkim=r; aspf=r";

/**
 * The records that make the customer's own domain a mail domain of their site: MX to the mail
 * host, SPF naming it, the domain's DKIM key (as OpenDKIM signs with it) and a DMARC policy.
 * Thunderbird and Outlook need none: they find their set-up answers on the domain itself, which
 * the site's host passes to the product (decision 0114).
 */
export function mailDnsRecords(
  config: Pick<Config, "BASE_DOMAIN">,
  domain: string,
  dkim: { name: string; value: string },
): ExpectedMailRecord[] {
  const mailHost = mailHostName(config);
  const at = (label: string) => `${label} ${domain}`;
  return [
    {
      type: "MX",
      label: "MX",
      name: domain,
      value: mailHost,
      priority: 10,
      purpose: `Fait arriver le courrier ${at("de")} dans vos boîtes chez nous. Chez votre registraire, remplacez les enregistrements MX existants de ce nom par celui-ci (priorité 10).`,
    },
    {
      type: "TXT",
      label: "SPF",
      name: domain,
      value: `v=spf1 mx a:${mailHost} ~all`,
      priority: null,
      purpose:
        "Autorise notre serveur à envoyer vos messages (SPF) : sans lui, ils arrivent en indésirables. Si un TXT commençant par « v=spf1 » existe déjà, ajoutez-y « mx » au lieu d'en créer un second.",
    },
    {
      type: "TXT",
      label: "DKIM",
      name: dkim.name,
      value: dkim.value,
      priority: null,
      purpose:
        "Signe vos messages (DKIM) : prouve aux messageries qu'ils viennent bien de vous. Copiez la valeur en entier ; certains registraires demandent seulement le nom avant votre domaine.",
    },
    {
      type: "TXT",
      label: "DMARC",
      name: `_dmarc.${domain}`,
      value: DMARC,
      priority: null,
      purpose:
        "Dit aux messageries quoi faire d'un message qui se fait passer pour vous (DMARC) : le mettre en indésirables. Une politique que vous avez déjà (p=none, p=reject) est gardée.",
    },
  ];
}

/**
 * The mail records of the order's live custom domain, checked now: the domain is given to the
 * mail host first (idempotent: its DKIM key exists from then on), and the check is logged with
 * the domain's others for the admin.
 */
export async function checkOrderMailDns(
  ctx: Pick<Context, "config" | "db" | "mailHost" | "log">,
  order: Order,
): Promise<MailDnsCheck> {
  if (allowanceOf(order).count === 0) throw forbidden(DOMAIN_MESSAGES.mailNotIncluded);
  const [domain] = await ctx.db
    .select()
    .from(customDomains)
    .where(and(eq(customDomains.orderId, order.id), eq(customDomains.state, "active")));
  if (!domain) throw conflict(DOMAIN_MESSAGES.mailNotLive);
  const host = ctx.mailHost;
  if (!host) throw new AppError(503, MAILBOX_MESSAGES.hostDown);
  // Its domain left the mail host with the site (decision 0113): not added back for a look.
  if (await siteRemoved(ctx, order.id)) throw conflict(MAILBOX_MESSAGES.siteArchived);
  let dkim: { name: string; value: string };
  try {
    await host.addDomain(domain.domain);
    dkim = await host.dkimRecord(domain.domain);
  } catch (err) {
    ctx.log.error({ err, orderId: order.id }, "mail domain unavailable on the mail host");
    throw new AppError(503, MAILBOX_MESSAGES.hostDown);
  }
  const records = await checkMailDns(
    createDnsResolver(ctx.config.DNS_RESOLVER),
    mailDnsRecords(ctx.config, domain.domain, dkim),
  );
  const allOk = records.every((record) => record.status === "ok");
  await logCheck(
    ctx,
    domain,
    "active",
    allOk,
    `Enregistrements e-mail : ${records.map((r) => `${r.label} ${STATUS_WORD[r.status]}`).join(", ")}.`,
  );
  return { domain: domain.domain, records, checked_at: new Date().toISOString() };
}

const STATUS_WORD = { ok: "correct", missing: "absent", wrong: "à corriger", unreachable: "non vérifié" };
