import { Outlet, useNavigation } from 'react-router';
import { useAwaitingDuels } from '@/api/get-awaiting-duels';
import { useCurrentUser } from '@/api/get-current-user';
import { RouterNavigation } from '@/app/router-navigation';
import type { HeaderAccount } from './header';
import { PageFrame } from './page-frame';

function useHeaderAccount(): HeaderAccount {
  const { user, isAuthenticated } = useCurrentUser();
  const awaiting = useAwaitingDuels({ enabled: isAuthenticated });
  return { isAuthenticated, user, awaitingCount: isAuthenticated ? (awaiting.data ?? 0) : 0 };
}

function RoutedFrame() {
  const busy = useNavigation().state !== 'idle';
  return (
    <PageFrame account={useHeaderAccount()} busy={busy}>
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
