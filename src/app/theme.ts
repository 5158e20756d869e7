import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** MUI accepts only these colour notations; a tenant config with anything else keeps the default. */
const COLOUR = /^(#([0-9a-f]{3}|[0-9a-f]{6})|(rgb|hsl)a?\([^)]*\))$/i;

/** react-admin's default theme in the tenant's brand colour. */
export function brandTheme(primaryColor: string | undefined): RaThemeOptions {
  if (!primaryColor || !COLOUR.test(primaryColor.trim())) return defaultTheme;
  return { ...defaultTheme, palette: { ...defaultTheme.palette, primary: { main: primaryColor.trim() } } };
}
