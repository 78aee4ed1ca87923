import { describe, expect, it } from "vitest";
import { learnProgram } from "./junk-learning.ts";
import { mailPortsFrom } from "./local-mail-host.ts";
import {
  dovecotConf,
  FORWARD_UNWRAP,
  forwardRoute,
  type MailConfigInput,
  mailHostPaths,
  postfixMainCf,
  postfixMasterCf,
} from "./mail-host-config.ts";
import { senderLines } from "./mail-state.ts";
import { rspamdConfigFiles } from "./rspamd-config.ts";

const input: MailConfigInput = {
  paths: mailHostPaths("/data/mail", "/run/lagon-mail-x"),
  ports: mailPortsFrom(2600),
  hostname: "mail.localhost",
  mailUser: "lagonmail",
  mailUid: 999,
  tls: { certFile: "/data/mail/tls/cert.pem", keyFile: "/data/mail/tls/private/key.pem" },
};

/** A main.cf parameter's value. */
function param(text: string, name: string): string | undefined {
  return text.match(new RegExp(`^${name} =[ ]?(.*)$`, "m"))?.[1];
}

/** The -o options of a service of master.cf (the submission port's unless told). */
function serviceOptions(port = input.ports.submission): Map<string, string> {
  const lines = postfixMasterCf(input).split("\n");
  const start = lines.findIndex((line) => line.startsWith(`127.0.0.1:${port} `));
  const options = new Map<string, string>();
  for (const line of lines.slice(start + 1)) {
    const option = line.match(/^\s+-o (\w+)=(.*)$/);
    if (!option) break;
    options.set(option[1] as string, option[2] as string);
  }
  return options;
}

