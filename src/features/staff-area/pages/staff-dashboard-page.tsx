import { Route, Switch } from 'wouter';
import { BuyerFicheScreen } from '../screens/buyer-fiche-screen';
import { BuyersScreen } from '../screens/buyers-screen';
import { PipelineScreen } from '../screens/pipeline-screen';
import { TodayScreen } from '../screens/today-screen';
import { STAFF_BASE } from '../staff-paths';

/**
 * /wh-dashboard and the addresses below it, for admin, chasseur, directeur and manager (spec 6):
 * the back office (issue 15, docs/staff-area.md). The server enforces every permission; the
 * screens only leave out what it would refuse.
 */
export default function StaffDashboardPage() {
  return (
    <Switch>
      <Route path={`${STAFF_BASE}/acquereurs/:userId`}>
        {(params) => <BuyerFicheScreen userId={params.userId} />}
      </Route>
      <Route path={`${STAFF_BASE}/acquereurs`} component={BuyersScreen} />
      <Route path={`${STAFF_BASE}/pipeline`} component={PipelineScreen} />
      <Route component={TodayScreen} />
    </Switch>
  );
}
