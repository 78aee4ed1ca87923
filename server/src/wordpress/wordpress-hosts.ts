import type { HostEvent, HostHealth, WordPressHost } from "./wordpress-host.ts";

/** One configured WordPress host and the name sites record (sites.host). */
export interface NamedWordPressHost {
  name: string;
  host: WordPressHost;
  /** Whether new sites may be installed there (WP_SSH_HOSTS `newSites`). */
  newSites: boolean;
}

/** What of a site says where it lives (its `sites` row). */
export interface PinnedSite {
  host: string | null;
}

/**
 * The deployment's WordPress hosts (decision 0042). A site lives on one host for its whole life:
 * the one its site recorded when it was first installed, or the first host for sites from
 * before hosts were recorded. Every action on a site goes through `hostFor(site)`.
 */
export class WordPressHosts {
  readonly all: readonly NamedWordPressHost[];

  constructor(hosts: NamedWordPressHost[]) {
    if (hosts.length === 0) throw new Error("no WordPress host");
    this.all = hosts;
  }

  /** The first host: the agency's blog and the sites of orders that recorded no host. */
  get main(): WordPressHost {
    return (this.all[0] as NamedWordPressHost).host;
  }

  get mainName(): string {
    return (this.all[0] as NamedWordPressHost).name;
  }

  /** The host of a site. A recorded host missing from the configuration stops the action. */
  hostFor(site: PinnedSite): WordPressHost {
    if (site.host === null) return this.main;
    const found = this.all.find((h) => h.name === site.host);
    if (!found) {
      throw new Error(
        `l'hôte WordPress « ${site.host} » de ce site n'est plus dans la configuration (WP_SSH_HOSTS)`,
      );
    }
    return found.host;
  }

  /**
   * The address of a site, for pages and e-mails: never fails (a host missing from the
   * configuration gives the first host's address; the actions on the site fail and say why).
   */
  siteUrl(subdomain: string, site: PinnedSite): string {
    const found = this.all.find((h) => h.name === site.host);
    return (found?.host ?? this.main).siteUrl(subdomain);
  }

  /**
   * Where a new site goes: of the hosts taking new sites, the one holding the fewest (`sites`
   * counts them by host name); the first in the configuration on a tie.
   */
  chooseForNewSite(sites: ReadonlyMap<string, number>): string {
    const open = this.all.filter((h) => h.newSites);
    const fewest = open.reduce((best, h) =>
      (sites.get(h.name) ?? 0) < (sites.get(best.name) ?? 0) ? h : best,
    );
    return fewest.name;
  }

  async start(): Promise<void> {
    for (const { host } of this.all) await host.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.all.map(({ host }) => host.stop()));
  }

  /** Every host's health at once: not ok when one is not, naming it when there are several. */
  async health(): Promise<HostHealth | null> {
    const answers = await Promise.all(
      this.all.map(async (h) => ({ name: h.name, health: await h.host.health() })),
    );
    const known = answers.filter((a) => a.health !== null);
    if (known.length === 0) return null;
    const down = known.filter((a) => !a.health?.ok);
    if (down.length === 0) return { ok: true };
    const several = this.all.length > 1;
    return {
      ok: false,
      reason: down
        .map((a) => (several ? `${a.name} : ${a.health?.reason}` : (a.health?.reason ?? "")))
        .join(" ; "),
    };
  }

  /** Events of every host; with several hosts, the detail names the host. */
  onEvent(listener: (event: HostEvent) => void): void {
    const several = this.all.length > 1;
    for (const { name, host } of this.all) {
      host.onEvent((event) =>
        listener(several ? { ...event, service: `${event.service} (hôte ${name})` } : event),
      );
    }
  }
}
