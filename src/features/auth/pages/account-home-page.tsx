import { Redirect } from 'wouter';
import { homeOf } from '../../../domain/roles';
import { useSession } from '../session.store';

/**
 * /espace-client/dashboard (spec 2.1): sends each person to their own area, and a visitor who is
 * not signed in to the home page.
 */
export default function AccountHomePage() {
  const { token, roles } = useSession();
  return <Redirect to={token ? homeOf(roles) : '/'} replace />;
}
