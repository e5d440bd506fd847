import type { MessageKey } from '@console/contract/messages/zh-CN';

/**
 * The texts the sign-in pages show, picked from the console's catalogs (`area:key.path`) and from the server's
 * message catalogue (the schema errors its form can show) when the console is built (web/build/sign-in-texts.ts):
 * a visitor downloads these few in the shown language rather than the console's i18next and every catalog.
 */
export const CONSOLE_TEXT_KEYS = [
  'auth:login.title',
  'auth:login.heading',
  'auth:login.tabAccount',
  'auth:login.tabQr',
  'auth:login.submit',
  'auth:login.codeNeeded',
  'auth:login.register',
  'auth:login.forgot',
  'auth:login.dropAccount',
  'auth:login.dashboard',
  'auth:dashboardLogin.title',
  'auth:dashboardLogin.heading',
  'auth:dashboardLogin.submit',
  'auth:dashboardLogin.noPermission',
  'auth:fields.account',
  'auth:fields.areaCode',
  'auth:fields.password',
  'auth:fields.showPassword',
  'auth:fields.code',
  'auth:code.send',
  'auth:code.sent',
  'auth:qr.image',
  'auth:qr.hint',
  'auth:qr.scanned',
  'auth:qr.confirmed',
  'auth:qr.expired',
  'auth:qr.refresh',
  'auth:backToLogin',
  'common:appTitleDefault',
  'common:langZh',
  'common:langEn',
  'common:language',
  'common:requestError',
  'common:loading',
  'components:countdown.wait',
] as const;

/**
 * The server's message keys the sign-in form can show on a field: those its schemas (contract/http/fields.ts) refuse
 * input with, and those the server puts on a field of login.do and code.do (server/src/lib/sign-in.ts, sms-codes.ts,
 * routes/auth.ts). Another key on a field reads as the server's own message, which is in the shown language too.
 */
export const MESSAGE_KEYS = [
  'auth.noPermissionToLogin',
  'auth.wrongPassword',
  'auth.codeWrong',
  'auth.codeExpired',
  'auth.accountMissing',
  'validation.accountRequired',
  'validation.passwordRequired',
  'validation.phoneRequired',
  'validation.phone',
  'validation.areaCode',
  'validation.codeRequired',
  'validation.code',
  'validation.tooLong',
  'validation.invalid',
] as const satisfies readonly MessageKey[];

export type SignInTextKey = (typeof CONSOLE_TEXT_KEYS)[number] | (typeof MESSAGE_KEYS)[number];
