import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { pageShots } from './page-shots.ts';
import { signUpOwner } from './till-journey.ts';

const SHOTS = '.tmp/screenshots/appointments';

test.setTimeout(180_000);

test('the owner switches on bookings, adds a service and a mechanic’s hours, books a customer, is refused a double booking, moves it and downloads the .ics', async ({ page }) => {
  await signUpOwner(page);
  // The business's staff (the employees page is another journey): one mechanic. Times are UTC, the business's default zone.
  expect((await page.request.patch('/api/business-settings', { data: { enabled_features: { employee_management: true } } })).status()).toBe(200);
  expect((await page.request.post('/api/employees', { data: { full_name: 'Sam Mechanic', role: 'manager', pin: '2468' } })).status()).toBe(201);

  // Off by default (SPEC §9): the route guard sends the owner to the dashboard until it is switched on in Settings.
  await page.goto('/appointments');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Appointment booking', exact: true });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.goto('/appointments');
  await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();

  // A service: Brake check, 60 minutes, 45.00, done by Sam.
  await page.getByRole('tab', { name: 'Services' }).click();
  const serviceForm = page.getByRole('form', { name: 'Add a service' });
  await serviceForm.getByLabel('Name').fill('Brake check');
  await serviceForm.getByLabel('Duration (minutes)').fill('60');
  await serviceForm.getByLabel('Price').fill('45.00');
  await serviceForm.getByRole('checkbox', { name: 'Sam Mechanic' }).check();
  await serviceForm.getByRole('button', { name: 'Add service' }).click();
  await expect(page.getByText('Brake check saved')).toBeVisible();
  await expect(page.getByRole('row', { name: /Brake check\s+60\s+\$45\.00\s+Sam Mechanic/ })).toBeVisible();

  // Sam works every day 08:00–18:00 with lunch 12:30–13:00.
  await page.getByRole('tab', { name: 'Staff hours' }).click();
  await page.getByLabel('Staff member').selectOption({ label: 'Sam Mechanic' });
  const hours = page.getByRole('form', { name: 'Working hours of Sam Mechanic' });
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await hours.getByRole('checkbox', { name: day }).check();
    await hours.getByLabel(`${day} from`, { exact: true }).fill('08:00');
    await hours.getByLabel(`${day} to`, { exact: true }).fill('18:00');
    await hours.getByLabel(`${day} break from`).fill('12:30');
    await hours.getByLabel(`${day} break to`).fill('13:00');
  }
  await hours.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('Working hours of Sam Mechanic saved')).toBeVisible();
  await pageShots(page, SHOTS, 'staff-hours');

  // Tomorrow at 10:00: click Sam's free slot on the day view and book Carla.
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await page.getByRole('button', { name: 'Next day' }).click();
  await page.getByRole('button', { name: /^Book Sam Mechanic at 10:00 on / }).click();
  const booking = page.getByRole('dialog', { name: 'Book an appointment' });
  await expect(booking.getByLabel('Service')).toHaveValue(/.+/);
  await expect(booking.getByLabel('Staff')).toHaveValue(/.+/);
  await expect(booking.getByLabel('Time')).toHaveValue('10:00');
  await booking.getByLabel('Name').fill('Carla Client');
  await booking.getByLabel('E-mail').fill('carla@example.com');
  await booking.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByText('Booked Carla Client with Sam Mechanic')).toBeVisible();
  const block = page.getByRole('button', { name: /^Carla Client\s*Brake check with Sam Mechanic\s*10:00 – 11:00$/ });
  await expect(block).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await pageShots(page, SHOTS, 'day-view');

  // Sam again at 10:30: refused, with the reason.
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  const second = page.getByRole('dialog', { name: 'Book an appointment' });
  await second.getByLabel('Staff').selectOption({ label: 'Sam Mechanic' });
  await second.getByLabel('Time').fill('10:30');
  await second.getByLabel('Name').fill('Dan Driver');
  await second.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(second.getByText('Sam Mechanic already has an appointment at that time. Choose another time or another staff member.')).toBeVisible();
  await pageShots(page, SHOTS, 'refused');
  await second.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('button', { name: /^Dan Driver/ })).toHaveCount(0);

  // Move Carla with the Move form to 14:00, then drag her back up three hours to 11:00.
  await block.click();
  const details = page.getByRole('dialog', { name: 'Carla Client · Brake check' });
  await details.getByLabel('Time').fill('14:00');
  await details.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText(/^Moved to .* 14:00 with Sam Mechanic$/)).toBeVisible();
  const afternoon = page.getByRole('button', { name: /^Carla Client\s*Brake check with Sam Mechanic\s*14:00 – 15:00$/ });
  await expect(afternoon).toBeVisible();
  await afternoon.scrollIntoViewIfNeeded();
  const box = (await afternoon.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 10);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 10 - 96, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2, box.y + 10 - 192, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByText('Moved Carla Client to 11:00 with Sam Mechanic')).toBeVisible();
  const moved = page.getByRole('button', { name: /^Carla Client\s*Brake check with Sam Mechanic\s*11:00 – 12:00$/ });
  await expect(moved).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The week view shows it too.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Carla Client\s*Brake check · Sam Mechanic\s*11:00 – 12:00$/ })).toBeVisible();
  await pageShots(page, SHOTS, 'week-view');
  await page.getByRole('button', { name: 'Day', exact: true }).click();

  // The .ics file: one event at 11:00–12:00 UTC tomorrow.
  await moved.click();
  const opened = page.getByRole('dialog', { name: 'Carla Client · Brake check' });
  await pageShots(page, SHOTS, 'appointment');
  const [download] = await Promise.all([page.waitForEvent('download'), opened.getByRole('button', { name: 'Download .ics' }).click()]);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`appointment-${tomorrow}.ics`);
  const ics = readFileSync((await download.path())!, 'utf8');
  const compact = tomorrow.replace(/-/g, '');
  expect(ics).toContain('BEGIN:VEVENT\r\n');
  expect(ics).toContain(`DTSTART:${compact}T110000Z\r\n`);
  expect(ics).toContain(`DTEND:${compact}T120000Z\r\n`);
  expect(ics).toContain('SUMMARY:Brake check – Carla Client\r\n');
  expect(ics).toContain('SEQUENCE:2\r\n');
});
