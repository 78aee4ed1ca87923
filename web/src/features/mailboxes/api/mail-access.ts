/**
 * Who acts on an order's mail from the web app: the order page (its token) or the admin's order
 * card (the admin token, `admin`). Both call the same actions, under their own API addresses.
 */
export interface MailAccess {
  orderId: string;
  token: string;
  admin?: boolean;
}
