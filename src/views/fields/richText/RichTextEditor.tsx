import { useMemo } from 'react';
import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  DefaultEditorOptions,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import { useTranslate } from 'react-admin';
import { HeadingLevelSelect } from './HeadingLevelSelect';

/** The library's default toolbar, with an accessible heading-level menu button in place of LevelSelect. */
const toolbar = (
  <RichTextInputToolbar>
    <HeadingLevelSelect />
    <FormatButtons />
    <ColorButtons />
    <AlignmentButtons />
    <ListButtons />
    <LinkButtons />
    <ImageButtons />
    <QuoteButtons />
    <ClearButtons />
  </RichTextInputToolbar>
);

/**
 * react-admin's rich-text input with an accessible name on the editable area itself. The library
 * labels the wrapper around the editor, not the `role="textbox"` element that takes the focus, so a
 * screen reader announced an unnamed text box (axe: aria-input-field-name; docs/spa.md#accessibility).
 * TipTap puts `editorProps.attributes` on that element. Loaded lazily (the editor is heavy), hence the
 * default export.
 */
export default function RichTextEditor({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const name = translate(label, { _: label });
  // A new options object rebuilds the editor: only when the name changes (a language switch).
  const editorOptions = useMemo(
    () => ({
      ...DefaultEditorOptions,
      editorProps: {
        ...DefaultEditorOptions.editorProps,
        attributes: { 'aria-label': name, 'aria-multiline': 'true' },
      },
    }),
    [name],
  );
  return <RichTextInput source={source} label={label} fullWidth editorOptions={editorOptions} toolbar={toolbar} />;
}
