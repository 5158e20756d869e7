import { expect, test, type APIRequestContext } from '@playwright/test';
import { openAs, tokenFor } from './platform-support';
import { downloadedPdfText, drawSignature, freeSlotToday, publishJobs } from './technician-support';

type Row = Record<string, unknown> & { id: string; version: number };

/** The administrator's API, for the set-up: a job of `tecnico`, published and completed. */
async function completedJobOfTecnico(request: APIRequestContext): Promise<Row> {
  const headers = { Authorization: `Bearer ${(await tokenFor(request, 'admin')).AccessToken}` };
  const first = async (url: string): Promise<Row> => {
    const res = await request.get(url, { headers });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data[0] as Row;
  };
  const user = await first(
    '/oauth2/api/users?filters[0][field]=username&filters[0][operator]=eq&filters[0][value]=tecnico',
  );
  const technician = await first(
    `/wfm/api/technicians?filters[0][field]=userId&filters[0][operator]=eq&filters[0][value]=${user.id}`,
  );
  const site = await first('/sales/api/sites?pageSize=1');
  const created = await request.post('/wfm/api/activities', {
    headers,
    data: {
      customerId: site.customerId,
      siteId: site.id,
      type: 'maintenance',
      priority: 'normal',
      billingMode: 'chargeable',
      title: 'Manutenzione split sala riunioni',
      technicianIds: [technician.id],
      ...(await freeSlotToday(request, headers, String(technician.id), 120)),
      overrideReason: 'Prova end-to-end a qualsiasi ora',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [activity] = (await publishJobs(request, headers, [((await created.json()).data as Row).id])) as [Row];
  const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(Date.now() - 86_400_000);
  const completed = await request.post(`/wfm/api/activities/${activity.id}/actions/complete`, {
    headers,
    data: {
      version: activity.version,
      // Yesterday afternoon in Italy: two hours that never straddle midnight, whatever the hour of the run.
      actualStart: `${yesterday}T12:00:00.000Z`,
      actualEnd: `${yesterday}T14:00:00.000Z`,
      resolution: 'Pulizia filtri e controllo delle pressioni.',
    },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return activity;
}

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('the technician signs the work report on the phone and downloads its PDF', async ({ page, request }) => {
  const activity = await completedJobOfTecnico(request);
  await openAs(page, request, 'tecnico', `/wfm/activities/${activity.id}/report`);

  const heading = page.getByRole('heading', { level: 1, name: /Rapporto di intervento RAP\/\d{4}\/\d{5}/ });
  await expect(heading).toBeVisible({ timeout: 15_000 });
  const number = /RAP\/\d{4}\/\d{5}/.exec((await heading.textContent()) ?? '')![0];
  await expect(page.getByText('Pulizia filtri e controllo delle pressioni.')).toBeVisible();

  // "Firma" stays off until something is drawn and a name is given.
  const signButton = page.getByRole('button', { name: 'Firma', exact: true });
  await expect(signButton).toBeDisabled();
  await drawSignature(page);
  await page.getByLabel('Nome di chi firma').fill('Mario Rossi');
  await expect(signButton).toBeEnabled();
  await signButton.click();
  await expect(page.getByText(/Firmato da Mario Rossi il/)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number.replace(/\//g, '-')}.pdf`);
  const { text } = await downloadedPdfText(await file.path());
  expect(text).toContain(number);
  expect(text).toContain('Mario Rossi');

  // Sent to the customer: the mail carries the PDF (dev outbox, no SMTP here).
  await page.getByRole('button', { name: 'Invia al cliente' }).click();
  await expect(page.getByText(/Inviato al cliente il/)).toBeVisible();
  const outbox = await (await request.get('/oauth2/dev/outbox')).json();
  const mail = (outbox.data as { subject: string; attachments: { fileName: string; mimeType: string }[] }[]).find((m) =>
    m.subject.includes(number),
  );
  expect(mail?.attachments).toEqual([
    expect.objectContaining({ fileName: `${number.replace(/\//g, '-')}.pdf`, mimeType: 'application/pdf' }),
  ]);

  // Nothing wider than the phone, and no reference that failed to load.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.locator('[data-testid="ErrorIcon"], [data-testid="ErrorOutlineIcon"]')).toHaveCount(0);
});

test("an administrator's 'Firma' on a report's page opens the signing screen, not a dialog asking for text", async ({
  page,
  request,
}) => {
  const activity = await completedJobOfTecnico(request);
  const headers = { Authorization: `Bearer ${(await tokenFor(request, 'admin')).AccessToken}` };
  const made = await request.post('/sales/api/work-reports/from-activity', {
    headers,
    data: { activityId: activity.id },
  });
  expect(made.status(), await made.text()).toBe(201);
  const report = (await made.json()).data as Row;

  await openAs(page, request, 'admin', `/sales/work-reports/${report.id}/show`);
  const sign = page.getByRole('link', { name: 'Firma', exact: true });
  await expect(sign).toHaveAttribute('href', `#/wfm/activities/${activity.id}/report`, { timeout: 15_000 });
  await sign.click();
  await expect(page.getByTestId('signature-pad')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
