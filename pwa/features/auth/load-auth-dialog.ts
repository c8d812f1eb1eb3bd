import type { ComponentType } from 'react';
import type { AuthDialogProps } from '../../lib/auth/auth-provider';

type AccountUi = typeof import('./account-ui');
let accountUi: Promise<AccountUi> | undefined;

/**
 * The login/register dialog, for AuthProvider (pwa/lib/auth/auth-provider.tsx). Its code (and Headless UI with it)
 * is fetched when first wanted, never with the start page. Not React.lazy: a failed download (offline before the
 * service worker has it) must be retryable, so a rejected fetch is forgotten and the next call tries again.
 */
export function loadAuthDialog(): Promise<ComponentType<AuthDialogProps>> {
  accountUi ??= import('./account-ui').catch((err: unknown) => {
    accountUi = undefined;
    throw err;
  });
  return accountUi.then((m) => m.AuthDialog);
}

/** Starts fetching the dialog's code early, e.g. when the pointer reaches 'Logga in'. */
export function preloadAuthDialog(): void {
  loadAuthDialog().catch(() => {});
}
