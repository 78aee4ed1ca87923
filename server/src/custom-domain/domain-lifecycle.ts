import type { DomainFailure, DomainState } from "@lagon/contracts/custom-domain";
import { formatDateTime } from "@lagon/contracts/french-date";
import { and, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type CustomDomain, customDomainChecks, customDomains, type Order } from "../db/schema.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { addCustomMailDomain } from "../mailboxes/order-mail-domain.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { findOrder } from "../orders/orders-table.ts";
import { queueScreenshot } from "../screenshots/screenshot-jobs.ts";
import { siteHostOf } from "../sites/site-of.ts";
import { AcmeProblem, issueCertificate } from "./acme-certificate.ts";
import { claimDomainCheck, domainCheckLease, updateCustomDomain } from "./custom-domains-table.ts";
import { checkDomainDns, createDnsResolver } from "./dns-check.ts";
import { sendCheck } from "./domain-check-queue.ts";

/** A check that finds another worker on the domain is retried by the job queue. */
export class DomainBusyError extends Error {}

const LEASE_MS = 10 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Let's Encrypt allows 5 failed validations per name an hour: we never pass 3. */
const MAX_FAILED_VALIDATIONS_PER_HOUR = 3;
/** Failed validations in a row (DNS looked right to us) before the domain is blocked. */
const MAX_FAILED_VALIDATIONS = 3;
/** A certificate is renewed this long before it expires, or when a third of its life is left. */
const RENEW_BEFORE_MS = 30 * DAY_MS;

/**
 * When a certificate is renewed: 30 days before it expires (Let's Encrypt's 90-day ones), or
 * when a third of its life is left for a shorter one, never sooner than an hour from now.
 */
export function renewalDate(certificate: { validFrom: Date; expiresAt: Date }, now = Date.now()): Date {
  const life = certificate.expiresAt.getTime() - certificate.validFrom.getTime();
  const before = Math.min(RENEW_BEFORE_MS, life / 3);
  return new Date(Math.max(now + HOUR_MS, certificate.expiresAt.getTime() - before));
}

/** What a check decided: the next state and when to look again (null: not before someone acts). */
interface Outcome {
  state: DomainState;
  failure?: DomainFailure | null;
  reason?: string | null;
  nextCheckAt: Date | null;
  attempts?: number;
  failedValidations?: string[];
}

/**
 * One step of a domain's life, run by the check job: checks the DNS, gets or renews the
 * certificate, puts the domain live. Every check is logged; the customer is e-mailed when the
 * domain goes live and when it is blocked by something they must fix.
 */
export async function runDomainCheck(ctx: Context, domainId: number): Promise<void> {
  const now = new Date();
  const domain = await claimDomainCheck(ctx.db, domainId, now, new Date(now.getTime() + LEASE_MS));
  if (!domain) {
    const other = await domainCheckLease(ctx.db, domainId);
    if (other?.lease && other.lease > now && other.next && other.next <= now) {
      throw new DomainBusyError(`domain ${domainId} is being checked by another worker`);
    }
    return; // removed, not due yet, or waiting for someone to act
  }
  const order = await findOrder(ctx.db, domain.orderId);
  if (!order) return;
  let outcome: Outcome;
  try {
    outcome = await step(ctx, domain, order);
  } catch (error) {
    // The host or the authority could not be reached: the same step again in ten minutes.
    await logCheck(ctx, domain, domain.state, false, `Erreur technique : ${(error as Error).message}`);
    outcome = { state: domain.state, nextCheckAt: new Date(Date.now() + 10 * 60_000) };
  }
  await updateCustomDomain(ctx.db, domain.id, {
    state: outcome.state,
    ...(outcome.failure !== undefined ? { failure: outcome.failure } : {}),
    ...(outcome.reason !== undefined ? { reason: outcome.reason } : {}),
    ...(outcome.attempts !== undefined ? { attempts: outcome.attempts } : {}),
    ...(outcome.failedValidations ? { failedValidations: outcome.failedValidations } : {}),
    nextCheckAt: outcome.nextCheckAt,
    checkLeaseUntil: null,
  });
  if (outcome.nextCheckAt) await sendCheck(ctx, domain.id, outcome.nextCheckAt);
}

