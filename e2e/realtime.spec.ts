import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'correct horse battery staple';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Opens a sidebar group when it is closed, so its items can be looked for. */
async function openGroup(page: Page, label: string) {
  const button = sidebar(page).getByRole('button', { name: label, exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

test('a feature switched off on one device disappears from another open page without a reload', async ({ page, context }) => {
  const email = `realtime-${Date.now()}@e2e.example`;
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { email, password: PASSWORD, business_name: 'Live Shop', full_name: 'Liv Lee', industry: 'retail' },
  });
  expect(signUp.status()).toBe(201);
  expect((await page.request.post('/api/business/owner', { data: { full_name: 'Liv Lee' } })).status()).toBe(201);

  const till = await context.newPage();
  // The page joins its business channel over the websocket at /realtime.
  const joined = till.waitForEvent('websocket').then((socket) =>
    socket.waitForEvent('framereceived', { predicate: (frame) => /"phx_reply"/.test(String(frame.payload)) && /"status":"ok"/.test(String(frame.payload)) }),
  );
  await till.goto('/dashboard');
  await joined;
  await openGroup(till, 'Sales & POS');
  const customers = sidebar(till).getByRole('link', { name: 'Customers', exact: true });
  await expect(customers).toBeVisible();

  // The owner, on another device, switches customer management off.
  const patched = await page.request.patch('/api/business-settings', { data: { enabled_features: { customer_management: false } } });
  expect(patched.status()).toBe(200);

  await expect(customers).toBeHidden();
});
