/** Limits of the app the bounds tests (bounds-*.test.ts) run: small enough to reach in a few calls. */
export const LIMITS = {
  prefValueMaxBytes: 2048,
  prefKeysPerUser: 3,
  prefBytesPerUser: 5000,
  uploadBytesPerUserPerDay: 40_000,
  logUserPerWindow: 20,
  logUserParamsPerWindow: 4000,
  pictureMaxPixels: 40_000_000,
};
