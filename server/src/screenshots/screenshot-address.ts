/** Where a site's directory screenshot is kept (stored_files: every process reads it). */
export const screenshotKey = (orderId: string) => `screenshots/${orderId}.webp`;

/** The public address of a listed site's screenshot; `v` changes with each new one (long browser cache). */
export const screenshotUrl = (subdomain: string, takenAt: Date) =>
  `/api/directory/screenshots/${subdomain}.webp?v=${takenAt.getTime()}`;
