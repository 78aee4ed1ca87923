import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { writeFrenchSite } from "./french-site-writer.ts";
import { createSiteWriter } from "./site-writer.ts";
import { answers, startFakeOpenAiApi } from "./test-support.ts";

/** A stand-in for an OpenAI-compatible chat API: records requests, answers what the test says. */
let api: Awaited<ReturnType<typeof startFakeOpenAiApi>>;
let url: string;

beforeAll(async () => {
  api = await startFakeOpenAiApi();
  url = `${api.url}/`;
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

const chat = (content: string) => ({
  status: 200,
  body: { choices: [{ message: { role: "assistant", content } }] },
});
const writer = () =>
  createSiteWriter({ KOZA_LLM_URL: url, KOZA_LLM_MODEL: "mistral-small", KOZA_LLM_API_KEY: "sk-test" });

describe("the OpenAI-compatible chat API driver", () => {
  it("asks for JSON with the answers and uses a well-formed reply", async () => {
    const written = writeFrenchSite(answers({ style: "bold" }));
    written.home.headline = "Le bon pain de Saint-Paul, cuit au feu de bois";
    // A model that renames a service does not get to: the customer's names stay.
    const renamed = {
      ...written,
      services: {
        ...written.services,
        items: written.services.items.map((s, i) => (i === 1 ? { ...s, title: "Pâtisseries" } : s)),
      },
    };
    api.reply = chat(JSON.stringify(renamed));

    const site = await writer()(answers({ style: "bold" }));

    expect(site.home.headline).toBe("Le bon pain de Saint-Paul, cuit au feu de bois");
    expect(site.services.items.map((s) => s.title)).toEqual([
      "Pain au levain",
      "Gâteaux sur commande",
      "Livraison aux restaurants",
    ]);
    const [request] = api.requests;
    expect(request?.url).toBe("/v1/chat/completions");
    expect(request?.auth).toBe("Bearer sk-test");
    expect(request?.body).toMatchObject({ model: "mistral-small", response_format: { type: "json_object" } });
    const prompt = JSON.stringify(request?.body.messages);
    expect(prompt).toContain("Boulangerie Payet");
    expect(prompt).toContain("Gâteaux sur commande");
    expect(prompt).toContain("Audacieux");
  });

  it.each([
    [
      "prose instead of JSON",
      chat("Voici votre site : Bienvenue chez Boulangerie Payet !"),
      "pas renvoyé de JSON",
    ],
    [
      "a missing section",
      chat(JSON.stringify({ tagline: "Boulangerie artisanale", home: {} })),
      "format attendu",
    ],
    [
      "two services instead of three",
      (() => {
        const site = writeFrenchSite(answers());
        return chat(
          JSON.stringify({ ...site, services: { ...site.services, items: site.services.items.slice(0, 2) } }),
        );
      })(),
      "format attendu (services.items)",
    ],
    ["no choices at all", { status: 200, body: { error: "overloaded" } }, "pas renvoyé de JSON"],
    ["an HTTP error", { status: 503, body: { error: { message: "overloaded" } } }, "a répondu 503"],
  ])("refuses %s with an error, never a half-written site", async (_, answer, message) => {
    api.reply = answer;
    await expect(writer()(answers())).rejects.toThrow(message);
  });

  it("is not used without KOZA_LLM_URL: the embedded writer answers, with no request", async () => {
    const site = await createSiteWriter({
      KOZA_LLM_URL: undefined,
      KOZA_LLM_MODEL: "x",
      KOZA_LLM_API_KEY: undefined,
    })(answers());
    expect(site).toEqual(writeFrenchSite(answers()));
    expect(api.requests).toHaveLength(0);
  });
});