async function step(ctx: Context, domain: CustomDomain, order: Order): Promise<Outcome> {
  if (domain.state === "requested") return { state: "requested", nextCheckAt: null };
  const renewing = domain.state === "active";
  const siteHost = `${order.subdomain}.${ctx.config.BASE_DOMAIN}`;
  const verdict = await checkDomainDns(createDnsResolver(ctx.config.DNS_RESOLVER), {
    domain: domain.domain,
    target: ctx.config.CUSTOM_DOMAIN_TARGET,
    siteHost,
    caaIdentity: ctx.config.ACME_CAA_IDENTITY,
  });

  if (!verdict.ok) {
    await logCheck(
      ctx,
      domain,
      renewing ? "active" : verdict.kind === "caa" ? "failed" : "dns_pending",
      false,
      verdict.reason,
    );
    if (renewing) return { state: "active", nextCheckAt: new Date(Date.now() + DAY_MS) };
    if (verdict.kind === "caa") return block(ctx, domain, order, "caa", verdict.reason);
    const schedule = ctx.config.CUSTOM_DOMAIN_RECHECK_SECONDS;
    const attempts = domain.attempts + 1;
    if (attempts > schedule.length && verdict.kind !== "unreachable") {
      return block(ctx, domain, order, "wrong_record", verdict.reason);
    }
    const delay = schedule[Math.min(attempts, schedule.length) - 1] ?? 3600;
    return {
      state: "dns_pending",
      failure: null,
      reason: verdict.reason,
      attempts,
      nextCheckAt: new Date(Date.now() + delay * 1000),
    };
  }

  if (!renewing) {
    await updateCustomDomain(ctx.db, domain.id, { state: "dns_ok", reason: null });
    await logCheck(ctx, domain, "dns_ok", true, verdict.details);
  }
  // Never more than 3 failed validations an hour for a name: wait for the oldest to age out.
  const recent = domain.failedValidations.filter((at) => Date.now() - Date.parse(at) < HOUR_MS);
  if (recent.length >= MAX_FAILED_VALIDATIONS_PER_HOUR) {
    const until = new Date(Math.min(...recent.map((at) => Date.parse(at))) + HOUR_MS);
    const reason = `Plusieurs validations ont échoué dans l'heure : nouvel essai automatique le ${formatDateTime(until)}.`;
    await logCheck(ctx, domain, "certificate_pending", false, reason);
    return { state: renewing ? "active" : "certificate_pending", reason, nextCheckAt: until };
  }
  if (!renewing) {
    await updateCustomDomain(ctx.db, domain.id, { state: "certificate_pending" });
  }
  try {
    // The challenge, the certificate and the domain's server all go to the site's own host.
    const host = await siteHostOf(ctx, order.id);
    const certificate = await issueCertificate(
      {
        directoryUrl: ctx.config.ACME_DIRECTORY_URL,
        directoryCaFile: ctx.config.ACME_DIRECTORY_CA,
        secretsDir: `${ctx.config.DATA_DIR}/secrets`,
        contactEmail: ctx.config.AGENCY_EMAIL,
      },
      host,
      domain.domain,
    );
    const url = host.domainUrl(domain.domain);
    if (!renewing) await host.setSiteUrl(order.subdomain, url);
    await host.installDomain(order.subdomain, domain.domain, certificate);
    await updateCustomDomain(ctx.db, domain.id, {
      certificatePem: certificate.certificatePem,
      privateKeyEnc: ctx.secrets.seal(certificate.privateKeyPem),
      certificateExpiresAt: certificate.expiresAt,
      ...(renewing ? {} : { activatedAt: new Date() }),
    });
    const expires = formatDateTime(certificate.expiresAt);
    await logCheck(
      ctx,
      domain,
      "active",
      true,
      `Certificat ${renewing ? "renouvelé" : "obtenu"} pour ${domain.domain} et www.${domain.domain}, valable jusqu'au ${expires}.`,
    );
    if (!renewing) {
      await addCustomMailDomain(ctx, order, domain.domain);
      await addOrderLog(ctx.db, order.id, {
        level: "info",
        action: "custom-domain",
        details: `Domaine ${domain.domain} en ligne (${url}).`,
      });
      await queueScreenshot(ctx, order.id);
      await queueEmail(ctx, {
        template: "domain_active",
        to: order.customerEmail,
        orderId: order.id,
        vars: {
          customer_name: order.customerName,
          domain_name: domain.domain,
          site_url: url,
          magic_link: magicLinkUrl(ctx, order),
        },
      });
    }
    return {
      state: "active",
      failure: null,
      reason: null,
      attempts: 0,
      failedValidations: [],
      nextCheckAt: renewalDate(certificate),
    };
  } catch (error) {
    if (!(error instanceof AcmeProblem)) throw error;
    return acmeRefusal(ctx, domain, order, error, renewing, recent);
  }
}

