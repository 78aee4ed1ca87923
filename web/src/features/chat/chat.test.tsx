import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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

/**
 * The browser's idle callbacks, run when the test says the page is idle: the widget loads then,
 * and the test waits for that load itself instead of for a guess at how long it takes.
 */
let idleCallbacks: (() => unknown)[] = [];
const requestIdleCallback = vi.fn((callback: () => unknown) => idleCallbacks.push(callback));
async function pageIsIdle() {
  const due = idleCallbacks.splice(0);
  // The callback returns the widget's import: done once it has loaded and rendered.
  await act(async () => {
    await Promise.all(due.map((callback) => callback()));
  });
}

beforeEach(() => {
  idleCallbacks = [];
  requestIdleCallback.mockClear();
  vi.stubGlobal("requestIdleCallback", requestIdleCallback);
  vi.stubGlobal("cancelIdleCallback", vi.fn());
});

afterEach(() => {
  // Unmounted while the stubs are there: the widget's clean-up cancels its idle callback.
  cleanup();
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
    // Ours would come once the page is idle: it does not even ask to.
    await pageIsIdle();
    expect(requestIdleCallback).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Discuter avec nous" })).toBeNull();
  });

  it("loads ours without Crisp, once the page is idle", async () => {
    renderAt("/");
    expect(screen.queryByRole("button", { name: "Discuter avec nous" })).toBeNull();
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    await pageIsIdle();
    expect(screen.getByRole("button", { name: "Discuter avec nous" })).toBeTruthy();
    expect(document.getElementById("crisp-loader")).toBeNull();
  });

  it("shows no chat on the admin pages", async () => {
    renderAt("/admin/chat");
    await pageIsIdle();
    expect(requestIdleCallback).not.toHaveBeenCalled();
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
    await pageIsIdle();
    fireEvent.click(screen.getByRole("button", { name: "Discuter avec nous" }));
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
    await pageIsIdle();
    fireEvent.click(screen.getByRole("button", { name: "Discuter avec nous" }));
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
