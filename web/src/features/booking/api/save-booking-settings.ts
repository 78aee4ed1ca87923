import type { BookingOverview } from "@lagon/contracts/booking-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/**
 * `PUT /api/order/{id}/booking/settings`: services, opening hours and days off, sent as the form has
 * them (`BookingSettingsInput` once valid): the server checks them and says in French what is wrong.
 */
export const saveBookingSettings = (orderId: string, token: string, settings: unknown) =>
  fetchJson<Extract<BookingOverview, { included: true }>>(
    withToken(apiPaths.bookingSettings(orderId), token),
    { method: "PUT", body: JSON.stringify(settings) },
  );
