import { Route, Switch } from 'wouter';
import { BuyerFicheScreen } from '../screens/buyer-fiche-screen';
import { BuyersScreen } from '../screens/buyers-screen';
import { FiguresScreen } from '../screens/figures-screen';
import { LeadFicheScreen } from '../screens/lead-fiche-screen';
import { LeadsScreen } from '../screens/leads-screen';
import { MailsScreen } from '../screens/mails-screen';
import { MandateRegisterScreen } from '../screens/mandate-register-screen';
import { NotificationsScreen } from '../screens/notifications-screen';
import { OrderFicheScreen } from '../screens/orders/order-fiche-screen';
import { OrdersScreen } from '../screens/orders/orders-screen';
import { PipelineScreen } from '../screens/pipeline-screen';
import { RetentionScreen } from '../screens/retention-screen';
import { RoutingScreen } from '../screens/routing-screen';
import { TodayScreen } from '../screens/today-screen';
import { UsersScreen } from '../screens/users-screen';
import { NewReportScreen, ReportScreen } from '../../visit-reports';
import { useKeepAssignedRecords } from '../keep-records';
import { STAFF_BASE, staffPaths } from '../staff-paths';

/**
 * /wh-dashboard and the addresses below it, for admin, chasseur, directeur and manager (spec 6):
 * the back office (issue 15, docs/staff-area.md). The server enforces every permission; the
 * screens only leave out what it would refuse. An unknown address below the area shows its day.
 * Opening the area keeps the person's assigned records on the device (keep-records.ts).
 */
export default function StaffDashboardPage() {
  // The records assigned to the signed-in person, kept on the device for offline reading.
  useKeepAssignedRecords();
  return (
    <Switch>
      <Route path={`${STAFF_BASE}/acquereurs/:userId/compte-rendu`}>
        {(params) => <NewReportScreen userId={params.userId} paths={staffPaths} />}
      </Route>
      <Route path={`${STAFF_BASE}/comptes-rendus/:ref`}>
        {(params) => <ReportScreen reportRef={params.ref} paths={staffPaths} />}
      </Route>
      <Route path={`${STAFF_BASE}/acquereurs/:userId`}>
        {(params) => <BuyerFicheScreen userId={params.userId} />}
      </Route>
      <Route path={`${STAFF_BASE}/acquereurs`} component={BuyersScreen} />
      <Route path={`${STAFF_BASE}/pipeline`} component={PipelineScreen} />
      <Route path={`${STAFF_BASE}/proprietaires/:id`}>
        {(params) => <LeadFicheScreen id={Number(params.id)} />}
      </Route>
      <Route path={`${STAFF_BASE}/proprietaires`} component={LeadsScreen} />
      <Route path={`${STAFF_BASE}/chiffres`} component={FiguresScreen} />
      <Route path={`${STAFF_BASE}/utilisateurs`} component={UsersScreen} />
      <Route path={`${STAFF_BASE}/courriels`} component={MailsScreen} />
      <Route path={`${STAFF_BASE}/registre-des-mandats`} component={MandateRegisterScreen} />
      <Route path={`${STAFF_BASE}/conservation`} component={RetentionScreen} />
      <Route path={`${STAFF_BASE}/attribution`} component={RoutingScreen} />
      <Route path={`${STAFF_BASE}/notifications`} component={NotificationsScreen} />
      <Route path={`${STAFF_BASE}/commandes/:id`}>
        {(params) => <OrderFicheScreen id={params.id} />}
      </Route>
      <Route path={`${STAFF_BASE}/commandes`} component={OrdersScreen} />
      <Route component={TodayScreen} />
    </Switch>
  );
}
