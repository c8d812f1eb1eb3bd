import type { ComponentType } from 'react';
import type { AuthDialogProps } from '../../lib/auth/auth-provider';

type AuthDialogModule = typeof import('./auth-dialog');
let authDialog: Promise<AuthDialogModule> | undefined;

/**
 * The login/register dialog, for AuthProvider (pwa/lib/auth/auth-provider.tsx). Its code (with Headless UI,
 * react-hook-form and zod) is fetched when first wanted, never with the start page nor with the avatar menu. Not React.lazy: a failed download (offline before the
 * service worker has it) must be retryable, so a rejected fetch is forgotten and the next call tries again.
 */
export function loadAuthDialog(): Promise<ComponentType<AuthDialogProps>> {
  authDialog ??= import('./auth-dialog').catch((err: unknown) => {
    authDialog = undefined;
    throw err;
  });
  return authDialog.then((m) => m.AuthDialog);
}

/** Starts fetching the dialog's code early, e.g. when the pointer reaches 'Logga in'. */
export function preloadAuthDialog(): void {
  loadAuthDialog().catch(() => {});
}
