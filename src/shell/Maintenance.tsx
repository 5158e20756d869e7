import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** Shown instead of every page while the tenant config says maintenanceMode.enabled (docs/spa.md#navigation-pipeline). */
export const Maintenance = () => {
  const translate = useTranslate();
  const title = translate('app.maintenance.title');
  return (
    <Box role="status" sx={{ textAlign: 'center', mt: 8 }}>
      <Title title={title} />
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{translate('app.maintenance.text')}</Typography>
    </Box>
  );
};
