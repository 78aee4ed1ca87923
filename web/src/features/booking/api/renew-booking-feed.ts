import type { BookingOverview } from "@lagon/contracts/booking-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `POST /api/order/{id}/booking/feed`: a new private calendar address; the old one stops working. */
export const renewBookingFeed = (orderId: string, token: string) =>
  fetchJson<Extract<BookingOverview, { included: true }>>(withToken(apiPaths.bookingFeed(orderId), token), {
    method: "POST",
  });
