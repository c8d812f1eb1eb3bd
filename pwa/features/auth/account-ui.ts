// The account UI that is not needed until someone asks for it: the login/register dialog and the avatar
// menu, with Headless UI. One module behind one dynamic import: as two, the bundler split shared code out of
// the first download into extra chunks and the start page's JavaScript grew by about 1 KB gzip.
export { AccountMenu } from './account-menu';
export { AuthDialog } from './auth-dialog';
