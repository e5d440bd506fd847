/**
 * What other areas use of the sign-in pages: their layout and fields, and the second half of a sign-in (an accepted
 * invitation signs its invitee in, decision 048).
 */
export { AuthLayout } from './components/auth-layout.tsx';
export { BackToLogin } from './components/back-to-login.tsx';
export { NewPasswordFields } from './components/new-password-fields.tsx';
export { useCompleteSignIn } from './api/use-complete-sign-in.ts';
