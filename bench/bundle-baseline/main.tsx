import { lazy, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Admin, Resource, fetchUtils, type AuthProvider, type DataProvider } from 'react-admin';

/**
 * The bundle benchmark's yardstick (bench/bundle.ts): the smallest honest react-admin app with a login
 * screen and one lazily loaded resource, built with the same libraries and the same Vite config as the
 * SPA. Nothing here is served; it is only built and measured.
 */
const PostList = lazy(() => import('./PostList'));

const API = '/api';
const TOKEN = 'baseline.token';

const authProvider: AuthProvider = {
  async login({ username, password }) {
    const { json } = await fetchUtils.fetchJson(`${API}/token`, {
      method: 'POST',
      body: JSON.stringify({ username, password }),
    });
    localStorage.setItem(TOKEN, json.token);
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

const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, {
    ...options,
    user: { authenticated: true, token: `Bearer ${localStorage.getItem(TOKEN)}` },
  });

const dataProvider: DataProvider = {
  getList: async (resource, { pagination, sort }) => {
    const query = new URLSearchParams({
      page: String(pagination?.page ?? 1),
      perPage: String(pagination?.perPage ?? 25),
      sort: sort?.field ?? 'id',
      order: sort?.order ?? 'ASC',
    });
    const { json } = await httpClient(`${API}/${resource}?${query}`);
    return json;
  },
  getOne: async (resource, { id }) => (await httpClient(`${API}/${resource}/${id}`)).json,
  getMany: async (resource, { ids }) => (await httpClient(`${API}/${resource}?ids=${ids.join(',')}`)).json,
  getManyReference: async (resource, { target, id }) => (await httpClient(`${API}/${resource}?${target}=${id}`)).json,
  create: async (resource, { data }) =>
    (await httpClient(`${API}/${resource}`, { method: 'POST', body: JSON.stringify(data) })).json,
  update: async (resource, { id, data }) =>
    (await httpClient(`${API}/${resource}/${id}`, { method: 'PUT', body: JSON.stringify(data) })).json,
  updateMany: async () => ({ data: [] }),
  delete: async (resource, { id }) => (await httpClient(`${API}/${resource}/${id}`, { method: 'DELETE' })).json,
  deleteMany: async () => ({ data: [] }),
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Admin dataProvider={dataProvider} authProvider={authProvider} requireAuth disableTelemetry>
      <Resource name="posts" list={PostList} />
    </Admin>
  </StrictMode>,
);
