import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/** A page at both sizes of the brief (full length), for a person to look at; the phone width never scrolls sideways. */
export async function pageShots(page: Page, folder: string, name: string) {
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: `${folder}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${folder}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}
