import type { WordPressHost } from "../wordpress/wordpress-host.ts";

/** The customer site's REST API, as its admin, with the application password kept at install. */
export class WordPressRest {
  private readonly auth: string;

  constructor(
    private readonly host: WordPressHost,
    private readonly subdomain: string,
    user: string,
    appPassword: string,
  ) {
    this.auth = `Basic ${Buffer.from(`${user}:${appPassword}`).toString("base64")}`;
  }

  /** A JSON request to /wp-json{path}; a non-2xx answer is an error naming WordPress's code. */
  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.host.fetch(this.subdomain, `/wp-json${path}`, {
      method,
      headers: { Authorization: this.auth, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return this.read<T>(res, `${method} ${path.split("?")[0]}`);
  }

  /** Adds a file to the media library. */
  async upload<T>(data: Buffer, filename: string, mime: string): Promise<T> {
    const res = await this.host.fetch(this.subdomain, "/wp-json/wp/v2/media", {
      method: "POST",
      headers: {
        Authorization: this.auth,
        "Content-Type": mime,
        "Content-Disposition": `attachment; filename="${filename}"`,
      },
      body: new Uint8Array(data),
    });
    return this.read<T>(res, "POST /wp/v2/media");
  }

  private async read<T>(res: Response, what: string): Promise<T> {
    const text = await res.text();
    if (!res.ok) {
      let reason = "";
      try {
        const body = JSON.parse(text) as { code?: string; message?: string };
        reason = [body.code, body.message].filter(Boolean).join(" : ");
      } catch {
        reason = text.slice(0, 120);
      }
      throw new Error(`WordPress ${what} : ${res.status} ${reason}`.trim());
    }
    return JSON.parse(text) as T;
  }
}
