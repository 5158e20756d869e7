import { expect, test, type Page } from '@playwright/test';
import { signIn } from './shell-support';
import {
  expectNoErrors,
  expectNoHorizontalScroll,
  downloadedPdfText,
  drawSignature,
  fgasRecordsOf,
  technicianJobOfToday,
  vanOnHand,
} from './technician-support';

/** A 1×1 PNG: what a phone camera would hand the file input. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The README's screenshot, written when TECHNICIAN_DAY_SCREENSHOT names a file (docs/images/technician-day.png). */
const SCREENSHOT = process.env.TECHNICIAN_DAY_SCREENSHOT;

async function screenIsClean(page: Page) {
  await expectNoErrors(page);
  await expectNoHorizontalScroll(page);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a technician's day: from today's list through the job to its completion", async ({ page, request }) => {
    test.setTimeout(120_000);
    const title = `Manutenzione climatizzatore ${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const { activity, item, cylinder, vanId } = await technicianJobOfToday(request, 'acme', 'tecnico', title);
    const before = await vanOnHand(request, 'acme', vanId, item.id);
    const jobUrl = new RegExp(`#/wfm/activities/${activity.id}/job$`);

    await signIn(page, 'acme', 'tecnico');
    const today = page.getByRole('list', { name: 'Le tue attività di oggi' });
    const link = today.getByRole('link', { name: new RegExp(title) });
    await expect(link).toBeVisible();
    await screenIsClean(page);

    // The assigned activities are cards on a phone, and a card opens the job screen.
    await page.goto('/#/wfm/activities/assigned');
    const card = page.getByRole('link', { name: new RegExp(title) });
    await expect(card).toHaveAttribute('href', jobUrl);
    await screenIsClean(page);

    await page.goto('/');
    await link.click();
    await expect(page).toHaveURL(jobUrl);
    await expect(page.getByText(title).first()).toBeVisible();
    await expect(page.getByTestId('machine')).toHaveCount(1);
    await expect(page.getByTestId('call').or(page.getByTestId('maps')).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Interventi precedenti' })).toBeVisible();
    await screenIsClean(page);

    // Time tracking.
    await page.getByRole('button', { name: 'Inizia', exact: true }).click();
    await expect(page.getByTestId('work-state')).toHaveText('In corso');

    // A material from the van: the picker fills description and unit.
    await page.getByRole('combobox', { name: 'Articolo dal furgone' }).fill(String(item.sku));
    await page
      .getByRole('option', { name: new RegExp(String(item.sku)) })
      .first()
      .click();
    await page.getByRole('textbox', { name: 'Quantità' }).fill('1');
    await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
    const materials = page.getByRole('list', { name: 'Materiali' });
    await expect(materials).toContainText(String(item.name));
    await expect(materials).toContainText('1 pz');

    // An F-gas line on the machine, its gas filled in from the machine.
    await expect(page.getByRole('textbox', { name: 'Refrigerante' })).not.toHaveValue('');
    await page.getByRole('combobox', { name: 'Bombola' }).click();
    await page
      .getByRole('option', { name: new RegExp(String(cylinder.sku)) })
      .first()
      .click();
    // Picking the van's cylinder fills its lot: completion takes the gas out of that lot.
    const lot = page.getByRole('textbox', { name: 'Lotto bombola', exact: true });
    if (cylinder.tracking === 'lot') await expect(lot).not.toHaveValue('');
    else await lot.fill('E2E-LOT-1');
    await page.getByRole('combobox', { name: 'Origine del gas caricato' }).click();
    await page.getByRole('option', { name: 'Vergine' }).click();
    await page.getByRole('textbox', { name: 'Caricato (kg)' }).fill('0,1');
    await page.getByRole('button', { name: 'Aggiungi la riga gas' }).click();
    await expect(page.getByRole('list', { name: 'F-gas' })).toContainText('Caricato 0,1 kg');

    // The required checklist item, saved on the tick.
    const tick = page.getByRole('checkbox', { name: /Controllo perdite eseguito/ });
    await tick.check();
    await expect(tick).toBeChecked();

    // A photo, as the camera would give it.
    await page.getByTestId('photo-input').setInputFiles({ name: 'guasto.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(page.getByRole('region', { name: 'Foto' })).toContainText('guasto.png');
    await screenIsClean(page);
    if (SCREENSHOT) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: SCREENSHOT });
    }

    await page.getByRole('button', { name: 'Fine', exact: true }).click();
    await expect(page.getByTestId('work-state')).toHaveText('Terminato');

    // Completion: a full-screen dialog whose confirm button is on screen.
    await page.getByRole('button', { name: 'Completa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Completa' });
    await expect(dialog.getByLabel('Inizio effettivo')).not.toHaveValue('');
    await dialog.getByRole('textbox', { name: 'Esito' }).fill('Filtri puliti, nessuna perdita.');
    await expect(dialog.getByRole('button', { name: 'Conferma' })).toBeInViewport();
    await screenIsClean(page);
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog).toBeHidden();

    // Read-only now, with the way to the work report.
    await expect(page.getByRole('link', { name: 'Rapporto di lavoro' })).toHaveAttribute(
      'href',
      `#/wfm/activities/${activity.id}/report`,
    );
    await expect(page.getByRole('button', { name: 'Inizia', exact: true })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: /Controllo perdite eseguito/ })).toBeDisabled();
    await screenIsClean(page);

    // The completion moved the piece out of the van and wrote the F-gas register.
    expect(await vanOnHand(request, 'acme', vanId, item.id)).toBe(before - 1);
    expect((await fgasRecordsOf(request, 'acme', activity.id)).length).toBeGreaterThan(0);

    // The work report: made from the job, signed by the customer on the screen, and its PDF downloaded.
    await page.getByRole('link', { name: 'Rapporto di lavoro' }).click();
    const heading = page.getByRole('heading', { level: 1, name: /Rapporto di intervento RAP\/\d{4}\/\d{5}/ });
    await expect(heading).toBeVisible({ timeout: 15_000 });
    const number = /RAP\/\d{4}\/\d{5}/.exec((await heading.textContent()) ?? '')![0];
    await expect(page.getByText('Filtri puliti, nessuna perdita.')).toBeVisible();
    await screenIsClean(page);
    await drawSignature(page);
    await page.getByLabel('Nome di chi firma').fill('Giulia Bianchi');
    await page.getByRole('button', { name: 'Firma', exact: true }).click();
    await expect(page.getByText(/Firmato da Giulia Bianchi il/)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica PDF' }).click();
    const { totalPages, text } = await downloadedPdfText(await (await download).path());
    expect(totalPages).toBeGreaterThanOrEqual(1);
    expect(text).toContain(number);
    // NFKC: the PDF's text layer reads the micro sign of "10 µF" as the Greek letter mu.
    expect(text.normalize('NFKC')).toContain(String(item.name).normalize('NFKC'));
    expect(text).toContain('Giulia Bianchi');
    await screenIsClean(page);
  });
});

