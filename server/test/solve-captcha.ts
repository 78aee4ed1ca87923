import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { FastifyInstance } from "fastify";

/** Fetches a challenge from our API and solves it, as the browser widget does. */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const challenge = (await app.inject({ url: "/api/captcha/challenge" })).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}
