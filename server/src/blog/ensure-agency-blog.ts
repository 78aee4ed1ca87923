import type { Context } from "../context.ts";
import { WordPressRest } from "../koza/wordpress-rest.ts";
import type { SiteIdentity } from "../wordpress/wordpress-host.ts";
import {
  adminPasswordFile,
  type BlogCredentials,
  claimBlogSetup,
  readBlogCredentials,
  writeAdminPassword,
  writeBlogCredentials,
} from "./blog-credentials.ts";
import { BLOG_SUBDOMAIN } from "./blog-source.ts";
import { readSeedArticles } from "./seed-articles.ts";
import { seedBlogArticles } from "./seed-blog-articles.ts";

export interface AgencyBlog {
  /** True when this call installed the blog. */
  installed: boolean;
  adminUrl: string;
  adminUser: string;
  articlesCreated: number;
}

function blogIdentity(ctx: Pick<Context, "config">): SiteIdentity {
  const c = ctx.config;
  return {
    subdomain: BLOG_SUBDOMAIN,
    title: `Le blog ${c.COMPANY_NAME}`,
    adminEmail: c.CONTACT_EMAIL,
    legal: {
      companyName: c.COMPANY_NAME,
      legalForm: c.COMPANY_LEGAL_FORM,
      siret: c.COMPANY_SIRET,
      address: c.COMPANY_ADDRESS,
      email: c.CONTACT_EMAIL,
      phone: c.CONTACT_PHONE,
      host: c.COMPANY_HOST,
    },
  };
}

/** True when the blog holds nothing but WordPress's sample post: reinstalling it loses nothing. */
async function isBlank(ctx: Pick<Context, "wordpress">): Promise<boolean> {
  const res = await ctx.wordpress.main.fetch(BLOG_SUBDOMAIN, "/wp-json/wp/v2/posts?per_page=1&_fields=id");
  return res.ok && Number(res.headers.get("x-wp-total") ?? 0) <= 1;
}

/**
 * The embedded agency blog: installed as one more local WordPress site on first start, then
 * seeded with the French articles of server/blog-seed. Idempotent: once seeded, later calls
 * only check that it is there. Nothing to do when BLOG_WP_URL names the agency's own blog.
 */
export async function ensureAgencyBlog(
  ctx: Pick<Context, "config" | "database" | "db" | "secrets" | "wordpress" | "log">,
): Promise<AgencyBlog | undefined> {
  if (ctx.config.BLOG_WP_URL) return undefined;
  const adminUrl = `${ctx.wordpress.main.siteUrl(BLOG_SUBDOMAIN)}/wp-admin/`;
  const known = await readBlogCredentials(ctx);
  if (known?.seeded && (await ctx.wordpress.main.status(BLOG_SUBDOMAIN)) === "installed") {
    return { installed: false, adminUrl, adminUser: known.adminUser, articlesCreated: 0 };
  }
  // Several workers start at once on one database: one of them sets the blog up. The embedded
  // database is this process's alone: a claim left there is from a process that died.
  const release = await claimBlogSetup(ctx, ctx.database.kind === "pglite");
  if (!release) {
    ctx.log.info("another worker is setting up the agency blog");
    return undefined;
  }
  try {
    return await setUpBlog(ctx, adminUrl);
  } finally {
    await release();
  }
}

async function setUpBlog(
  ctx: Pick<Context, "config" | "db" | "secrets" | "wordpress" | "log">,
  adminUrl: string,
): Promise<AgencyBlog | undefined> {
  let credentials: BlogCredentials | undefined = await readBlogCredentials(ctx);
  const status = await ctx.wordpress.main.status(BLOG_SUBDOMAIN);
  let installed = false;
  if (status === "absent" || !credentials) {
    // Installed but its credentials lost (a start cut off right after the install): start over,
    // unless someone has written in it since.
    if (status === "installed" && !(await isBlank(ctx))) {
      ctx.log.warn("the agency blog exists without stored credentials: its articles are left as they are");
      return undefined;
    }
    const identity = blogIdentity(ctx);
    const site =
      status === "installed"
        ? await ctx.wordpress.main.reinstall(identity)
        : await ctx.wordpress.main.install(identity);
    credentials = { adminUser: site.adminUser, appPassword: site.appPassword, seeded: false };
    await writeBlogCredentials(ctx, credentials);
    writeAdminPassword(ctx, site.adminPassword);
    installed = true;
  }
  let articlesCreated = 0;
  if (!credentials.seeded) {
    const wp = new WordPressRest(
      ctx.wordpress.main,
      BLOG_SUBDOMAIN,
      credentials.adminUser,
      credentials.appPassword,
    );
    articlesCreated = await seedBlogArticles(wp, readSeedArticles(), ctx.config.COMPANY_NAME);
    await writeBlogCredentials(ctx, { ...credentials, seeded: true });
  }
  return { installed, adminUrl, adminUser: credentials.adminUser, articlesCreated };
}

/**
 * Runs ensureAgencyBlog in the background so the server starts at once; settles when the blog
 * is ready or given up. A failure (no PHP, no WordPress core) is a warning: the rest of the
 * product works without the blog.
 */
export function startAgencyBlog(
  ctx: Pick<Context, "config" | "database" | "db" | "secrets" | "wordpress" | "log">,
): Promise<void> {
  const started = Date.now();
  return ensureAgencyBlog(ctx).then(
    (blog) => {
      if (!blog) return;
      ctx.log.info({ articlesCreated: blog.articlesCreated, ms: Date.now() - started }, "agency blog ready");
      if (blog.installed) {
        console.log(
          `\nBlog (WordPress) : ${blog.adminUrl} — identifiant ${blog.adminUser}, mot de passe dans ${adminPasswordFile(ctx)}\n`,
        );
      }
    },
    (err) =>
      ctx.log.warn({ err }, "the agency blog could not be created or seeded; the site works without it"),
  );
}
