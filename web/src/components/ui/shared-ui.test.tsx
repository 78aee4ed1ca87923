import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
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
