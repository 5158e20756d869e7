import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { brandTheme, MIN_CONTRAST, readablePrimary } from '../../../src/app/theme';

type Palette = { primary?: { main: string }; error?: { main: string } };
type Overrides = { RaToolbar?: { styleOverrides: { root: { backgroundColor: string } } } };

describe('brand theme contrast (docs/spa.md#accessibility)', () => {
  it('keeps a brand colour that already reads against white', () => {
    expect(readablePrimary('#0b6e99')).toBe('#0b6e99');
    expect((brandTheme('#b5420e').palette as Palette).primary?.main).toBe('#b5420e');
  });

  it.each(['#ffeb3b', '#8fd3ff', '#ffffff', 'rgb(120, 200, 120)'])(
    'darkens the pale brand colour %s to AA',
    (colour) => {
      const primary = (brandTheme(colour).palette as Palette).primary!.main;
      expect(getContrastRatio(primary, '#fff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    },
  );

  it('keeps react-admin default colours without a valid brand colour', () => {
    expect((brandTheme('not-a-colour').palette as Palette).primary).toBeUndefined();
  });

  it('draws error text (the delete button) readably on the form toolbar', () => {
    const theme = brandTheme(undefined);
    const error = (theme.palette as Palette).error!.main;
    const toolbar = (theme.components as Overrides).RaToolbar!.styleOverrides.root.backgroundColor;
    expect(getContrastRatio(error, toolbar)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(getContrastRatio(error, '#fff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
});
