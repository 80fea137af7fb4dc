import { Dashboard, type DashboardProps } from '../../ui/account-page';
import { useSession } from './session.store';

/** The signed-in person's dashboard (client or staff area): their card beside the area's section. */
export function MyDashboard(props: Omit<DashboardProps, 'person' | 'roles'>) {
  const { user, roles } = useSession();
  if (!user) return null;
  return <Dashboard person={user} roles={roles} {...props} />;
}
