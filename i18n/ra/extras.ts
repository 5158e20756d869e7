/**
 * react-admin texts that ra-language-english does not carry: the rich-text editor's toolbar
 * (ra-input-rich-text asks for `ra.tiptap.*` with English defaults) and the column chooser's and
 * inspector's buttons (`ra.inspector.*`). Without them the Italian interface would show English there.
 */
export const raExtrasEn = {
  tiptap: {
    bold: 'Bold',
    italic: 'Italic',
    underline: 'Underline',
    strike: 'Strikethrough',
    code: 'Code',
    image: 'Image',
    image_dialog: 'Image URL',
    list_bulleted: 'Bulleted list',
    list_numbered: 'Numbered list',
    select_level: 'Select the level',
    current_level: 'Current level',
    paragraph: 'Normal',
    heading1: 'Heading 1',
    heading2: 'Heading 2',
    heading3: 'Heading 3',
    heading4: 'Heading 4',
    heading5: 'Heading 5',
    heading6: 'Heading 6',
    align_left: 'Align left',
    align_right: 'Align right',
    align_center: 'Center',
    align_justify: 'Justify',
    blockquote: 'Blockquote',
    link: 'Add a link',
    clear_format: 'Clear format',
    color: 'Color',
    highlight: 'Highlight',
  },
  inspector: {
    hideAll: 'Hide all',
    showAll: 'Show all',
    Datagrid: { title: 'Table' },
    SimpleForm: { title: 'Form' },
    SimpleList: { title: 'List' },
  },
};

export type RaExtras = typeof raExtrasEn;

export const raExtrasIt: RaExtras = {
  tiptap: {
    bold: 'Grassetto',
    italic: 'Corsivo',
    underline: 'Sottolineato',
    strike: 'Barrato',
    code: 'Codice',
    image: 'Immagine',
    image_dialog: "URL dell'immagine",
    list_bulleted: 'Elenco puntato',
    list_numbered: 'Elenco numerato',
    select_level: 'Scegli il livello',
    current_level: 'Livello attuale',
    paragraph: 'Normale',
    heading1: 'Titolo 1',
    heading2: 'Titolo 2',
    heading3: 'Titolo 3',
    heading4: 'Titolo 4',
    heading5: 'Titolo 5',
    heading6: 'Titolo 6',
    align_left: 'Allinea a sinistra',
    align_right: 'Allinea a destra',
    align_center: 'Centra',
    align_justify: 'Giustifica',
    blockquote: 'Citazione',
    link: 'Aggiungi un link',
    clear_format: 'Cancella formattazione',
    color: 'Colore',
    highlight: 'Evidenziatore',
  },
  inspector: {
    hideAll: 'Nascondi tutto',
    showAll: 'Mostra tutto',
    Datagrid: { title: 'Tabella' },
    SimpleForm: { title: 'Modulo' },
    SimpleList: { title: 'Elenco' },
  },
};
