/**
 * The sites' nginx file of mail programs' set-up answers (decision 0114), checked by nginx itself
 * and served by it: what reaches the product, and an SSH host's file whose product name does not
 * resolve (nginx must start anyway). The whole chain with the product and a mail host is in
 * site-mail/site-mail.test.ts.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import dgram from "node:dgram";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../test/smtp-sink.ts";
import { freePort } from "./site-checks.ts";
import { mailSetupLocations, productUpstreamAt } from "./site-runtime-config.ts";

describe("the sites' nginx passes mail programs' set-up requests to the product", () => {
  let dir: string;
  let nginx: ChildProcess | undefined;
  let product: http.Server;
  let dns: dgram.Socket;
  const seen: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];
  let direct: number;
  let unresolved: number;

  /** nginx's configuration: one server passing to the stand-in product, one to a name nothing resolves. */
  const config = (
    productPort: number,
    deadDns: number,
    sshFile = mailSetupLocations(
      productUpstreamAt("https://produit.lagon.invalid", [`127.0.0.1:${deadDns}`]),
    ),
  ) => `pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${direct};
    server_name _;
    ${mailSetupLocations({ url: `http://127.0.0.1:${productPort}/`, host: "www.lagon.test" })}
    location / { return 404 "site\\n"; }
  }
  server {
    listen 127.0.0.1:${unresolved};
    server_name _;
    ${sshFile}
  }
}
`;

  const nginxTest = (file: string) =>
    execFileSync("/usr/sbin/nginx", ["-t", "-q", "-c", file, "-p", dir], { stdio: "pipe" });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "lagon-mail-setup-nginx-"));
    product = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
        res.end("réponse du produit");
      });
    });
    await new Promise<void>((resolve) => product.listen(0, "127.0.0.1", resolve));
    // A DNS server for which no name exists (NXDOMAIN to every question).
    dns = dgram.createSocket("udp4");
    dns.on("message", (query, from) => {
      const answer = Buffer.from(query);
      answer[2] = 0x81; // a response, recursion desired
      answer[3] = 0x83; // recursion available, NXDOMAIN
      dns.send(answer, from.port, from.address);
    });
    await new Promise<void>((resolve) => dns.bind(0, "127.0.0.1", resolve));
    [direct, unresolved] = [await freePort(), await freePort()];
    const file = path.join(dir, "nginx.conf");
    await writeFile(file, config((product.address() as AddressInfo).port, dns.address().port));
    nginxTest(file);
    nginx = spawn("/usr/sbin/nginx", ["-c", file, "-p", dir, "-g", "daemon off;"], { stdio: "ignore" });
    await waitFor(
      () =>
        ask(direct, "/")
          .then((r) => r.status === 404)
          .catch(() => undefined),
      10_000,
    );
  });

  afterAll(async () => {
    nginx?.kill("SIGTERM");
    await new Promise((resolve) => (nginx?.exitCode !== null ? resolve(null) : nginx?.once("exit", resolve)));
    await new Promise((resolve) => product?.close(resolve));
    dns?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("passes the two paths only, with the site's name but neither its cookies nor a login", async () => {
    const autoconfig = "/.well-known/autoconfig/mail/config-v1.1.xml?emailaddress=contact%40payet.re";
    const res = await ask(direct, autoconfig, {
      headers: { host: "payet.re", cookie: "wordpress_logged_in_abc=secret", authorization: "Basic eDp5" },
    });
    expect(res).toEqual({ status: 200, body: "réponse du produit" });
    const [first] = seen;
    expect(first).toMatchObject({ method: "GET", url: autoconfig });
    expect(first?.headers).toMatchObject({ host: "www.lagon.test", "x-forwarded-host": "payet.re" });
    expect(first?.headers.cookie).toBeUndefined();
    expect(first?.headers.authorization).toBeUndefined();

    // Outlook's path, either spelling, reaches the product's lower-case route with its body.
    const outlook = await ask(direct, "/Autodiscover/Autodiscover.xml", {
      method: "POST",
      headers: { host: "payet.re", "content-type": "text/xml" },
      body: "<Autodiscover/>",
    });
    expect(outlook.status).toBe(200);
    expect(seen[1]).toMatchObject({ method: "POST", url: "/autodiscover/autodiscover.xml" });

    // Anything else stays the site's.
    for (const other of ["/.well-known/autoconfig/autre.xml", "/autodiscover/", "/mail/config-v1.1.xml"])
      expect(await ask(direct, other, { headers: { host: "payet.re" } })).toEqual({
        status: 404,
        body: "site\n",
      });
    expect(seen).toHaveLength(2);
  });

  it("starts with an SSH host's file whose product name does not resolve, and answers 502 for it", async () => {
    const res = await ask(unresolved, "/.well-known/autoconfig/mail/config-v1.1.xml", {
      headers: { host: "payet.re" },
    });
    expect(res.status).toBe(502);
    // The same file resolving the name when nginx reads it would stop nginx (and every site) here.
    const file = path.join(dir, "static.conf");
    const ssh = mailSetupLocations(productUpstreamAt("https://produit.lagon.invalid", ["127.0.0.1:9"]));
    expect(ssh).toContain("proxy_pass $lagon_product;");
    await writeFile(
      file,
      config(1, 9, ssh.replaceAll("proxy_pass $lagon_product;", "proxy_pass https://produit.lagon.invalid;")),
    );
    expect(() => nginxTest(file)).toThrow(/host not found in upstream "produit\.lagon\.invalid"/);
  });

  it("writes an IPv6 DNS server as nginx reads it", () => {
    const file = mailSetupLocations(
      productUpstreamAt("https://www.lagon.test", ["2001:db8::53", "192.0.2.53:5353"]),
    );
    expect(file).toContain("resolver [2001:db8::53] 192.0.2.53:5353 valid=300s;");
    expect(file).toContain("proxy_set_header Host www.lagon.test;");
    expect(file).toContain("proxy_ssl_verify on;");
  });
});

function ask(
  port: number,
  target: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: target,
        method: init.method ?? "GET",
        headers: init.headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}
