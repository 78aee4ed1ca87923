import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FaqSection } from "./faq-section";

const questions = () => screen.getAllByRole("button");
const expanded = () => questions().filter((b) => b.getAttribute("aria-expanded") === "true");

describe("FaqSection", () => {
  it("lists 16 questions under the faq anchor, the first one open", () => {
    const { container } = render(<FaqSection />);
    expect(container.querySelector("section")?.id).toBe("faq");
    expect(questions()).toHaveLength(16);
    expect(expanded()).toEqual([questions()[0]]);
  });

  it("opens one answer at a time, and each button controls its own answer", () => {
    render(<FaqSection />);
    const third = questions()[2] as HTMLElement;
    fireEvent.click(third);
    expect(expanded()).toEqual([third]);
    const answer = document.getElementById(third.getAttribute("aria-controls") ?? "");
    expect(answer?.hidden).toBe(false);
    expect(answer?.textContent).toContain("TVA de 8,5");
    fireEvent.click(third);
    expect(expanded()).toEqual([]);
    expect(answer?.hidden).toBe(true);
  });

  it("moves between questions with the arrow keys, Home and End", () => {
    render(<FaqSection />);
    const all = questions();
    (all[0] as HTMLElement).focus();
    fireEvent.keyDown(all[0] as HTMLElement, { key: "ArrowUp" });
    expect(document.activeElement).toBe(all[15]);
    fireEvent.keyDown(all[15] as HTMLElement, { key: "ArrowDown" });
    expect(document.activeElement).toBe(all[0]);
    fireEvent.keyDown(all[0] as HTMLElement, { key: "End" });
    expect(document.activeElement).toBe(all[15]);
    fireEvent.keyDown(all[15] as HTMLElement, { key: "Home" });
    expect(document.activeElement).toBe(all[0]);
  });
});
