import { http } from '../../app/session';
import { saveFile } from '../save-file';

/**
 * Saves a PDF the services render (a document's `…/:id/pdf`) under `fileName`, through the authenticated
 * client: a plain link would carry no token.
 */
export async function downloadPdf(url: string, fileName: string): Promise<void> {
  const { json: blob } = await http<Blob>(url, { responseType: 'blob' });
  saveFile(new Blob([blob], { type: 'application/pdf' }), `${fileName.replace(/[/\\]/g, '-')}.pdf`);
}
