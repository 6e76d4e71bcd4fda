/** Waiting for the page's own app, not the server's first paint of it (renderer/main.tsx removes the mark). */
import type { Page } from 'playwright-core';

/** Resolves once the app itself shows `Seat <seat>`: the first paint drawn by the server has been taken over. */
export async function waitForApp(page: Page, seat = 1): Promise<void> {
  await page.locator(`#root:not([data-first-paint]) [role="group"][aria-label="Seat ${seat}"]`).first().waitFor();
}
