/**
 * Every API address the web app calls, built here and nowhere else (the pages' own addresses are
 * in `config/paths.ts`). `paths.test.ts` fails on a `/api/` written anywhere else in `web/src`.
 */

const enc = encodeURIComponent;

/** The prefix of every API address (robots.txt keeps crawlers out of it). */
export const API_ROOT = "/api/";

/** Adds a token (the order page's, or the admin's) to an API address as its `token` parameter. */
export const withToken = (path: string, token: string) =>
  `${path}${path.includes("?") ? "&" : "?"}token=${enc(token)}`;

const order = (orderId: string) => `/api/order/${enc(orderId)}`;
const adminOrder = (orderId: string) => `/api/admin/orders/${enc(orderId)}`;
/** An order's mail: the order page's addresses (its token), or the same under the admin's (the admin token). */
const mailOf = (orderId: string, admin = false) => (admin ? adminOrder(orderId) : order(orderId));
const mailbox = (orderId: string, address: string, admin = false) =>
  `${mailOf(orderId, admin)}/mailboxes/${enc(address)}`;

export const apiPaths = {
  // Public: the marketing site, the order form, the success page, the chat.
  contact: () => "/api/contact",
  directory: (query?: URLSearchParams) => (query ? `/api/directory?${query}` : "/api/directory"),
  testimonials: () => "/api/testimonials",
  resendMagicLink: () => "/api/resend-magic-link",
  captchaChallenge: () => "/api/captcha/challenge",
  chatMessages: () => "/api/chat/messages",
  createCheckoutSession: () => "/api/stripe/create-checkout-session",
  validateCoupon: (code: string) => `/api/validate-coupon/${enc(code)}`,
  subdomainAvailability: (name: string) => `/api/subdomain-availability/${enc(name)}`,
  orderStatus: (sessionId: string) => `/api/order-status/${enc(sessionId)}`,
  testCheckout: (sessionId: string) => `/api/test-checkout/${enc(sessionId)}`,
  testCheckoutPay: (sessionId: string) => `/api/test-checkout/${enc(sessionId)}/pay`,
  testPortal: (portalSessionId: string) => `/api/test-portal/${enc(portalSessionId)}`,
  testPortalCard: (portalSessionId: string) => `/api/test-portal/${enc(portalSessionId)}/card`,

  // The order page (the order's token, in the query or the body).
  order,
  customerOrders: () => "/api/customer/orders",
  addKoza: (orderId: string) => `${order(orderId)}/add-koza`,
  kozaGenerateSite: () => "/api/koza/generate-site",
  kozaRegenerate: () => "/api/koza/regenerate",
  subscriptionAction: (orderId: string, action: string) => `${order(orderId)}/subscription/${action}`,
  billingPortal: (orderId: string) => `${order(orderId)}/billing-portal`,
  domainRequest: (orderId: string) => `${order(orderId)}/domain`,
  mailDnsRecords: (orderId: string) => `${order(orderId)}/domain/mail-records`,
  backups: (orderId: string) => `${order(orderId)}/backups`,
  backupRestore: (orderId: string, backupId: string) => `${order(orderId)}/backups/${enc(backupId)}/restore`,
  backupRestoreJob: (orderId: string, jobId: string) => `${order(orderId)}/backups/restore/${enc(jobId)}`,
  invoices: (orderId: string) => `${order(orderId)}/invoices`,
  maintenance: (orderId: string) => `${order(orderId)}/maintenance`,
  maintenanceUpdate: (orderId: string) => `${order(orderId)}/maintenance/update`,
  visits: (orderId: string) => `${order(orderId)}/visits`,
  siteMail: (orderId: string) => `${order(orderId)}/site-mail`,
  mailboxes: (orderId: string, admin = false) => `${mailOf(orderId, admin)}/mailboxes`,
  mailbox,
  mailboxPassword: (orderId: string, address: string, admin = false) =>
    `${mailbox(orderId, address, admin)}/password`,
  mailboxVacation: (orderId: string, address: string, admin = false) =>
    `${mailbox(orderId, address, admin)}/vacation`,
  mailboxAppleProfile: (orderId: string, address: string, admin = false) =>
    `${mailbox(orderId, address, admin)}/apple-profile`,
  mailAliases: (orderId: string, admin = false) => `${mailOf(orderId, admin)}/mail-aliases`,
  mailAlias: (orderId: string, address: string, admin = false) =>
    `${mailOf(orderId, admin)}/mail-aliases/${enc(address)}`,
  sftp: (orderId: string) => `${order(orderId)}/sftp`,
  sftpPassword: (orderId: string) => `${order(orderId)}/sftp/password`,
  sftpKeys: (orderId: string) => `${order(orderId)}/sftp/keys`,
  sftpKeysRemove: (orderId: string) => `${order(orderId)}/sftp/keys/remove`,
  siteMode: (orderId: string) => `${order(orderId)}/site-mode`,
  booking: (orderId: string) => `${order(orderId)}/booking`,
  bookingFeed: (orderId: string) => `${order(orderId)}/booking/feed`,
  bookingSettings: (orderId: string) => `${order(orderId)}/booking/settings`,

  // The admin (the admin token, always in the query: see `adminFetch`).
  adminOrders: (query: URLSearchParams) => `/api/admin/orders?${query}`,
  adminOrderEmails: (orderId: string) => `${adminOrder(orderId)}/emails`,
  adminOrderBackups: (orderId: string) => `${adminOrder(orderId)}/backups`,
  adminOrderDownload: (orderId: string) => `${adminOrder(orderId)}/download`,
  adminCustomDomainAction: (orderId: string, endpoint: string) =>
    `/api/admin/custom-domains/${enc(orderId)}/${endpoint}`,
  adminBackupNow: () => "/api/admin/backup-now",
  adminBackupRestore: () => "/api/admin/backups/restore",
  adminReinstallWordpress: () => "/api/admin/reinstall-wordpress",
  adminResendMagicLink: () => "/api/admin/resend-magic-link",
  adminResumeOrder: () => "/api/admin/resume-order",
  adminSubscriptionAction: (action: string) => `/api/admin/subscriptions/${action}`,
  adminSubscriptionSiteStateJob: (jobId: string) => `/api/admin/subscriptions/site-state/${enc(jobId)}`,
  /** Where a slow admin action started at `start` (a backup, a restore, a reinstall) is followed. */
  adminJob: (start: string, jobId: string) => `${start}/${enc(jobId)}`,
  adminTestimonials: () => "/api/admin/testimonials",
  adminTestimonial: (id: string) => `/api/admin/testimonials/${enc(id)}`,
  adminEmailTemplates: () => "/api/admin/email-templates",
  adminEmailTemplate: (name: string) => `/api/admin/email-templates/${enc(name)}`,
  adminAnalytics: () => "/api/admin/analytics",
  adminExportCsv: () => "/api/admin/export-csv",
  adminChatConversations: () => "/api/admin/chat/conversations",
  adminChatConversation: (id: string) => `/api/admin/chat/conversations/${enc(id)}`,
  adminInvoices: (query: URLSearchParams) => `/api/admin/invoices?${query}`,
  adminInvoicesJournal: (query: URLSearchParams) => `/api/admin/invoices/journal.csv?${query}`,
  adminInvoicePdf: (number: string) => `/api/admin/invoices/${enc(number)}/pdf`,
  adminTestClock: () => "/api/admin/test-clock",
  adminTestClockAdvance: () => "/api/admin/test-clock/advance",
};
