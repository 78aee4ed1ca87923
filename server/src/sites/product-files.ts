import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Context } from "../context.ts";
import type { Order, Site } from "../db/schema.ts";
import { SITE_HOST_SCRIPT } from "../wordpress/site-install.ts";

/**
 * The product's must-use plugins, which every site gets with the helper's site files (decision
 * 0076). Each carries a `Version:` in its header, raised when it changes in a way a site should
 * receive; the one-time upgrade named after all of them gives live sites the current files.
 */
export interface ProductMuPlugin {
  file: string;
  /** Its French "Plugin Name". */
  name: string;
  version: string;
}

const MU_PLUGINS_DIR = path.join(path.dirname(SITE_HOST_SCRIPT), "site-files", "mu-plugins");

/** Reads the headers of the helper's mu-plugins; one without a name or a version is a mistake. */
export function productMuPlugins(dir = MU_PLUGINS_DIR): ProductMuPlugin[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".php"))
    .sort()
    .map((file) => {
      const head = readFileSync(path.join(dir, file), "utf8").slice(0, 2000);
      const name = /^ \* Plugin Name: (.+)$/m.exec(head)?.[1]?.trim();
      const version = /^ \* Version: ([0-9][0-9.]*)$/m.exec(head)?.[1];
      if (!name || !version) throw new Error(`mu-plugin ${file} has no Plugin Name or Version header`);
      return { file, name, version };
    });
}

const CURRENT = productMuPlugins();

/** The upgrade's name: every mu-plugin at its version, so that raising one makes it due again. */
export const PRODUCT_FILES_UPGRADE = `product-files:${CURRENT.map((p) => `${p.file.replace(/\.php$/, "")}@${p.version}`).join(",")}`;

/** Gives the site the current product files through the helper (`site-files`), as its own user. */
export async function refreshProductFiles(
  ctx: Pick<Context, "wordpress">,
  order: Order,
  site: Site,
): Promise<string> {
  await ctx.wordpress.hostFor(site).refreshSiteFiles(order.subdomain);
  return `Extensions de la plateforme mises à jour sur le site : ${CURRENT.map((p) => `${p.name} (version ${p.version})`).join(", ")}.`;
}
