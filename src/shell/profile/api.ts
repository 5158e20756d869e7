import type { HttpClient } from '../../../dataProviders/http';

/** GET {oauth2}/api/me: the signed-in user as the oauth2 service knows them. */
export interface Me {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  roles: string[];
  tenant: string;
}

export async function fetchMe(http: HttpClient, oauth2Url: string, signal?: AbortSignal): Promise<Me> {
  const { json } = await http<{ data: Me }>(`${oauth2Url}/api/me`, { signal });
  return json.data;
}

/** "Mario Rossi", or the username when the user has no name on file. */
export function displayName(me: Pick<Me, 'firstName' | 'lastName' | 'username'>): string {
  const name = [me.firstName, me.lastName].filter((part) => part && part.trim()).join(' ');
  return name || me.username;
}
