import { Box, Button, Typography } from '@mui/material';
import { LinkBase, Title, useTranslate } from 'react-admin';

/**
 * No matching route (docs/spa.md#routing): a 404 saying 'Page not found' (the original product's text,
 * in every language), why it happens, and the way home.
 */
export const NotFound = () => {
  const translate = useTranslate();
  const title = translate('app.notFound.title');
  return (
    <Box sx={{ textAlign: 'center', mt: 8, px: 2 }}>
      <Title title={title} />
      <Typography variant="h2" component="p" color="text.secondary" aria-hidden>
        404
      </Typography>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('ra.message.not_found')}
      </Typography>
      <Button component={LinkBase} to="/" variant="outlined">
        {translate('app.notFound.back')}
      </Button>
    </Box>
  );
};
