import { usePermissions, type RaRecord } from 'react-admin';
import ResourceList, { type ResourceListProps } from '../../views/list/ResourceList';

/** Roles that make a user a technician at work rather than the office (an administrator keeps the form). */
export const opensJobScreen = (roles: readonly string[]) =>
  roles.includes('ROLE_TECHNICIAN') && !roles.includes('ROLE_ADMIN');

export const jobPath = (id: RaRecord['id']) => `/wfm/activities/${id}/job`;

/** The generated activities list (every status list too), whose rows open a technician's job screen. */
export default function ActivityList(props: ResourceListProps) {
  const { permissions } = usePermissions<string[]>();
  const technician = opensJobScreen(permissions ?? []);
  return <ResourceList {...props} linkOf={technician ? (record) => jobPath(record.id) : undefined} />;
}
