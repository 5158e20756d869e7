import { http } from '../../app/session';

/**
 * Saves a PDF the services render (a document's `…/:id/pdf`) under `fileName`, through the authenticated
 * client: a plain link would carry no token.
 */
export async function downloadPdf(url: string, fileName: string): Promise<void> {
  const { json: blob } = await http<Blob>(url, { responseType: 'blob' });
  const href = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = `${fileName.replace(/[/\\]/g, '-')}.pdf`;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Later, so the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
