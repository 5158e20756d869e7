import { grey, red } from '@mui/material/colors';
import { darken, getContrastRatio } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** MUI accepts only these colour notations; a tenant config with anything else keeps the default. */
const COLOUR = /^(#([0-9a-f]{3}|[0-9a-f]{6})|(rgb|hsl)a?\([^)]*\))$/i;

/** WCAG AA for normal text (docs/spa.md#accessibility). */
export const MIN_CONTRAST = 4.5;

/**
 * The brand colour, darkened just enough to read against white: the theme draws white text on it (app
 * bar, buttons) and it as text on white (links, text buttons), so one ratio covers both. A pale brand
 * colour from a tenant config would otherwise make those unreadable.
 */
export function readablePrimary(colour: string): string {
  let readable = colour;
  for (let step = 0; step < 20 && getContrastRatio(readable, '#fff') < MIN_CONTRAST; step++) {
    readable = darken(readable, 0.05);
  }
  return readable;
}

/**
 * react-admin's default theme in the tenant's brand colour, with the contrast fixes axe asked for:
 * the form toolbar's grey[300] left the red delete button at 3.8:1, so the toolbar takes grey[100] and
 * errors a deeper red (5.2:1 there, 5.6:1 on white).
 */
export function brandTheme(primaryColor: string | undefined): RaThemeOptions {
  const brand = primaryColor && COLOUR.test(primaryColor.trim()) ? primaryColor.trim() : undefined;
  return {
    ...defaultTheme,
    palette: {
      ...defaultTheme.palette,
      ...(brand ? { primary: { main: readablePrimary(brand) } } : {}),
      error: { main: red[800] },
    },
    components: {
      ...defaultTheme.components,
      RaToolbar: { styleOverrides: { root: { backgroundColor: grey[100] } } },
    },
  };
}
