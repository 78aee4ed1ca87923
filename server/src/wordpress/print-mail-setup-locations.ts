import dns from "node:dns";
import { loadConfig } from "../config.ts";
import { mailSetupLocations, productUpstreamAt } from "./site-runtime-config.ts";

// `npm run mail-setup-locations`: prints an SSH WordPress host's nginx file of mail programs'
// set-up answers, passed to the product at PUBLIC_URL, whose name nginx resolves through
// DNS_RESOLVER or else this machine's DNS servers (decision 0114, docs/operations/wordpress-host.md).
const config = loadConfig();
const resolvers = config.DNS_RESOLVER?.length ? config.DNS_RESOLVER : dns.getServers();
process.stdout.write(mailSetupLocations(productUpstreamAt(config.PUBLIC_URL, resolvers)));
