import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import type { PdfMake } from 'pdfmake';

/**
 * pdfmake content: a string, an array of contents, or a node object (`{ text }`, `{ table }`,
 * `{ columns }`, `{ image }`, `{ stack }` ...); loose on purpose, as pdfmake's own documents describe it.
 */
export type Content = string | Content[] | { [key: string]: unknown };

/** A whole document: what documentFrame (frame.ts) builds around a template's content. */
export interface DocumentDefinition {
  content: Content;
  [key: string]: unknown;
}

const require = createRequire(import.meta.url);

let loading: Promise<PdfMake> | undefined;

/**
 * pdfmake with its bundled Roboto fonts, loaded on the first document rather than at start-up (it and
 * pdfkit weigh a few MB). No network and no files other than the fonts: images come as data URLs.
 */
function engine(): Promise<PdfMake> {
  loading ??= import('pdfmake').then(({ default: pdfmake }) => {
    const fonts = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
    pdfmake.setFonts({
      Roboto: {
        normal: join(fonts, 'Roboto-Regular.ttf'),
        bold: join(fonts, 'Roboto-Medium.ttf'),
        italics: join(fonts, 'Roboto-Italic.ttf'),
        bolditalics: join(fonts, 'Roboto-MediumItalic.ttf'),
      },
    });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => resolve(path).startsWith(fonts + sep));
    return pdfmake;
  });
  return loading;
}

/** Renders a document definition to the bytes of a PDF. */
export async function renderPdf(definition: DocumentDefinition): Promise<Buffer> {
  const pdfmake = await engine();
  return pdfmake.createPdf(definition).getBuffer();
}
