/** An error whose French `detail` is meant for the client, with the HTTP status it maps to. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new AppError(400, detail);
export const unauthorized = (detail: string) => new AppError(401, detail);
export const forbidden = (detail: string) => new AppError(403, detail);
export const notFound = (detail: string) => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);
