import { DEFAULT_TEST_CARD, SUBSCRIPTION_MESSAGES, TEST_CARDS } from "@lagon/contracts/subscriptions";
import { AppError, badRequest } from "../lib/app-error.ts";

/**
 * The local provider's cards, which behave like Stripe's test cards of the same numbers:
 * 4242… always pays; 4000…0341 pays the checkout and declines every later charge; 4000…0002
 * declines everything. A card on file that is null (orders older than this) is 4242.
 */
export function testCardPays(card: string | null | undefined, atCheckout: boolean): boolean {
  switch (card ?? DEFAULT_TEST_CARD) {
    case "4242424242424242":
      return true;
    case "4000000000000341":
      return atCheckout;
    default:
      return false;
  }
}

/** A card number the local checkout and portal take; any other is refused in French. */
export function knownTestCard(card: string | undefined): string {
  const number = card ?? DEFAULT_TEST_CARD;
  if (!TEST_CARDS.some((c) => c.number === number)) throw badRequest(SUBSCRIPTION_MESSAGES.unknownCard);
  return number;
}

/** A declined card: HTTP 402, as Stripe answers. */
export const cardDeclined = () => new AppError(402, SUBSCRIPTION_MESSAGES.cardDeclined);
