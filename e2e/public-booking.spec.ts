import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { pageShots } from './page-shots.ts';
import { signUpOwner } from './till-journey.ts';

const SHOTS = '.tmp/screenshots/public-booking';

test.setTimeout(180_000);

test('the owner turns the public booking page on, a visitor books a free time, the calendar shows it and the time is gone for the next visitor', async ({ page, browser }) => {
  await signUpOwner(page);
  // Bookings on, one stylist working every day 08:00–18:00, one service (the calendar's own journey sets these up by hand).
  expect((await page.request.patch('/api/business-settings', { data: { enabled_features: { employee_management: true, appointments_booking: true } } })).status()).toBe(200);
  const sam = await page.request.post('/api/employees', { data: { full_name: 'Sam Stylist', role: 'manager', pin: '2468' } });
  expect(sam.status()).toBe(201);
  const samId = (await sam.json()).employee.id as string;
  const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '18:00', break_start: '12:00', break_end: '13:00' }));
  expect((await page.request.put(`/api/appointments/staff/${samId}/hours`, { data: { hours: everyDay } })).status()).toBe(200);
  expect((await page.request.post('/api/appointments/services', { data: { name: 'Haircut', duration_minutes: 60, price: 3500, staff_ids: [samId] } })).status()).toBe(201);

  // The owner: Appointments → Online booking; off until switched on, no link before the first save.
  await page.goto('/appointments');
  await page.getByRole('tab', { name: 'Online booking' }).click();
  const settings = page.getByRole('form', { name: 'Public booking page' });
  const toggle = settings.getByRole('switch', { name: 'Let customers book online' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Save the settings once to get the link to share.')).toBeVisible();
  await toggle.click();
  await settings.getByRole('checkbox', { name: /Haircut/ }).check();
  await settings.getByLabel('Minimum notice (hours)').fill('1');
  await settings.getByLabel('Book up to (days ahead)').fill('14');
  await settings.getByLabel('Welcome text (optional)').fill('Pick a time that suits you. We look forward to seeing you!');
  await settings.getByRole('button', { name: 'Save booking page' }).click();
  await expect(page.getByText('The booking page is on')).toBeVisible();
  const link = await page.getByLabel('Link', { exact: true }).inputValue();
  expect(link).toMatch(/\/book\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await pageShots(page, SHOTS, 'settings');

  // A visitor in a fresh browser (no cookies): the page, the service, tomorrow's free times.
  const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Corner Deli', level: 1 })).toBeVisible();
  await expect(visitor.getByText('Pick a time that suits you.')).toBeVisible();
  await expect(visitor.getByRole('radio', { name: /Haircut\s*60 min · \$35\.00/ })).toBeChecked();
  await visitor.getByRole('button', { name: 'Next day' }).click();
  const times = visitor.getByRole('group', { name: 'Free times' });
  await expect(times.getByRole('button', { name: /^08:00/ })).toBeVisible();
  await expect(times.getByRole('button', { name: /^11:30/ })).toHaveCount(0); // would run into the break
  await times.getByRole('button', { name: /^10:00/ }).click();
  await visitor.getByLabel('Name').fill('Vera Visitor');
  await visitor.getByLabel('E-mail').fill('vera@example.com');
  await visitor.getByLabel('Note (optional)').fill('Just a trim');
  expect(await seriousA11yViolations(visitor)).toEqual([]);
  await pageShots(visitor, SHOTS, 'public-page');
  await visitor.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(visitor.getByRole('heading', { name: 'You are booked' })).toBeVisible();
  await expect(visitor.getByText(/Haircut at Corner Deli on .*10:00/)).toBeVisible();
  await expect(visitor.getByText('A confirmation with a calendar file is on its way to vera@example.com.')).toBeVisible();
  expect(await seriousA11yViolations(visitor)).toEqual([]);
  await pageShots(visitor, SHOTS, 'confirmation');
  await visitorContext.close();

  // The owner's calendar shows the booking tomorrow at 10:00 with Sam.
  await page.goto('/appointments');
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByRole('button', { name: /^Vera Visitor\s*Haircut with Sam Stylist\s*10:00 – 11:00$/ })).toBeVisible();

  // The next visitor no longer sees 10:00 (nor 09:30, which would overlap); 09:00 and 11:00 are still free.
  const nextContext = await browser.newContext();
  const next = await nextContext.newPage();
  await next.goto(link);
  await next.getByRole('button', { name: 'Next day' }).click();
  const nextTimes = next.getByRole('group', { name: 'Free times' });
  await expect(nextTimes.getByRole('button', { name: /^09:00/ })).toBeVisible();
  await expect(nextTimes.getByRole('button', { name: /^11:00/ })).toBeVisible();
  await expect(nextTimes.getByRole('button', { name: /^10:00/ })).toHaveCount(0);
  await expect(nextTimes.getByRole('button', { name: /^09:30/ })).toHaveCount(0);
  await nextContext.close();

  // Turned off, the link answers that there is no page.
  await page.goto('/appointments');
  await page.getByRole('tab', { name: 'Online booking' }).click();
  await page.getByRole('switch', { name: 'Let customers book online' }).click();
  await page.getByRole('button', { name: 'Save booking page' }).click();
  await expect(page.getByText('The booking page is off')).toBeVisible();
  const closed = await browser.newContext();
  const late = await closed.newPage();
  await late.goto(link);
  await expect(late.getByText('There is no booking page at this address')).toBeVisible();
  await closed.close();
});
