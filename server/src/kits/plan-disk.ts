import { formatBytes } from "@lagon/contracts/backups";
import { planById, siteDiskMb } from "@lagon/contracts/plans";
import type { Site } from "../db/schema.ts";
import type { WordPressHost } from "../wordpress/wordpress-host.ts";

/**
 * The site's disk allowance follows its plan (decision 0095): an upgrade raises it at once, a
 * downgrade lowers it without deleting anything. Answers a French line for the order's log when
 * the site already holds more than its new plan allows (the last hourly reading says so): it stays
 * online and keeps its files, but can write nothing new until it is back under.
 */
export async function applyPlanDisk(host: WordPressHost, site: Site, subdomain: string, plan: string) {
  const mb = siteDiskMb(plan);
  if (mb === undefined) return null;
  await host.setDiskAllowance(subdomain, mb);
  const used = site.diskUsage?.usedBytes ?? 0;
  const limit = mb * 1024 * 1024;
  if (used < limit) return null;
  const name = planById(plan as Parameters<typeof planById>[0]).name;
  return `Espace disque : le site occupe ${formatBytes(used)}, plus que les ${formatBytes(limit)} de l'offre ${name}. Il reste en ligne et garde ses fichiers, mais ne peut plus rien enregistrer de nouveau tant qu'il n'est pas allégé.`;
}
