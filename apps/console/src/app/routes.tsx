import { sectionsFor, type ConsoleSection } from '@stod/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { useSession } from '../lib/session.ts';
import { AlarmsScreen } from '../screens/AlarmsScreen.tsx';
import { AuditScreen } from '../screens/AuditScreen.tsx';
import { CampaignsScreen } from '../screens/CampaignsScreen.tsx';
import { SubscriptionsScreen } from '../screens/SubscriptionsScreen.tsx';
import { ChargerScreen } from '../screens/ChargerScreen.tsx';
import { ChargersScreen } from '../screens/ChargersScreen.tsx';
import { CustomerScreen } from '../screens/CustomerScreen.tsx';
import { CustomersScreen } from '../screens/CustomersScreen.tsx';
import { FinanceScreen } from '../screens/FinanceScreen.tsx';
import { KitchenScreen } from '../screens/KitchenScreen.tsx';
import { LoginScreen } from '../screens/LoginScreen.tsx';
import { NotFoundScreen } from '../screens/NotFoundScreen.tsx';
import { StationScreen } from '../screens/StationScreen.tsx';
import { StaffScreen } from '../screens/StaffScreen.tsx';
import { SwitchesScreen } from '../screens/SwitchesScreen.tsx';
import { StationsScreen } from '../screens/StationsScreen.tsx';
import { VouchersScreen } from '../screens/VouchersScreen.tsx';
import { landingPath, paths } from './paths.ts';
import { Shell } from './Shell.tsx';

/** A signed-in staff member only; anyone else goes to the login, and comes back after it. */
function RequireStaff({ children }: { children: ReactNode }) {
  const member = useSession((s) => s.member);
  const location = useLocation();
  if (!member) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return children;
}

/** The role's first screen; a role with none finds the page that says so, not a loop. */
function Home() {
  const member = useSession((s) => s.member);
  if (!member) return <Navigate to={paths.login} replace />;
  const landing = landingPath(member);
  return landing ? <Navigate to={landing} replace /> : <NotFoundScreen />;
}

/** A section the role does not cover answers as if it did not exist, as the API does. */
function RequireSection({ section, children }: { section: ConsoleSection; children: ReactNode }) {
  const member = useSession((s) => s.member);
  if (!member || !sectionsFor(member.role).includes(section)) return <NotFoundScreen />;
  return children;
}

/** The console's route table, under the /console basename; tests run it in a memory router. */
export const consoleRoutes: RouteObject[] = [
  { path: paths.login, element: <LoginScreen /> },
  // The kitchen display fills the tablet's screen: its own frame, not the console's navigation.
  {
    path: paths.kitchen,
    element: (
      <RequireStaff>
        <KitchenScreen />
      </RequireStaff>
    ),
  },
  {
    element: (
      <RequireStaff>
        <Shell />
      </RequireStaff>
    ),
    children: [
      { index: true, element: <Home /> },
      {
        path: paths.vouchers,
        element: (
          <RequireSection section="vouchers">
            <VouchersScreen />
          </RequireSection>
        ),
      },
      {
        path: paths.campaigns,
        element: (
          <RequireSection section="campaigns">
            <CampaignsScreen />
          </RequireSection>
        ),
      },
      {
        path: paths.subscriptions,
        element: (
          <RequireSection section="subscriptions">
            <SubscriptionsScreen />
          </RequireSection>
        ),
      },
      {
        path: paths.finance,
        element: (
          <RequireSection section="finance">
            <FinanceScreen />
          </RequireSection>
        ),
      },
      {
        path: paths.stations,
        element: (
          <RequireSection section="stations">
            <StationsScreen />
          </RequireSection>
        ),
      },
      {
        path: paths.station,
        element: (
          <RequireSection section="stations">
            <StationScreen />
          </RequireSection>
        ),
      },
      {
        path: paths.alarms,
        element: (
          <RequireSection section="alarms">
            <AlarmsScreen />
          </RequireSection>
        ),
      },
      {
        path: paths.chargers,
        element: (
          <RequireSection section="chargers">
            <ChargersScreen />
          </RequireSection>
        ),
      },
      {
        path: paths.charger,
        element: (
          <RequireSection section="chargers">
            <ChargerScreen />
          </RequireSection>
        ),
      },
      {
        path: paths.customers,
        element: (
          <RequireSection section="customers">
            <CustomersScreen />
          </RequireSection>
        ),
      },
      {
        path: paths.customer,
        element: (
          <RequireSection section="customers">
            <CustomerScreen />
          </RequireSection>
        ),
      },
      {
        path: paths.staff,
        element: (
          <RequireSection section="staff">
            <StaffScreen />
          </RequireSection>
        ),
      },
      {
        path: paths.switches,
        element: (
          <RequireSection section="switches">
            <SwitchesScreen />
          </RequireSection>
        ),
      },
      {
        path: paths.audit,
        element: (
          <RequireSection section="audit">
            <AuditScreen />
          </RequireSection>
        ),
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