describe("Postfix's restrictions of the submission port (what a site may send)", () => {
  it("lets a login send only as the addresses it owns: mailboxes first, then the sites' senders", () => {
    const main = postfixMainCf(input);
    expect(param(main, "smtpd_sender_login_maps")).toBe(
      "hash:/data/mail/postfix/mailboxes, hash:/data/mail/postfix/senders",
    );
    expect(serviceOptions().get("smtpd_sender_restrictions")).toBe("$lagon_submission_sender_restrictions");
    // A suspended subscription's domains send nothing (decision 0066).
    expect(param(main, "lagon_submission_sender_restrictions")).toBe(
      "reject_sender_login_mismatch, check_sender_access hash:/data/mail/postfix/suspended-out",
    );
    // A site's login owns its own address and the rest of its domain, nothing of another domain.
    expect(senderLines({ senders: { "boulangerie.localhost": "{SHA512-CRYPT}$6$x" } })).toEqual([
      "wordpress@boulangerie.localhost wordpress@boulangerie.localhost",
      "@boulangerie.localhost wordpress@boulangerie.localhost",
    ]);
  });

  it("takes only authenticated clients, relays only for them, caps recipients and asks the rate policy", () => {
    const options = serviceOptions();
    expect(options.get("smtpd_sasl_auth_enable")).toBe("yes");
    expect(options.get("smtpd_client_restrictions")).toBe("permit_sasl_authenticated,reject");
    expect(options.get("smtpd_relay_restrictions")).toBe("permit_sasl_authenticated,reject");
    expect(options.get("smtpd_recipient_limit")).toBe("50");
    expect(options.get("smtpd_recipient_restrictions")).toBe("$lagon_submission_recipient_restrictions");
    expect(param(postfixMainCf(input), "lagon_submission_recipient_restrictions")).toBe(
      `check_recipient_access hash:/data/mail/postfix/suspended-in, check_policy_service inet:127.0.0.1:${input.ports.policy}`,
    );
    expect(input.ports.policy).toBe(2629);
  });

  it("has rspamd scan what the SMTP port receives only, and Dovecot file its spam first", () => {
    expect(serviceOptions(input.ports.smtp).get("smtpd_milters")).toBe(`inet:127.0.0.1:${input.ports.spam}`);
    for (const port of [input.ports.submission, input.ports.replies, input.ports.forward])
      expect(serviceOptions(port).get("smtpd_milters") ?? "").not.toContain(String(input.ports.spam));
    expect(param(postfixMainCf(input), "smtpd_milters")).toBeUndefined();
    expect(dovecotConf(input)).toContain("  sieve_before = /data/mail/sieve/spam.sieve\n");
  });

  it("learns from Junk by IMAPSieve: into it spam, out of it ham, piped only to root's programs", () => {
    const conf = dovecotConf(input);
    expect(conf).toContain("  mail_plugins = $mail_plugins imap_quota imap_sieve\n");
    expect(conf).toContain("  sieve_pipe_bin_dir = /data/mail/sieve/pipe\n");
    // Only the global scripts may pipe: a mailbox's own script gets no such extension.
    expect(conf).toContain(
      "  sieve_global_extensions = +vnd.dovecot.pipe +vnd.dovecot.environment +vnd.dovecot.execute\n",
    );
    expect(conf).not.toMatch(/^\s*sieve_extensions =/m);
    expect(conf).toContain(
      "  imapsieve_mailbox1_name = Junk\n  imapsieve_mailbox1_causes = COPY\n  imapsieve_mailbox1_before = file:/data/mail/sieve/learn-spam.sieve\n",
    );
    expect(conf).toContain("  imapsieve_mailbox2_from = Junk\n");
    const program = learnProgram("spam", input.ports.learn, input.paths.learnHeader);
    // The password is read from its file, never on a command line others can read.
    expect(program).toContain("--header @/data/mail/sieve/learn.header");
    expect(program).toContain(`http://127.0.0.1:${input.ports.learn}/learnspam`);
    const rspamd = rspamdConfigFiles({
      port: input.ports.spam,
      controllerPort: input.ports.learn,
      controllerPassword: "secret",
      stateDir: "/data/mail/rspamd-state",
      runDir: "/run/x/rspamd",
    });
    expect(rspamd["rspamd.conf"]).toContain(`bind_socket = "127.0.0.1:${input.ports.learn}";`);
    expect(rspamd["rspamd.conf"]).toContain("secure_ip = [];");
    expect(rspamd["override.d/statistic.conf"]).toContain('backend = "sqlite3";');
    expect(rspamd["override.d/statistic.conf"]).toContain('path = "$DBDIR/bayes.spam.sqlite";');
  });

  it("takes logins only over TLS: submission refuses anything before STARTTLS, Dovecot any plaintext login", () => {
    const main = postfixMainCf(input);
    expect(param(main, "smtpd_tls_cert_file")).toBe("/data/mail/tls/cert.pem");
    expect(param(main, "smtpd_tls_key_file")).toBe("/data/mail/tls/private/key.pem");
    expect(param(main, "smtpd_tls_auth_only")).toBe("yes");
    // Offered to other servers on the SMTP port, used towards theirs when they offer it.
    expect(param(main, "smtpd_tls_security_level")).toBe("may");
    expect(param(main, "smtp_tls_security_level")).toBe("may");
    expect(serviceOptions().get("smtpd_tls_security_level")).toBe("encrypt");
    expect(serviceOptions(input.ports.smtp).get("smtpd_tls_security_level")).toBeUndefined();
    // The loopback ports of the host's own daemons need none.
    for (const port of [input.ports.replies, input.ports.forward])
      expect(serviceOptions(port).get("smtpd_tls_security_level")).toBe("none");
    expect(postfixMasterCf(input)).toMatch(/^tlsmgr unix /m);
    const dovecot = dovecotConf(input);
    for (const line of [
      "ssl = required",
      "disable_plaintext_auth = yes",
      "ssl_cert = </data/mail/tls/cert.pem",
      "ssl_key = </data/mail/tls/private/key.pem",
    ])
      expect(dovecot).toContain(`\n${line}\n`);
  });

  it("never relays for strangers on the SMTP port, and delivers nothing locally", () => {
    const main = postfixMainCf(input);
    expect(param(main, "smtpd_relay_restrictions")).toBe(
      "permit_sasl_authenticated, reject_unauth_destination",
    );
    expect(param(main, "mynetworks")).toBe("");
    expect(param(main, "mydestination")).toBe("");
    expect(param(main, "inet_interfaces")).toBe("127.0.0.1");
  });
});

describe("Forwards with SRS (decision 0070)", () => {
  it("routes an outside target through the forward port, which alone rewrites the sender", () => {
    const route = forwardRoute("jean.payet@exterieur.test");
    expect(route).toBe("jean.payet=exterieur.test@lagon-forward.invalid");
    // Postfix's regexp table, read as JavaScript: the same address comes back.
    const [, pattern, replacement] = FORWARD_UNWRAP.match(/^\/(.*)\/ (.*)\n$/) as string[];
    expect(route.replace(new RegExp(pattern as string), replacement as string)).toBe(
      "jean.payet@exterieur.test",
    );
    const main = postfixMainCf(input);
    expect(param(main, "transport_maps")).toBe(
      `inline:{ lagon-forward.invalid=smtp:[127.0.0.1]:${input.ports.forward} }`,
    );
    // Only the forward port's cleanup asks postsrsd for a sender; bounces come back through the main one.
    expect(param(main, "sender_canonical_maps")).toBeUndefined();
    expect(param(main, "recipient_canonical_maps")).toBe(`tcp:127.0.0.1:${input.ports.srsReverse}`);
    const master = postfixMasterCf(input);
    expect(master).toContain(`  -o sender_canonical_maps=tcp:127.0.0.1:${input.ports.srsForward}\n`);
    expect(master).toContain(
      "  -o smtpd_relay_restrictions=permit_mynetworks,reject\n  -o smtpd_recipient_restrictions=\n  -o cleanup_service_name=srscleanup",
    );
  });
});
