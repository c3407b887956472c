import { mkdirSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Set-up calls the specs make through the API instead of clicking (with the signed-in page's
 * cookies, or a context's request client), and the screenshots a person looks at afterwards.
 * One copy here; the kitchen, dining and back-office specs had grown their own.
 */
const requestOf = (from: Page | APIRequestContext): APIRequestContext => ('goto' in from ? from.request : from);

/** POST that must succeed (any 2xx); the body of a failure is in the message. */
export async function postOk<T>(from: Page | APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await requestOf(from).post(path, { data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** POST answered with exactly `status` (201 unless told), returning the parsed body. */
export async function postExpecting(from: Page | APIRequestContext, path: string, data: unknown, status = 201): Promise<any> {
  const response = await requestOf(from).post(path, { data });
  const body = await response.json();
  expect(response.status(), `${path}: ${JSON.stringify(body)}`).toBe(status);
  return body;
}

/** The screen at each size (a 1280×800 tablet and a 390×844 phone unless told), saved as `<folder>/<name>-<width>.png`. */
export async function viewportShots(
  page: Page,
  folder: string,
  name: string,
  sizes: readonly (readonly [number, number])[] = [
    [1280, 800],
    [390, 844],
  ],
) {
  mkdirSync(folder, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    // Let a layout that depends on the width settle before the picture.
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${folder}/${name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
}
