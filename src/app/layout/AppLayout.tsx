import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppBar } from './AppBar';
import { LocaleTheme } from './LocaleTheme';
import { Menu } from './Menu';

/** The layout of every signed-in page; maintenance mode is checked by the navigation pipeline (src/app/navigation). */
export const AppLayout = ({ children }: { children: ReactNode }) => {
  return (
    <LocaleTheme>
      <Layout appBar={AppBar} menu={Menu}>
        {children}
      </Layout>
    </LocaleTheme>
  );
};
