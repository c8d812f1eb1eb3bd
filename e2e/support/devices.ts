/**
 * The two widths the catalogue's browser tests run at: a phone held upright (375 px, touch) and a desktop with a mouse
 * (1280 px). For `test.use(DEVICES[width])` and for the contexts a test opens itself.
 */
export const DEVICES = {
  375: { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true },
  1280: { viewport: { width: 1280, height: 900 }, hasTouch: false, isMobile: false },
} as const;

/** The widths of DEVICES, for `for (const width of WIDTHS) test.describe(…)`. */
export const WIDTHS = [375, 1280] as const;
