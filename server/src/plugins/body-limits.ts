/**
 * What a JSON body may weigh, read whole before validation. The largest form of the API (a
 * contact message of 5 000 characters with its captcha) fits many times; a body refused for its
 * size gets a French 413 and, unread, its connection closed (close-unread-requests.ts).
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** For the few bodies that are documents: an e-mail template, a Stripe event. */
export const LARGE_BODY_LIMIT = 1024 * 1024;
