import dns from "node:dns";
import http from "node:http";
import net from "node:net";

/**
 * Addresses a customer's page must never reach through the screenshot browser: this machine,
 * the private networks the platform lives on (its database, its other services, the cloud's
 * metadata endpoint), and the other reserved ranges.
 */
const PRIVATE = new net.BlockList();
for (const [range, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  PRIVATE.addSubnet(range, bits, "ipv4");
}
for (const [range, bits] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
  ["2001:db8::", 32],
] as const) {
  PRIVATE.addSubnet(range, bits, "ipv6");
}

/** Whether an IP address is on the public internet (an IPv4-mapped IPv6 is judged by its IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = net.isIP(address);
  if (family === 0) return false;
  return !PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Where the proxy connects for the site itself (its own name may be on loopback or private). */
export interface OwnHost {
  /** host:port as the browser asks for it, lower case. */
  authority: string;
  connect: { host: string; port: number };
}

export interface ProxyRules {
  own: OwnHost[];
  /** Names refused whatever they resolve to: the platform's own. */
  refusedNames: string[];
}

export interface GuardedProxy {
  /** http://127.0.0.1:port, for the browser's proxy setting. */
  server: string;
  /** What was refused, for the log (host:port). */
  refused: string[];
  close(): Promise<void>;
}

/** dns.lookup that fails unless every address of the name is public: checked at connect time, no rebinding window. */
const publicLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad || list.length === 0) {
      return callback(new Error(`${hostname}: adresse non publique refusée`), "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0] as dns.LookupAddress;
    callback(null, first.address, first.family);
  });
};

/**
 * A forward HTTP proxy on loopback, the screenshot browser's only way out (decision 0041): the
 * site's own address goes where the product reaches the site; any other name must resolve to
 * public addresses only (checked when connecting, so a name that changes its answer gains
 * nothing), on the web's ports; the platform's names and bare private IPs are refused. Plain
 * HTTP is forwarded request by request (each redirect comes back through here); HTTPS is a
 * CONNECT tunnel checked the same way.
 */
export async function startGuardedProxy(rules: ProxyRules): Promise<GuardedProxy> {
  const refused: string[] = [];
  const own = new Map(rules.own.map((o) => [o.authority.toLowerCase(), o.connect]));
  const refusedNames = new Set(rules.refusedNames.map((n) => n.toLowerCase()));
  const tunnels = new Set<net.Socket>();

  /** Where to connect for host:port, with the lookup to use, or null when refused. */
  const route = (hostname: string, port: number) => {
    const name = hostname.toLowerCase().replace(/^\[|\]$/g, "");
    const ownTarget = own.get(`${name}:${port}`);
    if (ownTarget) return { host: ownTarget.host, port: ownTarget.port, lookup: undefined };
    if (refusedNames.has(name) || name === "localhost" || name.endsWith(".localhost")) return null;
    if (port !== 80 && port !== 443) return null;
    if (net.isIP(name)) return isPublicAddress(name) ? { host: name, port, lookup: undefined } : null;
    return { host: name, port, lookup: publicLookup };
  };
  const refuse = (what: string) => {
    if (refused.length < 50) refused.push(what);
  };

  const server = http.createServer((req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? "");
    } catch {
      return res.writeHead(400).end();
    }
    const port = Number(url.port || 80);
    const target = url.protocol === "http:" ? route(url.hostname, port) : null;
    if (!target) {
      refuse(`${url.hostname}:${port}`);
      return res.writeHead(403).end();
    }
    const headers = { ...req.headers };
    for (const h of Object.keys(headers)) if (h.startsWith("proxy-")) delete headers[h];
    const upstream = http.request(
      {
        host: target.host,
        port: target.port,
        lookup: target.lookup,
        method: req.method,
        path: url.pathname + url.search,
        headers: { ...headers, host: url.host },
        timeout: 15_000,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on("timeout", () => upstream.destroy());
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  server.on("connect", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const match = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(req.url ?? "");
    const target = match ? route(match[1] as string, Number(match[2])) : null;
    client.on("error", () => {});
    tunnels.add(client);
    if (!target) {
      refuse(req.url ?? "?");
      return client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
    }
    const upstream = net.connect({ host: target.host, port: target.port, lookup: target.lookup }, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.setTimeout(15_000, () => upstream.destroy());
    upstream.on("error", () => client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n"));
    tunnels.add(upstream);
    client.on("close", () => {
      upstream.destroy();
      tunnels.delete(client);
      tunnels.delete(upstream);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        for (const socket of tunnels) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
