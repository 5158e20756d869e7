/**
 * Saves a file the SPA holds as a download under `fileName`: the one way every document, export and XML
 * reaches the user's disk (fetched through the authenticated client first, as a plain link would carry no token).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the URL by the time the click returns; a minute is ample margin.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
