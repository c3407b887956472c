import { expect, test, type Page } from '@playwright/test';
import { emailTo } from './mail.ts';
import { seriousA11yViolations } from './axe.ts';
import { signUpOwner } from './till-journey.ts';

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/help-center-${name}-1280.png` });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `/tmp/help-center-${name}-390.png` });
  if (size) await page.setViewportSize(size);
}

test('an owner searches the Help Center, reads an article, finds the shortcuts and writes to the super admin', async ({ page }) => {
  await signUpOwner(page, 'Help Test Shop');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Help Center' }).click();
  await expect(page).toHaveURL(/\/help-center$/);
  await expect(page.getByRole('heading', { name: 'Help Center', level: 1 })).toBeVisible();
  const articles = page.getByRole('region', { name: 'Articles' });
  for (const title of ['Getting started', 'The till', 'Refunds', 'Closing the day', 'Stock', 'Staff and permissions']) {
    await expect(articles.getByRole('link', { name: new RegExp(`^${title}`) })).toBeVisible();
  }
  await screenshots(page, 'home');

  // Search narrows the articles; an article opens from the result.
  await page.getByRole('searchbox', { name: 'Search the help articles' }).fill('restock');
  await expect(page).toHaveURL(/[?&]q=restock\b/);
  const results = page.getByRole('region', { name: 'Articles matching “restock”' });
  await expect(results.getByRole('link')).toHaveCount(2);
  await results.getByRole('link', { name: /^Refunds/ }).click();
  const article = page.getByRole('article', { name: 'Refunds' });
  await expect(article.getByRole('heading', { name: 'How the money goes back', level: 3 })).toBeVisible();
  await expect(article.getByText('can process refunds')).toBeVisible();
  await screenshots(page, 'article');
  await page.getByRole('link', { name: 'All articles' }).click();
  await page.getByRole('searchbox', { name: 'Search the help articles' }).fill('zebra crossing');
  await expect(page.getByText('No article matches “zebra crossing”.')).toBeVisible();

  // The shortcuts the app really has.
  const shortcuts = page.getByRole('region', { name: 'Keyboard shortcuts' });
  await expect(shortcuts.getByRole('row', { name: /Lock the till/ })).toContainText('Ctrl+Shift+L');
  await expect(shortcuts.getByRole('row', { name: /Show or hide the sidebar/ })).toContainText('Ctrl+B');
  await expect(shortcuts.getByRole('row', { name: /Park the sale/ })).toContainText('F8');

  // The contact form: a short message is refused before sending; a real one reaches the super admin.
  const contact = page.getByRole('region', { name: 'Contact us' });
  await contact.getByLabel('Topic').click();
  await page.getByRole('option', { name: 'Something is not working' }).click();
  const subject = `Drawer will not open ${Date.now()}`;
  await contact.getByLabel('Subject').fill(subject);
  await contact.getByLabel('Message').fill('Help!');
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(contact.getByText('Tell us a little more (at least 10 characters)')).toBeVisible();
  await contact.getByLabel('Message').fill('The cash drawer stays shut after a cash sale since this morning.');
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(contact.getByRole('status')).toContainText(`Message sent: “${subject}”`);
  expect(await seriousA11yViolations(page)).toEqual([]);

  const mail = await emailTo('root@e2e.example', subject);
  expect(mail.subject).toBe(`Help request: ${subject}`);
  expect(mail.text).toContain('Help Test Shop');
  expect(mail.text).toContain('Topic: Something is not working');
  expect(mail.text).toContain('The cash drawer stays shut after a cash sale since this morning.');
});
