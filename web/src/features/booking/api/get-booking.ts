import type { BookingOverview } from "@lagon/contracts/booking-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/order/{id}/booking`: the bookings, the settings and the feed (or what Business gives). */
export const getBooking = (orderId: string, token: string) =>
  fetchJson<BookingOverview>(withToken(apiPaths.booking(orderId), token));
