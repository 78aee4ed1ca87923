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

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.host.fetch(this.subdomain, `/wp-json${path}`, {
      method,
      headers: { Authorization: this.auth, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok)
      throw new Error(`WordPress ${method} ${path} : ${res.status} ${(await res.text()).slice(0, 200)}`);
    return (await res.json()) as T;
  }

  async upload(data: Buffer, filename: string, mime: string): Promise<{ id: number; source_url: string }> {
    const res = await this.host.fetch(this.subdomain, "/wp-json/wp/v2/media", {
      method: "POST",
      headers: {
        Authorization: this.auth,
        "Content-Type": mime,
        "Content-Disposition": `attachment; filename="${filename}"`,
      },
      body: new Uint8Array(data),
    });
    if (!res.ok) throw new Error(`WordPress media upload : ${res.status}`);
    return (await res.json()) as { id: number; source_url: string };
  }
}
