import { z } from 'zod';
import { ORG_KIND } from '../codes/org-kinds.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { account, appid, areaCode, mobile, newPassword, password, smsCode } from './fields.ts';
import { menuNode } from './menus.ts';

/** What a successful sign-in returns (spec section 7: token, username, uid, roleId, menus, map.lessor_auth). */
export const loginData = z.object({
  token: z.string(),
  username: z.string(),
  name: z.string(),
  uid: z.number().int(),
  roleId: z.number().int(),
  menus: z.array(menuNode),
  leaseType: z.number().int(),
  map: z.object({ lessor_auth: z.number().int() }),
  /** The kind of the user's organisation: it narrows what the console opens beside the role (a sub-lessor's people). */
  orgKind: z.enum(ORG_KIND),
});
export type LoginData = z.infer<typeof loginData>;

/** Why a code is requested; a code only works for the purpose it was sent for. */
export const CODE_PURPOSES = [
  'login',
  'register',
  'reset',
  'dropAccount',
  'changePhone',
  'changePassword',
  'sleep',
] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const QR_STATES = ['waiting', 'scanned', 'confirmed', 'expired'] as const;

export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/login.do',
    summary: 'Sign in with account and password (and a verification code when one is required)',
    access: 'public',
    scope: 'self',
    // Legacy: login parameters travel in the query string.
    query: z.object({
      account,
      password,
      appid,
      areaCode,
      code: z.string().trim().max(6).optional(),
      changeBindAppid: z.coerce.number().int().optional(),
    }),
    body: noInput,
    response: loginData,
  }),
  loginForDashboard: defineEndpoint({
    method: 'POST',
    path: '/loginForDashboard.do',
    summary: 'Sign in to the data screen; only roleId 4 may',
    access: 'public',
    scope: 'self',
    query: z.object({ account, password, appid, areaCode, code: z.string().trim().max(6).optional() }),
    body: noInput,
    response: loginData,
  }),
  qrCreate: defineEndpoint({
    method: 'GET',
    path: '/qrLogin/create.do',
    summary: 'A fresh uuid for the QR code on the login page',
    access: 'public',
    scope: 'self',
    query: z.object({ appid }),
    body: noInput,
    response: z.object({ uuid: z.string(), expiresAt: z.string() }),
  }),
  loginByScanQRCode: defineEndpoint({
    method: 'GET',
    path: '/loginByScanQRCode.do',
    summary: 'Polled by the login page: the QR state, and the sign-in once the app confirmed it',
    access: 'public',
    scope: 'self',
    query: z.object({
      appid,
      uuid: z
        .string()
        .trim()
        .regex(/^[0-9a-f-]{36}$/, { error: 'validation.invalid' }),
    }),
    body: noInput,
    response: z.object({ state: z.enum(QR_STATES), login: loginData.nullable() }),
  }),
  qrScan: defineEndpoint({
    method: 'POST',
    path: '/app/qrLogin/scan.do',
    summary: 'The signed-in mobile app scanned the QR code',
    access: 'signedIn',
    scope: 'self',
    query: noInput,
    body: z.object({ uuid: z.string().trim().max(36) }),
    response: z.object({ state: z.enum(QR_STATES) }),
  }),
  qrConfirm: defineEndpoint({
    method: 'POST',
    path: '/app/qrLogin/confirm.do',
    summary: 'The signed-in mobile app confirmed the sign-in on the web',
    access: 'signedIn',
    scope: 'self',
    query: noInput,
    body: z.object({ uuid: z.string().trim().max(36) }),
    response: z.object({ state: z.enum(QR_STATES) }),
  }),
  getUserInfo: defineEndpoint({
    method: 'GET',
    path: '/getUserInfo.do',
    summary: 'The signed-in user; role 0 gets "no permission to login"',
    access: 'public',
    scope: 'self',
    query: z.object({ token: z.string().max(128).optional() }),
    body: noInput,
    response: z.object({
      uid: z.number().int(),
      avatar: z.string(),
      role: z.number().int(),
      username: z.string(),
      name: z.string(),
      introduction: z.string(),
      leaseType: z.number().int(),
      lessorAuth: z.number().int(),
      orgName: z.string(),
      /** The kind of the user's organisation, as the sign-in answers it. */
      orgKind: z.enum(ORG_KIND),
      /** The organisation's calendar day now (`YYYY-MM-DD`, its business zone): the console's "today" for its days. */
      today: z.string(),
      /** The sidebar in the request's language, so the console can redraw it after a language switch. */
      menus: z.array(menuNode),
    }),
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/logout.do',
    summary: 'End the session; the token dies',
    access: 'public',
    scope: 'self',
    query: z.object({ token: z.string().max(128).optional() }),
    body: noInput,
    response: z.null(),
  }),
  code: defineEndpoint({
    method: 'GET',
    path: '/code.do',
    summary: 'Send an SMS verification code (valid 5 minutes, once); rate-limited',
    access: 'public',
    scope: 'public',
    query: z.object({ mobile, areaCode, appid, type: z.enum(CODE_PURPOSES).default('login') }),
    body: noInput,
    response: z.object({ expiresInSeconds: z.number().int() }),
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/register.do',
    summary: 'Create an account with a phone number and an SMS code',
    access: 'public',
    scope: 'self',
    query: z.object({
      mobile,
      areaCode,
      appid,
      code: smsCode,
      password: newPassword,
      nickname: z.string().trim().max(40).optional(),
    }),
    body: noInput,
    response: z.object({ uid: z.number().int() }),
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: '/reset.do',
    summary: 'Set a new password with an SMS code; every session of the account ends',
    access: 'public',
    scope: 'self',
    query: z.object({ mobile, areaCode, appid, code: smsCode, password: newPassword }),
    body: noInput,
    response: z.null(),
  }),
  dropAccount: defineEndpoint({
    method: 'POST',
    path: '/dropAccount.do',
    summary: 'Request deletion of an account, proven by an SMS code',
    access: 'public',
    scope: 'self',
    query: z.object({ mobile, areaCode, appid, code: smsCode, reason: z.string().trim().max(500).optional() }),
    body: noInput,
    response: z.null(),
  }),
  devSms: defineEndpoint({
    method: 'GET',
    path: '/dev/sms.do',
    summary: 'Development SMS outbox: the latest messages sent to a number (absent in production)',
    access: 'public',
    scope: 'public',
    devOnly: true,
    query: z.object({ mobile: z.string().trim().max(15).optional() }),
    body: noInput,
    response: z.array(
      z.object({
        id: z.number().int(),
        mobile: z.string(),
        areaCode: z.string(),
        text: z.string(),
        code: z.string(),
        sentAt: z.string(),
      }),
    ),
  }),
} as const;
