import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DiskUsage } from "./disk-usage";

const MB = 1024 * 1024;

describe("the order page's disk block", () => {
  it("shows what the site uses of its allowance, with the time it was read", () => {
    render(
      <DiskUsage disk={{ used_bytes: 12 * MB, limit_bytes: 40 * MB, measured_at: "2026-11-27T06:17:00Z" }} />,
    );
    expect(screen.getByText(/12 Mo utilisés sur 40 Mo \(30 %\), mesuré le/)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("warns from 90 % on", () => {
    render(
      <DiskUsage disk={{ used_bytes: 37 * MB, limit_bytes: 40 * MB, measured_at: "2026-11-27T06:17:00Z" }} />,
    );
    expect(screen.getByRole("alert").textContent).toMatch(/presque plein/);
  });

  it("shows a plan's allowance in Go, and a site over it (after a downgrade) keeps working", () => {
    render(
      <DiskUsage
        disk={{
          used_bytes: 12 * 1024 * MB,
          limit_bytes: 10 * 1024 * MB,
          measured_at: "2026-11-27T06:17:00Z",
        }}
      />,
    );
    expect(screen.getByText(/12 Go utilisés sur 10 Go \(100 %\)/)).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toMatch(/reste en ligne et garde tous ses fichiers/);
  });
});
