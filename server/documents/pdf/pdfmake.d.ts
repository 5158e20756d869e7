/**
 * The part of pdfmake 0.3's server API the PDF engine uses (server/documents/pdf/engine.ts); the
 * package ships no types. Document definitions are plain objects (https://pdfmake.github.io/docs/0.3/).
 */
declare module 'pdfmake' {
  export interface FontFiles {
    normal: string;
    bold: string;
    italics: string;
    bolditalics: string;
  }
  export interface OutputDocument {
    getBuffer(): Promise<Buffer>;
  }
  export interface PdfMake {
    setFonts(fonts: Record<string, FontFiles>): void;
    setUrlAccessPolicy(allow: (url: string) => boolean): void;
    setLocalAccessPolicy(allow: (path: string) => boolean): void;
    createPdf(definition: object, options?: object): OutputDocument;
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}
