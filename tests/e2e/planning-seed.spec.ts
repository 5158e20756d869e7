import { expect as baseExpect, test } from '@playwright/test';
import { openAs } from './platform-support';

// The first screen of a test waits for the app to boot and load its chunks: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

// What the office sees of the demo plan's absences and crews (docs/domain.md#absences): the generated
// absences screens, the technician's related list, and the technicians list filtered by team.

test('the absences list shows the seeded holiday and training day in Italian', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/wfm/absences');
  const rows = page.locator('tbody tr');
  await expect(rows.filter({ hasText: 'Ferie' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Formazione' }).first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Tecnico' })).toBeVisible();
});

test('a technician’s page lists their absences', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/wfm/technicians');
  await page.getByRole('cell', { name: 'Bassi', exact: true }).click();
  await expect(page).toHaveURL(/#\/wfm\/technicians\/[0-9a-f-]+/);
  const section = page.getByRole('region', { name: 'Assenze' });
  await expect(section.getByRole('heading', { name: 'Assenze' })).toBeVisible();
  await expect(section.getByText('Ferie approvate.')).toBeVisible();
  await expect(section.getByText('Ferie', { exact: true })).toBeVisible();
});

test('the technicians list filters by team and zone', async ({ page, request }) => {
  const filter = encodeURIComponent(JSON.stringify({ team: 'Squadra Sud' }));
  await openAs(page, request, 'admin', `/wfm/technicians?filter=${filter}`);
  const rows = page.locator('tbody tr');
  await expect(rows.filter({ hasText: 'Moretti' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Bassi' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Squadra Nord' })).toHaveCount(0);

  const zone = encodeURIComponent(JSON.stringify({ zone: 'Lazio' }));
  await page.goto(`/#/wfm/technicians?filter=${zone}`);
  await expect(rows.filter({ hasText: 'Testa' })).toHaveCount(1);
  await expect(rows).toHaveCount(1);
});
