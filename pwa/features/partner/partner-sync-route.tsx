import { useEffect } from 'react';
import { BackToPortal, PartnerPage, RequirePartner } from './partner-ui';
import { PartnerSyncPage } from './sync/sync-page';

/**
 * /partner/sync: the portal frame around the sync page — what waits to be sent, conflicts to settle side
 * by side, and changes made under another account. The header's status pill links here.
 */
export function PartnerSyncRoute() {
  useEffect(() => {
    document.title = 'Synkning – Partnerportal – Vinpressen';
  }, []);
  return (
    <RequirePartner>
      {(current) => (
        <PartnerPage current={current}>
          <BackToPortal />
          <div className="mt-3">
            <PartnerSyncPage userId={current.user.id} />
          </div>
        </PartnerPage>
      )}
    </RequirePartner>
  );
}
