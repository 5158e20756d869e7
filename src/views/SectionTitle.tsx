import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../resources/schema';

/** A form or show section's heading, from `resources.<name>.sections.<id>`. */
export const SectionTitle = ({ def, id, first }: { def: ResourceDefinition; id: string; first?: boolean }) => {
  const translate = useTranslate();
  return (
    <Typography variant="h6" component="h2" sx={{ mt: first ? 0 : 3, mb: 1, width: '100%' }}>
      {translate(`resources.${def.name}.sections.${id}`)}
    </Typography>
  );
};
