import { Result } from 'antd';
import { BackToLogin } from './back-to-login.tsx';

/** What a finished register, reset or deletion request shows: what happened, and the way back to sign-in. */
export function DoneResult({ title, text }: { title: string; text: string }) {
  return <Result status="success" title={title} subTitle={text} extra={<BackToLogin />} />;
}
