// The app's providers for tests that render one screen or component instead of the whole app (renderApp in
// ./test-utils): features may not import pwa/app/, tests get it from here. Not part of the app bundle.
export { AppAuthProvider } from '../app/auth';
export { AppProviders } from '../app/providers';
