import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Button, Menu, MenuItem } from '@mui/material';
import { useEffect, useId, useReducer, useState } from 'react';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useTranslate } from 'react-admin';

type Level = 1 | 2 | 3 | 4 | 5 | 6;
const LEVELS: readonly (Level | null)[] = [null, 1, 2, 3, 4, 5, 6];
const labelOf = (level: Level | null) => (level ? `ra.tiptap.heading${level}` : 'ra.tiptap.paragraph');

/**
 * The toolbar's paragraph/heading choice: a menu button. It stands in for ra-input-rich-text's
 * LevelSelect, which draws its button as a list item inside a `nav` (axe: listitem) and names its menu
 * with a fixed id, shared by every editor on the page (docs/spa.md#accessibility).
 */
export const HeadingLevelSelect = () => {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The current level is read from the editor's state: draw again on each of its transactions.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!editor) return;
    editor.on('transaction', redraw);
    return () => {
      editor.off('transaction', redraw);
    };
  }, [editor]);

  const current = LEVELS.find((level) => (level ? editor?.isActive('heading', { level }) : false)) ?? null;
  const choose = (level: Level | null) => {
    setAnchor(null);
    if (!editor) return;
    const chain = editor.chain().focus();
    (level ? chain.setNode('heading', { level }) : chain.setNode('paragraph')).run();
  };
  const currentText = translate(labelOf(current));
  return (
    <>
      <Button
        size="small"
        color="inherit"
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`${translate('ra.tiptap.current_level')}: ${currentText}`}
        disabled={!editor?.isEditable}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {currentText}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': translate('ra.tiptap.select_level') } }}
      >
        {LEVELS.map((level) => (
          <MenuItem key={level ?? 0} selected={level === current} onClick={() => choose(level)}>
            {translate(labelOf(level))}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
