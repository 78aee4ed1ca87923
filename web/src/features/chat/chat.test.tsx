import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { publicConfig } from "../../config/public-config";
import { Chat } from "./chat";

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Chat />
    </MemoryRouter>,
  );

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  publicConfig.CRISP_WEBSITE_ID = undefined;
  document.getElementById("crisp-loader")?.remove();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the chat on every public page", () => {
  it("loads Crisp, and not ours, when CRISP_WEBSITE_ID is set", async () => {
    publicConfig.CRISP_WEBSITE_ID = "crisp-site-id";
    vi.spyOn(console, "info").mockImplementation(() => {});
    renderAt("/");
    const loader = document.getElementById("crisp-loader") as HTMLScriptElement | null;
    expect(loader?.src).toBe("https://client.crisp.chat/l.js");
    expect(window.CRISP_WEBSITE_ID).toBe("crisp-site-id");
    // Ours would come within 2 seconds of an idle page (1 s here, jsdom has no requestIdleCallback).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(screen.queryByRole("button", { name: "Discuter avec nous" })).toBeNull();
  });

  it("loads ours without Crisp, once the page is idle", async () => {
    renderAt("/");
    expect(screen.queryByRole("button", { name: "Discuter avec nous" })).toBeNull();
    expect(await screen.findByRole("button", { name: "Discuter avec nous" }, { timeout: 3000 })).toBeTruthy();
    expect(document.getElementById("crisp-loader")).toBeNull();
  });

  it("shows no chat on the admin pages", async () => {
    renderAt("/admin/chat");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(screen.queryByRole("button", { name: "Discuter avec nous" })).toBeNull();
  });

  it("keeps the token the first message gets, sends it in a header after, and never in the URL", async () => {
    const token = "2f1c8a4e-0b7d-4c39-9d2e-5a6b7c8d9e0f.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
    const message = (id: number, body: string) => ({
      id,
      author: "visitor",
      body,
      created_at: "2026-11-22T09:02:00Z",
    });
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(201, { token, messages: [message(1, "Bonjour")] }))
      .mockResolvedValue(json(200, { messages: [message(1, "Bonjour"), message(2, "Encore")] }));
    vi.stubGlobal("fetch", fetch);
    renderAt("/services");
    fireEvent.click(await screen.findByRole("button", { name: "Discuter avec nous" }, { timeout: 3000 }));
    const textarea = screen.getByLabelText("Votre message");
    fireEvent.change(textarea, { target: { value: "Bonjour" } });
    fireEvent.keyDown(textarea, { key: "Enter" });
    await screen.findByText("Bonjour");

    const [url, first] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/chat/messages");
    expect(JSON.parse(String(first.body))).toEqual({ message: "Bonjour", page: "/services" });
    expect((first.headers as Record<string, string>)["x-chat-token"]).toBeUndefined();
    expect(JSON.parse(localStorage.getItem("lagon-chat") ?? "{}").token).toBe(token);

    fireEvent.change(textarea, { target: { value: "Encore" } });
    fireEvent.keyDown(textarea, { key: "Enter" });
    await screen.findByText("Encore");
    for (const [calledUrl, init] of fetch.mock.calls.slice(1) as [string, RequestInit][]) {
      expect(calledUrl).toBe("/api/chat/messages");
      expect((init.headers as Record<string, string>)["x-chat-token"]).toBe(token);
    }
  });

  it("forgets a conversation the server no longer knows and opens a new one with the message", async () => {
    localStorage.setItem("lagon-chat", JSON.stringify({ token: "old.token", seen: 0 }));
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      const token = (init?.headers as Record<string, string> | undefined)?.["x-chat-token"];
      if (token === "old.token") return json(403, { detail: "Conversation introuvable." });
      if (init?.method === "POST") {
        return json(201, {
          token: "new.token",
          messages: [{ id: 9, author: "visitor", body: "Re-bonjour", created_at: "2026-11-22T09:02:00Z" }],
        });
      }
      return json(200, { messages: [] });
    });
    vi.stubGlobal("fetch", fetch);
    renderAt("/");
    fireEvent.click(await screen.findByRole("button", { name: "Discuter avec nous" }, { timeout: 3000 }));
    const textarea = screen.getByLabelText("Votre message");
    fireEvent.change(textarea, { target: { value: "Re-bonjour" } });
    fireEvent.keyDown(textarea, { key: "Enter" });
    await screen.findByText("Re-bonjour");
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem("lagon-chat") ?? "{}").token).toBe("new.token"),
    );
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
