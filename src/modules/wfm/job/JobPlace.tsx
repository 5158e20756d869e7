import { Link as MuiLink, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import type { Address } from '../../../../resources/schema';
import { useAppState } from '../../../app/state';
import { formatAddress } from '../../../views/fields/address';
import { geoHref, mapsUrl, telHref } from './places';
import { Section } from './Section';

const useDef = (name: string) => useAppState().definitions.find((d) => d.name === name);

/** The customer with a phone number to call, and the site's address with a map link. */
export function JobPlace({ customerId, siteId }: { customerId?: string; siteId?: string }) {
  const translate = useTranslate();
  const { represent } = useAppState();
  const customerDef = useDef('sales/customers');
  const siteDef = useDef('sales/sites');
  // On a phone `geo:` opens the maps app; a desktop browser has nothing to open it with.
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const customer = useGetOne('sales/customers', { id: customerId! }, { enabled: !!customerId && !!customerDef });
  const site = useGetOne('sales/sites', { id: siteId! }, { enabled: !!siteId && !!siteDef });
  const tel = telHref(customer.data?.phone);
  const address = formatAddress(site.data?.address as Partial<Address> | undefined);
  const geo = geoHref(address);
  const web = mapsUrl(address);
  return (
    <Section id="place" title={translate('job.place')}>
      <Stack spacing={1}>
        {customer.data && customerDef && (
          <div>
            <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {represent(customerDef, customer.data)}
            </Typography>
            {tel && (
              <MuiLink href={tel} data-testid="call">
                {translate('job.call', { phone: String(customer.data.phone) })}
              </MuiLink>
            )}
          </div>
        )}
        {site.data && siteDef && (
          <div>
            <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {represent(siteDef, site.data)}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {address}
            </Typography>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
              {phone && geo && (
                <MuiLink href={geo} data-testid="geo">
                  {translate('job.openMap')}
                </MuiLink>
              )}
              {web && (
                <MuiLink href={web} target="_blank" rel="noopener noreferrer" data-testid="maps">
                  {translate('job.webMap')}
                </MuiLink>
              )}
            </Stack>
            {typeof site.data.accessNotes === 'string' && site.data.accessNotes && (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>
                {site.data.accessNotes}
              </Typography>
            )}
          </div>
        )}
      </Stack>
    </Section>
  );
}
