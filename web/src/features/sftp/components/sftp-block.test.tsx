import type { SftpView } from "@lagon/contracts/sftp-schemas";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SftpBlock } from "./sftp-block";

const ORDER = "0b7c2d8e-1111-4222-8333-444455556666";
const BASE = `/api/order/${ORDER}/sftp`;
const VIEW: SftpView = {
  unavailable_reason: null,
  settings: {
    host: "localhost",
    port: 2222,
    user: "wp-fleurs-38cf00",
    home: "/wp-content",
    plain_folder: "/wp-content/www",
  },
  mode: "wordpress",
  password_set: false,
  keys: [],
};
const UNREADABLE = "Clé publique illisible : collez la ligne entière du fichier .pub.";

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(answers: Record<string, () => Response>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? "GET"} ${url.replace(/\?token=jeton$/, "")}`;
      const answer = answers[key];
      if (!answer) throw new Error(`unexpected ${key}`);
      return answer();
    }),
  );
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe("SftpBlock", () => {
  it("says the server's refusal of a key under the key field, where the buyer pressed « Ajouter la clé »", async () => {
    api({
      [`GET ${BASE}`]: () => json(VIEW),
      [`POST ${BASE}/keys`]: () => json({ detail: UNREADABLE }, 400),
    });
    render(<SftpBlock orderId={ORDER} token="jeton" />);
    const field = await screen.findByLabelText("Ajouter une clé publique (contenu du fichier .pub)");
    fireEvent.change(field, { target: { value: "pas une clé" } });
    fireEvent.click(screen.getByRole("button", { name: "Ajouter la clé" }));
    const alert = await screen.findByText(UNREADABLE);
    expect(alert.id).toBe("sftp-key-error");
    expect(field.getAttribute("aria-describedby")).toBe("sftp-key-error");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("says the server's refusal of a password under the password field", async () => {
    const refusal = "Ce mot de passe est trop courant : choisissez-en un autre.";
    api({
      [`GET ${BASE}`]: () => json(VIEW),
      [`POST ${BASE}/password`]: () => json({ detail: refusal }, 400),
    });
    render(<SftpBlock orderId={ORDER} token="jeton" />);
    const field = await screen.findByLabelText("Mot de passe SFTP (12 caractères au moins)");
    fireEvent.change(field, { target: { value: "motdepasse123" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer ce mot de passe" }));
    expect((await screen.findByText(refusal)).id).toBe("sftp-password-error");
    expect(field.getAttribute("aria-invalid")).toBe("true");
  });
});
