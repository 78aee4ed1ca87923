import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { ADMIN_TOKEN, mailsTo, waitForMail } from "./support/orders";
import { expect, type Page, test } from "./support/test";

const SHOTS = ".test-output/screenshots";
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const AGENCY_EMAIL = "contact@lagon-digital.re";

async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  expect(
    results.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`),
  ).toEqual([]);
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

for (const width of [375, 1280]) {
  test(`a visitor chats from the home page at ${width} px and gets the agency's answer live`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const marker = `Réf. ${width}-${Date.now()}`;
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");

    // The launcher comes once the page is painted and idle; the keyboard opens it.
    const launcher = page.getByRole("button", { name: "Discuter avec nous" });
    await launcher.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Une question ? Écrivez-nous" });
    await expect(panel).toBeVisible();
    await expect(launcher).toHaveAttribute("aria-expanded", "true");
    const message = panel.getByLabel("Votre message");
    await expect(message).toBeFocused();
    await expectAccessible(page, `chat ouvert @${width}`);

    // An empty message is refused in French, without a request.
    await page.keyboard.press("Enter");
    await expect(panel.getByRole("alert")).toHaveText("Écrivez votre message avant de l'envoyer.");

    await panel.getByLabel("Votre e-mail (facultatif)").fill(`visiteur-${width}@example.re`);
    await message.fill(`Bonjour, je voudrais un site pour ma boulangerie. ${marker}`);
    await page.screenshot({ path: `${SHOTS}/chat-visitor-typing-${width}.png` });
    await message.press("Enter");
    const log = panel.getByRole("log", { name: "Messages" });
    await expect(log).toContainText(marker);
    await expect(panel).toContainText("Message reçu !");
    await expect(message).toHaveValue("");
    // Once the conversation is open, the e-mail is not asked again.
    await expect(panel.getByLabel("Votre e-mail (facultatif)")).toHaveCount(0);
    await message.fill("Et avec une boutique en ligne ?");
    await page.keyboard.press("Enter");
    await expect(log).toContainText("Et avec une boutique en ligne ?");

    // The agency is e-mailed once for the conversation, not once per message.
    await waitForMail(AGENCY_EMAIL, new RegExp(marker));
    expect(mailsTo(AGENCY_EMAIL).filter((m) => m.includes(marker))).toHaveLength(1);

    // The admin's inbox, in another tab.
    const admin = await context.newPage();
    await admin.setViewportSize({ width, height: 800 });
    await admin.goto(`/admin/chat?token=${ADMIN_TOKEN}`);
    await admin.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(admin.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(
      admin.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Messagerie" }),
    ).toHaveAttribute("aria-current", "page");
    // No chat widget on the admin pages.
    await expect(admin.getByRole("button", { name: "Discuter avec nous" })).toHaveCount(0);
    const entry = admin.getByRole("button", { name: new RegExp(`visiteur-${width}@example.re`) });
    await expect(entry).toContainText("2 non lus");
    await expect(entry).toContainText("Et avec une boutique en ligne ?");
    await admin.screenshot({ path: `${SHOTS}/chat-admin-inbox-${width}.png`, fullPage: true });
    await entry.click();
    const conversation = admin.getByRole("log", { name: "Messages" });
    await expect(conversation).toContainText(marker);
    await expect(entry).not.toContainText("non lu");
    await expectAccessible(admin, `messagerie @${width}`);

    // The visitor writes again: the admin sees it without reloading.
    await message.fill("Je suis disponible cet après-midi.");
    await message.press("Enter");
    await expect(conversation).toContainText("Je suis disponible cet après-midi.");

    // The admin answers; the visitor's open chat shows it without reloading.
    const answer = `Bonjour ! Un site vitrine commence à 20 € HT par mois. ${marker}`;
    await admin.getByLabel("Votre réponse").fill(answer);
    await admin.getByRole("button", { name: "Envoyer la réponse" }).click();
    await expect(admin.getByRole("status").filter({ hasText: "Réponse envoyée." })).toBeVisible();
    await expect(conversation).toContainText(answer);
    await admin.screenshot({ path: `${SHOTS}/chat-admin-answered-${width}.png`, fullPage: true });

    await expect(log.locator(".is-agency").filter({ hasText: answer })).toBeVisible();
    await expect(panel).not.toContainText("Message reçu !");
    await page.screenshot({ path: `${SHOTS}/chat-visitor-answered-${width}.png` });
    await expectAccessible(page, `chat avec réponse @${width}`);

    // Escape closes the chat and gives the focus back to the launcher.
    await message.focus();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();
    await expect(launcher).toHaveAttribute("aria-expanded", "false");

    // Moving in the app keeps the chat and its styles.
    await page.getByRole("contentinfo").getByRole("link", { name: "À propos" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(launcher).toHaveCSS("position", "fixed");

    // The conversation follows the visitor to other pages (the token is kept by the browser).
    await page.goto("/services");
    await page.getByRole("button", { name: "Discuter avec nous" }).click();
    await expect(page.getByRole("log", { name: "Messages" })).toContainText(answer);
    await admin.close();
    expect(errors).toEqual([]);
  });
}

test("the inbox refuses a missing or wrong admin token", async ({ page }) => {
  await page.goto("/admin/chat");
  await expect(page.getByRole("heading", { name: "Token admin manquant" })).toBeVisible();
  await page.goto("/admin/chat?token=faux-jeton");
  await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
});

test("one visitor's conversation is closed to another", async ({ page, browser }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Discuter avec nous" }).click();
  await page.getByLabel("Votre message").fill("Mon numéro de client est 1234, message privé.");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("log", { name: "Messages" })).toContainText("message privé");

  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto(page.url());
  await stranger.getByRole("button", { name: "Discuter avec nous" }).click();
  await expect(stranger.getByRole("dialog")).toBeVisible();
  await expect(stranger.getByRole("log", { name: "Messages" })).not.toContainText("message privé");
  // Without the token, the API itself refuses.
  const res = await stranger.request.get("/api/chat/messages");
  expect(res.status()).toBe(401);
  await other.close();
});
