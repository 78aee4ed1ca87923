/**
 * What mail programs fetch to set up an address in one step: Thunderbird's autoconfig file
 * (Mozilla's "config-v1.1.xml"), Outlook's autodiscover answer (POX, schema 2006a) and Apple's
 * configuration profile (a `com.apple.mail.managed` payload). None holds a password: the program
 * or the device asks for it.
 */
import { createHash } from "node:crypto";
import type { MailEndpoints } from "../mail-host/mail-host.ts";

const PRODUCT = "Lagon Digital";

export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Thunderbird's autoconfig answer for a mail domain (placeholders let it fill in the address). */
export function thunderbirdAutoconfig(domain: string, endpoints: MailEndpoints): string {
  const host = escapeXml(endpoints.host);
  // The host takes logins only after STARTTLS (decision 0083).
  const socketType = "STARTTLS";
  return `<?xml version="1.0" encoding="UTF-8"?>
<clientConfig version="1.1">
  <emailProvider id="${escapeXml(domain)}">
    <domain>${escapeXml(domain)}</domain>
    <displayName>${PRODUCT} (${escapeXml(domain)})</displayName>
    <displayShortName>${PRODUCT}</displayShortName>
    <incomingServer type="imap">
      <hostname>${host}</hostname>
      <port>${endpoints.imapPort}</port>
      <socketType>${socketType}</socketType>
      <authentication>password-cleartext</authentication>
      <username>%EMAILADDRESS%</username>
    </incomingServer>
    <outgoingServer type="smtp">
      <hostname>${host}</hostname>
      <port>${endpoints.submissionPort}</port>
      <socketType>${socketType}</socketType>
      <authentication>password-cleartext</authentication>
      <username>%EMAILADDRESS%</username>
    </outgoingServer>
  </emailProvider>
</clientConfig>
`;
}

/** Outlook's autodiscover answer (POX) for one address: STARTTLS ("TLS") on both ports. */
export function outlookAutodiscover(address: string, endpoints: MailEndpoints): string {
  const protocol = (type: "IMAP" | "SMTP", port: number, extra: string) => `      <Protocol>
        <Type>${type}</Type>
        <Server>${escapeXml(endpoints.host)}</Server>
        <Port>${port}</Port>
        <LoginName>${escapeXml(address)}</LoginName>
        <DomainRequired>off</DomainRequired>
        <SPA>off</SPA>
        <SSL>on</SSL>
        <Encryption>TLS</Encryption>
        <AuthRequired>on</AuthRequired>${extra}
      </Protocol>`;
  return `<?xml version="1.0" encoding="utf-8"?>
<Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/responseschema/2006">
  <Response xmlns="http://schemas.microsoft.com/exchange/autodiscover/outlook/responseschema/2006a">
    <Account>
      <AccountType>email</AccountType>
      <Action>settings</Action>
${protocol("IMAP", endpoints.imapPort, "")}
${protocol("SMTP", endpoints.submissionPort, "\n        <UsePOPAuth>on</UsePOPAuth>\n        <SMTPLast>off</SMTPLast>")}
    </Account>
  </Response>
</Autodiscover>
`;
}

/** A UUID that stays the same for the same input: a profile installed again replaces the first. */
function stableUuid(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

/** Apple's configuration profile (unsigned) that adds one mailbox to Mail on an iPhone, iPad or Mac. */
export function appleMailProfile(address: string, endpoints: MailEndpoints): string {
  const at = address.lastIndexOf("@");
  const domain = address.slice(at + 1);
  const reversed = domain.split(".").reverse().join(".");
  const identifier = `${reversed}.mail.${address.slice(0, at)}`;
  const s = (value: string) => `<string>${escapeXml(value)}</string>`;
  const bool = (value: boolean) => (value ? "<true/>" : "<false/>");
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>PayloadType</key>${s("Configuration")}
  <key>PayloadVersion</key><integer>1</integer>
  <key>PayloadIdentifier</key>${s(identifier)}
  <key>PayloadUUID</key>${s(stableUuid(`profile:${address}`))}
  <key>PayloadDisplayName</key>${s(`E-mail ${address}`)}
  <key>PayloadDescription</key>${s(`Ajoute l'adresse ${address} à Mail. Le mot de passe vous sera demandé à l'installation.`)}
  <key>PayloadOrganization</key>${s(PRODUCT)}
  <key>PayloadContent</key>
  <array>
    <dict>
      <key>PayloadType</key>${s("com.apple.mail.managed")}
      <key>PayloadVersion</key><integer>1</integer>
      <key>PayloadIdentifier</key>${s(`${identifier}.account`)}
      <key>PayloadUUID</key>${s(stableUuid(`account:${address}`))}
      <key>PayloadDisplayName</key>${s(address)}
      <key>EmailAccountDescription</key>${s(address)}
      <key>EmailAccountType</key>${s("EmailTypeIMAP")}
      <key>EmailAddress</key>${s(address)}
      <key>IncomingMailServerHostName</key>${s(endpoints.host)}
      <key>IncomingMailServerPortNumber</key><integer>${endpoints.imapPort}</integer>
      <key>IncomingMailServerUseSSL</key>${bool(true)}
      <key>IncomingMailServerAuthentication</key>${s("EmailAuthPassword")}
      <key>IncomingMailServerUsername</key>${s(address)}
      <key>OutgoingMailServerHostName</key>${s(endpoints.host)}
      <key>OutgoingMailServerPortNumber</key><integer>${endpoints.submissionPort}</integer>
      <key>OutgoingMailServerUseSSL</key>${bool(true)}
      <key>OutgoingMailServerAuthentication</key>${s("EmailAuthPassword")}
      <key>OutgoingMailServerUsername</key>${s(address)}
      <key>OutgoingPasswordSameAsIncomingPassword</key><true/>
    </dict>
  </array>
</dict>
</plist>
`;
}
