/**
 * The app's version, as printed on every shift summary (an auditor asks which software produced a report). Kept
 * here as text rather than read from package.json at run time, which is not where a packaged app can rely on finding
 * it; `test/unit/tooling/app-version.test.ts` fails when the two differ.
 */
export const APP_VERSION = '0.1.0';
