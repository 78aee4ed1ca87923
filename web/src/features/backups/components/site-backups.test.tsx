import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SiteBackups } from "./site-backups";

const ORDER = "0b7c2d8e-1111-4222-8333-444455556666";
const DAILY = {
  id: "a".repeat(64),
  created_at: "2026-11-23T22:00:00Z",
  size_bytes: 12_800_000,
  kind: "daily",
};
const MANUAL = {
  id: "b".repeat(64),
  created_at: "2026-11-20T06:30:00Z",
  size_bytes: 700_000,
  kind: "manual",
};

afterEach(() => vi.unstubAllGlobals());

const JOB = "5f0c1d2e-3333-4444-8555-666677778888";

/** The order's API: the list, the restore's answer, and where its job stands. */
function api(restore: { status: number; body: unknown }, job: object = { state: "completed" }) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === "POST")
      return new Response(JSON.stringify(restore.body), { status: restore.status });
    if (url.includes("/restore/")) {
      expect(url).toBe(`/api/order/${ORDER}/backups/restore/${JOB}?token=jeton`);
      return new Response(JSON.stringify(job), { status: 200 });
    }
    expect(url).toBe(`/api/order/${ORDER}/backups?token=jeton`);
    return new Response(JSON.stringify({ backups: [DAILY, MANUAL] }), { status: 200 });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("SiteBackups", () => {
  it("lists the backups in French, and restores one only after a confirmation that says what is lost", async () => {
    const fetch = api({ status: 202, body: { success: true, detail: "Restauration lancée…", job_id: JOB } });
    render(<SiteBackups orderId={ORDER} token="jeton" />);
    expect(await screen.findByText("24 novembre 2026 à 02:00")).toBeTruthy();
    expect(screen.getByText("Sauvegarde quotidienne · 12,2 Mo")).toBeTruthy();
    expect(screen.getByText("Sauvegarde manuelle · 684 Ko")).toBeTruthy();

    fireEvent.click(screen.getAllByRole("button", { name: "Restaurer" })[0] as HTMLElement);
    const dialog = screen.getByRole("alertdialog");
    expect(dialog.textContent).toContain("Remettre votre site tel qu'il était le 24 novembre 2026 à 02:00 ?");
    expect(dialog.textContent).toMatch(
      /Tout ce qui a été fait sur votre site depuis le 24 novembre 2026 à 02:00 sera perdu : pages, articles, images/,
    );
    expect(dialog.textContent).toContain("Votre site actuel est sauvegardé juste avant la restauration");
    expect(fetch).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole("button", { name: "Oui, restaurer cette sauvegarde" }));
    expect((await screen.findByRole("status")).textContent).toMatch(/Site restauré|Restauration en cours/);
    await screen.findByText(/Site restauré/);
    expect(fetch).toHaveBeenCalledWith(
      `/api/order/${ORDER}/backups/${DAILY.id}/restore`,
      expect.objectContaining({ method: "POST", body: JSON.stringify({ token: "jeton" }) }),
    );
  });

  it("shows the job's French reason when the restore fails on the host", async () => {
    api(
      { status: 202, body: { success: true, detail: "Restauration lancée…", job_id: JOB } },
      {
        state: "failed",
        detail: "La restauration a échoué : votre site est resté tel qu'il était. Notre équipe est prévenue.",
      },
    );
    render(<SiteBackups orderId={ORDER} token="jeton" />);
    fireEvent.click((await screen.findAllByRole("button", { name: "Restaurer" }))[0] as HTMLElement);
    fireEvent.click(screen.getByRole("button", { name: "Oui, restaurer cette sauvegarde" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "La restauration a échoué : votre site est resté tel qu'il était. Notre équipe est prévenue.",
    );
    expect(screen.queryByText(/Site restauré/)).toBeNull();
  });

  it("cancels without restoring, and shows the server's French reason when a restore is refused", async () => {
    const fetch = api({
      status: 409,
      body: { detail: "Une sauvegarde ou une restauration de ce site est déjà en cours." },
    });
    render(<SiteBackups orderId={ORDER} token="jeton" />);
    fireEvent.click((await screen.findAllByRole("button", { name: "Restaurer" }))[1] as HTMLElement);
    fireEvent.click(screen.getByRole("button", { name: "Annuler" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getAllByRole("button", { name: "Restaurer" })[1] as HTMLElement);
    fireEvent.click(screen.getByRole("button", { name: "Oui, restaurer cette sauvegarde" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Une sauvegarde ou une restauration de ce site est déjà en cours.",
    );
  });
});
