import { readFileSync } from "node:fs";
import { KozaData } from "@lagon/contracts/koza-schemas";
import { describe, expect, it, vi } from "vitest";
import { waitFor } from "../../test/smtp-sink.ts";
import { cleanImage } from "../koza/check-image.ts";
import { drawIllustration } from "../koza/illustrator.ts";
import { IDLE_MS, imageProcessPid } from "./image-process.ts";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// Not the Koza test helpers: they load sharp in this process.
const answers = () =>
  KozaData.parse({
    businessType: "Boulangerie artisanale",
    businessName: "Boulangerie Payet",
    businessDescription: "Pains au levain et viennoiseries faits maison chaque matin.",
    targetAudience: "",
    services: ["Pain au levain", "Gâteaux sur commande", "Livraison aux restaurants"],
    uniqueValue: "Des farines locales",
    contactInfo: { phone: "0262 00 00 00", email: "contact@payet.re", address: "Saint-Paul", hours: "" },
    colors: { primary: "#c2410c", secondary: "#1e3a5f" },
    style: "classic",
  });

describe("the image process", () => {
  it("does the image work out of this process, then ends once idle", async () => {
    // The idle wait on the test's clock: the process must live through all of it but its last
    // millisecond, and end then (the tasks themselves run on the real clock, in the child).
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let pid: number | undefined;
    try {
      const drawn = await drawIllustration(answers(), {
        slot: "hero",
        kind: "hero",
        index: 0,
        subject: "Boulangerie",
        alt: "",
      });
      const clean = await cleanImage(drawn);
      expect(clean.mime).toBe("image/jpeg");
      expect(clean.data.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

      pid = imageProcessPid();
      expect(pid).toBeGreaterThan(0);
      expect(pid).not.toBe(process.pid);
      // libvips (sharp) was never loaded here: the memory it leaves is the image process's.
      expect(readFileSync("/proc/self/maps", "utf8")).not.toMatch(/libvips/);
      vi.advanceTimersByTime(IDLE_MS - 1);
      expect(imageProcessPid()).toBe(pid);
      expect(alive(pid as number)).toBe(true);
      vi.advanceTimersByTime(1);
    } finally {
      vi.useRealTimers();
    }
    expect(imageProcessPid()).toBeUndefined();
    await waitFor(() => !alive(pid as number), 60_000);
  }, 90_000);

  it("takes a task sent while the idle process it replaces is still dying", async () => {
    const drawn = await drawIllustration(answers(), {
      slot: "hero",
      kind: "hero",
      index: 1,
      subject: "Boulangerie",
      alt: "",
    });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let task: Promise<unknown>;
    let old: number | undefined;
    try {
      await cleanImage(drawn);
      old = imageProcessPid();
      // The idle timer ends the process; the next upload comes before its exit is seen, and
      // a new process (which takes far longer to start than the old one to die) takes it.
      vi.advanceTimersByTime(IDLE_MS);
      expect(imageProcessPid()).toBeUndefined();
      task = cleanImage(drawn);
    } finally {
      vi.useRealTimers();
    }
    await expect(task).resolves.toMatchObject({ mime: "image/jpeg" });
    expect(imageProcessPid()).not.toBe(old);
    expect(alive(old as number)).toBe(false);
  }, 90_000);

  it("refuses what is not an image with the upload's French error, and works again after", async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from("pas une image")]);
    await expect(cleanImage(fake)).rejects.toMatchObject({ statusCode: 400 });
    await expect(cleanImage(Buffer.from("texte"))).rejects.toMatchObject({ statusCode: 400 });
    const drawn = await drawIllustration(answers(), {
      slot: "about",
      kind: "about",
      index: 0,
      subject: "Pain",
      alt: "",
    });
    expect((await cleanImage(drawn)).ext).toBe("jpg");
  });
});
