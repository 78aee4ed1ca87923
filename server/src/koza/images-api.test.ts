import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { drawIllustration } from "./illustrator.ts";
import { createImageMaker, imageRequests } from "./site-images.ts";
import { answers, jpegPhoto, startFakeOpenAiApi } from "./test-support.ts";

/** A stand-in for an OpenAI-compatible images API: records requests, answers what the test says. */
let api: Awaited<ReturnType<typeof startFakeOpenAiApi>>;
let url: string;

beforeAll(async () => {
  api = await startFakeOpenAiApi();
  url = `${api.url}`;
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

const data = answers();
const slot = (name: string) => {
  const found = imageRequests(data, 0).find((r) => r.slot === name);
  if (!found) throw new Error(name);
  return found;
};
const hero = slot("hero");
const service2 = slot("service-2");
const maker = (model: string, fallbacks: string[] = []) =>
  createImageMaker(
    {
      KOZA_IMAGE_URL: url,
      KOZA_IMAGE_MODEL: model,
      KOZA_IMAGE_SIZE: "1536x1024",
      KOZA_IMAGE_API_KEY: "sk-img",
    },
    data,
    (reason) => fallbacks.push(reason),
  );

describe("the OpenAI-compatible images driver", () => {
  it("asks for a photo of this business as base64 and keeps it, without its metadata", async () => {
    const photo = await jpegPhoto("#b45309", { gps: true, width: 1536 });
    api.reply = { status: 200, body: { created: 1, data: [{ b64_json: photo.toString("base64") }] } };

    const image = await maker("dall-e-3")(service2);

    expect(image.mime).toBe("image/jpeg");
    const meta = await sharp(image.data).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1536, height: 400 });
    expect(meta.exif).toBeUndefined();
    const [request] = api.requests;
    expect(request?.url).toBe("/v1/images/generations");
    expect(request?.auth).toBe("Bearer sk-img");
    expect(request?.body).toMatchObject({
      model: "dall-e-3",
      n: 1,
      size: "1536x1024",
      response_format: "b64_json",
    });
    const prompt = String(request?.body.prompt);
    expect(prompt).toContain("Boulangerie Payet");
    expect(prompt).toContain("Gâteaux sur commande");
    expect(prompt).toContain("#c2410c");
    expect(prompt).toMatch(/No text/);
  });

  it("does not send response_format to gpt-image models, which always answer in base64", async () => {
    api.reply = {
      status: 200,
      body: { data: [{ b64_json: (await jpegPhoto("#111111")).toString("base64") }] },
    };
    await maker("gpt-image-1")(hero);
    expect(api.requests[0]?.body).not.toHaveProperty("response_format");
  });

  it.each([
    ["an HTTP error", { status: 503, body: { error: { message: "overloaded" } } }, "a répondu 503"],
    [
      "no image in the answer",
      { status: 200, body: { data: [{ url: "http://x/y.png" }] } },
      "pas renvoyé d'image",
    ],
    [
      "bytes that are not an image",
      { status: 200, body: { data: [{ b64_json: Buffer.from("<html>nope</html>").toString("base64") }] } },
      "pas une image valide",
    ],
  ])("falls back to the illustrations on %s, reported once, and stops asking", async (_, answer, reason) => {
    api.reply = answer;
    const fallbacks: string[] = [];
    const make = maker("dall-e-3", fallbacks);

    const first = await make(hero);
    const second = await make(service2);

    expect(first.data.equals(await drawIllustration(data, hero))).toBe(true);
    expect(second.data.equals(await drawIllustration(data, service2))).toBe(true);
    expect(fallbacks).toHaveLength(1);
    expect(fallbacks[0]).toContain(reason);
    expect(api.requests).toHaveLength(1);
  });

  it("is not used without KOZA_IMAGE_URL: the illustrator answers, with no request", async () => {
    const image = await createImageMaker(
      {
        KOZA_IMAGE_URL: undefined,
        KOZA_IMAGE_MODEL: "x",
        KOZA_IMAGE_SIZE: "1024x1024",
        KOZA_IMAGE_API_KEY: undefined,
      },
      data,
      () => {
        throw new Error("no fallback without an API");
      },
    )(hero);
    expect(image).toMatchObject({ mime: "image/jpeg", ext: "jpg" });
    expect(api.requests).toHaveLength(0);
  });
});
