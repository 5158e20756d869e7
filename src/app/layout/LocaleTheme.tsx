import { enUS, itIT } from '@mui/material/locale';
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useLocaleState } from 'react-admin';

/** MUI's own component texts (pagination, alerts, autocomplete, rating...) per interface language. */
const MUI_LOCALES: Record<string, typeof enUS> = { it: itIT, en: enUS };

/**
 * The brand theme plus MUI's texts in the interface's language, following the language switch.
 * react-admin translates its own components; this covers the MUI parts it leaves in English.
 */
export const LocaleTheme = ({ children }: { children: ReactNode }) => {
  const [locale] = useLocaleState();
  const outer = useTheme();
  const theme = useMemo(() => createTheme(outer, MUI_LOCALES[locale] ?? enUS), [outer, locale]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
};