async function acmeRefusal(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets">,
  domain: CustomDomain,
  order: Order,
  problem: AcmeProblem,
  renewing: boolean,
  recent: string[],
): Promise<Outcome> {
  const state: DomainState = renewing ? "active" : "failed";
  if (problem.kind === "caa") {
    const reason = `L'autorité de certification refuse ${domain.domain} à cause d'un enregistrement CAA : ajoutez l'enregistrement CAA ${domain.domain} 0 issue "${ctx.config.ACME_CAA_IDENTITY}" chez votre registraire (ou supprimez ce CAA).`;
    await logCheck(ctx, domain, state, false, `${reason} (${problem.message})`);
    if (renewing) return { state, nextCheckAt: new Date(Date.now() + DAY_MS) };
    return block(ctx, domain, order, "caa", reason);
  }
  if (problem.kind === "rateLimited") {
    const until = problem.retryAfter ?? new Date(Date.now() + HOUR_MS);
    const reason = `L'autorité de certification limite le nombre de demandes pour ce domaine : nouvel essai automatique le ${formatDateTime(until)}, vous n'avez rien à faire.`;
    await logCheck(ctx, domain, state, false, `${reason} (${problem.message})`);
    if (renewing) return { state, nextCheckAt: until };
    return { state: "failed", failure: "rate_limit", reason, nextCheckAt: until };
  }
  // The authority could not reach the site through the domain (a record we do not see, an AAAA
  // the customer forgot, a registrar still serving old records): counted against the hourly limit.
  const failedValidations = [...recent, new Date().toISOString()];
  const reason = `L'autorité de certification n'a pas pu joindre votre site par ${domain.domain} ou www.${domain.domain} : vérifiez que seuls les enregistrements indiqués existent pour ces noms (${problem.message}).`;
  await logCheck(ctx, domain, renewing ? "active" : "certificate_pending", false, reason);
  if (renewing) return { state, failedValidations, nextCheckAt: new Date(Date.now() + DAY_MS) };
  const total = domain.failedValidations.length + 1;
  if (total >= MAX_FAILED_VALIDATIONS) {
    return { ...(await block(ctx, domain, order, "wrong_record", reason)), failedValidations };
  }
  return { state: "dns_pending", reason, failedValidations, nextCheckAt: new Date(Date.now() + 15 * 60_000) };
}

/** A failure the customer must fix: the domain stops being checked and they are e-mailed. */
async function block(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets">,
  domain: CustomDomain,
  order: Order,
  failure: DomainFailure,
  reason: string,
): Promise<Outcome> {
  await addOrderLog(ctx.db, order.id, {
    level: "warning",
    action: "custom-domain",
    details: `Domaine ${domain.domain} bloqué : ${reason}`,
  });
  await queueEmail(ctx, {
    template: "domain_blocked",
    to: order.customerEmail,
    orderId: order.id,
    vars: {
      customer_name: order.customerName,
      domain_name: domain.domain,
      reason,
      magic_link: magicLinkUrl(ctx, order),
    },
  });
  return { state: "failed", failure, reason, nextCheckAt: null };
}

export async function logCheck(
  ctx: Pick<Context, "db">,
  domain: Pick<CustomDomain, "id">,
  state: DomainState,
  ok: boolean,
  details: string,
): Promise<void> {
  await ctx.db.insert(customDomainChecks).values({ domainId: domain.id, state, ok, details });
}

/** Checks now: a fresh round of re-checks (the admin's 'Vérifier', a domain marked bought). */
export async function checkNow(
  ctx: Pick<Context, "db" | "queue">,
  domainId: number,
  state: DomainState,
): Promise<void> {
  const now = new Date();
  await updateCustomDomain(ctx.db, domainId, {
    state,
    failure: null,
    attempts: 0,
    nextCheckAt: now,
    reason: null,
  });
  await sendCheck(ctx, domainId, now);
}

/** Every domain due and not being checked: queued again (a job lost, a check due far ahead). */
export async function queueDueChecks(ctx: Pick<Context, "db" | "queue">): Promise<number> {
  const due = await ctx.db
    .select({ id: customDomains.id })
    .from(customDomains)
    .where(
      and(
        lte(customDomains.nextCheckAt, new Date()),
        or(isNull(customDomains.checkLeaseUntil), lt(customDomains.checkLeaseUntil, sql`now()`)),
      ),
    );
  for (const { id } of due) await sendCheck(ctx, id, new Date());
  return due.length;
}
