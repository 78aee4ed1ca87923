import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AdminPager } from "./admin-pager";

describe("AdminPager", () => {
  it("says where we are and goes to the first, previous, next and last page", () => {
    const onPage = vi.fn();
    render(<AdminPager page={3} pageCount={7} onPage={onPage} />);
    const nav = screen.getByRole("navigation", { name: "Pages de la liste" });
    expect(nav.textContent).toContain("Page 3 sur 7");
    for (const name of ["« Première", "‹ Précédente", "Suivante ›", "Dernière »"])
      fireEvent.click(screen.getByRole("button", { name }));
    expect(onPage.mock.calls).toEqual([[1], [2], [4], [7]]);
  });

  it("turns off the way back on the first page and the way on at the last, and hides a single page", () => {
    const { rerender } = render(<AdminPager page={1} pageCount={2} onPage={() => {}} />);
    const off = (name: string) => (screen.getByRole("button", { name }) as HTMLButtonElement).disabled;
    expect([off("« Première"), off("‹ Précédente"), off("Suivante ›"), off("Dernière »")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    rerender(<AdminPager page={2} pageCount={2} onPage={() => {}} />);
    expect([off("« Première"), off("‹ Précédente"), off("Suivante ›"), off("Dernière »")]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    rerender(<AdminPager page={1} pageCount={1} onPage={() => {}} />);
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
