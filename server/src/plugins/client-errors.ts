import type { Socket } from "node:net";
import { MESSAGES } from "@lagon/contracts/errors";

const ANSWERS: Record<string, { status: string; detail: string }> = {
  // Node refuses a request line and headers over 16 KB (its maxHeaderSize) before Fastify sees it.
  HPE_HEADER_OVERFLOW: {
    status: "431 Request Header Fields Too Large",
    detail: "L'adresse demandée ou les en-têtes de la requête sont trop longs.",
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: "408 Request Timeout",
    detail: "La requête a mis trop de temps à arriver.",
  },
};

/**
 * Answers a request Node's HTTP parser refused (too long, malformed, too slow) like every other
 * error of the API: `{ detail }` in French, instead of Fastify's English default.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const answer = ANSWERS[error.code ?? ""] ?? { status: "400 Bad Request", detail: MESSAGES.invalidRequest };
  const body = JSON.stringify({ detail: answer.detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${answer.status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
