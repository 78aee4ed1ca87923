import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminDialog, DialogActions, DialogCloseButton, ReasonField } from "./admin-dialog";
import { ConfirmDialog } from "./confirm-dialog";
import { StatusBadge, statusTone } from "./status-badge";

describe("ConfirmDialog", () => {
  it("is an alertdialog named by its question, with the confirming button and Annuler", () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        titleId="q"
        title="Supprimer contact@payet.re ?"
        confirmLabel="Oui, supprimer"
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <p>Tous ses messages sont effacés.</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole("alertdialog", { name: "Supprimer contact@payet.re ?" });
    expect(dialog.textContent).toContain("Tous ses messages sont effacés.");
    fireEvent.click(screen.getByRole("button", { name: "Oui, supprimer" }));
    fireEvent.click(screen.getByRole("button", { name: "Annuler" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

/** An action's dialog as the admin's are made: the reason, the confirming button and Annuler. */
function Refuse({
  onSubmit,
  onClose,
}: {
  onSubmit: (event: { preventDefault: () => void }) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  return (
    <AdminDialog titleId="r" title="Refuser le domaine payet.re" sub="Zoé Payet" onClose={onClose}>
      {(close) => (
        <form onSubmit={onSubmit}>
          <ReasonField id="why" value={reason} onChange={setReason} />
          <DialogActions submitLabel="Refuser le domaine" onCancel={close} />
        </form>
      )}
    </AdminDialog>
  );
}

describe("AdminDialog", () => {
  // jsdom has <dialog> but neither showModal nor close: what the browser does, minimally.
  const proto = HTMLDialogElement.prototype;
  const { showModal, close } = proto;
  beforeEach(() => {
    proto.showModal = function (this: HTMLDialogElement) {
      this.setAttribute("open", "");
    };
    proto.close = function (this: HTMLDialogElement) {
      this.removeAttribute("open");
      this.dispatchEvent(new Event("close"));
    };
  });
  afterEach(() => {
    Object.assign(proto, { showModal, close });
  });

  it("opens as a modal named by its title, with what it is about, and tells when it closes", () => {
    const onClose = vi.fn();
    render(
      <AdminDialog titleId="t" title="Suspendre le site" sub="Zoé Payet — payet.re" onClose={onClose}>
        {(closeIt) => (
          <button type="button" onClick={closeIt}>
            Annuler
          </button>
        )}
      </AdminDialog>,
    );
    const dialog = screen.getByRole("dialog", { name: /Suspendre le site/ });
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(dialog.textContent).toContain("Zoé Payet — payet.re");
    fireEvent.click(screen.getByRole("button", { name: "Annuler" }));
    expect(dialog.hasAttribute("open")).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("asks the reason of an action, then confirms it or closes with Annuler", () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onClose = vi.fn();
    render(<Refuse onSubmit={onSubmit} onClose={onClose} />);
    const field = screen.getByLabelText("Raison (envoyée au client par e-mail)");
    expect(field.hasAttribute("required")).toBe(true);
    fireEvent.change(field, { target: { value: "Domaine d'un tiers" } });
    expect((field as HTMLTextAreaElement).value).toBe("Domaine d'un tiers");
    fireEvent.click(screen.getByRole("button", { name: "Refuser le domaine" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Annuler" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes with Fermer when it only shows", () => {
    render(
      <AdminDialog titleId="l" title="Logs" sub="Zoé Payet" onClose={() => {}}>
        <p>Aucun log.</p>
        <DialogCloseButton />
      </AdminDialog>,
    );
    const form = screen.getByRole("button", { name: "Fermer" }).closest("form");
    expect(form?.getAttribute("method")).toBe("dialog");
  });
});

describe("StatusBadge", () => {
  it("colours a state by what it means", () => {
    expect(["active", "past_due", "suspended", "down", "processing"].map(statusTone)).toEqual([
      "success",
      "warning",
      "danger",
      "danger",
      "neutral",
    ]);
    render(
      <StatusBadge tone="danger" className="admin-badge">
        Bloqué
      </StatusBadge>,
    );
    expect(screen.getByText("Bloqué").className).toBe("status-badge is-danger admin-badge");
  });
});
