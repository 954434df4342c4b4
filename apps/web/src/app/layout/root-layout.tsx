import { Outlet, useNavigation } from 'react-router';
import { useAwaitingDuels } from '@/api/get-awaiting-duels';
import { useCurrentUser } from '@/api/get-current-user';
import { RouterNavigation } from '@/app/router-navigation';
import { Header } from './header';
import { PageFrame } from './page-frame';

/** The header with the signed-in user and their duels awaiting a move, from the query cache. */
function AccountHeader() {
  const { user, isAuthenticated } = useCurrentUser();
  const awaiting = useAwaitingDuels({ enabled: isAuthenticated });
  const awaitingCount = isAuthenticated ? (awaiting.data ?? 0) : 0;
  return <Header account={{ isAuthenticated, user, awaitingCount }} />;
}

function RoutedFrame() {
  const busy = useNavigation().state !== 'idle';
  return (
    <PageFrame header={<AccountHeader />} busy={busy}>
      <Outlet />
    </PageFrame>
  );
}

/** The root route's layout: the page frame around the page the router shows. */
export function RootLayout() {
  return (
    <RouterNavigation>
      <RoutedFrame />
    </RouterNavigation>
  );
}