test.describe('an action dialog on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fills the screen, its confirm button on screen', async ({ page, request }) => {
    const { activity } = await technicianJobOfToday(request, 'acme', 'tecnico', `Dialogo ${Date.now()}`);
    await signIn(page, 'acme', 'admin');
    await page.goto(`/#/wfm/activities/${activity.id}`);
    await page.getByRole('toolbar', { name: 'Azioni' }).getByRole('button', { name: 'Completa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Completa' });
    await expect(dialog.getByRole('button', { name: 'Conferma' })).toBeInViewport();
    const box = await dialog.boundingBox();
    expect(box!.width).toBe(390);
  });
});

test('the job screen on a desktop: two columns, nothing cut, the dialog in the page', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const title = `Intervento da scrivania ${Date.now()}`;
  const { activity } = await technicianJobOfToday(request, 'acme', 'tecnico', title);
  await signIn(page, 'acme', 'tecnico');
  await page.goto(`/#/wfm/activities/${activity.id}/job`);
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.getByTestId('machine')).toHaveCount(1);
  const place = await page.getByRole('region', { name: 'Cliente e sede' }).boundingBox();
  const checklist = await page.getByRole('region', { name: 'Checklist' }).boundingBox();
  // Side by side: the checklist starts in the right column, level with the customer.
  expect(checklist!.x).toBeGreaterThan(place!.x + place!.width - 1);
  await screenIsClean(page);
  await page.getByRole('button', { name: 'Completa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Completa' });
  await expect(dialog.getByRole('button', { name: 'Conferma' })).toBeInViewport();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThan(1280);
});
