import { MESSAGES } from "@lagon/contracts/errors";
import type { FastifyBaseLogger } from "fastify";
import { AppError, badRequest, forbidden, notFound } from "../lib/app-error.ts";
import { TtlCache } from "../lib/ttl-cache.ts";
import type { BlogSource } from "./blog-source.ts";
import { rewriteMediaUrls } from "./media-urls.ts";

const FORWARDED_HEADERS = ["x-wp-total", "x-wp-totalpages"];
/** What browsers may keep too (the proxy's Cache-Control): a new article shows within a minute. */
export const API_TTL_MS = 60_000;
const API_MAX_ENTRIES = 500;

/** One answer of the blog's REST API, as the site passes it on. */
export interface ApiAnswer {
  /** The pagination headers (X-WP-Total, X-WP-TotalPages) the blog sent. */
  headers: [string, string][];
  /** The JSON, with media addresses rewritten to our origin. */
  body: unknown;
  /** False while the blog is still being filled: nobody may keep this answer (it was not kept). */
  ready: boolean;
}

export const blogUnavailable = () =>
  new AppError(502, "Le blog est momentanément indisponible. Veuillez réessayer plus tard.");

/**
 * The blog's REST API as the site reads it, each answer kept a minute in memory: WordPress takes
 * hundreds of milliseconds to build a page of the list. The proxy sends these answers to the
 * browser, and the blog list's page reads the same ones to preload its first image. While the
 * blog is still being filled, nothing is kept: the articles show as soon as they are in.
 */
export class BlogApi {
  private readonly answers = new TtlCache(API_TTL_MS, API_MAX_ENTRIES);

  constructor(
    private readonly source: BlogSource,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** False while the blog is still being filled (first start of the local blog). */
  async ready(): Promise<boolean> {
    return (await this.source.ready?.()) !== false;
  }

  /** GET on the blog of `blogPath` (/wp-json/…, query included); client errors as AppErrors. */
  async read(blogPath: string): Promise<ApiAnswer> {
    if (!(await this.ready())) return this.load(blogPath, false);
    return this.answers.get(blogPath, () => this.load(blogPath, true));
  }

  /** A file of the blog (an upload), unchanged; a network failure is a 502. */
  async fetch(path: string): Promise<Response> {
    try {
      return await this.source.get(path);
    } catch (err) {
      this.log.warn({ err, path: path.split("?")[0] }, "blog unreachable");
      throw blogUnavailable();
    }
  }

  private async load(blogPath: string, ready: boolean): Promise<ApiAnswer> {
    const res = await this.fetch(blogPath);
    const isJson = res.headers.get("content-type")?.includes("json") ?? false;
    if (res.status === 400) throw badRequest("Paramètres de lecture du blog invalides.");
    if (res.status === 401 || res.status === 403) throw forbidden("Ce contenu du blog n'est pas public.");
    if (res.status === 404 && isJson) throw notFound(MESSAGES.notFound);
    if (!res.ok || !isJson) {
      this.log.warn({ status: res.status, path: blogPath.split("?")[0] }, "blog answered with an error");
      throw blogUnavailable();
    }
    const body = await res.json().catch(() => {
      throw blogUnavailable();
    });
    const headers = FORWARDED_HEADERS.flatMap((name): [string, string][] => {
      const value = res.headers.get(name);
      return value === null ? [] : [[name, value]];
    });
    return { headers, body: rewriteMediaUrls(body, this.source.baseUrl), ready };
  }
}
