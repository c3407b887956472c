import { expect, test, type Page } from '@playwright/test';
import { emailedLink } from './mail.ts';
import { viewportShots } from './api-helpers.ts';
import { seriousA11yViolations } from './axe.ts';
import { OWNER_PIN, PASSWORD, newEmail } from './till-journey.ts';

const SHOTS = '.tmp/screenshots/templates';
/** A super admin of its own (playwright.config.ts lists it), so that other specs' super admins sign up as they expect. */
const ROOT = 'templates-root@e2e.example';

test.setTimeout(180_000);

async function signUp(page: Page, input: { business: string; industry: 'Retail' | 'Restaurant'; email: string; startEmpty?: boolean }) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('Business name').fill(input.business);
  await page.getByLabel('Full name').fill('Rosa Neri');
  await page.getByLabel('Industry').click();
  await page.getByRole('option', { name: input.industry }).click();
  if (input.startEmpty) await page.getByLabel('Start empty, without example categories or products').check();
  await page.getByLabel('Email or phone').fill(input.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup-thank-you$/);
}

async function assignOwner(page: Page) {
  await page.goto('/dashboard');
  await page.getByLabel('PIN for the tills').fill(OWNER_PIN);
  await page.getByRole('button', { name: 'Assign business owner' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

test('the super admin edits the restaurant template; a new restaurant starts with its categories, one that starts empty does not', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signUp(admin, { business: 'Platform Templates', industry: 'Retail', email: ROOT });
  await admin.goto(await emailedLink(ROOT, /http\S+\/signup-thank-you\?verify=\S+/));
  await expect(admin.getByText('Your e-mail address is confirmed')).toBeVisible();
  await assignOwner(admin);

  try {
    await admin.goto('/superadmin/industry-templates');
    await expect(admin.getByRole('heading', { name: 'Industry Templates', level: 1 })).toBeVisible();
    await admin.getByRole('tab', { name: 'Restaurant' }).click();
    const form = admin.getByRole('form', { name: 'Restaurant template' });
    await expect(form.getByText('None: new businesses start without categories.')).toBeVisible();
    for (const [index, name] of ['Antipasti', 'Pizza', 'Dolci'].entries()) {
      await form.getByRole('button', { name: 'Add category' }).click();
      await form.getByLabel(`Category ${index + 1}`, { exact: true }).fill(name);
    }
    await form.getByRole('button', { name: 'Add product' }).click();
    await form.getByLabel('Product 1 name').fill('Margherita');
    await form.getByLabel('Product 1 price').fill('9.50');
    await form.getByLabel('Product 1 category').selectOption('Pizza');
    await form.getByLabel('Kitchen display').check();
    // Receipt texts and a table plan (decision 065).
    await form.getByLabel('Receipt footer').fill('Grazie e arrivederci');
    await form.getByRole('button', { name: 'Add area' }).click();
    await form.getByLabel('Area 1 name').fill('Sala');
    await form.getByRole('button', { name: 'Add table to Sala' }).click();
    await form.getByLabel('Sala table 1 name').fill('T1');
    await form.getByLabel('Sala table 1 seats').fill('2');
    // A product in a category the template does not have is refused before anything is sent.
    await form.getByLabel('Category 2', { exact: true }).fill('Pizze');
    await form.getByRole('button', { name: 'Save restaurant template' }).click();
    await expect(form.getByText('"Margherita" is in the category "Pizza", which the template does not have')).toBeVisible();
    await form.getByLabel('Category 2', { exact: true }).fill('Pizza');
    await form.getByLabel('Product 1 category').selectOption('Pizza');
    await form.getByRole('button', { name: 'Save restaurant template' }).click();
    await expect(admin.getByText('Restaurant template saved; new restaurant businesses start with it')).toBeVisible();
    await expect(form.getByText(/^Last saved /)).toBeVisible();
    // The form keeps what was saved (it is not rebuilt when the save finishes).
    await expect(form.getByLabel('Sala table 1 name')).toHaveValue('T1');
    await expect(form.getByLabel('Product 1 price')).toHaveValue('9.50');
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await admin.evaluate(() => window.scrollTo(0, 0));
    await viewportShots(admin, SHOTS, 'industry-templates');

    // A new restaurant owner signs up and finds the template's categories and product.
    const owner = await (await browser.newContext()).newPage();
    await signUp(owner, { business: 'Trattoria Rosa', industry: 'Restaurant', email: newEmail() });
    await assignOwner(owner);
    await owner.goto('/categories');
    const list = owner.getByRole('list', { name: 'Categories in till order' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list).toContainText(/Antipasti[\s\S]*Pizza[\s\S]*Dolci/);
    await viewportShots(owner, SHOTS, 'new-restaurant-categories');
    await owner.goto('/products');
    await expect(owner.getByText('Margherita')).toBeVisible();
    // The template's receipt footer is the business's, and its table plan is there.
    await owner.goto('/settings');
    await expect(owner.getByLabel('Receipt footer')).toHaveValue('Grazie e arrivederci');
    const plan = (await (await owner.request.get('/api/dining/plan')).json()) as { areas: { name: string }[]; tables: { name: string; seats: number }[] };
    expect(plan.areas.map((area) => area.name)).toEqual(['Sala']);
    expect(plan.tables).toEqual([expect.objectContaining({ name: 'T1', seats: 2 })]);
    // The template switched the kitchen display on (SPEC §2: a gated route sends others to /dashboard).
    await owner.goto('/kitchen');
    await expect(owner).toHaveURL(/\/kitchen$/);

    // One that starts empty gets none of it.
    const empty = await (await browser.newContext()).newPage();
    await signUp(empty, { business: 'Blank Bistro', industry: 'Restaurant', email: newEmail(), startEmpty: true });
    await assignOwner(empty);
    await empty.goto('/categories');
    await expect(empty.getByRole('heading', { name: 'Group what you sell' })).toBeVisible();
    await expect(empty.getByRole('list', { name: 'Categories in till order' })).toHaveCount(0);
  } finally {
    // Later specs sign up restaurants on this server and expect them to start as before.
    const restored = await admin.request.get('/api/super-admin/industry-templates');
    const retail = ((await restored.json()) as { templates: { industry: string; enabled_features: Record<string, boolean> }[] }).templates[0]!;
    const reset = await admin.request.put('/api/super-admin/industry-templates/restaurant', { data: { enabled_features: retail.enabled_features, categories: [], products: [] } });
    expect(reset.ok()).toBe(true);
  }
});
