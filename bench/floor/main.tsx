import { lazy, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Admin, Resource, fetchUtils, type AuthProvider, type DataProvider } from 'react-admin';

/**
 * The login benchmark's floor (bench/login.ts): the smallest honest react-admin app with react-admin's
 * own login screen and one lazily loaded list, against the same server and data as the SPA (the bench's
 * static server proxies /oauth2 and /address-book). Nothing of it ships in the product.
 */
const ContactList = lazy(() => import('./ContactList'));

const TOKEN = 'floor.token';
const TENANT = 'acme';

// The client id and secret the SPA uses too, published in runtime-config.json; read before any login.
const client = fetch('/runtime-config.json').then(
  (r) => r.json() as Promise<{ clientId: string; clientSecret: string }>,
);

const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const { clientId, clientSecret } = await client;
    const response = await fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: clientId,
        client_secret: clientSecret,
        scope: 'USERNAME',
        username,
        password,
        tenant: TENANT,
      }),
    });
    if (!response.ok) throw new Error('Login failed');
    localStorage.setItem(TOKEN, ((await response.json()) as { AccessToken: string }).AccessToken);
  },
  async logout() {
    localStorage.removeItem(TOKEN);
  },
  async checkAuth() {
    if (!localStorage.getItem(TOKEN)) throw new Error('Not logged in');
  },
  async checkError(error) {
    if (error?.status === 401) throw error;
  },
  async getPermissions() {
    return [];
  },
};

const get = (url: string) =>
  fetchUtils.fetchJson(url, { user: { authenticated: true, token: `Bearer ${localStorage.getItem(TOKEN)}` } });

const unsupported = () => Promise.reject(new Error('The floor app only lists'));

const dataProvider: DataProvider = {
  getList: async (resource, { pagination }) => {
    const page = (pagination?.page ?? 1) - 1;
    const pageSize = pagination?.perPage ?? 25;
    const { json } = await get(`/address-book/api/${resource}?page=${page}&pageSize=${pageSize}`);
    return { data: json.data, total: json.total };
  },
  getOne: unsupported,
  getMany: unsupported,
  getManyReference: unsupported,
  create: unsupported,
  update: unsupported,
  updateMany: unsupported,
  delete: unsupported,
  deleteMany: unsupported,
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Admin dataProvider={dataProvider} authProvider={authProvider} requireAuth disableTelemetry>
      <Resource name="contacts" list={ContactList} />
    </Admin>
  </StrictMode>,
);
