import { describe, expect, it } from "vitest";
import { countOf, plural } from "./plural";

describe("French plurals", () => {
  it("keeps 0 and 1 singular, 2 and more plural", () => {
    expect(countOf(0, "site trouvé", "sites trouvés")).toBe("0 site trouvé");
    expect(countOf(1, "site créé avec Koza", "sites créés avec Koza")).toBe("1 site créé avec Koza");
    expect(countOf(2, "site créé avec Koza", "sites créés avec Koza")).toBe("2 sites créés avec Koza");
    expect(plural(1, "commande", "commandes")).toBe("commande");
  });

  it("writes large numbers the French way", () => {
    expect(countOf(1234, "commande", "commandes")).toMatch(/^1\s234 commandes$/u);
  });
});
