import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/** How long a closing connection still takes (and drops) what the client sends. */
const LINGER_MS = 2_000;

/**
 * A request answered before its body has arrived (refused by an access check or a cap) has its
 * connection closed after the answer. Otherwise Node keeps the connection for the next request
 * and so reads the rest of the body only to throw it away: a client refused at the first byte
 * would still have to send all its megabytes, and the server to receive them.
 */
export function closeUnreadRequests(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const { headers, complete, socket } = request.raw;
    const hasBody = headers["transfer-encoding"] !== undefined || Number(headers["content-length"] ?? 0) > 0;
    if (hasBody && !complete) {
      reply.header("connection", "close");
      lingerOnClose(socket);
    }
    return payload;
  });
}

/**
 * Closes as careful web servers do (nginx's lingering_close): the answer, then our side of the
 * connection, then whatever the client still sends is read and dropped for a moment before the
 * socket goes. Destroyed at once with unread bytes, a socket answers them with a reset, which
 * can make the client lose the answer it had not read yet. Node calls destroySoon once the
 * answer of a `Connection: close` response is written.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once("end", () => socket.destroy());
    socket.once("close", () => clearTimeout(timer));
  };
}
