import { useEffect } from 'react';
import { Spin } from 'antd';

/**
 * /login and /loginForDashboard reached inside the running console (signing out, a session ended on the server, a
 * link back to sign-in): the address is loaded again, where a signed-out visitor gets the sign-in page without the
 * console (src/sign-in/, decision 060). One sign-in page, and the console's memory goes with the session.
 */
export function SignInHandoffPage() {
  // A new load of the address (not a reload, which would also ask the console's files to be revalidated).
  useEffect(() => window.location.replace(window.location.href), []);
  return <Spin fullscreen />;
}
