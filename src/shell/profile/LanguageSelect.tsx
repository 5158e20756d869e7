import { FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';
import { useId } from 'react';
import { useLocaleState, useLocales, useTranslate } from 'react-admin';

/**
 * The languages the tenant offers. Choosing one goes through react-admin's locale state, like the
 * app bar's switch: the i18n provider loads the dictionary, switches the interface and remembers it.
 */
export const LanguageSelect = () => {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const id = useId();
  return (
    <FormControl sx={{ width: 320, maxWidth: '100%' }} size="small">
      <InputLabel id={`${id}-label`}>{translate('pages.profile.language')}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={translate('pages.profile.language')}
        value={locales.some((l) => l.locale === locale) ? locale : ''}
        onChange={(event) => setLocale(String(event.target.value))}
      >
        {locales.map((l) => (
          <MenuItem key={l.locale} value={l.locale} lang={l.locale}>
            {l.name}
          </MenuItem>
        ))}
      </Select>
      <FormHelperText>{translate('pages.profile.languageHelp')}</FormHelperText>
    </FormControl>
  );
};
