/** New conversations one client address may open in an hour: each one e-mails the agency. */
const MAX_PER_HOUR = 5;
const WINDOW_MS = 60 * 60 * 1000;
const MAX_ADDRESSES = 10_000;

/**
 * Counts the conversations each address opened in the last hour, in this process (enough to cap
 * the e-mails a flood could send; the route's rate limit caps the messages themselves).
 */
export class NewConversationThrottle {
  private readonly opened = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether `ip` may open one more conversation now; counts it if so. */
  allow(ip: string): boolean {
    const now = this.now();
    const recent = (this.opened.get(ip) ?? []).filter((t) => now - t < WINDOW_MS);
    if (recent.length >= MAX_PER_HOUR) return false;
    if (this.opened.size >= MAX_ADDRESSES) {
      for (const [address, times] of this.opened) {
        if (times.every((t) => now - t >= WINDOW_MS)) this.opened.delete(address);
      }
    }
    this.opened.set(ip, [...recent, now]);
    return true;
  }
}
