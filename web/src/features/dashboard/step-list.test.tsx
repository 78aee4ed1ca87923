import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StepList } from "./step-list";

describe("StepList", () => {
  it("shows each status and the progress as completed steps divided by 4", () => {
    render(
      <StepList
        steps={{
          payment: { status: "completed", timestamp: "2026-11-22T09:00:00Z" },
          subdomain: { status: "completed", timestamp: "2026-11-22T09:01:00Z" },
          wordpress: { status: "processing", timestamp: "2026-11-22T09:01:05Z" },
        }}
      />,
    );
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("50");
    expect(screen.getByText("Terminé le 22 novembre 2026 à 13:00")).toBeTruthy();
    expect(screen.getByText("En cours...")).toBeTruthy();
    expect(screen.getByText("En attente")).toBeTruthy();
  });
});
