import { describe, expect, it } from "vitest";
import type { HostEvent, HostHealth, WordPressHost } from "./wordpress-host.ts";
import { WordPressHosts } from "./wordpress-hosts.ts";

/** A host of which these tests use the address, the health and the events. */
function host(name: string, health: HostHealth | null = { ok: true }) {
  const listeners: ((event: HostEvent) => void)[] = [];
  const fake = {
    siteUrl: (subdomain: string) => `https://${subdomain}.${name}.test`,
    health: async () => health,
    onEvent: (listener: (event: HostEvent) => void) => listeners.push(listener),
    emit: (event: HostEvent) => {
      for (const listener of listeners) listener(event);
    },
  };
  return fake as unknown as WordPressHost & { emit(event: HostEvent): void };
}

describe("WordPressHosts", () => {
  it("sends each site to the host it recorded, and sites that recorded none to the first", () => {
    const [a, b] = [host("a"), host("b")];
    const hosts = new WordPressHosts([
      { name: "a", host: a, newSites: true },
      { name: "b", host: b, newSites: true },
    ]);
    expect(hosts.hostFor({ host: "b" })).toBe(b);
    expect(hosts.hostFor({ host: "a" })).toBe(a);
    expect(hosts.hostFor({ host: null })).toBe(a);
    expect(hosts.main).toBe(a);
    expect(() => hosts.hostFor({ host: "c" })).toThrow(
      "l'hôte WordPress « c » de ce site n'est plus dans la configuration (WP_SSH_HOSTS)",
    );
    expect(hosts.siteUrl("acme", { host: "b" })).toBe("https://acme.b.test");
    expect(hosts.siteUrl("acme", { host: "c" })).toBe("https://acme.a.test");
  });

  it("puts a new site on the host taking new sites that holds the fewest, the first on a tie", () => {
    const hosts = new WordPressHosts([
      { name: "a", host: host("a"), newSites: true },
      { name: "b", host: host("b"), newSites: true },
      { name: "full", host: host("full"), newSites: false },
    ]);
    expect(hosts.chooseForNewSite(new Map())).toBe("a");
    expect(hosts.chooseForNewSite(new Map([["a", 1]]))).toBe("b");
    expect(
      hosts.chooseForNewSite(
        new Map([
          ["a", 1],
          ["b", 1],
        ]),
      ),
    ).toBe("a");
    expect(
      hosts.chooseForNewSite(
        new Map([
          ["a", 3],
          ["b", 2],
          ["full", 0],
        ]),
      ),
    ).toBe("b");
  });

  it("is healthy when every host is, and names the hosts that are not", async () => {
    const hosts = new WordPressHosts([
      { name: "a", host: host("a"), newSites: true },
      { name: "b", host: host("b", { ok: false, reason: "hôte WordPress injoignable" }), newSites: true },
    ]);
    expect(await hosts.health()).toEqual({ ok: false, reason: "b : hôte WordPress injoignable" });
    const one = new WordPressHosts([
      { name: "a", host: host("a", { ok: false, reason: "php-fpm arrêté" }), newSites: true },
    ]);
    expect(await one.health()).toEqual({ ok: false, reason: "php-fpm arrêté" });
    expect(
      await new WordPressHosts([{ name: "a", host: host("a", null), newSites: true }]).health(),
    ).toBeNull();
  });

  it("passes on every host's events, naming the host when there are several", () => {
    const [a, b] = [host("a"), host("b")];
    const hosts = new WordPressHosts([
      { name: "a", host: a, newSites: true },
      { name: "b", host: b, newSites: true },
    ]);
    const seen: HostEvent[] = [];
    hosts.onEvent((event) => seen.push(event));
    b.emit({ kind: "down", service: "ssh", detail: "injoignable" });
    expect(seen).toEqual([{ kind: "down", service: "ssh (hôte b)", detail: "injoignable" }]);
  });
});
