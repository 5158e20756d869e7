import LockIcon from '@mui/icons-material/Lock';
import { Avatar, Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useAppState } from '../../app/state';

/**
 * The frame of the pages reached logged out besides the login (forgot and reset password): the login
 * page's look, without its "already signed in? go home" redirect, which would hide a mailed reset link
 * from a browser where someone is signed in.
 */
export const PublicFrame = ({ title, children }: { title: string; children: ReactNode }) => {
  const { config, runtime } = useAppState();
  return (
    <Box
      component="main"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        minHeight: '100vh',
        backgroundImage: 'radial-gradient(circle at 50% 14em, #313264 0%, #00023b 60%, #00023b 100%)',
      }}
    >
      <Card sx={{ mt: '6em', width: 360, maxWidth: 'calc(100vw - 32px)' }}>
        <Box sx={{ m: 2, display: 'flex', justifyContent: 'center' }}>
          <Avatar sx={{ bgcolor: 'secondary.main' }}>
            <LockIcon />
          </Avatar>
        </Box>
        <CardContent sx={{ pt: 0 }}>
          <Typography variant="overline" component="p" align="center" color="text.secondary">
            {config.brand.name || runtime.appName}
          </Typography>
          <Typography variant="h6" component="h1" align="center" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
};
