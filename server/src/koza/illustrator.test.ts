import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawIllustration, illustrationSvg, motifsFor } from "./illustrator.ts";
import { ALL_MOTIFS, motifsIn } from "./image-motifs.ts";
import { imageRequests } from "./site-images.ts";
import { answers } from "./test-support.ts";

const PLUMBER = answers({
  businessType: "Plombier",
  businessName: "Grondin Plomberie",
  businessDescription: "Je répare les fuites et j'installe les chauffe-eau dans l'Est.",
  services: ["Dépannage de fuites", "Pose de chauffe-eau solaire", "Rénovation de salle de bain"],
  colors: { primary: "#0ea5e9", secondary: "#0f172a" },
});
const request = (data: typeof PLUMBER, slot: string) => {
  const found = imageRequests(data, 0).find((r) => r.slot === slot);
  if (!found) throw new Error(slot);
  return found;
};
/** The share of pixels close to a colour. */
async function share(jpeg: Buffer, hex: string) {
  const { data, info } = await sharp(jpeg).resize(160).raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  let near = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const d =
      Math.abs((data[i] as number) - r) +
      Math.abs((data[i + 1] as number) - g) +
      Math.abs((data[i + 2] as number) - b);
    if (d < 40) near++;
  }
  return near / (info.width * info.height);
}

describe("the embedded illustrator", () => {
  it("only names icons that the icon library has", async () => {
    const lucide = (await import("lucide")) as unknown as Record<string, unknown>;
    expect(ALL_MOTIFS.filter((name) => !Array.isArray(lucide[name]))).toEqual([]);
  });

  it("picks motifs from the activity, and a different one for each service", () => {
    expect(motifsIn("Boulangerie artisanale")[0]).toBe("Croissant");
    expect(motifsIn("Garage Hoarau, mécanique auto")).toContain("Car");
    // Words are matched from their start: "maison" is not "son" (music).
    expect(motifsIn("Pains faits maison")).not.toContain("Music");
    const leads = PLUMBER.services.map((_, i) => motifsFor(PLUMBER, request(PLUMBER, `service-${i + 1}`))[0]);
    expect(leads).toEqual(["Wrench", "ShowerHead", "Bath"]);
    expect(motifsFor(answers(), request(answers(), "hero"))[0]).toBe("Croissant");
    // An activity the table does not know still gets friendly pictures.
    const unknown = answers({
      businessType: "Zzz",
      businessName: "Zzz",
      businessDescription: "Zzz zzz.",
      services: ["A", "B", "C"],
    });
    expect(motifsFor(unknown, request(unknown, "hero")).length).toBeGreaterThan(2);
  });

  it("draws a real JPEG in the business's two colours, banner-wide for the home page", async () => {
    const hero = await drawIllustration(PLUMBER, request(PLUMBER, "hero"));
    expect(await sharp(hero).metadata()).toMatchObject({ format: "jpeg", width: 1600, height: 900 });
    const service = await drawIllustration(PLUMBER, request(PLUMBER, "service-1"));
    expect(await sharp(service).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 900 });
    expect(await share(service, "#0ea5e9")).toBeGreaterThan(0.15);
    const about = await drawIllustration(PLUMBER, request(PLUMBER, "about"));
    expect(await share(about, "#0f172a")).toBeGreaterThan(0.3);
    // Other colours, other pictures.
    const orange = await drawIllustration(answers(), request(answers(), "service-1"));
    expect(await share(orange, "#0ea5e9")).toBe(0);
    expect(await share(orange, "#c2410c")).toBeGreaterThan(0.15);
  });

  it("is deterministic, and every picture of a site differs from the others", async () => {
    const svgs = await Promise.all(imageRequests(PLUMBER, 0).map((r) => illustrationSvg(PLUMBER, r)));
    expect(svgs).toHaveLength(5);
    expect(new Set(svgs).size).toBe(5);
    expect(await illustrationSvg(PLUMBER, request(PLUMBER, "service-2"))).toBe(svgs[3]);
    // Nothing the customer typed reaches the SVG as markup: it holds shapes and colours only.
    const hostile = answers({ businessName: '<script>alert("x")</script>', businessType: "</svg><script>" });
    const svg = await illustrationSvg(hostile, request(hostile, "hero"));
    expect(svg).not.toMatch(/script/i);
  });
});
