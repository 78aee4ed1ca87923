import type { MailDnsRecord } from "@lagon/contracts/custom-domain-schemas";
import { DnsUnreachable, type MailDnsLookup, orEmpty } from "./dns-check.ts";

/** A mail record as the product wants it, before it is checked. */
export type ExpectedMailRecord = Omit<MailDnsRecord, "status" | "detail">;

type Verdict = Pick<MailDnsRecord, "status" | "detail">;

const bare = (name: string) => name.replace(/\.$/, "").toLowerCase();

/**
 * Checks each mail record of a customer's domain against what the product wants, through the
 * same resolver as the domain's own checks. A record is right, missing (nothing set yet), wrong
 * (something else is there: the French detail names it and says what to change), or the DNS
 * server did not answer.
 */
export async function checkMailDns(
  lookup: MailDnsLookup,
  records: ExpectedMailRecord[],
): Promise<MailDnsRecord[]> {
  return Promise.all(
    records.map(async (record) => {
      try {
        return { ...record, ...(await verdictOf(lookup, record)) };
      } catch (error) {
        if (!(error instanceof DnsUnreachable)) throw error;
        return { ...record, status: "unreachable" as const, detail: error.message };
      }
    }),
  );
}

async function verdictOf(lookup: MailDnsLookup, record: ExpectedMailRecord): Promise<Verdict> {
  const create = `créez l'enregistrement ${record.type} ${record.name} → ${record.value} chez votre registraire.`;
  if (record.type === "MX") {
    const found = (await orEmpty(lookup.resolveMx(record.name))).map((mx) => bare(mx.exchange));
    if (found.length === 0) return missing(`Aucun serveur de courrier (MX) pour ${record.name} : ${create}`);
    const others = found.filter((exchange) => exchange !== record.value);
    if (others.length === 0) return ok();
    const ours = `MX ${record.name} → ${record.value} (priorité ${record.priority})`;
    return wrong(
      found.length > others.length
        ? `${record.name} envoie aussi son courrier à ${others.join(", ")} : supprimez ces enregistrements MX et gardez seulement ${ours}, sans quoi une partie de vos messages n'arrive pas dans vos boîtes.`
        : `${record.name} envoie son courrier à ${others.join(", ")} : remplacez ces enregistrements MX par ${ours}.`,
    );
  }
  const texts = (await orEmpty(lookup.resolveTxt(record.name))).map((chunks) => chunks.join(""));
  const tag = record.value.split(/[;\s]/)[0] ?? "";
  const ours = texts.filter((text) => text.toLowerCase().startsWith(tag.toLowerCase()));
  if (ours.length === 0)
    return missing(`Aucun enregistrement TXT « ${tag} » pour ${record.name} : ${create}`);
  if (ours.length > 1)
    return wrong(
      `${record.name} a ${ours.length} enregistrements TXT « ${tag} » : il n'en faut qu'un, gardez seulement ${record.type} ${record.name} → ${record.value}.`,
    );
  const text = ours[0] as string;
  if (tag === "v=spf1") {
    // The customer may send from elsewhere too: our server must be in their one SPF record.
    const terms = text.toLowerCase().split(/\s+/);
    if (terms.some((term) => /^[+]?mx$/.test(term) || term === `a:${mailHostOf(record)}`)) return ok();
    return wrong(
      `L'enregistrement SPF de ${record.name} (« ${text} ») n'autorise pas notre serveur : ajoutez « mx » juste après « v=spf1 », ou remplacez-le par « ${record.value} ».`,
    );
  }
  if (tag === "v=DKIM1") {
    const key = (value: string) => /(?:^|;)\s*p=([^;]*)/.exec(value)?.[1]?.replace(/\s+/g, "") ?? "";
    if (key(text) === key(record.value)) return ok();
    return wrong(
      `La clé DKIM publiée pour ${record.name} n'est pas celle de notre serveur : remplacez la valeur de cet enregistrement TXT par celle indiquée, en entier.`,
    );
  }
  // DMARC: any policy the customer chose is theirs to keep, as long as it is one.
  if (/(?:^|;)\s*p=(none|quarantine|reject)\s*(;|$)/i.test(text)) return ok();
  return wrong(
    `L'enregistrement DMARC de ${record.name} (« ${text} ») n'indique pas de politique valable : remplacez-le par « ${record.value} ».`,
  );
}

/** The host named by the SPF record we ask for ("v=spf1 mx a:<host> ~all"). */
function mailHostOf(record: ExpectedMailRecord): string {
  return /a:(\S+)/.exec(record.value)?.[1] ?? "";
}

const ok = (): Verdict => ({ status: "ok", detail: null });
const missing = (detail: string): Verdict => ({ status: "missing", detail });
const wrong = (detail: string): Verdict => ({ status: "wrong", detail });
