import type { MetaDescriptor } from "react-router";
import { publicConfig } from "../config/public-config";

interface PageMetaInput {
  title: string;
  description: string;
  /** Private pages (reached with a token) must not be indexed. */
  noIndex?: boolean;
}

/** The `<title>` and description of a page, suffixed with the company name. */
export function pageMeta({ title, description, noIndex = false }: PageMetaInput): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [
    { title: `${title} | ${publicConfig.COMPANY_NAME}` },
    { name: "description", content: description },
  ];
  if (noIndex) meta.push({ name: "robots", content: "noindex" });
  return meta;
}
